//! What a password sign-in reads before the hash, in one statement: the client address's
//! rate-limit hit, the e-mail address's (or number's) failures in a row, and the account.

use std::time::Duration;

use uuid::Uuid;

use super::tx::{AuthTx, DbError};
use crate::auth::user::{USER_COLUMNS, User};

pub struct Lookup {
    /// `Err(seconds)` when the address is over its limit.
    pub rate: Result<(), u64>,
    /// Failures in a row for the e-mail address, and seconds since the last one.
    pub failures: Option<(i32, f64)>,
    pub user: Option<User>,
}

pub async fn lookup(
    tx: &mut AuthTx,
    address_bucket: &str,
    limit: u32,
    window: Duration,
    failures_bucket: &str,
    email: Option<&str>,
    phone: Option<&str>,
) -> Result<Lookup, DbError> {
    let sql = format!(
        "with hit as ( \
           insert into auth.rate_limits as r (bucket, window_start, hits) values ($1, now(), 1) \
           on conflict (bucket) do update set \
             hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end, \
             window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() \
               else r.window_start end \
           returning r.hits, \
             ceil(extract(epoch from r.window_start + make_interval(secs => $2) - now()))::bigint as remaining), \
         failures as ( \
           select f.hits as failed, extract(epoch from now() - f.window_start)::float8 as since \
           from auth.rate_limits f where f.bucket = $3) \
         select hit.hits, hit.remaining, failures.failed, failures.since, {USER_COLUMNS} \
         from hit left join failures on true \
           left join auth.users on (lower(email) = lower($4) or phone = $5) and deleted_at is null"
    );
    let seconds = window.as_secs_f64();
    let row = tx.query_one(&sql, &[&address_bucket, &seconds, &failures_bucket, &email, &phone]).await?;
    let hits: i32 = row.get(0);
    let remaining: i64 = row.get(1);
    let rate = if i64::from(hits) > i64::from(limit) { Err(remaining.max(1).unsigned_abs()) } else { Ok(()) };
    let failures = row.get::<_, Option<i32>>(2).map(|failed| (failed, row.get::<_, Option<f64>>(3).unwrap_or(0.0)));
    let user = match row.get::<_, Option<Uuid>>(4) {
        Some(_) => Some(User::from_row(&row, 4).map_err(DbError::Postgres)?),
        None => None,
    };
    Ok(Lookup { rate, failures, user })
}
