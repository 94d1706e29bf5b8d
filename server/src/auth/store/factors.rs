//! `auth.mfa_factors` and `auth.mfa_challenges`: TOTP second factors (secrets sealed,
//! [`crate::auth::sealed`]) and the challenges a verification answers.

use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use uuid::Uuid;

use super::tx::{AuthTx, DbError};
use crate::auth::user::timestamp;

#[derive(Debug, Clone)]
pub struct Factor {
    pub id: Uuid,
    pub user_id: Uuid,
    pub friendly_name: Option<String>,
    pub factor_type: String,
    pub status: String,
    pub secret: Vec<u8>,
    pub last_used_step: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Factor {
    pub fn is_verified(&self) -> bool {
        self.status == "verified"
    }

    /// The factor as GoTrue lists it (in the user and by the admin API).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "friendly_name": self.friendly_name.clone().unwrap_or_default(),
            "factor_type": self.factor_type,
            "status": self.status,
            "created_at": timestamp(self.created_at),
            "updated_at": timestamp(self.updated_at),
        })
    }
}

const COLUMNS: &str = "id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at";

fn factor(row: &crate::db::wire::Row) -> Factor {
    Factor {
        id: row.get(0),
        user_id: row.get(1),
        friendly_name: row.get(2),
        factor_type: row.get(3),
        status: row.get(4),
        secret: row.get(5),
        last_used_step: row.get(6),
        created_at: row.get(7),
        updated_at: row.get(8),
    }
}

/// The user's factors, oldest first.
pub async fn of_user(tx: &mut AuthTx, user_id: Uuid) -> Result<Vec<Factor>, DbError> {
    let sql = format!("select {COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id");
    Ok(tx.query(&sql, &[&user_id]).await?.iter().map(factor).collect())
}

/// The user's factors as JSON (for the user object).
pub async fn json_of_user(tx: &mut AuthTx, user_id: Uuid) -> Result<Vec<Value>, DbError> {
    Ok(of_user(tx, user_id).await?.iter().map(Factor::to_json).collect())
}

/// The user's factor `id`, locked.
pub async fn find(tx: &mut AuthTx, user_id: Uuid, id: Uuid) -> Result<Option<Factor>, DbError> {
    let sql = format!("select {COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2 for update");
    Ok(tx.query_opt(&sql, &[&id, &user_id]).await?.as_ref().map(factor))
}

/// A new unverified factor with its sealed secret (sealed for the id given).
pub async fn insert(
    tx: &mut AuthTx,
    id: Uuid,
    user_id: Uuid,
    friendly_name: Option<&str>,
    sealed_secret: &[u8],
) -> Result<Option<Factor>, DbError> {
    let sql = format!(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, secret) values ($1, $2, $3, 'totp', $4) \
         on conflict do nothing returning {COLUMNS}"
    );
    Ok(tx.query_opt(&sql, &[&id, &user_id, &friendly_name, &sealed_secret]).await?.as_ref().map(factor))
}

/// Marks the code of `step` used (and the factor verified); false when that step or a later one
/// was used already (a replay).
pub async fn accept_step(tx: &mut AuthTx, id: Uuid, step: i64) -> Result<bool, DbError> {
    let updated = tx
        .execute(
            "update auth.mfa_factors set last_used_step = $2, status = 'verified', updated_at = now() \
             where id = $1 and (last_used_step is null or last_used_step < $2)",
            &[&id, &step],
        )
        .await?;
    Ok(updated > 0)
}

/// Deletes the factor; whether it existed.
pub async fn delete(tx: &mut AuthTx, user_id: Uuid, id: Uuid) -> Result<bool, DbError> {
    Ok(tx.execute("delete from auth.mfa_factors where id = $1 and user_id = $2", &[&id, &user_id]).await? > 0)
}

/// The user's other unverified factors go once one is verified (GoTrue does the same).
pub async fn delete_unverified(tx: &mut AuthTx, user_id: Uuid) -> Result<(), DbError> {
    tx.execute("delete from auth.mfa_factors where user_id = $1 and status = 'unverified'", &[&user_id]).await?;
    Ok(())
}

/// A new challenge of the factor, from `ip`: its id and expiry (epoch seconds).
pub async fn challenge(tx: &mut AuthTx, factor: Uuid, ip: &str, expiry_seconds: f64) -> Result<(Uuid, i64), DbError> {
    let row = tx
        .query_one(
            "insert into auth.mfa_challenges (factor_id, ip) values ($1, $2) \
             returning id, extract(epoch from created_at + make_interval(secs => $3))::bigint",
            &[&factor, &ip, &expiry_seconds],
        )
        .await?;
    Ok((row.get(0), row.get(1)))
}

/// A challenge of the factor: (ip, verified, seconds since it was made), locked.
pub async fn find_challenge(tx: &mut AuthTx, factor: Uuid, id: Uuid) -> Result<Option<(String, bool, f64)>, DbError> {
    let row = tx
        .query_opt(
            "select ip, verified_at is not null, extract(epoch from now() - created_at)::float8 \
             from auth.mfa_challenges where id = $1 and factor_id = $2 for update",
            &[&id, &factor],
        )
        .await?;
    Ok(row.map(|row| (row.get(0), row.get(1), row.get(2))))
}

pub async fn mark_challenge(tx: &mut AuthTx, id: Uuid) -> Result<(), DbError> {
    tx.execute("update auth.mfa_challenges set verified_at = now() where id = $1", &[&id]).await?;
    Ok(())
}

pub async fn delete_challenge(tx: &mut AuthTx, id: Uuid) -> Result<(), DbError> {
    tx.execute("delete from auth.mfa_challenges where id = $1", &[&id]).await?;
    Ok(())
}
