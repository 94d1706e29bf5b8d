//! Anonymous writes: at most `ANON_WRITE_MAX_ROWS` rows per request (413 `too_many_rows`) and
//! `ANON_WRITE_RATE_LIMIT` writes per client address, table (or function) and window (429
//! `over_request_rate_limit` with `Retry-After`), counted in `auth.rate_limits` so every replica
//! shares them. Signed-in users and the service role are not limited here.

use std::net::IpAddr;

use http::StatusCode;

use super::rate_limit::{too_many_requests, window_seconds};
use crate::auth::caller::ApiRole;
use crate::auth::store::limits;
use crate::auth::store::tx::AuthTx;
use crate::db::service_tx::DbError;
use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;

/// Checks one write of `role` from `client` to `target`; `rows` when the body's rows are known.
pub async fn check(
    state: &AppState,
    role: ApiRole,
    client: Option<IpAddr>,
    target: &str,
    rows: Option<usize>,
) -> Result<(), ApiError> {
    if role != ApiRole::Anon {
        return Ok(());
    }
    if let (Some(max), Some(rows)) = (state.rate_limits.anon_write_max_rows, rows)
        && rows > max
    {
        return Err(ApiError::custom(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_rows",
            format!("An anonymous request may write at most {max} rows (this one has {rows})"),
        )
        .with_hint("Sign in, or send the rows in several requests"));
    }
    let (Some(limit), Some(ip)) = (state.rate_limits.anon_write_limit(target), client) else {
        return Ok(());
    };
    let mut tx = AuthTx::begin(&state.connections).await.map_err(unavailable)?;
    let bucket = format!("anon-write:{target}:{ip}");
    let counted = limits::hit(&mut tx, &bucket, limit.hits, limit.window, state.auth.clock.now()).await;
    let counted = counted.map_err(unavailable)?;
    tx.commit().await.map_err(unavailable)?;
    counted.map_err(|retry_after| {
        let message = format!(
            "Too many anonymous writes to {target} from this address (at most {} in {} s)",
            limit.hits,
            window_seconds(limit)
        );
        too_many_requests(retry_after, message)
    })
}

fn unavailable(error: DbError) -> ApiError {
    ApiError::new(ErrorKind::DatabaseUnavailable).with_cause(error)
}
