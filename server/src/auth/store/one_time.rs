//! `auth.one_time_tokens`: the tokens of mailed links.

use std::time::Duration;

use uuid::Uuid;

use super::tx::{AuthTx, DbError};

/// What a mailed link does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Confirmation,
    Recovery,
    EmailChange,
    Invite,
    MagicLink,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Confirmation => "confirmation",
            Self::Recovery => "recovery",
            Self::EmailChange => "email_change",
            Self::Invite => "invite",
            Self::MagicLink => "magiclink",
        }
    }

    /// The `type` of `/verify` (and of the link) for this purpose.
    pub fn verify_type(self) -> &'static str {
        match self {
            Self::Confirmation => "signup",
            other => other.as_str(),
        }
    }
}

/// Replaces the user's earlier tokens of this purpose with one for `token_hash`.
pub async fn issue(
    tx: &mut AuthTx,
    user_id: Uuid,
    purpose: Purpose,
    token_hash: &str,
    relates_to: &str,
    lifetime: Duration,
) -> Result<(), DbError> {
    issue_kind(tx, user_id, purpose.as_str(), token_hash, relates_to, lifetime).await
}

/// `token_type` of reauthentication nonces (never redeemed by `/verify`).
const REAUTHENTICATION: &str = "reauthentication";

/// The stored form of a reauthentication nonce: short codes are hashed with their user's id,
/// so two users' codes never share a hash.
fn nonce_hash(user_id: Uuid, nonce: &str) -> String {
    crate::auth::tokens::token_hash(&format!("{user_id}:{nonce}"))
}

/// Replaces the user's earlier reauthentication nonce with `nonce`, sent to `relates_to`.
pub async fn issue_nonce(
    tx: &mut AuthTx,
    user_id: Uuid,
    nonce: &str,
    relates_to: &str,
    lifetime: Duration,
) -> Result<(), DbError> {
    issue_kind(tx, user_id, REAUTHENTICATION, &nonce_hash(user_id, nonce), relates_to, lifetime).await
}

/// Spends the user's unexpired nonce when it is `nonce`; whether it was.
pub async fn redeem_nonce(tx: &mut AuthTx, user_id: Uuid, nonce: &str) -> Result<bool, DbError> {
    let row = tx
        .query_opt(
            "delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and token_hash = $3 \
             returning expires_at > now()",
            &[&user_id, &REAUTHENTICATION, &nonce_hash(user_id, nonce)],
        )
        .await?;
    Ok(row.is_some_and(|row| row.get::<_, bool>(0)))
}

/// Discards the user's unused reauthentication nonce.
pub async fn discard_nonce(tx: &mut AuthTx, user_id: Uuid) -> Result<(), DbError> {
    tx.execute(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = $2",
        &[&user_id, &REAUTHENTICATION],
    )
    .await?;
    Ok(())
}

async fn issue_kind(
    tx: &mut AuthTx,
    user_id: Uuid,
    kind: &str,
    token_hash: &str,
    relates_to: &str,
    lifetime: Duration,
) -> Result<(), DbError> {
    let seconds = lifetime.as_secs_f64();
    tx.query(
        "with earlier as (delete from auth.one_time_tokens where user_id = $1 and token_type = $2) \
         insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at) \
         values ($1, $2, $3, $4, now() + make_interval(secs => $5))",
        &[&user_id, &kind, &token_hash, &relates_to, &seconds],
    )
    .await?;
    Ok(())
}

/// Discards the user's unused tokens of this purpose.
pub async fn discard(tx: &mut AuthTx, user_id: Uuid, purpose: Purpose) -> Result<(), DbError> {
    tx.execute(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = $2",
        &[&user_id, &purpose.as_str()],
    )
    .await?;
    Ok(())
}

/// A redeemed token: whose, and the address it was sent to.
pub struct Redeemed {
    pub user_id: Uuid,
    pub purpose: Purpose,
    pub relates_to: String,
}

/// Deletes the unexpired token with this hash whose purpose is one of `purposes`; an expired
/// one is deleted too but redeems nothing.
pub async fn redeem(tx: &mut AuthTx, token_hash: &str, purposes: &[Purpose]) -> Result<Option<Redeemed>, DbError> {
    let names: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
    let row = tx
        .query_opt(
            "delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2) \
             returning user_id, token_type, relates_to, expires_at > now()",
            &[&token_hash, &names],
        )
        .await?;
    let Some(row) = row else { return Ok(None) };
    if !row.get::<_, bool>(3) {
        return Ok(None);
    }
    let kind: String = row.get(1);
    let purpose = purposes.iter().copied().find(|p| p.as_str() == kind).unwrap_or(purposes[0]);
    Ok(Some(Redeemed { user_id: row.get(0), purpose, relates_to: row.get(2) }))
}
