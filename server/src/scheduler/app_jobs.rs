//! The app's jobs: declared in SQL (`ops.app_jobs`, by `ops.declare_job`), run as
//! `app:<name>` by the same claims as the server's own jobs, each run calling the declared
//! function through `ops.run_app_job` (server/migrations/0050_app_jobs.sql).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::PgPool;

use super::{Job, JobContext, Schedule, store};

/// The NOTIFY payload (on [`store::CHANNEL`]) of a change to `ops.app_jobs`.
pub const CHANGED: &str = "app_jobs";

/// The prefix of an app job's name in `ops.jobs` (the server's own jobs never have it).
pub const PREFIX: &str = "app:";

/// The app's jobs as last read.
#[derive(Default)]
pub struct AppJobs {
    jobs: Vec<Job>,
    loaded_at: Option<Instant>,
    /// Declarations already reported as unusable (reported once, not every reload).
    reported: BTreeSet<String>,
}

impl AppJobs {
    pub fn jobs(&self) -> impl Iterator<Item = &Job> {
        self.jobs.iter()
    }

    pub fn is_stale(&self, after: Duration) -> bool {
        self.loaded_at.is_none_or(|at| at.elapsed() >= after)
    }

    /// Reads `ops.app_jobs` and registers each job in `ops.jobs`; on a database error the
    /// jobs read before are kept.
    pub async fn reload(&mut self, pool: &PgPool, default_zone: &str) {
        self.loaded_at = Some(Instant::now());
        let rows: Vec<(String, String, Option<String>, i32)> =
            match sqlx::query_as("select name, schedule, time_zone, lease_seconds from ops.app_jobs order by name")
                .fetch_all(pool)
                .await
            {
                Ok(rows) => rows,
                Err(error) => {
                    tracing::warn!(%error, "cannot read the app's scheduled jobs; keeping those read before");
                    return;
                }
            };
        let mut jobs = Vec::with_capacity(rows.len());
        for (name, expression, zone, lease) in rows {
            let zone = zone.unwrap_or_else(|| default_zone.to_string());
            let schedule = match Schedule::parse(&expression, &zone) {
                Ok(schedule) => schedule,
                Err(error) => {
                    if self.reported.insert(format!("{name} {expression} {zone}")) {
                        tracing::error!(job = %name, %error, "an app job's schedule is unusable; it does not run");
                    }
                    continue;
                }
            };
            let job = app_job(&name, schedule, Duration::from_secs(u64::try_from(lease).unwrap_or(300)));
            let now = chrono::Utc::now();
            let next = job.schedule.next_after(now).unwrap_or(now);
            if let Err(error) = store::register(pool, &job.name, &job.schedule.describe(), next).await {
                tracing::warn!(job = %job.name, %error, "cannot register an app job");
                continue;
            }
            jobs.push(job);
        }
        self.jobs = jobs;
    }
}

/// The job that runs the app's `name`: one call of `ops.run_app_job(name)`.
fn app_job(name: &str, schedule: Schedule, lease: Duration) -> Job {
    let declared = name.to_string();
    Job::new(&format!("{PREFIX}{name}"), schedule, move |context: JobContext| {
        let declared = declared.clone();
        async move {
            sqlx::query_scalar::<_, Option<Value>>("select ops.run_app_job($1)")
                .bind(&declared)
                .fetch_one(&context.pool)
                .await
                .map(|value| value.unwrap_or(Value::Null))
                .map_err(|error| match error.as_database_error() {
                    Some(database) => database.message().to_string(),
                    None => error.to_string(),
                })
        }
    })
    .with_lease(lease)
}
