//! Every statement of the delivery worker, each in a short transaction as the role
//! `push_admin` (the only role with rights on the push tables).
//!
//! Exactly once per device: a notification is fanned out by one worker (its outbox row is
//! claimed with `FOR UPDATE SKIP LOCKED`) into deliveries that are unique per notification and
//! subscription; a delivery is claimed the same way and leased (status `sending`, until
//! `next_attempt_at`) while it is sent, so no other worker or replica picks it up. A worker that
//! dies mid-send leaves its lease to expire, and the delivery is tried again.

use std::time::Duration;

use sqlx::{PgPool, Postgres, Row, Transaction};

use super::message::Notification;

/// A transaction as `push_admin`.
async fn begin(pool: &PgPool) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::raw_sql("set local role push_admin").execute(&mut *tx).await?;
    Ok(tx)
}

/// Claims up to `limit` due notifications and creates one delivery per device of their
/// audience. A notification with a kind skips the devices of users who do not want that kind
/// (`push.wants`, a hook the product replaces: server/migrations/0016); visitors' devices (no
/// user) still receive broadcasts. The ids of the notifications fanned out.
pub async fn fan_out(pool: &PgPool, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    let mut tx = begin(pool).await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "with due as (
           select id, audience, user_id, topic, kind from push.outbox
           where status = 'pending' and next_attempt_at <= now()
           order by next_attempt_at, id
           limit $1
           for update skip locked
         ), targets as (
           insert into push.deliveries (message_id, subscription_id)
           select due.id, s.id from due join push.subscriptions s on due.audience = 'everyone'
             where s.user_id is null or due.kind is null or push.wants(s.user_id, due.kind)
           union all
           select due.id, s.id from due join push.subscriptions s on s.user_id = due.user_id
             where due.audience = 'user' and (due.kind is null or push.wants(s.user_id, due.kind))
           union all
           select due.id, s.id from due
             join push.topic_members t on t.topic = due.topic
             join push.subscriptions s on s.user_id = t.user_id
             where due.audience = 'topic' and (due.kind is null or push.wants(s.user_id, due.kind))
           on conflict (message_id, subscription_id) do nothing
           returning message_id
         )
         update push.outbox o
         set status = 'fanned_out', fanned_out_at = now(), attempts = o.attempts + 1, last_error = null
         from due where o.id = due.id
         returning o.id",
    )
    .bind(limit)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(ids)
}

/// A claimed delivery: the device (unless it was deleted since) and the notification.
#[derive(Debug)]
pub struct Claimed {
    pub delivery_id: i64,
    pub message_id: i64,
    pub attempts: u32,
    pub device: Option<Device>,
    pub notification: Notification,
}

#[derive(Debug)]
pub struct Device {
    pub subscription_id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Claims up to `limit` due deliveries for `lease` (after which another worker may take them).
pub async fn claim(pool: &PgPool, limit: i64, lease: Duration) -> Result<Vec<Claimed>, sqlx::Error> {
    let mut tx = begin(pool).await?;
    let rows = sqlx::query(
        "with due as (
           select id from push.deliveries
           where status in ('pending', 'sending') and next_attempt_at <= now()
           order by next_attempt_at, id
           limit $1
           for update skip locked
         ), claimed as (
           update push.deliveries d
           set status = 'sending', attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
           from due where d.id = due.id
           returning d.id, d.message_id, d.subscription_id, d.attempts
         )
         select c.id, c.message_id, c.attempts, s.id, s.endpoint, s.p256dh, s.auth,
                m.title, m.body, m.url, m.tag, m.data
         from claimed c
         join push.outbox m on m.id = c.message_id
         left join push.subscriptions s on s.id = c.subscription_id",
    )
    .bind(limit)
    .bind(lease.as_secs_f64())
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    rows.iter().map(claimed).collect()
}

fn claimed(row: &sqlx::postgres::PgRow) -> Result<Claimed, sqlx::Error> {
    let subscription_id: Option<i64> = row.try_get(3)?;
    let device = match subscription_id {
        Some(subscription_id) => {
            Some(Device { subscription_id, endpoint: row.try_get(4)?, p256dh: row.try_get(5)?, auth: row.try_get(6)? })
        }
        None => None,
    };
    let message_id: i64 = row.try_get(1)?;
    let attempts: i32 = row.try_get(2)?;
    Ok(Claimed {
        delivery_id: row.try_get(0)?,
        message_id,
        attempts: u32::try_from(attempts).unwrap_or(0),
        device,
        notification: Notification {
            id: message_id,
            title: row.try_get(7)?,
            body: row.try_get(8)?,
            url: row.try_get(9)?,
            tag: row.try_get(10)?,
            data: row.try_get(11)?,
        },
    })
}

/// What to write about one attempt.
#[derive(Debug)]
pub enum Record {
    Sent {
        status: u16,
    },
    /// The device is gone: its subscription is deleted.
    Gone {
        status: Option<u16>,
        error: Option<String>,
    },
    Retry {
        after: Duration,
        status: Option<u16>,
        error: String,
    },
    Failed {
        status: Option<u16>,
        error: String,
    },
}

/// Writes the outcome of delivery `claimed`.
pub async fn record(pool: &PgPool, claimed: &Claimed, record: &Record) -> Result<(), sqlx::Error> {
    let id = claimed.delivery_id;
    let subscription = claimed.device.as_ref().map(|d| d.subscription_id);
    let mut tx = begin(pool).await?;
    match record {
        Record::Sent { status } => {
            sqlx::query(
                "with d as (
                   update push.deliveries set status = 'sent', http_status = $2, last_error = null, finished_at = now()
                   where id = $1
                 )
                 update push.subscriptions set last_delivered_at = now() where id = $3",
            )
            .bind(id)
            .bind(i32::from(*status))
            .bind(subscription)
            .execute(&mut *tx)
            .await?;
        }
        Record::Gone { status, error } => {
            sqlx::query(
                "with s as (delete from push.subscriptions where id = $4)
                 update push.deliveries set status = 'gone', http_status = $2, last_error = $3, finished_at = now()
                 where id = $1",
            )
            .bind(id)
            .bind(status.map(i32::from))
            .bind(error)
            .bind(subscription)
            .execute(&mut *tx)
            .await?;
        }
        Record::Retry { after, status, error } => {
            sqlx::query(
                "update push.deliveries
                 set status = 'pending', next_attempt_at = now() + make_interval(secs => $2), http_status = $3,
                     last_error = $4
                 where id = $1",
            )
            .bind(id)
            .bind(after.as_secs_f64())
            .bind(status.map(i32::from))
            .bind(error)
            .execute(&mut *tx)
            .await?;
        }
        Record::Failed { status, error } => {
            sqlx::query(
                "update push.deliveries set status = 'failed', http_status = $2, last_error = $3, finished_at = now()
                 where id = $1",
            )
            .bind(id)
            .bind(status.map(i32::from))
            .bind(error)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}

/// Marks notifications `ids` (every one fanned out with none) done when no delivery of theirs
/// is left to try. Run after the deliveries' outcomes are committed: the worker that commits
/// last sees every outcome.
pub async fn finish(pool: &PgPool, ids: Option<&[i64]>) -> Result<u64, sqlx::Error> {
    let mut tx = begin(pool).await?;
    let done = sqlx::query(
        "update push.outbox o set status = 'done', finished_at = now()
         where o.status = 'fanned_out' and ($1::bigint[] is null or o.id = any($1))
           and not exists (
             select from push.deliveries d where d.message_id = o.id and d.status in ('pending', 'sending')
           )",
    )
    .bind(ids)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(done)
}

/// Time until the next notification or delivery is due (zero when one is due now), or `None`
/// when nothing waits.
pub async fn next_due(pool: &PgPool) -> Result<Option<Duration>, sqlx::Error> {
    let mut tx = begin(pool).await?;
    let seconds: Option<f64> = sqlx::query_scalar(
        "select extract(epoch from least(
           (select min(next_attempt_at) from push.deliveries where status in ('pending', 'sending')),
           (select min(next_attempt_at) from push.outbox where status = 'pending')
         ) - now())::float8",
    )
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(seconds.map(|s| Duration::from_secs_f64(s.max(0.0))))
}

/// Deletes finished notifications (their deliveries with them) older than `retention`, after
/// finishing any whose deliveries all ended. How many were deleted.
pub async fn clean_up(pool: &PgPool, retention: Duration) -> Result<u64, sqlx::Error> {
    finish(pool, None).await?;
    let mut tx = begin(pool).await?;
    let deleted = sqlx::query(
        "delete from push.outbox where status = 'done' and finished_at < now() - make_interval(secs => $1)",
    )
    .bind(retention.as_secs_f64())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

/// Hands back claimed deliveries that were never attempted (the worker is stopping).
pub async fn release(pool: &PgPool, ids: &[i64]) -> Result<(), sqlx::Error> {
    let mut tx = begin(pool).await?;
    sqlx::query(
        "update push.deliveries set status = 'pending', attempts = attempts - 1, next_attempt_at = now()
         where id = any($1) and status = 'sending'",
    )
    .bind(ids)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
