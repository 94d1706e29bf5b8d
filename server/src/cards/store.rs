//! `auth.card_keys`: the keys that sign the app's tokens. A load deletes keys whose last token
//! has expired, makes the first key, and adds the next one a month before the current one
//! stops signing; that key waits [`PROMOTE_AFTER`] before it signs, so every replica publishes
//! it first. `server signing-keys rotate --cards` adds one at once.

use std::time::Duration;

use super::{MAX_LIFETIME, ROTATE_BEFORE, SIGNS_FOR};
use crate::auth::keys::store::PROMOTE_AFTER;
use crate::auth::sealed::Sealer;
use crate::auth::store::tx::AuthTx;
use crate::db::request_connections::RequestConnections;

/// A stored key, opened.
pub struct Stored {
    pub kid: String,
    pub d: Vec<u8>,
    pub signs: bool,
    pub not_before: chrono::DateTime<chrono::Utc>,
    pub not_after: chrono::DateTime<chrono::Utc>,
}

fn secs(duration: Duration) -> f64 {
    duration.as_secs_f64()
}

fn new_kid() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 6];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn new_scalar() -> [u8; 32] {
    loop {
        let mut d = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut d);
        if p256::SecretKey::from_slice(&d).is_ok() {
            return d;
        }
    }
}

/// Inserts a key signing from `now() + wait` for [`SIGNS_FOR`]; its id.
async fn insert_key(tx: &mut AuthTx, sealer: &Sealer, wait: Duration) -> Result<String, String> {
    let kid = new_kid();
    let d = new_scalar();
    let public = crate::auth::keys::jwk::ec_public_jwk(&d, &kid)?;
    let sealed = sealer.seal(&d, &format!("card_key:{kid}"));
    tx.execute(
        "insert into auth.card_keys (kid, public_jwk, private_key, not_before, not_after) \
         values ($1, $2, $3, now() + make_interval(secs => $4), now() + make_interval(secs => $4 + $5))",
        &[&kid, &public, &sealed, &secs(wait), &secs(SIGNS_FOR)],
    )
    .await
    .map_err(|e| e.to_string())?;
    Ok(kid)
}

/// Every key still verifying (deleting the others), making the first and the next one.
pub async fn load(connections: &RequestConnections, sealer: &Sealer) -> Result<Vec<Stored>, String> {
    let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
    tx.execute("lock table auth.card_keys in share row exclusive mode", &[]).await.map_err(|e| e.to_string())?;
    tx.execute(
        "delete from auth.card_keys where not_after < now() - make_interval(secs => $1)",
        &[&secs(MAX_LIFETIME)],
    )
    .await
    .map_err(|e| e.to_string())?;
    let signing = tx
        .query_opt("select 1 from auth.card_keys where not_before <= now() and not_after > now() limit 1", &[])
        .await
        .map_err(|e| e.to_string())?;
    if signing.is_none() {
        insert_key(&mut tx, sealer, Duration::ZERO).await?;
    } else {
        let lasting = tx
            .query_opt(
                "select 1 from auth.card_keys where not_after > now() + make_interval(secs => $1) limit 1",
                &[&secs(ROTATE_BEFORE)],
            )
            .await
            .map_err(|e| e.to_string())?;
        if lasting.is_none() {
            insert_key(&mut tx, sealer, PROMOTE_AFTER).await?;
        }
    }
    let rows = tx
        .query(
            "select kid, private_key, not_before, not_after, \
                    not_before = (select max(not_before) from auth.card_keys \
                                   where not_before <= now() and not_after > now()) \
               from auth.card_keys order by not_before",
            &[],
        )
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    rows.iter()
        .map(|row| {
            let kid: String = row.get(0);
            let sealed: Vec<u8> = row.get(1);
            let d = sealer
                .open(&sealed, &format!("card_key:{kid}"))
                .ok_or_else(|| format!("card key {kid} cannot be opened: was JWT_SECRET changed?"))?;
            Ok(Stored {
                kid,
                d,
                not_before: row.get(2),
                not_after: row.get(3),
                signs: row.get::<_, Option<bool>>(4) == Some(true),
            })
        })
        .collect()
}

/// Adds a key; with `now` it signs at once (one replica, or all restarted together), else
/// after [`PROMOTE_AFTER`]. Older keys stop signing then, and keep verifying. Its id.
pub async fn rotate(connections: &RequestConnections, sealer: &Sealer, now: bool) -> Result<String, String> {
    let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
    let wait = if now { Duration::ZERO } else { PROMOTE_AFTER };
    let kid = insert_key(&mut tx, sealer, wait).await?;
    tx.execute(
        "update auth.card_keys k set not_after = greatest(k.not_before + interval '1 second', n.not_before) \
           from auth.card_keys n where n.kid = $1 and k.kid <> $1 and k.not_after > n.not_before",
        &[&kid],
    )
    .await
    .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(kid)
}
