//! The queue reader of one replica: woken by `NOTIFY realtime` (then reading every 20 ms for a
//! second after the last change, as writers notify at most every 200 ms; and every second
//! while clients are connected, in case a notification was lost), it reads the queue rows
//! that became visible since its last read and hands them out: row changes to the checker, broadcasts and
//! presence changes of other replicas (or of `realtime.send()`) to the hub.
//!
//! The cursor is a pair of snapshots, as PgQ's: the rows read are those whose transaction is
//! visible in the newer snapshot and was not in the older one, so a transaction that commits
//! late (with lower ids than rows already read) is read when it becomes visible, once, and no
//! row is read twice. Pages of at most [`PAGE`] rows keep the newer snapshot until the window
//! is read. Every few seconds the replica says where it stands (`realtime.heartbeat`), which
//! trims what every live replica has passed.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio_postgres::types::{ToSql, Type};

use super::check::{Change, CheckError};
use super::subscription::Kind;
use crate::db::wire::{self, Row};
use crate::realtime::RealtimeService;

/// The NOTIFY channel of the queue.
pub const CHANNEL: &str = "realtime";
/// Rows read at once.
const PAGE: i64 = 1000;
/// How often the replica says it is alive and trims the queue.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(10);
/// How often the queue is read without a notification while clients are connected.
const POLL_EVERY: Duration = Duration::from_secs(1);
/// How often it is read for a while after a notification or a change (writers notify at most
/// every 200 ms each: realtime.wake()).
const POLL_BUSY: Duration = Duration::from_millis(20);
/// How long the reader stays busy after the last notification or change.
const BUSY_FOR: Duration = Duration::from_secs(1);

const OPEN_READ: &str = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL ROLE realtime_admin; SET LOCAL statement_timeout = '10s'";
const SNAPSHOT_SQL: &str = "select pg_current_snapshot()::text";
const READ_SQL: &str = "
select q.id, q.xid::text, q.kind::text, q.relid::int8, q.pk, q.old_pk, q.old_row, q.topic, q.private, q.message,
       q.origin, to_char(q.at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')
  from realtime.queue as q
 where q.xid >= pg_snapshot_xmin($1::text::pg_snapshot)
   and q.xid < pg_snapshot_xmax(coalesce($2::text::pg_snapshot, pg_current_snapshot()))
   and pg_visible_in_snapshot(q.xid, coalesce($2::text::pg_snapshot, pg_current_snapshot()))
   and not pg_visible_in_snapshot(q.xid, $1::text::pg_snapshot)
   and ($3::text is null or (q.xid, q.id) > ($3::text::xid8, $4::int8))
 order by q.xid, q.id
 limit 1000";
const READ_TYPES: [Type; 4] = [Type::TEXT, Type::TEXT, Type::TEXT, Type::INT8];
const HEARTBEAT_SQL: &str = "select array(select realtime.heartbeat($1::uuid, $2::text::pg_snapshot))::text[]";

/// Where the reader stands.
struct Cursor {
    /// Rows visible here were read.
    read: String,
    /// The window being read (its end is fixed until it is read through) and the last row
    /// taken from it.
    window: Option<(String, Option<(String, i64)>)>,
}

/// A queue row.
enum Item {
    Change(Change),
    Broadcast { topic: String, private: bool, message: Value, origin: Option<uuid::Uuid> },
    Presence { topic: String, private: bool, message: Value, origin: Option<uuid::Uuid> },
}

/// Starts the reader; `pool` is used for LISTEN.
pub fn spawn(service: Arc<RealtimeService>, pool: PgPool) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut reader = Reader { service, cursor: None, replicas: HashSet::new() };
        reader.run(pool).await;
    })
}

struct Reader {
    service: Arc<RealtimeService>,
    cursor: Option<Cursor>,
    replicas: HashSet<uuid::Uuid>,
}

impl Reader {
    async fn run(&mut self, pool: PgPool) {
        let mut listener: Option<PgListener> = None;
        let mut last_heartbeat: Option<Instant> = None;
        let mut failures = 0u32;
        let mut busy_until = Instant::now();
        loop {
            if listener.is_none() {
                listener = listen(&pool).await;
            }
            if self.cursor.is_none() || last_heartbeat.is_none_or(|at| at.elapsed() >= HEARTBEAT_EVERY) {
                match self.heartbeat().await {
                    Ok(()) => last_heartbeat = Some(Instant::now()),
                    Err(error) => tracing::warn!(%error, "realtime heartbeat failed"),
                }
            }
            let mut more = false;
            if self.cursor.is_some() {
                match self.read_page().await {
                    Ok((full, read)) => {
                        more = full;
                        failures = 0;
                        if read > 0 {
                            busy_until = Instant::now() + BUSY_FOR;
                        }
                    }
                    Err(error) => {
                        failures += 1;
                        tracing::warn!(%error, "reading the realtime queue failed; retrying");
                        let backoff = Duration::from_millis(200 * u64::from(failures.min(25)));
                        tokio::time::sleep(backoff).await;
                        continue;
                    }
                }
            }
            if more {
                continue;
            }
            let wait = if Instant::now() < busy_until {
                POLL_BUSY
            } else if self.service.hub.clients() > 0 || self.cursor.is_none() {
                POLL_EVERY
            } else {
                HEARTBEAT_EVERY
            };
            let notified = async {
                match listener.as_mut() {
                    Some(l) => l.try_recv().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                received = notified => match received {
                    Ok(Some(notification)) => match notification.payload() {
                        "tables" => self.service.catalog.clear(),
                        "replicas" => last_heartbeat = None,
                        "reload schema" | "reload config" => self.service.catalog.clear(),
                        _ => busy_until = Instant::now() + BUSY_FOR,
                    },
                    Ok(None) => {
                        // The listening connection was lost and re-made: a notification may
                        // have been missed, and the schema may have changed meanwhile.
                        self.service.catalog.clear();
                    }
                    Err(error) => {
                        tracing::warn!(%error, "realtime listener lost; reconnecting");
                        listener = None;
                    }
                },
            }
        }
    }

    /// Says this replica is alive and where it stands (registering it and taking its first
    /// snapshot the first time), and learns which replicas are.
    async fn heartbeat(&mut self) -> Result<(), CheckError> {
        let replica = self.service.hub.replica.to_string();
        let mut checkout = self.service.checker.connections.checkout().await.map_err(CheckError::Checkout)?;
        let snapshot = self.cursor.as_ref().map(|c| c.read.clone());
        let first = snapshot.is_none();
        let replies = super::send_batch(&mut checkout, |batch| {
            batch.simple("BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL ROLE realtime_admin; SET LOCAL statement_timeout = '10s'")?;
            if first {
                batch.run(SNAPSHOT_SQL, &[], &[], true)?;
                batch.run(
                    "select array(select realtime.heartbeat($1::uuid, pg_current_snapshot()))::text[]",
                    &[Type::TEXT],
                    &[&replica],
                    true,
                )?;
            } else {
                batch.run(HEARTBEAT_SQL, &[Type::TEXT, Type::TEXT], &[&replica, &snapshot], true)?;
            }
            batch.sync();
            batch.simple("COMMIT")
        })
        .await;
        let replies = replies.map_err(CheckError::Db)?;
        let mut live: Vec<String> = Vec::new();
        for row in &replies.rows {
            if *row.columns()[0].type_() == Type::TEXT {
                let snapshot: String = row.try_get(0).map_err(CheckError::Db)?;
                self.cursor = Some(Cursor { read: snapshot, window: None });
            } else {
                live = row.try_get(0).map_err(CheckError::Db)?;
            }
        }
        let live: HashSet<uuid::Uuid> = live.iter().filter_map(|id| id.parse().ok()).collect();
        for gone in self.replicas.difference(&live) {
            if *gone != self.service.hub.replica {
                tracing::info!(replica = %gone, "a realtime replica is gone; its presences leave");
                self.service.hub.forget_replica(*gone);
            }
        }
        self.service.set_other_replicas(live.iter().any(|id| *id != self.service.hub.replica));
        self.replicas = live;
        Ok(())
    }

    /// Reads and hands out one page: whether it was full (more may wait), and its rows.
    async fn read_page(&mut self) -> Result<(bool, usize), CheckError> {
        let Some(cursor) = self.cursor.as_mut() else { return Ok((false, 0)) };
        let read = cursor.read.clone();
        let (end, after) = match &cursor.window {
            Some((end, after)) => (Some(end.clone()), after.clone()),
            None => (None, None),
        };
        let rows = self.fetch(&read, end.as_deref(), after.as_ref()).await?;
        let (snapshot, items) = rows;
        let end = end.or(snapshot).unwrap_or(read);
        let full = items.len() as i64 >= PAGE;
        let mut last: Option<(String, i64)> = after;
        let mut position = 0;
        while position < items.len() {
            let (xid, id, item) = &items[position];
            match item {
                Item::Change(change) => {
                    // A run of changes to one table is checked together.
                    let relid = change.relid;
                    let mut run = vec![change.clone()];
                    let mut next = position + 1;
                    while let Some((_, _, Item::Change(more))) = items.get(next) {
                        if more.relid != relid {
                            break;
                        }
                        run.push(more.clone());
                        next += 1;
                    }
                    if let Err(error) = self.service.deliver_changes(relid, &run).await {
                        // Delivered so far stays delivered; the rest is read again.
                        if let Some(cursor) = self.cursor.as_mut() {
                            cursor.window = Some((end, last));
                        }
                        return Err(error);
                    }
                    let (xid, id, _) = &items[next - 1];
                    last = Some((xid.clone(), *id));
                    position = next;
                    continue;
                }
                Item::Broadcast { topic, private, message, origin } => {
                    self.service.relayed_broadcast(topic, *private, message, *origin);
                }
                Item::Presence { topic, private, message, origin } => {
                    self.service.relayed_presence(topic, *private, message, *origin);
                }
            }
            last = Some((xid.clone(), *id));
            position += 1;
        }
        if let Some(cursor) = self.cursor.as_mut() {
            if full {
                cursor.window = Some((end, last));
            } else {
                cursor.read = end;
                cursor.window = None;
            }
        }
        Ok((full, items.len()))
    }

    /// One page of rows (and, when no window is open, the snapshot that ends it).
    async fn fetch(
        &self,
        read: &str,
        end: Option<&str>,
        after: Option<&(String, i64)>,
    ) -> Result<(Option<String>, Vec<(String, i64, Item)>), CheckError> {
        let mut checkout = self.service.checker.connections.checkout().await.map_err(CheckError::Checkout)?;
        let read = read.to_owned();
        let end = end.map(str::to_owned);
        let after_xid = after.map(|(xid, _)| xid.clone());
        let after_id = after.map_or(0, |(_, id)| *id);
        let replies = super::send_batch(&mut checkout, |batch| {
            batch.simple(OPEN_READ)?;
            if end.is_none() {
                batch.run(SNAPSHOT_SQL, &[], &[], true)?;
            }
            let params: [&(dyn ToSql + Sync); 4] = [&read, &end, &after_xid, &after_id];
            batch.run(READ_SQL, &READ_TYPES, &params, true)?;
            batch.sync();
            batch.simple("ROLLBACK")
        })
        .await;
        let replies = replies.map_err(CheckError::Db)?;
        let mut snapshot = None;
        let mut items = Vec::new();
        for row in &replies.rows {
            if row.columns().len() == 1 {
                snapshot = Some(row.try_get::<_, String>(0).map_err(CheckError::Db)?);
                continue;
            }
            match item(row) {
                Ok(Some(parsed)) => items.push(parsed),
                Ok(None) => {}
                Err(error) => return Err(CheckError::Db(error)),
            }
        }
        Ok((snapshot, items))
    }
}

fn item(row: &Row) -> Result<Option<(String, i64, Item)>, wire::Error> {
    let id: i64 = row.try_get(0)?;
    let xid: String = row.try_get(1)?;
    let kind: String = row.try_get(2)?;
    let origin: Option<uuid::Uuid> = row.try_get(10)?;
    let item = match kind.as_str() {
        "I" | "U" | "D" => {
            let relid: i64 = row.try_get(3)?;
            Item::Change(Change {
                kind: match kind.as_str() {
                    "I" => Kind::Insert,
                    "U" => Kind::Update,
                    _ => Kind::Delete,
                },
                relid: u32::try_from(relid).unwrap_or_default(),
                pk: row.try_get::<_, Option<Value>>(4)?.unwrap_or(Value::Null),
                old_pk: row.try_get(5)?,
                old_row: row.try_get(6)?,
                at: row.try_get::<_, Option<String>>(11)?.unwrap_or_default(),
            })
        }
        "B" => Item::Broadcast {
            topic: row.try_get::<_, Option<String>>(7)?.unwrap_or_default(),
            private: row.try_get::<_, Option<bool>>(8)?.unwrap_or(true),
            message: row.try_get::<_, Option<Value>>(9)?.unwrap_or(Value::Null),
            origin,
        },
        "P" => Item::Presence {
            topic: row.try_get::<_, Option<String>>(7)?.unwrap_or_default(),
            private: row.try_get::<_, Option<bool>>(8)?.unwrap_or(false),
            message: row.try_get::<_, Option<Value>>(9)?.unwrap_or(Value::Null),
            origin,
        },
        _ => return Ok(None),
    };
    Ok(Some((xid, id, item)))
}

async fn listen(pool: &PgPool) -> Option<PgListener> {
    let mut listener = match PgListener::connect_with(pool).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, "the realtime listener cannot connect; polling until it can");
            return None;
        }
    };
    match listener.listen_all([CHANNEL, "pgrst"]).await {
        Ok(()) => Some(listener),
        Err(error) => {
            tracing::warn!(%error, "cannot LISTEN for realtime changes; polling until it can");
            None
        }
    }
}
