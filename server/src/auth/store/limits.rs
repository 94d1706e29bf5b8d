//! `auth.rate_limits`: fixed-window counters per bucket (an action and a client address or
//! an e-mail address), shared by every replica.

use std::time::Duration;

use super::tx::{AuthTx, DbError};

/// Counts one hit in `bucket`; `Err(seconds)` when the window already had `limit` hits,
/// with the seconds until it ends.
pub async fn hit(tx: &mut AuthTx, bucket: &str, limit: u32, window: Duration) -> Result<Result<(), u64>, DbError> {
    let seconds = window.as_secs_f64();
    let row = tx
        .query_one(
            "insert into auth.rate_limits as r (bucket, window_start, hits) values ($1, now(), 1) \
             on conflict (bucket) do update set \
               hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end, \
               window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() \
                 else r.window_start end \
             returning hits, ceil(extract(epoch from r.window_start + make_interval(secs => $2) - now()))::bigint",
            &[&bucket, &seconds],
        )
        .await?;
    let hits: i32 = row.get(0);
    let remaining: i64 = row.get(1);
    Ok(if i64::from(hits) > i64::from(limit) { Err(remaining.max(1).unsigned_abs()) } else { Ok(()) })
}

/// One more failure in a row (the window start records when).
pub async fn record_failure(tx: &mut AuthTx, bucket: &str) -> Result<(), DbError> {
    tx.execute(
        "insert into auth.rate_limits as r (bucket, window_start, hits) values ($1, now(), 1) \
         on conflict (bucket) do update set hits = r.hits + 1, window_start = now()",
        &[&bucket],
    )
    .await?;
    Ok(())
}

pub async fn clear(tx: &mut AuthTx, bucket: &str) -> Result<(), DbError> {
    tx.execute("delete from auth.rate_limits where bucket = $1", &[&bucket]).await?;
    Ok(())
}
