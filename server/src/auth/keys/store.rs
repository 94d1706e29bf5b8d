//! `auth.signing_keys`: the managed ES256 keys. The first start generates one. A rotation adds
//! a `next` key, which every replica publishes and accepts at its next reload; once that has
//! surely happened ([`PROMOTE_AFTER`]) a load makes it `current`, and the old one `previous`
//! until `retention` (the access-token lifetime and the clock skew) has passed, when it is
//! deleted. So no replica ever meets a token signed with a key it does not know.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use serde_json::json;

use super::jwk::{self, Key};
use crate::auth::sealed::Sealer;
use crate::auth::store::tx::AuthTx;
use crate::db::request_connections::RequestConnections;

/// How long a `next` key waits before it signs: two reloads of every replica.
pub const PROMOTE_AFTER: Duration = Duration::from_secs(150);

/// A key as listed by `server signing-keys list`.
pub struct Listed {
    pub kid: String,
    pub status: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

fn new_scalar() -> [u8; 32] {
    loop {
        let mut d = [0u8; 32];
        rand::rng().fill_bytes(&mut d);
        if p256::SecretKey::from_slice(&d).is_ok() {
            return d;
        }
    }
}

async fn insert_key(tx: &mut AuthTx, sealer: &Sealer, status: &str) -> Result<(), String> {
    let kid = uuid::Uuid::new_v4().to_string();
    let d = new_scalar();
    let public = jwk::ec_public_jwk(&d, &kid)?;
    let sealed = sealer.seal(&d, &format!("signing_key:{kid}"));
    tx.execute(
        "insert into auth.signing_keys (kid, alg, public_jwk, private_key, status) values ($1, 'ES256', $2, $3, $4) \
         on conflict do nothing",
        &[&kid, &public, &sealed, &status],
    )
    .await
    .map_err(|e| e.to_string())?;
    Ok(())
}

/// Every usable key (the current one signs), generating the first; retired keys past
/// `retention` are deleted.
pub async fn load(connections: &RequestConnections, sealer: &Sealer, retention: Duration) -> Result<Vec<Key>, String> {
    let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
    tx.execute(
        "delete from auth.signing_keys where status = 'previous' and retired_at < now() - make_interval(secs => $1)",
        &[&retention.as_secs_f64()],
    )
    .await
    .map_err(|e| e.to_string())?;
    // A `next` key old enough to be known everywhere takes over.
    let due = tx
        .query_opt(
            "select kid from auth.signing_keys where status = 'next' and created_at < now() - make_interval(secs => $1) \
             order by created_at desc limit 1 for update",
            &[&PROMOTE_AFTER.as_secs_f64()],
        )
        .await
        .map_err(|e| e.to_string())?;
    if let Some(row) = due {
        promote(&mut tx, &row.get::<_, String>(0)).await?;
    }
    let has_current = tx
        .query_opt("select 1 from auth.signing_keys where status = 'current'", &[])
        .await
        .map_err(|e| e.to_string())?
        .is_some();
    if !has_current {
        insert_key(&mut tx, sealer, "current").await?;
    }
    let rows = tx
        .query("select kid, private_key, status from auth.signing_keys order by created_at", &[])
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    let mut keys = Vec::new();
    for row in rows {
        let (kid, sealed, status): (String, Vec<u8>, String) = (row.get(0), row.get(1), row.get(2));
        let d = sealer
            .open(&sealed, &format!("signing_key:{kid}"))
            .ok_or_else(|| format!("signing key {kid} cannot be opened: was JWT_SECRET changed?"))?;
        let mut private = jwk::ec_public_jwk(&d, &kid)?;
        private["d"] = json!(URL_SAFE_NO_PAD.encode(&d));
        private["key_ops"] = if status == "current" { json!(["sign", "verify"]) } else { json!(["verify"]) };
        keys.push(jwk::parse(&private)?);
    }
    Ok(keys)
}

async fn promote(tx: &mut AuthTx, kid: &str) -> Result<(), String> {
    tx.execute("update auth.signing_keys set status = 'previous', retired_at = now() where status = 'current'", &[])
        .await
        .map_err(|e| e.to_string())?;
    tx.execute("update auth.signing_keys set status = 'current' where kid = $1", &[&kid])
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Adds a `next` key (replacing an earlier `next` not yet promoted); with `now`, it signs at
/// once (one replica, or when every replica restarts). The new key's id.
pub async fn rotate(connections: &RequestConnections, sealer: &Sealer, now: bool) -> Result<String, String> {
    let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
    tx.execute("delete from auth.signing_keys where status = 'next'", &[]).await.map_err(|e| e.to_string())?;
    insert_key(&mut tx, sealer, "next").await?;
    let row = tx
        .query_one("select kid from auth.signing_keys where status = 'next'", &[])
        .await
        .map_err(|e| e.to_string())?;
    let kid: String = row.get(0);
    if now {
        promote(&mut tx, &kid).await?;
    }
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(kid)
}

/// The stored keys, newest first.
pub async fn list(connections: &RequestConnections) -> Result<Vec<Listed>, String> {
    let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
    let rows = tx
        .query("select kid, status, created_at from auth.signing_keys order by created_at desc", &[])
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(rows.iter().map(|row| Listed { kid: row.get(0), status: row.get(1), created_at: row.get(2) }).collect())
}
