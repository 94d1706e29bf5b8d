//! Presence as Phoenix keeps it: per topic, each key holds the metas tracked under it (one per
//! tracking channel), each meta the client's payload plus a `phx_ref` naming that tracking.
//! Joining clients get the whole state (`presence_state`: `{key: {metas: [...]}}`); every
//! change goes to the topic's members as a diff (`presence_diff`: `{joins, leaves}`), the
//! tracker included. Updating a tracked payload is a leave of the old meta and a join of the
//! new one, which names the old in `phx_ref_prev`.

use std::collections::BTreeMap;

use base64::Engine;
use serde_json::{Map, Value, json};

/// Who tracked a meta: a channel of this replica, or another replica.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    Local(u64),
    Remote(uuid::Uuid),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Meta {
    pub phx_ref: String,
    pub phx_ref_prev: Option<String>,
    pub payload: Map<String, Value>,
    pub owner: Owner,
}

impl Meta {
    pub fn to_json(&self) -> Value {
        let mut meta = self.payload.clone();
        meta.insert("phx_ref".into(), Value::String(self.phx_ref.clone()));
        if let Some(previous) = &self.phx_ref_prev {
            meta.insert("phx_ref_prev".into(), Value::String(previous.clone()));
        }
        Value::Object(meta)
    }
}

/// A fresh `phx_ref`.
pub fn new_ref() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 12]>())
}

/// Joins and leaves of one change, by key.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Diff {
    pub joins: BTreeMap<String, Vec<Meta>>,
    pub leaves: BTreeMap<String, Vec<Meta>>,
}

impl Diff {
    pub fn is_empty(&self) -> bool {
        self.joins.is_empty() && self.leaves.is_empty()
    }

    pub fn to_json(&self) -> Value {
        let group = |metas: &BTreeMap<String, Vec<Meta>>| -> Value {
            Value::Object(
                metas
                    .iter()
                    .map(|(key, metas)| {
                        (key.clone(), json!({"metas": metas.iter().map(Meta::to_json).collect::<Vec<_>>()}))
                    })
                    .collect(),
            )
        };
        json!({"joins": group(&self.joins), "leaves": group(&self.leaves)})
    }
}

/// The presences of one topic.
#[derive(Debug, Default)]
pub struct Presences {
    by_key: BTreeMap<String, Vec<Meta>>,
}

impl Presences {
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// The metas tracked on this replica, by key.
    pub fn local(&self) -> BTreeMap<String, Vec<Meta>> {
        self.by_key
            .iter()
            .filter_map(|(key, metas)| {
                let local: Vec<Meta> = metas.iter().filter(|m| matches!(m.owner, Owner::Local(_))).cloned().collect();
                (!local.is_empty()).then(|| (key.clone(), local))
            })
            .collect()
    }

    /// `presence_state`'s payload.
    pub fn state_json(&self) -> Value {
        Value::Object(
            self.by_key
                .iter()
                .map(|(key, metas)| {
                    (key.clone(), json!({"metas": metas.iter().map(Meta::to_json).collect::<Vec<_>>()}))
                })
                .collect(),
        )
    }

    /// Tracks `payload` under `key` for `owner` (replacing what it tracked there); `phx_ref`
    /// names this tracking. Nothing changes (an empty diff) when the payload is the same.
    pub fn track(&mut self, owner: Owner, key: &str, payload: Map<String, Value>, phx_ref: String) -> Diff {
        let mut diff = Diff::default();
        let metas = self.by_key.entry(key.to_owned()).or_default();
        let previous = metas.iter().position(|m| m.owner == owner);
        if let Some(index) = previous {
            if metas[index].payload == payload {
                return diff;
            }
            let old = metas.remove(index);
            let meta = Meta { phx_ref, phx_ref_prev: Some(old.phx_ref.clone()), payload, owner };
            diff.leaves.insert(key.to_owned(), vec![old]);
            diff.joins.insert(key.to_owned(), vec![meta.clone()]);
            metas.push(meta);
        } else {
            let meta = Meta { phx_ref, phx_ref_prev: None, payload, owner };
            diff.joins.insert(key.to_owned(), vec![meta.clone()]);
            metas.push(meta);
        }
        diff
    }

    /// Adds a meta tracked elsewhere (another replica), as it was sent.
    pub fn add(&mut self, key: &str, meta: Meta) -> Diff {
        let mut diff = Diff::default();
        let metas = self.by_key.entry(key.to_owned()).or_default();
        if metas.iter().any(|m| m.phx_ref == meta.phx_ref) {
            return diff;
        }
        if let Some(previous) = &meta.phx_ref_prev
            && let Some(index) = metas.iter().position(|m| &m.phx_ref == previous)
        {
            diff.leaves.insert(key.to_owned(), vec![metas.remove(index)]);
        }
        diff.joins.insert(key.to_owned(), vec![meta.clone()]);
        metas.push(meta);
        diff
    }

    /// Removes the meta named `phx_ref` under `key`.
    pub fn remove(&mut self, key: &str, phx_ref: &str) -> Diff {
        let mut diff = Diff::default();
        if let Some(metas) = self.by_key.get_mut(key)
            && let Some(index) = metas.iter().position(|m| m.phx_ref == phx_ref)
        {
            diff.leaves.insert(key.to_owned(), vec![metas.remove(index)]);
            if metas.is_empty() {
                self.by_key.remove(key);
            }
        }
        diff
    }

    /// Untracks what `owner` tracked under `key`.
    pub fn untrack(&mut self, owner: &Owner, key: &str) -> Diff {
        let mut diff = Diff::default();
        if let Some(metas) = self.by_key.get_mut(key) {
            let (gone, kept): (Vec<Meta>, Vec<Meta>) = metas.drain(..).partition(|m| &m.owner == owner);
            *metas = kept;
            if !gone.is_empty() {
                diff.leaves.insert(key.to_owned(), gone);
            }
            if metas.is_empty() {
                self.by_key.remove(key);
            }
        }
        diff
    }

    /// Untracks everything `owner` tracked (its channel left, or its replica is gone).
    pub fn untrack_owner(&mut self, owner: &Owner) -> Diff {
        let keys: Vec<String> = self
            .by_key
            .iter()
            .filter(|(_, metas)| metas.iter().any(|m| &m.owner == owner))
            .map(|(k, _)| k.clone())
            .collect();
        let mut diff = Diff::default();
        for key in keys {
            let part = self.untrack(owner, &key);
            diff.leaves.extend(part.leaves);
        }
        diff
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => panic!("an object"),
        }
    }

    #[test]
    fn a_track_joins_and_an_update_leaves_the_old_meta() {
        let mut presences = Presences::default();
        let first = presences.track(Owner::Local(1), "ann", payload(json!({"status": "online"})), "r1".into());
        assert_eq!(
            first.to_json(),
            json!({"joins": {"ann": {"metas": [{"status": "online", "phx_ref": "r1"}]}}, "leaves": {}})
        );
        assert!(presences.track(Owner::Local(1), "ann", payload(json!({"status": "online"})), "r2".into()).is_empty());
        let update = presences.track(Owner::Local(1), "ann", payload(json!({"status": "away"})), "r3".into());
        assert_eq!(update.leaves["ann"][0].phx_ref, "r1");
        assert_eq!(update.joins["ann"][0].to_json(), json!({"status": "away", "phx_ref": "r3", "phx_ref_prev": "r1"}));
        assert_eq!(
            presences.state_json(),
            json!({"ann": {"metas": [{"status": "away", "phx_ref": "r3", "phx_ref_prev": "r1"}]}})
        );
    }

    #[test]
    fn two_channels_can_share_a_key_and_leave_one_at_a_time() {
        let mut presences = Presences::default();
        presences.track(Owner::Local(1), "ann", Map::new(), "a".into());
        presences.track(Owner::Local(2), "ann", Map::new(), "b".into());
        let left = presences.untrack_owner(&Owner::Local(1));
        assert_eq!(left.leaves["ann"].len(), 1);
        assert_eq!(presences.state_json()["ann"]["metas"][0]["phx_ref"], "b");
        presences.untrack(&Owner::Local(2), "ann");
        assert!(presences.is_empty());
    }

    #[test]
    fn metas_from_other_replicas_arrive_once() {
        let mut presences = Presences::default();
        let remote = uuid::Uuid::new_v4();
        let meta = Meta { phx_ref: "x".into(), phx_ref_prev: None, payload: Map::new(), owner: Owner::Remote(remote) };
        assert!(!presences.add("bob", meta.clone()).is_empty());
        assert!(presences.add("bob", meta).is_empty());
        assert!(!presences.remove("bob", "x").is_empty());
        assert!(presences.is_empty());
    }
}
