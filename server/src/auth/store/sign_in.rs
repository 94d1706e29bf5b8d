//! What a password sign-in reads before the hash, in one statement: the client address's
//! rate-limit hit, the e-mail address's failures in a row, and the account.

use std::time::Duration;

use chrono::{DateTime, Utc};
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
    email: &str,
    now: DateTime<Utc>,
) -> Result<Lookup, DbError> {
    let hit = super::limits::HIT;
    let sql = format!(
        "with hit as ({hit}), \
         failures as ( \
           select f.hits as failed, extract(epoch from $3 - f.window_start)::float8 as since \
           from auth.rate_limits f where f.bucket = $4) \
         select hit.hits, hit.remaining, failures.failed, failures.since, {USER_COLUMNS} \
         from hit left join failures on true \
           left join auth.users on lower(email) = lower($5) and deleted_at is null"
    );
    let seconds = window.as_secs_f64();
    let row = tx.query_one(&sql, &[&address_bucket, &seconds, &now, &failures_bucket, &email]).await?;
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
