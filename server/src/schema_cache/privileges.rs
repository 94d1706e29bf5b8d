//! What each API role may do with a relation or function, as the catalogue says
//! (`has_table_privilege`, `has_any_column_privilege`, `has_function_privilege`).
//!
//! Row-level security still decides every row; this only says whether PostgreSQL would let the
//! role try at all. The OpenAPI document uses it to show each role only what it can call.

use std::collections::BTreeMap;

/// The roles requests run as (see `auth::caller::ApiRole`); privileges are read for these only.
pub const API_ROLES: [&str; 3] = ["anon", "authenticated", "service_role"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    Select,
    Insert,
    Update,
    Delete,
    Execute,
}

impl Action {
    pub const ALL: [Action; 5] = [Action::Select, Action::Insert, Action::Update, Action::Delete, Action::Execute];

    fn bit(self) -> u8 {
        match self {
            Action::Select => 1,
            Action::Insert => 2,
            Action::Update => 4,
            Action::Delete => 8,
            Action::Execute => 16,
        }
    }
}

/// A set of [`Action`]s; empty by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PrivilegeSet(u8);

impl PrivilegeSet {
    pub fn of(actions: &[Action]) -> Self {
        actions.iter().fold(Self::default(), |set, &action| set.with(action))
    }

    #[must_use]
    pub fn with(self, action: Action) -> Self {
        Self(self.0 | action.bit())
    }

    pub fn contains(self, action: Action) -> bool {
        self.0 & action.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn actions(self) -> impl Iterator<Item = Action> {
        Action::ALL.into_iter().filter(move |&action| self.contains(action))
    }
}

/// Privileges by role name. A role that is absent holds none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Privileges(BTreeMap<String, PrivilegeSet>);

impl Privileges {
    /// Everything the given role may do.
    pub fn of(&self, role: &str) -> PrivilegeSet {
        self.0.get(role).copied().unwrap_or_default()
    }

    pub fn allows(&self, role: &str, action: Action) -> bool {
        self.of(role).contains(action)
    }

    /// True when the role may do anything at all.
    pub fn allows_any(&self, role: &str) -> bool {
        !self.of(role).is_empty()
    }

    /// Replaces the role's set.
    pub fn set(&mut self, role: impl Into<String>, set: PrivilegeSet) {
        self.0.insert(role.into(), set);
    }

    /// Builder form of [`Privileges::set`].
    #[must_use]
    pub fn with(mut self, role: impl Into<String>, actions: &[Action]) -> Self {
        self.set(role, PrivilegeSet::of(actions));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_holds_only_what_it_was_granted() {
        let privileges = Privileges::default().with("anon", &[Action::Select]);
        assert!(privileges.allows("anon", Action::Select));
        assert!(!privileges.allows("anon", Action::Insert));
        assert!(!privileges.allows("authenticated", Action::Select), "an absent role holds nothing");
        assert!(!privileges.allows_any("authenticated"));
        assert_eq!(
            PrivilegeSet::of(&[Action::Delete, Action::Select]).actions().collect::<Vec<_>>(),
            [Action::Select, Action::Delete]
        );
    }
}
