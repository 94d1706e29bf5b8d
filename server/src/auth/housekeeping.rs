//! Hourly clean-up of what expires on its own: rate-limit counters past any window, and
//! mailed-link tokens past their lifetime. It runs as the scheduler's `auth_housekeeping`
//! job (`serve.rs`), once an hour across every replica. (Rotated refresh tokens stay while their session
//! lives: presenting one later is how a stolen token is noticed.)

use std::time::Duration;

use super::store::tx::{AuthTx, DbError};
use crate::db::request_connections::RequestConnections;

/// Deletes expired rows; how many.
pub async fn sweep(connections: &RequestConnections, longest_window: Duration) -> Result<u64, DbError> {
    let seconds = longest_window.as_secs_f64().max(86_400.0);
    let mut tx = AuthTx::begin(connections).await?;
    let limits = tx
        .execute("delete from auth.rate_limits where window_start < now() - make_interval(secs => $1)", &[&seconds])
        .await?;
    let tokens = tx.execute("delete from auth.one_time_tokens where expires_at < now()", &[]).await?;
    tx.commit().await?;
    Ok(limits + tokens)
}
