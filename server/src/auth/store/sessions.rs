//! `auth.sessions` and `auth.refresh_tokens`.

use chrono::{DateTime, Utc};
use serde_json::Value;
use uuid::Uuid;

use super::tx::{AuthTx, DbError};
use crate::auth::user::{USER_COLUMN_COUNT, USER_COLUMNS, User};

#[derive(Debug, Clone)]
pub struct Session {
    pub id: Uuid,
    pub user_id: Uuid,
    pub aal: String,
    pub amr: Value,
}

/// Opens a session with its first refresh token (stored as `token_hash`), stamps the user's
/// `last_sign_in_at` and records the sign-in, all in one statement; the user as updated and
/// the session.
pub async fn open(
    tx: &mut AuthTx,
    user_id: Uuid,
    amr: &Value,
    token_hash: &str,
    user_agent: Option<&str>,
    ip: &str,
) -> Result<(User, Session), DbError> {
    let sql = format!(
        "with session as ( \
           insert into auth.sessions (user_id, amr, user_agent, ip) values ($1, $2, $3, $4) \
           returning id, user_id, aal, amr), \
         token as ( \
           insert into auth.refresh_tokens (token_hash, session_id, user_id) \
           select $5, id, user_id from session), \
         audit as ( \
           insert into auth.audit_log (action, actor_id, target_id, ip, details) \
           select 'login', user_id, user_id, $4, \
             jsonb_build_object('method', $2::jsonb -> 0 -> 'method', 'session_id', id) from session), \
         signed_in as ( \
           update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 \
           returning {USER_COLUMNS}) \
         select signed_in.*, session.id, session.aal, session.amr from signed_in, session"
    );
    let row = tx.query_one(&sql, &[&user_id, amr, &user_agent, &ip, &token_hash]).await?;
    let user = User::from_row(&row, 0).map_err(DbError::Postgres)?;
    let n = USER_COLUMN_COUNT;
    let session = Session { id: row.get(n), user_id, aal: row.get(n + 1), amr: row.get(n + 2) };
    Ok((user, session))
}

pub async fn find(tx: &mut AuthTx, id: Uuid) -> Result<Option<Session>, DbError> {
    let row = tx.query_opt("select id, user_id, aal, amr from auth.sessions where id = $1", &[&id]).await?;
    Ok(row.map(|row| Session { id: row.get(0), user_id: row.get(1), aal: row.get(2), amr: row.get(3) }))
}

/// Raises the session to `aal2` after a verified second factor, adding `method` to its `amr`;
/// the user's other sessions still at `aal1` end (GoTrue does the same).
pub async fn raise_to_aal2(tx: &mut AuthTx, id: Uuid, factor: Uuid, method: &str) -> Result<Option<Session>, DbError> {
    let row = tx
        .query_opt(
            "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now(), \
               amr = (select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(amr) m \
                      where m ->> 'method' <> $3) \
                     || jsonb_build_array(jsonb_build_object('method', $3, 'timestamp', extract(epoch from now())::bigint)) \
             where id = $1 returning id, user_id, aal, amr",
            &[&id, &factor, &method],
        )
        .await?;
    let Some(row) = row else { return Ok(None) };
    let session = Session { id: row.get(0), user_id: row.get(1), aal: row.get(2), amr: row.get(3) };
    tx.execute("delete from auth.sessions where user_id = $1 and aal = 'aal1' and id <> $2", &[&session.user_id, &id])
        .await?;
    Ok(Some(session))
}

/// A further refresh token of `session` (a new family: the session's level was raised).
pub async fn add_refresh_token(tx: &mut AuthTx, session: &Session, token_hash: &str) -> Result<(), DbError> {
    tx.execute(
        "insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2, $3)",
        &[&token_hash, &session.id, &session.user_id],
    )
    .await?;
    Ok(())
}

/// Sessions raised by a factor that is gone fall back to `aal1`.
pub async fn downgrade_for_factor(tx: &mut AuthTx, factor: Uuid) -> Result<(), DbError> {
    tx.execute(
        "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now(), \
           amr = (select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(amr) m \
                  where m ->> 'method' not in ('totp', 'mfa/totp')) \
         where factor_id = $1",
        &[&factor],
    )
    .await?;
    Ok(())
}

/// How a session was established (its `amr`) and its age in seconds.
pub async fn origin(tx: &mut AuthTx, id: Uuid) -> Result<Option<(Value, f64)>, DbError> {
    let row = tx
        .query_opt(
            "select amr, extract(epoch from now() - created_at)::float8 from auth.sessions where id = $1",
            &[&id],
        )
        .await?;
    Ok(row.map(|row| (row.get(0), row.get(1))))
}

/// Which sessions a sign-out ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Only this one.
    Local,
    /// Every session of the user.
    Global,
    /// Every session of the user but this one.
    Others,
}

/// Ends sessions (their refresh tokens go with them); the number ended.
pub async fn end(tx: &mut AuthTx, user_id: Uuid, session_id: Option<Uuid>, scope: Scope) -> Result<u64, DbError> {
    match (scope, session_id) {
        // Without a session of its own, "others" is every session.
        (Scope::Global, _) | (Scope::Others, None) => {
            tx.execute("delete from auth.sessions where user_id = $1", &[&user_id]).await
        }
        (Scope::Local, Some(session)) => {
            tx.execute("delete from auth.sessions where id = $1 and user_id = $2", &[&session, &user_id]).await
        }
        (Scope::Others, Some(session)) => {
            tx.execute("delete from auth.sessions where user_id = $1 and id <> $2", &[&user_id, &session]).await
        }
        (Scope::Local, None) => Ok(0),
    }
}

/// A stored refresh token, locked for this transaction.
pub struct RefreshToken {
    pub id: i64,
    pub session_id: Uuid,
    pub user_id: Uuid,
    pub revoked: bool,
    /// When it was last changed (rotated, for a revoked one).
    pub updated_at: DateTime<Utc>,
}

/// The token with this hash, locked: concurrent refreshes of one token queue here.
pub async fn lock_token(tx: &mut AuthTx, token_hash: &str) -> Result<Option<RefreshToken>, DbError> {
    let row = tx
        .query_opt(
            "select id, session_id, user_id, revoked, updated_at from auth.refresh_tokens \
             where token_hash = $1 for update",
            &[&token_hash],
        )
        .await?;
    Ok(row.map(|row| RefreshToken {
        id: row.get(0),
        session_id: row.get(1),
        user_id: row.get(2),
        revoked: row.get(3),
        updated_at: row.get(4),
    }))
}

/// The token that replaced `parent_id`: its id, hash, salt, whether it was itself rotated and when.
pub struct Successor {
    pub token: RefreshToken,
    pub token_hash: String,
    pub salt: Vec<u8>,
}

pub async fn successor(tx: &mut AuthTx, parent_id: i64) -> Result<Option<Successor>, DbError> {
    let row = tx
        .query_opt(
            "select id, session_id, user_id, revoked, updated_at, token_hash, salt from auth.refresh_tokens \
             where parent_id = $1 order by id desc limit 1",
            &[&parent_id],
        )
        .await?;
    Ok(row.map(|row| Successor {
        token: RefreshToken {
            id: row.get(0),
            session_id: row.get(1),
            user_id: row.get(2),
            revoked: row.get(3),
            updated_at: row.get(4),
        },
        token_hash: row.get(5),
        salt: row.get::<_, Option<Vec<u8>>>(6).unwrap_or_default(),
    }))
}

/// Revokes `parent` and stores its successor (hash and salt); touches the session.
pub async fn rotate(tx: &mut AuthTx, parent: &RefreshToken, successor_hash: &str, salt: &[u8]) -> Result<(), DbError> {
    tx.query(
        "with revoked as ( \
           update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1), \
         successor as ( \
           insert into auth.refresh_tokens (token_hash, session_id, user_id, parent_id, salt) \
           values ($2, $3, $4, $1, $5)) \
         update auth.sessions set refreshed_at = now(), updated_at = now() where id = $3",
        &[&parent.id, &successor_hash, &parent.session_id, &parent.user_id, &salt],
    )
    .await?;
    Ok(())
}
