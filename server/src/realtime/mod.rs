//! Realtime: Supabase Realtime's protocol at `/realtime/v1`, so `supabase.channel(...)` of the
//! official supabase-js works against this server.
//!
//! - [`socket`]: the WebSocket (`/realtime/v1/websocket?apikey=…&vsn=2.0.0`), its limits and
//!   its task; [`channel`]: what a channel does with a client's messages (join, leave,
//!   heartbeat, access_token, broadcast, presence); [`protocol`]: the frames (Phoenix JSON of
//!   vsn 1 and 2, vsn 2's binary broadcasts).
//! - [`hub`]: this replica's topics (broadcast and presence members) and change listeners;
//!   [`outbox`]: each socket's bounded queue (a slow reader is disconnected).
//! - [`changes`]: Postgres changes, captured by triggers into `realtime.queue`
//!   (server/migrations/0030_realtime.sql), read by every replica and checked as each
//!   subscriber under row-level security; [`authorize`]: private channels by policies on
//!   `realtime.messages`; [`broadcast_api`]: `POST /realtime/v1/api/broadcast`.
//! - Replicas: broadcasts and presence changes made on one replica reach the others through
//!   the same queue (kinds B and P), written only while another replica is alive.

pub mod authorize;
pub mod broadcast_api;
pub mod changes;
pub mod channel;
pub mod error;
pub mod hub;
pub mod identity;
pub mod outbox;
pub mod presence;
pub mod protocol;
pub mod settings;
pub mod socket;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::db::request_connections::RequestConnections;
use changes::catalog::Catalog;
use changes::check::{Change, CheckError, Checker};
use hub::{Broadcast, Hub, TopicKey};
use presence::{Diff, Meta, Owner};
use settings::RealtimeSettings;

/// A message for the other replicas.
#[derive(Debug)]
struct Relay {
    kind: &'static str,
    topic: String,
    private: bool,
    message: Value,
    /// Bytes it holds while it waits.
    size: usize,
}

/// Bytes of relayed messages waiting to be written; past it, broadcasts reach this replica's
/// clients only (and a warning says so).
const RELAY_BUDGET: usize = 16 * 1024 * 1024;

/// Everything realtime shares: settings, this replica's hub, the checker and its connections.
/// What the realtime endpoints use: the service, and the auth service's keys and rules that
/// verify a socket's or a broadcast's token.
#[derive(Clone)]
pub struct RealtimeState {
    pub realtime: Arc<RealtimeService>,
    pub auth: Arc<crate::auth::service::AuthService>,
}

pub struct RealtimeService {
    pub settings: RealtimeSettings,
    pub hub: Arc<Hub>,
    pub catalog: Arc<Catalog>,
    pub checker: Checker,
    /// Another live replica reads the queue: broadcasts and presence are relayed.
    others: AtomicBool,
    relay: std::sync::Mutex<Option<mpsc::Sender<Relay>>>,
    relay_queued: std::sync::atomic::AtomicUsize,
}

impl RealtimeService {
    /// The service on `connections` (its own, apart from the REST requests').
    pub fn new(settings: RealtimeSettings, connections: RequestConnections) -> Self {
        let catalog = Arc::new(Catalog::default());
        let max_record_bytes = settings.max_payload_bytes;
        Self {
            settings,
            hub: Arc::new(Hub::default()),
            checker: Checker { connections, catalog: Arc::clone(&catalog), max_record_bytes },
            catalog,
            others: AtomicBool::new(false),
            relay: std::sync::Mutex::new(None),
            relay_queued: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    pub fn connections(&self) -> &RequestConnections {
        &self.checker.connections
    }

    /// Starts the queue reader and the relay writer; stopped by aborting the handles.
    pub fn spawn(self: &Arc<Self>, pool: sqlx::PgPool) -> Vec<tokio::task::JoinHandle<()>> {
        let (tx, rx) = mpsc::channel(10_000);
        if let Ok(mut relay) = self.relay.lock() {
            *relay = Some(tx);
        }
        vec![changes::reader::spawn(Arc::clone(self), pool), tokio::spawn(relay_writer(Arc::clone(self), rx))]
    }

    /// Leaves the replica registry (its presences go with it); at shutdown.
    pub async fn farewell(&self) {
        let replica = self.hub.replica.to_string();
        let result = async {
            let mut tx = changes::catalog::AdminTx::begin(self.connections()).await?;
            tx.query("select realtime.farewell($1::text::uuid)", &[&replica]).await?;
            tx.commit().await
        };
        if let Err(error) = result.await {
            tracing::debug!(%error, "realtime farewell failed; the replica expires in a minute");
        }
    }

    pub(crate) fn set_other_replicas(&self, others: bool) {
        let before = self.others.swap(others, Ordering::Relaxed);
        if others && !before {
            // Another replica appeared: what this one tracks is published for its clients.
            for (key, diff) in self.hub.local_presences() {
                self.presence_changed(&key, &diff);
            }
        }
    }

    fn others(&self) -> bool {
        self.others.load(Ordering::Relaxed)
    }

    fn relay(&self, kind: &'static str, key: &TopicKey, message: Value) {
        if !self.others() {
            return;
        }
        let size = message.to_string().len() + key.name.len();
        if self.relay_queued.fetch_add(size, Ordering::AcqRel) + size > RELAY_BUDGET {
            self.relay_queued.fetch_sub(size, Ordering::AcqRel);
            tracing::warn!("the realtime relay to other replicas is full; a message reaches this replica only");
            return;
        }
        let relay = Relay { kind, topic: key.name.to_string(), private: key.private, message, size };
        let sender = self.relay.lock().ok().and_then(|r| r.clone());
        let sent = sender.is_some_and(|sender| sender.try_send(relay).is_ok());
        if !sent {
            self.relay_queued.fetch_sub(size, Ordering::AcqRel);
            tracing::warn!("the realtime relay to other replicas is full; a message reaches this replica only");
        }
    }

    /// Row changes read from the queue: checked and sent to the channels listening.
    pub(crate) async fn deliver_changes(&self, relid: u32, changes: &[Change]) -> Result<(), CheckError> {
        let listeners = self.hub.listeners();
        if listeners.is_empty() {
            return Ok(());
        }
        let Some(relation) = self.catalog.by_relid(self.connections(), relid).await.map_err(CheckError::Catalog)?
        else {
            return Ok(());
        };
        let listening: Vec<_> = listeners
            .into_iter()
            .filter(|l| l.bindings.iter().any(|b| b.matches(&relation.schema, &relation.name)))
            .collect();
        if listening.is_empty() {
            return Ok(());
        }
        self.checker.deliver(&relation, changes, &listening).await.map(|_| ())
    }

    /// A broadcast sent on this replica: to its members, and to the other replicas.
    pub fn broadcast(&self, key: &TopicKey, from: Option<u64>, message: &Broadcast) {
        self.hub.broadcast(key, from, message);
        let relayed = match message {
            Broadcast::Json(payload) => {
                json!({"relay": "json", "body": serde_json::from_str::<Value>(payload).unwrap_or(Value::Null)})
            }
            Broadcast::User(user) => {
                use base64::Engine;
                json!({"relay": "user", "event": user.event, "json": user.json, "metadata": user.metadata,
                       "payload": base64::engine::general_purpose::STANDARD.encode(&user.payload)})
            }
        };
        self.relay("B", key, relayed);
    }

    /// A broadcast read from the queue: from another replica, or written by SQL.
    pub(crate) fn relayed_broadcast(&self, topic: &str, private: bool, message: &Value, origin: Option<uuid::Uuid>) {
        if origin == Some(self.hub.replica) {
            return;
        }
        let key = TopicKey { name: Arc::from(topic), private };
        let broadcast = match message.get("relay").and_then(Value::as_str) {
            Some("json") => Broadcast::Json(Arc::from(message["body"].to_string())),
            Some("user") => {
                use base64::Engine;
                let payload = message["payload"]
                    .as_str()
                    .and_then(|p| base64::engine::general_purpose::STANDARD.decode(p).ok())
                    .unwrap_or_default();
                Broadcast::User(protocol::UserBroadcast {
                    event: message["event"].as_str().unwrap_or_default().to_owned(),
                    json: message["json"].as_bool().unwrap_or(true),
                    payload: payload.into(),
                    metadata: message.get("metadata").filter(|m| !m.is_null()).cloned(),
                })
            }
            _ => Broadcast::Json(Arc::from(message.to_string())),
        };
        self.hub.broadcast(&key, None, &broadcast);
    }

    /// A presence change made on this replica: kept for clients joining elsewhere and sent to
    /// the other replicas.
    pub fn presence_changed(&self, key: &TopicKey, diff: &Diff) {
        if !self.others() || diff.is_empty() {
            return;
        }
        let joins: Vec<Value> = diff
            .joins
            .iter()
            .flat_map(|(k, metas)| {
                metas
                    .iter()
                    .map(move |m| json!({"key": k, "ref": m.phx_ref, "prev": m.phx_ref_prev, "payload": m.payload}))
            })
            .collect();
        let leaves: Vec<Value> = diff
            .leaves
            .iter()
            .flat_map(|(k, metas)| metas.iter().map(move |m| json!({"key": k, "ref": m.phx_ref})))
            .collect();
        self.relay("P", key, json!({"joins": joins, "leaves": leaves}));
    }

    /// A presence change read from the queue.
    pub(crate) fn relayed_presence(&self, topic: &str, private: bool, message: &Value, origin: Option<uuid::Uuid>) {
        let Some(origin) = origin.filter(|o| *o != self.hub.replica) else { return };
        let key = TopicKey { name: Arc::from(topic), private };
        if !self.hub.has_members(&key) {
            return;
        }
        let joins = message["joins"]
            .as_array()
            .map(|joins| {
                joins
                    .iter()
                    .filter_map(|j| {
                        Some((
                            j["key"].as_str()?.to_owned(),
                            Meta {
                                phx_ref: j["ref"].as_str()?.to_owned(),
                                phx_ref_prev: j["prev"].as_str().map(str::to_owned),
                                payload: j["payload"].as_object().cloned().unwrap_or_default(),
                                owner: Owner::Remote(origin),
                            },
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let leaves = message["leaves"]
            .as_array()
            .map(|leaves| {
                leaves
                    .iter()
                    .filter_map(|l| Some((l["key"].as_str()?.to_owned(), l["ref"].as_str()?.to_owned())))
                    .collect()
            })
            .unwrap_or_default();
        self.hub.apply_remote(&key, joins, leaves);
    }

    /// Before a client of this replica joins a topic with presence: the presences tracked on
    /// the other replicas.
    pub async fn load_remote_presences(&self, key: &TopicKey) {
        if !self.others() {
            return;
        }
        let result = async {
            let mut tx = changes::catalog::AdminTx::begin(self.connections()).await?;
            let rows = tx
                .query(
                    "select replica::text, key, ref, meta from realtime.presences \
                     where topic = $1 and private = $2 and replica <> $3::text::uuid",
                    &[&key.name.to_string(), &key.private, &self.hub.replica.to_string()],
                )
                .await?;
            tx.commit().await?;
            Ok::<_, crate::db::service_tx::DbError>(rows)
        };
        match result.await {
            Ok(rows) => {
                let mut joins = Vec::new();
                for row in rows {
                    let (Ok(replica), Ok(presence_key), Ok(phx_ref), Ok(meta)) = (
                        row.try_get::<_, String>(0),
                        row.try_get::<_, String>(1),
                        row.try_get::<_, String>(2),
                        row.try_get::<_, Value>(3),
                    ) else {
                        continue;
                    };
                    let Ok(replica) = replica.parse() else { continue };
                    joins.push((
                        presence_key,
                        Meta {
                            phx_ref,
                            phx_ref_prev: None,
                            payload: meta.as_object().cloned().unwrap_or_default(),
                            owner: Owner::Remote(replica),
                        },
                    ));
                }
                self.hub.apply_remote(key, joins, Vec::new());
            }
            Err(error) => tracing::warn!(%error, "cannot read the presences of other replicas"),
        }
    }
}

/// Writes relayed messages in order, a batch at a time.
async fn relay_writer(service: Arc<RealtimeService>, mut rx: mpsc::Receiver<Relay>) {
    let origin = service.hub.replica.to_string();
    let mut pending = Vec::new();
    while rx.recv_many(&mut pending, 256).await > 0 {
        let relays = std::mem::take(&mut pending);
        let size: usize = relays.iter().map(|r| r.size).sum();
        let result = async {
            let mut tx = changes::catalog::AdminTx::begin(service.connections()).await?;
            for relay in &relays {
                tx.query(
                    "select realtime.relay($1::text::\"char\", $2::text, $3::bool, $4::text::jsonb, $5::text::uuid)",
                    &[&relay.kind, &relay.topic, &relay.private, &relay.message.to_string(), &origin],
                )
                .await?;
                if relay.kind == "P" {
                    // A join keeps its payload; a leave (no payload) ends the presence.
                    let message = &relay.message;
                    let joins =
                        message["joins"].as_array().into_iter().flatten().map(|j| (j, Some(j["payload"].to_string())));
                    let leaves = message["leaves"].as_array().into_iter().flatten().map(|l| (l, None));
                    for (entry, payload) in joins.chain(leaves) {
                        tx.query(
                            "select realtime.keep_presence($1::text::uuid, $2::text, $3::bool, $4::text, $5::text, $6::text::jsonb)",
                            &[
                                &origin,
                                &relay.topic,
                                &relay.private,
                                &entry["key"].as_str().unwrap_or_default(),
                                &entry["ref"].as_str().unwrap_or_default(),
                                &payload,
                            ],
                        )
                        .await?;
                    }
                }
            }
            tx.commit().await
        };
        if let Err(error) = result.await {
            tracing::warn!(%error, count = relays.len(), "relaying realtime messages to other replicas failed");
        }
        service.relay_queued.fetch_sub(size, Ordering::AcqRel);
    }
}
