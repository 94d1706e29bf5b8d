//! Private channels: who may join and send is decided by row-level security on
//! `realtime.messages`, as on Supabase. A client may read a topic's broadcasts (or presence)
//! when, as its role and claims and with `realtime.topic()` set to the topic, it could select
//! a message of that topic and extension; it may send when it could insert one. Nothing is
//! kept: the check's transaction is rolled back.

use std::borrow::Cow;

use crate::db::request_connections::RequestConnections;
use crate::db::service_tx::{DbError, ServiceRole, ServiceTx};
use crate::realtime::identity::Identity;

/// The messages written for a read check are written as `service_role` (which bypasses
/// row-level security), then read as the client.
struct MessagesCheck;

impl ServiceRole for MessagesCheck {
    const ROLE: &'static str = "service_role";

    fn opening() -> Cow<'static, str> {
        Cow::Borrowed("BEGIN; SET LOCAL ROLE service_role; SET LOCAL statement_timeout = '5s'")
    }
}

/// What a client may do on a private topic; `None`: not checked yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policies {
    pub broadcast_read: bool,
    pub presence_read: bool,
    pub broadcast_write: Option<bool>,
    pub presence_write: Option<bool>,
}

const SET_CLIENT_SQL: &str = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), \
     set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), \
     set_config('realtime.topic', $4, true)";

async fn act_as(tx: &mut ServiceTx<MessagesCheck>, identity: &Identity, topic: &str) -> Result<(), DbError> {
    let role = identity.role.as_str().to_owned();
    let claims = identity.claims.to_string();
    let subject = identity.subject.as_deref().unwrap_or("").to_owned();
    tx.query(SET_CLIENT_SQL, &[&role, &claims, &subject, &topic.to_owned()]).await.map(|_| ())
}

/// Reads: may the client receive the topic's broadcasts, and its presence?
pub async fn read(db: &RequestConnections, identity: &Identity, topic: &str) -> Result<Policies, DbError> {
    let mut tx = ServiceTx::<MessagesCheck>::begin(db).await?;
    let rows = tx
        .query(
            "insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') \
             returning id::text, extension",
            &[&topic.to_owned()],
        )
        .await?;
    let mut ids: Vec<(String, String)> = Vec::new();
    for row in &rows {
        ids.push((row.try_get(0).map_err(DbError::Postgres)?, row.try_get(1).map_err(DbError::Postgres)?));
    }
    act_as(&mut tx, identity, topic).await?;
    let wanted: Vec<String> = ids.iter().map(|(id, _)| id.clone()).collect();
    let visible =
        tx.query("select extension from realtime.messages where id = any($1::text[]::uuid[])", &[&wanted]).await;
    tx.rollback().await;
    let visible = match visible {
        Ok(rows) => rows,
        // A policy that fails refuses (as Realtime does: RlsPolicyError).
        Err(DbError::Postgres(error)) if error.as_db_error().is_some() => {
            tracing::info!(%error, topic, "a realtime.messages policy failed; read refused");
            Vec::new()
        }
        Err(error) => return Err(error),
    };
    let seen = |extension: &str| visible.iter().any(|row| row.try_get::<_, String>(0).is_ok_and(|e| e == extension));
    Ok(Policies { broadcast_read: seen("broadcast"), presence_read: seen("presence"), ..Policies::default() })
}

/// Writes: may the client send on the topic for `extension` (`broadcast` or `presence`)?
pub async fn write(
    db: &RequestConnections,
    identity: &Identity,
    topic: &str,
    extension: &str,
) -> Result<bool, DbError> {
    let mut tx = ServiceTx::<MessagesCheck>::begin(db).await?;
    act_as(&mut tx, identity, topic).await?;
    let inserted = tx
        .execute(
            "insert into realtime.messages (topic, extension) values ($1, $2)",
            &[&topic.to_owned(), &extension.to_owned()],
        )
        .await;
    tx.rollback().await;
    match inserted {
        Ok(_) => Ok(true),
        Err(DbError::Postgres(error)) if error.as_db_error().is_some() => {
            if error.as_db_error().map(|e| e.code()) != Some("42501") {
                tracing::info!(%error, topic, "a realtime.messages policy failed; write refused");
            }
            Ok(false)
        }
        Err(error) => Err(error),
    }
}
