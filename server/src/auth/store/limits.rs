//! `auth.rate_limits`: fixed-window counters per bucket (an action and a client address or
//! an e-mail address), shared by every replica.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::tx::{AuthTx, DbError};

/// The statement of one hit at `$3` (the clock's now) in bucket `$1`, window `$2` seconds:
/// the hits so far, and the seconds until the window ends (`remaining`).
pub const HIT: &str = "insert into auth.rate_limits as r (bucket, window_start, hits) values ($1, $3, 1) \
     on conflict (bucket) do update set \
       hits = case when r.window_start <= $3 - make_interval(secs => $2) then 1 else r.hits + 1 end, \
       window_start = case when r.window_start <= $3 - make_interval(secs => $2) then $3 else r.window_start end \
     returning r.hits, ceil(extract(epoch from r.window_start + make_interval(secs => $2) - $3))::bigint as remaining";

/// Counts one hit in `bucket` at `now`; `Err(seconds)` when the window already had `limit`
/// hits, with the seconds until it ends.
pub async fn hit(
    tx: &mut AuthTx,
    bucket: &str,
    limit: u32,
    window: Duration,
    now: DateTime<Utc>,
) -> Result<Result<(), u64>, DbError> {
    let seconds = window.as_secs_f64();
    let row = tx.query_one(HIT, &[&bucket, &seconds, &now]).await?;
    let hits: i32 = row.get(0);
    let remaining: i64 = row.get(1);
    Ok(if i64::from(hits) > i64::from(limit) { Err(remaining.max(1).unsigned_abs()) } else { Ok(()) })
}

/// One more failure in a row (the window start records when).
pub async fn record_failure(tx: &mut AuthTx, bucket: &str, now: DateTime<Utc>) -> Result<(), DbError> {
    tx.execute(
        "insert into auth.rate_limits as r (bucket, window_start, hits) values ($1, $2, 1) \
         on conflict (bucket) do update set hits = r.hits + 1, window_start = $2",
        &[&bucket, &now],
    )
    .await?;
    Ok(())
}

pub async fn clear(tx: &mut AuthTx, bucket: &str) -> Result<(), DbError> {
    tx.execute("delete from auth.rate_limits where bucket = $1", &[&bucket]).await?;
    Ok(())
}
