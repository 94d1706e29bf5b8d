//! `auth.one_time_tokens`: the tokens of mailed links and the codes sent with them (by mail or
//! SMS). One live token per user and purpose: a new one replaces the last. A code is tied to its
//! user (stored as a hash of the user's id and the code); wrong codes are counted on the row,
//! which is spent after the allowed number of attempts.

use std::time::Duration;

use rand::Rng;
use uuid::Uuid;

use super::tx::{AuthTx, DbError};
use crate::auth::tokens::token_hash;

/// What a token does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Confirmation,
    Recovery,
    EmailChange,
    Invite,
    MagicLink,
    PhoneConfirmation,
    PhoneChange,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Confirmation => "confirmation",
            Self::Recovery => "recovery",
            Self::EmailChange => "email_change",
            Self::Invite => "invite",
            Self::MagicLink => "magiclink",
            Self::PhoneConfirmation => "phone_confirmation",
            Self::PhoneChange => "phone_change",
        }
    }

    /// The `type` of `/verify` (and of the link) for this purpose.
    pub fn verify_type(self) -> &'static str {
        match self {
            Self::Confirmation => "signup",
            Self::PhoneConfirmation => "sms",
            other => other.as_str(),
        }
    }

    /// The mail template of this purpose.
    pub fn template(self) -> &'static str {
        match self {
            Self::MagicLink => "magic_link",
            Self::PhoneConfirmation | Self::PhoneChange => "otp",
            other => other.as_str(),
        }
    }
}

/// A new token: the link token's and the code's hashes are stored, never the token or code.
pub struct Issue<'a> {
    pub user_id: Uuid,
    pub purpose: Purpose,
    pub token_hash: &'a str,
    pub code_hash: Option<&'a str>,
    /// The address or number it was sent to.
    pub relates_to: &'a str,
    pub lifetime: Duration,
    pub flow_state_id: Option<Uuid>,
}

/// A random code of `digits` decimal digits.
pub fn new_code(digits: usize) -> String {
    let mut rng = rand::rng();
    (0..digits).map(|_| char::from(b'0' + rng.random_range(0..10u8))).collect()
}

/// The stored form of a code: codes are short, so they are hashed with their user's id.
pub fn code_hash(user_id: Uuid, code: &str) -> String {
    token_hash(&format!("{user_id}:{}", code.trim()))
}

/// Replaces the user's earlier token of this purpose with this one.
pub async fn issue(tx: &mut AuthTx, issue: &Issue<'_>) -> Result<(), DbError> {
    let seconds = issue.lifetime.as_secs_f64();
    tx.query(
        "with earlier as (delete from auth.one_time_tokens where user_id = $1 and token_type = $2) \
         insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at, code_hash, \
           flow_state_id) \
         values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7)",
        &[
            &issue.user_id,
            &issue.purpose.as_str(),
            &issue.token_hash,
            &issue.relates_to,
            &seconds,
            &issue.code_hash,
            &issue.flow_state_id,
        ],
    )
    .await?;
    Ok(())
}

/// `token_type` of reauthentication nonces (never redeemed by `/verify`).
const REAUTHENTICATION: &str = "reauthentication";

/// Replaces the user's earlier reauthentication nonce with `nonce`, sent to `relates_to`.
pub async fn issue_nonce(
    tx: &mut AuthTx,
    user_id: Uuid,
    nonce: &str,
    relates_to: &str,
    lifetime: Duration,
) -> Result<(), DbError> {
    let seconds = lifetime.as_secs_f64();
    tx.query(
        "with earlier as (delete from auth.one_time_tokens where user_id = $1 and token_type = $2) \
         insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at) \
         values ($1, $2, $3, $4, now() + make_interval(secs => $5))",
        &[&user_id, &REAUTHENTICATION, &code_hash(user_id, nonce), &relates_to, &seconds],
    )
    .await?;
    Ok(())
}

/// Spends the user's unexpired nonce when it is `nonce`; whether it was.
pub async fn redeem_nonce(tx: &mut AuthTx, user_id: Uuid, nonce: &str) -> Result<bool, DbError> {
    let row = tx
        .query_opt(
            "delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and token_hash = $3 \
             returning expires_at > now()",
            &[&user_id, &REAUTHENTICATION, &code_hash(user_id, nonce)],
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

/// Discards the user's unused tokens of this purpose.
pub async fn discard(tx: &mut AuthTx, user_id: Uuid, purpose: Purpose) -> Result<(), DbError> {
    tx.execute(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = $2",
        &[&user_id, &purpose.as_str()],
    )
    .await?;
    Ok(())
}

/// A redeemed token: whose, what for, the address it was sent to, and its PKCE flow.
pub struct Redeemed {
    pub user_id: Uuid,
    pub purpose: Purpose,
    pub relates_to: String,
    pub flow_state_id: Option<Uuid>,
}

fn redeemed(row: &crate::db::wire::Row, purposes: &[Purpose]) -> Option<Redeemed> {
    if !row.get::<_, bool>(4) {
        return None;
    }
    let kind: String = row.get(1);
    let purpose = purposes.iter().copied().find(|p| p.as_str() == kind)?;
    Some(Redeemed { user_id: row.get(0), purpose, relates_to: row.get(2), flow_state_id: row.get(3) })
}

/// Deletes the unexpired token with this hash whose purpose is one of `purposes`; an expired
/// one is deleted too but redeems nothing.
pub async fn redeem(tx: &mut AuthTx, token_hash: &str, purposes: &[Purpose]) -> Result<Option<Redeemed>, DbError> {
    let names: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
    let row = tx
        .query_opt(
            "delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2) \
             returning user_id, token_type, relates_to, flow_state_id, expires_at > now()",
            &[&token_hash, &names],
        )
        .await?;
    Ok(row.and_then(|row| redeemed(&row, purposes)))
}

/// Spends the user's live token of one of `purposes` whose code is `code`. A wrong code counts
/// against every live code of those purposes; a code tried `max_attempts` times is spent.
pub async fn redeem_code(
    tx: &mut AuthTx,
    user_id: Uuid,
    purposes: &[Purpose],
    code: &str,
    max_attempts: u32,
) -> Result<Option<Redeemed>, DbError> {
    let names: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
    let row = tx
        .query_opt(
            "delete from auth.one_time_tokens where user_id = $1 and token_type = any($2) and code_hash = $3 \
             returning user_id, token_type, relates_to, flow_state_id, expires_at > now()",
            &[&user_id, &names, &code_hash(user_id, code)],
        )
        .await?;
    if let Some(row) = row {
        return Ok(redeemed(&row, purposes));
    }
    let max = i32::try_from(max_attempts).unwrap_or(i32::MAX);
    // Two statements: a delete in the same statement as the update would not see its rows.
    tx.execute(
        "update auth.one_time_tokens set attempts = attempts + 1 \
         where user_id = $1 and token_type = any($2) and code_hash is not null",
        &[&user_id, &names],
    )
    .await?;
    tx.execute(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = any($2) and code_hash is not null \
         and attempts >= $3",
        &[&user_id, &names, &max],
    )
    .await?;
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_digits_and_their_hashes_depend_on_the_user() {
        let code = new_code(6);
        assert_eq!(code.len(), 6);
        assert!(code.chars().all(|c| c.is_ascii_digit()));
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        assert_eq!(code_hash(a, "123456"), code_hash(a, " 123456 "));
        assert_ne!(code_hash(a, "123456"), code_hash(b, "123456"));
    }
}
