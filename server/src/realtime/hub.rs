//! This replica's registry of who listens to what: the members of each channel topic (for
//! broadcasts and presence), the presences of each topic, the channels listening to
//! `postgres_changes`, and the open sockets counted per address and per account.
//!
//! Locks are held only to read or change these maps, never across an await; frames are queued
//! on the members' [`Outbox`]es, which never wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use axum::extract::ws::Message;
use serde_json::Value;

use super::changes::subscription::ChangeListener;
use super::outbox::Outbox;
use super::presence::{Diff, Owner, Presences};
use super::protocol::{self, UserBroadcast, Vsn};

/// A channel topic without its `realtime:` prefix; public and private channels of one name
/// are separate (as on Supabase).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TopicKey {
    pub name: Arc<str>,
    pub private: bool,
}

impl TopicKey {
    /// The topic clients join: `realtime:<name>`.
    pub fn channel_topic(&self) -> String {
        format!("realtime:{}", self.name)
    }
}

/// A channel joined to a topic.
#[derive(Debug, Clone)]
pub struct Member {
    pub channel: u64,
    pub outbox: Outbox,
    /// Receives its own broadcasts (`config.broadcast.self`).
    pub self_broadcast: bool,
    /// May receive broadcasts and presence (always on public channels; by policy on private).
    pub read_broadcast: bool,
    pub read_presence: bool,
}

#[derive(Debug, Default)]
struct Topic {
    members: Vec<Member>,
    presences: Presences,
}

/// A broadcast as it arrived: JSON (a text frame, the HTTP API, SQL) or a client's binary
/// frame.
#[derive(Debug, Clone)]
pub enum Broadcast {
    /// The `payload` of the `broadcast` message: `{type, event, payload, ...}`.
    Json(Arc<str>),
    User(UserBroadcast),
}

/// Why a socket was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    TooManyClients,
    TooManyForAddress,
    TooManyForAccount,
}

#[derive(Default)]
struct Clients {
    total: usize,
    /// Every open socket's queue (to close them all at shutdown).
    sockets: HashMap<u64, Outbox>,
    by_address: HashMap<IpAddr, usize>,
    by_account: HashMap<Arc<str>, usize>,
}

pub struct Hub {
    pub replica: uuid::Uuid,
    topics: RwLock<HashMap<TopicKey, Topic>>,
    listeners: RwLock<HashMap<u64, Arc<ChangeListener>>>,
    clients: Mutex<Clients>,
    next_id: AtomicU64,
}

impl Default for Hub {
    fn default() -> Self {
        Self {
            replica: uuid::Uuid::new_v4(),
            topics: RwLock::default(),
            listeners: RwLock::default(),
            clients: Mutex::default(),
            next_id: AtomicU64::new(1),
        }
    }
}

/// Limits on open sockets.
#[derive(Debug, Clone, Copy)]
pub struct ClientLimits {
    pub total: usize,
    pub per_address: usize,
    pub per_account: usize,
}

/// A socket's place in the counts; given back when dropped.
pub struct Admission {
    hub: Arc<Hub>,
    socket: u64,
    address: IpAddr,
    accounts: Vec<Arc<str>>,
}

impl Admission {
    /// Counts the socket for `account` too (once); refused past the limit.
    pub fn add_account(&mut self, account: &Arc<str>, limit: usize) -> Result<(), Refusal> {
        if self.accounts.iter().any(|a| a == account) {
            return Ok(());
        }
        let mut clients = self.hub.clients.lock().map_err(|_| Refusal::TooManyClients)?;
        let count = clients.by_account.entry(Arc::clone(account)).or_default();
        if *count >= limit {
            return Err(Refusal::TooManyForAccount);
        }
        *count += 1;
        self.accounts.push(Arc::clone(account));
        Ok(())
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        crate::metrics::global().realtime_connection(-1);
        if let Ok(mut clients) = self.hub.clients.lock() {
            clients.total = clients.total.saturating_sub(1);
            clients.sockets.remove(&self.socket);
            if let Some(count) = clients.by_address.get_mut(&self.address) {
                *count -= 1;
                if *count == 0 {
                    clients.by_address.remove(&self.address);
                }
            }
            for account in &self.accounts {
                if let Some(count) = clients.by_account.get_mut(account) {
                    *count -= 1;
                    if *count == 0 {
                        clients.by_account.remove(account);
                    }
                }
            }
        }
    }
}

impl Hub {
    /// A number unique in this replica (sockets, channels).
    pub fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Admits one more socket (its queue `outbox`) from `address`, or says which limit
    /// refuses it.
    pub fn admit(
        self: &Arc<Self>,
        address: IpAddr,
        limits: ClientLimits,
        outbox: &Outbox,
    ) -> Result<Admission, Refusal> {
        let mut clients = self.clients.lock().map_err(|_| Refusal::TooManyClients)?;
        if clients.total >= limits.total {
            return Err(Refusal::TooManyClients);
        }
        let for_address = clients.by_address.get(&address).copied().unwrap_or(0);
        if for_address >= limits.per_address {
            return Err(Refusal::TooManyForAddress);
        }
        clients.total += 1;
        *clients.by_address.entry(address).or_default() += 1;
        clients.sockets.insert(outbox.id(), outbox.clone());
        crate::metrics::global().realtime_connection(1);
        Ok(Admission { hub: Arc::clone(self), socket: outbox.id(), address, accounts: Vec::new() })
    }

    /// Closes every socket (the server is stopping): clients reconnect, to another replica.
    pub fn close_all(&self, code: u16, reason: &'static str) {
        let sockets: Vec<Outbox> =
            self.clients.lock().map(|c| c.sockets.values().cloned().collect()).unwrap_or_default();
        for outbox in sockets {
            outbox.close(code, reason);
        }
    }

    /// Open sockets.
    pub fn clients(&self) -> usize {
        self.clients.lock().map(|c| c.total).unwrap_or(0)
    }

    /// Adds a member to a topic.
    pub fn join(&self, key: &TopicKey, member: Member) {
        if let Ok(mut topics) = self.topics.write() {
            topics.entry(key.clone()).or_default().members.push(member);
            crate::metrics::global().realtime_channel(1);
        }
    }

    /// Updates what a member may read (its token changed).
    pub fn update_member(&self, key: &TopicKey, channel: u64, read_broadcast: bool, read_presence: bool) {
        if let Ok(mut topics) = self.topics.write()
            && let Some(topic) = topics.get_mut(key)
            && let Some(member) = topic.members.iter_mut().find(|m| m.channel == channel)
        {
            member.read_broadcast = read_broadcast;
            member.read_presence = read_presence;
        }
    }

    /// Removes a member and what it tracked; the topic's other members get the leaves.
    /// Returns the diff (for other replicas).
    pub fn leave(&self, key: &TopicKey, channel: u64) -> Diff {
        let diff = {
            let Ok(mut topics) = self.topics.write() else { return Diff::default() };
            let Some(topic) = topics.get_mut(key) else { return Diff::default() };
            let before = topic.members.len();
            topic.members.retain(|m| m.channel != channel);
            crate::metrics::global().realtime_channel(-((before - topic.members.len()) as i64));
            let diff = topic.presences.untrack_owner(&Owner::Local(channel));
            if topic.members.is_empty() && topic.presences.is_empty() {
                topics.remove(key);
            }
            diff
        };
        if !diff.is_empty() {
            self.send_diff(key, &diff);
        }
        diff
    }

    /// Sends a broadcast to the members of `key` that may read it; `from` (the sending
    /// channel) gets it only when it asked for its own broadcasts.
    pub fn broadcast(&self, key: &TopicKey, from: Option<u64>, message: &Broadcast) -> usize {
        let Ok(topics) = self.topics.read() else { return 0 };
        let Some(topic) = topics.get(key) else { return 0 };
        let channel_topic = key.channel_topic();
        let mut encoded: HashMap<Vsn, Option<Message>> = HashMap::new();
        let mut sent = 0;
        for member in &topic.members {
            if !member.read_broadcast || (Some(member.channel) == from && !member.self_broadcast) {
                continue;
            }
            let vsn = member.outbox.vsn();
            let frame = encoded.entry(vsn).or_insert_with(|| encode_broadcast(vsn, &channel_topic, message));
            if let Some(frame) = frame
                && member.outbox.send(frame.clone())
            {
                sent += 1;
            }
        }
        sent
    }

    /// Tracks a presence for `channel` and sends the diff to the topic's members.
    pub fn track(
        &self,
        key: &TopicKey,
        channel: u64,
        presence_key: &str,
        payload: serde_json::Map<String, Value>,
    ) -> Diff {
        let diff = match self.topics.write() {
            Ok(mut topics) => topics.entry(key.clone()).or_default().presences.track(
                Owner::Local(channel),
                presence_key,
                payload,
                super::presence::new_ref(),
            ),
            Err(_) => Diff::default(),
        };
        if !diff.is_empty() {
            self.send_diff(key, &diff);
        }
        diff
    }

    /// Untracks `channel`'s presence under `presence_key`.
    pub fn untrack(&self, key: &TopicKey, channel: u64, presence_key: &str) -> Diff {
        let diff = match self.topics.write() {
            Ok(mut topics) => match topics.get_mut(key) {
                Some(topic) => topic.presences.untrack(&Owner::Local(channel), presence_key),
                None => Diff::default(),
            },
            Err(_) => Diff::default(),
        };
        if !diff.is_empty() {
            self.send_diff(key, &diff);
        }
        diff
    }

    /// Applies a diff made on another replica.
    pub fn apply_remote(
        &self,
        key: &TopicKey,
        joins: Vec<(String, super::presence::Meta)>,
        leaves: Vec<(String, String)>,
    ) {
        let mut diff = Diff::default();
        if let Ok(mut topics) = self.topics.write() {
            let topic = topics.entry(key.clone()).or_default();
            for (presence_key, phx_ref) in leaves {
                let part = topic.presences.remove(&presence_key, &phx_ref);
                diff.leaves.extend(part.leaves);
            }
            for (presence_key, meta) in joins {
                let part = topic.presences.add(&presence_key, meta);
                diff.leaves.extend(part.leaves);
                diff.joins.extend(part.joins);
            }
            if topic.members.is_empty() && topic.presences.is_empty() {
                topics.remove(key);
            }
        }
        if !diff.is_empty() {
            self.send_diff(key, &diff);
        }
    }

    /// Forgets every presence another replica tracked (it is gone).
    pub fn forget_replica(&self, replica: uuid::Uuid) {
        let keys: Vec<TopicKey> = self.topics.read().map(|t| t.keys().cloned().collect()).unwrap_or_default();
        for key in keys {
            let diff = match self.topics.write() {
                Ok(mut topics) => match topics.get_mut(&key) {
                    Some(topic) => topic.presences.untrack_owner(&Owner::Remote(replica)),
                    None => Diff::default(),
                },
                Err(_) => Diff::default(),
            };
            if !diff.is_empty() {
                self.send_diff(&key, &diff);
            }
        }
    }

    /// Every presence tracked by this replica's channels, by topic (for a replica that just
    /// joined: they are published for it).
    pub fn local_presences(&self) -> Vec<(TopicKey, Diff)> {
        let Ok(topics) = self.topics.read() else { return Vec::new() };
        topics
            .iter()
            .filter_map(|(key, topic)| {
                let joins = topic.presences.local();
                (!joins.is_empty()).then(|| (key.clone(), Diff { joins, leaves: Default::default() }))
            })
            .collect()
    }

    /// The presences of a topic (`presence_state`'s payload).
    pub fn presence_state(&self, key: &TopicKey) -> Value {
        self.topics
            .read()
            .ok()
            .and_then(|topics| topics.get(key).map(|t| t.presences.state_json()))
            .unwrap_or_else(|| Value::Object(serde_json::Map::new()))
    }

    /// Sends a diff to the topic's members. An update (a key both leaving and joining) goes as
    /// two diffs, leaves first: supabase-js's presence loses track of a key's other metas when
    /// a join and a leave of that key come in one diff.
    fn send_diff(&self, key: &TopicKey, diff: &Diff) {
        if !diff.joins.is_empty() && !diff.leaves.is_empty() {
            let leaves = Diff { joins: Default::default(), leaves: diff.leaves.clone() };
            let joins = Diff { joins: diff.joins.clone(), leaves: Default::default() };
            self.send_one_diff(key, &leaves);
            self.send_one_diff(key, &joins);
        } else {
            self.send_one_diff(key, diff);
        }
    }

    fn send_one_diff(&self, key: &TopicKey, diff: &Diff) {
        let Ok(topics) = self.topics.read() else { return };
        let Some(topic) = topics.get(key) else { return };
        let channel_topic = key.channel_topic();
        let payload = diff.to_json().to_string();
        let mut encoded: HashMap<Vsn, Message> = HashMap::new();
        for member in topic.members.iter().filter(|m| m.read_presence) {
            let vsn = member.outbox.vsn();
            let frame = encoded
                .entry(vsn)
                .or_insert_with(|| protocol::push_raw(vsn, None, &channel_topic, "presence_diff", &payload));
            member.outbox.send(frame.clone());
        }
    }

    /// Registers (or replaces) a channel's `postgres_changes` listener.
    pub fn listen(&self, listener: Arc<ChangeListener>) {
        if let Ok(mut listeners) = self.listeners.write() {
            listeners.insert(listener.channel, listener);
        }
    }

    pub fn unlisten(&self, channel: u64) {
        if let Ok(mut listeners) = self.listeners.write() {
            listeners.remove(&channel);
        }
    }

    /// Every channel listening to changes now.
    pub fn listeners(&self) -> Vec<Arc<ChangeListener>> {
        self.listeners.read().map(|l| l.values().cloned().collect()).unwrap_or_default()
    }

    pub fn has_listeners(&self) -> bool {
        self.listeners.read().map(|l| !l.is_empty()).unwrap_or(false)
    }

    /// Whether any member of this replica is in the topic.
    pub fn has_members(&self, key: &TopicKey) -> bool {
        self.topics.read().map(|t| t.get(key).is_some_and(|t| !t.members.is_empty())).unwrap_or(false)
    }
}

fn encode_broadcast(vsn: Vsn, channel_topic: &str, message: &Broadcast) -> Option<Message> {
    match (message, vsn) {
        (Broadcast::Json(payload), vsn) => Some(protocol::push_raw(vsn, None, channel_topic, "broadcast", payload)),
        (Broadcast::User(user), Vsn::V2) => protocol::user_broadcast(channel_topic, user),
        (Broadcast::User(user), Vsn::V1) => protocol::user_broadcast_as_json(channel_topic, user),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::realtime::outbox::{Outbound, Outbox, OutboxReceiver};
    use serde_json::json;

    fn member(hub: &Hub, vsn: Vsn, self_broadcast: bool) -> (Member, OutboxReceiver) {
        let (outbox, receiver) = Outbox::new(hub.next_id(), vsn, 1 << 20);
        (Member { channel: hub.next_id(), outbox, self_broadcast, read_broadcast: true, read_presence: true }, receiver)
    }

    fn key(name: &str) -> TopicKey {
        TopicKey { name: Arc::from(name), private: false }
    }

    async fn next_text(receiver: &mut OutboxReceiver) -> Value {
        match receiver.next().await {
            Some(Outbound::Frame(Message::Text(text))) => serde_json::from_str(text.as_str()).unwrap(),
            other => panic!("expected a text frame, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_broadcast_reaches_the_others_and_the_sender_only_when_asked() {
        let hub = Hub::default();
        let (a, mut a_rx) = member(&hub, Vsn::V2, false);
        let (b, mut b_rx) = member(&hub, Vsn::V1, false);
        let (c, mut c_rx) = member(&hub, Vsn::V2, true);
        let sender = a.channel;
        let self_sender = c.channel;
        for m in [a, b, c] {
            hub.join(&key("room"), m);
        }
        let message = Broadcast::Json(Arc::from(r#"{"type":"broadcast","event":"e","payload":{"n":1}}"#));
        assert_eq!(hub.broadcast(&key("room"), Some(sender), &message), 2);
        assert_eq!(next_text(&mut b_rx).await["payload"]["payload"], json!({"n": 1}));
        assert_eq!(next_text(&mut c_rx).await[4]["event"], "e");
        assert_eq!(hub.broadcast(&key("room"), Some(self_sender), &message), 3);
        assert_eq!(next_text(&mut a_rx).await[2], "realtime:room");
        assert_eq!(hub.broadcast(&key("other"), None, &message), 0);
    }

    #[tokio::test]
    async fn presence_diffs_reach_every_member_and_a_leave_untracks() {
        let hub = Hub::default();
        let (a, mut a_rx) = member(&hub, Vsn::V2, false);
        let (b, mut b_rx) = member(&hub, Vsn::V2, false);
        let tracker = a.channel;
        hub.join(&key("room"), a);
        hub.join(&key("room"), b);
        let mut payload = serde_json::Map::new();
        payload.insert("name".into(), json!("ann"));
        hub.track(&key("room"), tracker, "k1", payload);
        for rx in [&mut a_rx, &mut b_rx] {
            let diff = next_text(rx).await;
            assert_eq!(diff[3], "presence_diff");
            assert_eq!(diff[4]["joins"]["k1"]["metas"][0]["name"], "ann");
        }
        assert_eq!(hub.presence_state(&key("room"))["k1"]["metas"].as_array().unwrap().len(), 1);
        hub.leave(&key("room"), tracker);
        assert_eq!(next_text(&mut b_rx).await[4]["leaves"]["k1"]["metas"][0]["name"], "ann");
        assert_eq!(hub.presence_state(&key("room")), json!({}));
    }

    #[tokio::test]
    async fn an_update_goes_as_a_leave_then_a_join() {
        let hub = Hub::default();
        let (a, mut a_rx) = member(&hub, Vsn::V2, false);
        let tracker = a.channel;
        hub.join(&key("room"), a);
        let payload = |status: &str| {
            let mut map = serde_json::Map::new();
            map.insert("status".into(), json!(status));
            map
        };
        hub.track(&key("room"), tracker, "ann", payload("online"));
        let joined = next_text(&mut a_rx).await;
        let first_ref = joined[4]["joins"]["ann"]["metas"][0]["phx_ref"].clone();
        hub.track(&key("room"), tracker, "ann", payload("away"));
        let leave = next_text(&mut a_rx).await;
        assert_eq!(leave[4]["leaves"]["ann"]["metas"][0]["phx_ref"], first_ref);
        assert_eq!(leave[4]["joins"], json!({}));
        let join = next_text(&mut a_rx).await;
        assert_eq!(join[4]["joins"]["ann"]["metas"][0]["status"], "away");
        assert_eq!(join[4]["joins"]["ann"]["metas"][0]["phx_ref_prev"], first_ref);
        assert_eq!(join[4]["leaves"], json!({}));
    }

    #[test]
    fn sockets_are_counted_per_address_and_account() {
        let hub = Arc::new(Hub::default());
        let limits = ClientLimits { total: 3, per_address: 2, per_account: 1 };
        let here: IpAddr = "127.0.0.1".parse().unwrap();
        let there: IpAddr = "127.0.0.2".parse().unwrap();
        let outbox = || Outbox::new(hub.next_id(), Vsn::V2, 1024).0;
        let mut first = hub.admit(here, limits, &outbox()).unwrap();
        let second = hub.admit(here, limits, &outbox()).unwrap();
        assert_eq!(hub.admit(here, limits, &outbox()).err(), Some(Refusal::TooManyForAddress));
        let third = hub.admit(there, limits, &outbox()).unwrap();
        assert_eq!(hub.admit(there, limits, &outbox()).err(), Some(Refusal::TooManyClients));
        let account: Arc<str> = Arc::from("user-1");
        first.add_account(&account, 1).unwrap();
        first.add_account(&account, 1).unwrap();
        let mut again = second;
        assert_eq!(again.add_account(&account, 1), Err(Refusal::TooManyForAccount));
        drop(first);
        again.add_account(&account, 1).unwrap();
        drop(third);
        assert_eq!(hub.clients(), 1);
    }
}
