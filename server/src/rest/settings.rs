//! The REST engine's settings: how transactions end (`DB_TX_END`, PostgREST's `db-tx-end`),
//! whether the execution plan media type is served (`DB_PLAN_ENABLED`, `db-plan-enabled`), and
//! the optional aggregate functions (`DB_AGGREGATES_ENABLED`, `db-aggregates-enabled`; their
//! arguments are flattened into the server's [`crate::config::Settings`]).

use crate::rest::request::prefer::TxPreference;
use clap::Args;
use clap::ValueEnum;
use std::time::Duration;

#[derive(Debug, Clone, Args)]
pub struct RestArgs {
    /// Allow aggregate functions in `select` (`count()`, `amount.sum()`, …), as PostgREST's
    /// `db-aggregates-enabled`. Off by default: an aggregate over a large table is costly.
    #[arg(long, env = "DB_AGGREGATES_ENABLED", default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub db_aggregates_enabled: bool,

    /// Milliseconds a read using aggregate functions may run (its statement timeout, unless the
    /// role's own is lower); 0: only the role's own timeout.
    #[arg(long, env = "DB_AGGREGATES_STATEMENT_TIMEOUT_MS", default_value_t = 3000, global = true)]
    pub db_aggregates_statement_timeout_ms: u64,
}

impl RestArgs {
    pub fn aggregates(&self) -> AggregateSettings {
        AggregateSettings {
            enabled: self.db_aggregates_enabled,
            timeout: (self.db_aggregates_statement_timeout_ms > 0)
                .then(|| Duration::from_millis(self.db_aggregates_statement_timeout_ms)),
        }
    }
}

/// Whether aggregates are allowed, and the statement timeout of the reads that use them: the
/// guard against costly statements (PostgREST leaves it to the `pg_plan_filter` extension).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AggregateSettings {
    pub enabled: bool,
    pub timeout: Option<Duration>,
}

/// How a request's transaction ends, and whether `Prefer: tx=…` may change it.
///
/// The default is `commit`: `Prefer: tx=rollback` is then ignored (and not echoed). A rollback
/// would also undo what the database counts inside the request's own transaction (attempt
/// counters, quotas kept by triggers, audit rows), so an anonymous caller could probe a
/// function or a constraint as often as they like without leaving a trace. The anonymous
/// write limits are counted in their own transaction and hold either way. See
/// `docs/security.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum TxEnd {
    /// Every transaction commits; `tx=` preferences are ignored.
    #[default]
    Commit,
    /// Commits unless the request asks `Prefer: tx=rollback`.
    CommitAllowOverride,
    /// Every transaction rolls back (a dry-run server); `tx=` preferences are ignored.
    Rollback,
    /// Rolls back unless the request asks `Prefer: tx=commit`.
    RollbackAllowOverride,
}

impl TxEnd {
    /// Whether clients may choose with `Prefer: tx=commit|rollback`.
    pub fn allows_override(self) -> bool {
        matches!(self, Self::CommitAllowOverride | Self::RollbackAllowOverride)
    }

    /// Whether a request preferring `preference` (already cleared when not allowed) rolls back.
    pub fn rolls_back(self, preference: Option<TxPreference>) -> bool {
        match preference {
            Some(TxPreference::Rollback) => true,
            Some(TxPreference::Commit) => false,
            None => matches!(self, Self::Rollback | Self::RollbackAllowOverride),
        }
    }
}

/// The REST settings the handlers read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RestSettings {
    pub tx_end: TxEnd,
    /// Serve `application/vnd.pgrst.plan` (EXPLAIN); off by default (406 otherwise).
    pub plan_enabled: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_override_settings_let_clients_choose() {
        assert_eq!(TxEnd::default(), TxEnd::Commit);
        assert!(!TxEnd::Commit.allows_override() && !TxEnd::Rollback.allows_override());
        assert!(TxEnd::CommitAllowOverride.allows_override() && TxEnd::RollbackAllowOverride.allows_override());
        assert!(!TxEnd::Commit.rolls_back(None));
        assert!(TxEnd::Rollback.rolls_back(None));
        assert!(TxEnd::CommitAllowOverride.rolls_back(Some(TxPreference::Rollback)));
        assert!(!TxEnd::RollbackAllowOverride.rolls_back(Some(TxPreference::Commit)));
        assert_eq!(TxEnd::from_str("commit-allow-override", false), Ok(TxEnd::CommitAllowOverride));
    }
}
