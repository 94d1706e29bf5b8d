//! The scheduler's SQL: registering jobs, claiming a due one, renewing and ending its lease.
//! Every statement runs as the role that migrates (the owner of `ops`).

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgPool;

/// NOTIFY channel that wakes every replica's scheduler (a job was asked to run now).
pub const CHANNEL: &str = "ops_jobs";

/// A run this instance claimed.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub job: String,
    pub run_id: i64,
    pub due_at: DateTime<Utc>,
}

/// Adds the job, or changes its schedule (then its next occurrence too); a job whose schedule
/// is unchanged keeps its next occurrence, so a restart neither skips nor repeats one.
pub async fn register(pool: &PgPool, name: &str, schedule: &str, next: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into ops.jobs (name, schedule, next_run_at) values ($1, $2, $3)
         on conflict (name) do update set schedule = excluded.schedule,
           next_run_at = case when ops.jobs.schedule is distinct from excluded.schedule
                              then excluded.next_run_at else ops.jobs.next_run_at end",
    )
    .bind(name)
    .bind(schedule)
    .bind(next)
    .execute(pool)
    .await
    .map(|_| ())
}

/// Claims one due job among `names` whose lease is free or ran out, in one transaction: the
/// job row is locked (`SKIP LOCKED`: another replica claiming at the same moment takes another
/// job or none), an abandoned run is closed as failed, and a new run is opened.
pub async fn claim(
    pool: &PgPool,
    names: &[String],
    instance: &str,
    lease_seconds: &[(String, f64)],
) -> Result<Option<Claimed>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let due: Option<(String, DateTime<Utc>, Option<i64>)> = sqlx::query_as(
        "select name, next_run_at, run_id from ops.jobs
          where name = any($1) and next_run_at <= now() and (lease_until is null or lease_until < now())
          order by next_run_at limit 1 for update skip locked",
    )
    .bind(names)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((job, due_at, abandoned)) = due else {
        tx.rollback().await?;
        return Ok(None);
    };
    if let Some(abandoned) = abandoned {
        sqlx::query(
            "update ops.job_runs set finished_at = now(), ok = false,
               error = coalesce(error, 'the server running it stopped before it finished')
              where id = $1 and finished_at is null",
        )
        .bind(abandoned)
        .execute(&mut *tx)
        .await?;
    }
    let lease = lease_seconds.iter().find(|(name, _)| *name == job).map_or(300.0, |(_, s)| *s);
    let run_id: i64 =
        sqlx::query_scalar("insert into ops.job_runs (job, due_at, instance) values ($1, $2, $3) returning id")
            .bind(&job)
            .bind(due_at)
            .bind(instance)
            .fetch_one(&mut *tx)
            .await?;
    sqlx::query(
        "update ops.jobs set running_on = $2, lease_until = now() + make_interval(secs => $3), run_id = $4,
           last_started_at = now()
          where name = $1",
    )
    .bind(&job)
    .bind(instance)
    .bind(lease)
    .bind(run_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(Claimed { job, run_id, due_at }))
}

/// Extends the lease of a run; false when this run no longer holds it.
pub async fn renew(pool: &PgPool, claimed: &Claimed, lease_seconds: f64) -> Result<bool, sqlx::Error> {
    let renewed = sqlx::query(
        "with job as (
           update ops.jobs set lease_until = now() + make_interval(secs => $3)
            where name = $1 and run_id = $2 returning name)
         update ops.job_runs set heartbeat_at = now() where id = $2 and exists (select from job)",
    )
    .bind(&claimed.job)
    .bind(claimed.run_id)
    .bind(lease_seconds)
    .execute(pool)
    .await?;
    Ok(renewed.rows_affected() == 1)
}

/// Closes a run and sets the job's next occurrence (`None`: due again at once, for a run that
/// was cut short by a shutdown and should be taken over by another replica).
pub async fn finish(
    pool: &PgPool,
    claimed: &Claimed,
    outcome: &Result<Value, String>,
    next: Option<DateTime<Utc>>,
) -> Result<(), sqlx::Error> {
    let (ok, detail, error) = match outcome {
        Ok(detail) => (true, Some(detail.clone()), None),
        Err(error) => (false, None, Some(error.clone())),
    };
    let mut tx = pool.begin().await?;
    sqlx::query("update ops.job_runs set finished_at = now(), ok = $2, detail = $3, error = $4 where id = $1")
        .bind(claimed.run_id)
        .bind(ok)
        .bind(detail)
        .bind(&error)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "update ops.jobs set running_on = null, lease_until = null, run_id = null, last_finished_at = now(),
           last_ok = $3, last_error = $4, next_run_at = coalesce($5, next_run_at)
          where name = $1 and run_id = $2",
    )
    .bind(&claimed.job)
    .bind(claimed.run_id)
    .bind(ok)
    .bind(&error)
    .bind(next)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// The earliest next occurrence among `names` (to sleep until).
pub async fn next_due(pool: &PgPool, names: &[String]) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar(
        "select min(greatest(next_run_at, coalesce(lease_until, next_run_at))) from ops.jobs where name = any($1)",
    )
    .bind(names)
    .fetch_one(pool)
    .await
}

/// Makes a job due now and wakes the schedulers; false when no such job is registered.
pub async fn run_now(pool: &PgPool, name: &str) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let updated = sqlx::query("update ops.jobs set next_run_at = least(next_run_at, now()) where name = $1")
        .bind(name)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    sqlx::query("select pg_notify($1, $2)").bind(CHANNEL).bind(name).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(updated == 1)
}
