//! `auth.flow_states`: PKCE flows (auth-js `flowType: 'pkce'`). A request that mails a link
//! records the client's code challenge; verifying the link hands out an auth code (stored
//! hashed); `POST /token?grant_type=pkce` exchanges it once, with the code verifier.

use uuid::Uuid;

use super::tx::{AuthTx, DbError};

/// A flow whose auth code was presented.
pub struct Flow {
    pub id: Uuid,
    pub user_id: Option<Uuid>,
    pub authentication_method: String,
    pub code_challenge: String,
    pub code_challenge_method: String,
    /// Seconds since the auth code was handed out.
    pub code_age_seconds: f64,
}

pub async fn create(
    tx: &mut AuthTx,
    user_id: Uuid,
    method: &str,
    challenge: &str,
    challenge_method: &str,
) -> Result<Uuid, DbError> {
    let row = tx
        .query_one(
            "insert into auth.flow_states (user_id, authentication_method, code_challenge, code_challenge_method) \
             values ($1, $2, $3, $4) returning id",
            &[&user_id, &method, &challenge, &challenge_method],
        )
        .await?;
    Ok(row.get(0))
}

/// Records the hash of a new auth code on the flow; whether the flow exists.
pub async fn issue_code(tx: &mut AuthTx, flow: Uuid, code_hash: &str) -> Result<bool, DbError> {
    let updated = tx
        .execute(
            "update auth.flow_states set auth_code_hash = $2, auth_code_issued_at = now() where id = $1",
            &[&flow, &code_hash],
        )
        .await?;
    Ok(updated > 0)
}

/// Takes (deletes) the flow of this auth code.
pub async fn take(tx: &mut AuthTx, code_hash: &str) -> Result<Option<Flow>, DbError> {
    let row = tx
        .query_opt(
            "delete from auth.flow_states where auth_code_hash = $1 returning id, user_id, authentication_method, \
             code_challenge, code_challenge_method, extract(epoch from now() - auth_code_issued_at)::float8",
            &[&code_hash],
        )
        .await?;
    Ok(row.map(|row| Flow {
        id: row.get(0),
        user_id: row.get(1),
        authentication_method: row.get(2),
        code_challenge: row.get(3),
        code_challenge_method: row.get(4),
        code_age_seconds: row.get::<_, Option<f64>>(5).unwrap_or(f64::MAX),
    }))
}
