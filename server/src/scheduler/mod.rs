//! Scheduled work that must happen once however many replicas run: backups, restore drills,
//! clean-ups, and whatever the app adds (offers that expire, reminders).
//!
//! Each job has a cron schedule and a row in `ops.jobs`. Every replica runs a [`Scheduler`]
//! with the same jobs; a due job is claimed in PostgreSQL (`FOR UPDATE SKIP LOCKED`, then a
//! lease renewed while it runs), so exactly one replica runs each occurrence. A replica that
//! stops mid-run leaves a lease that runs out, and the next replica to look closes that run as
//! failed and runs the job again. A missed occurrence (every server down at 02:30) runs once
//! at the next start. `ops.job_runs` keeps every run: occurrence, replica, outcome, detail.
//!
//! Adding a job: build a [`Job`] with a name, a [`Schedule`] and an async function, and add it
//! to the list `serve` hands to [`Scheduler::spawn`].
//!
//! The app's jobs ([`app_jobs`]) are declared in SQL instead (`ops.declare_job(name, cron,
//! function)`, server/migrations/0050): every replica reads `ops.app_jobs` at start, when it
//! changes (a NOTIFY) and every half minute, and claims their occurrences as `app:<name>` like
//! its own; a run calls the declared function. The engine knows nothing of what they do.

pub mod app_jobs;
pub mod schedule;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use serde_json::Value;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

pub use schedule::Schedule;
use store::Claimed;

use crate::shutdown::Stoppable;

/// What a job's function receives.
#[derive(Clone)]
pub struct JobContext {
    /// Connections as the role that migrates (the owner of `ops`).
    pub pool: PgPool,
    /// The occurrence this run is for.
    pub due_at: DateTime<Utc>,
    pub run_id: i64,
}

/// A job's function: its detail (kept in `ops.job_runs.detail`) or an error message.
pub type JobFn = Arc<dyn Fn(JobContext) -> BoxFuture<'static, Result<Value, String>> + Send + Sync>;

#[derive(Clone)]
pub struct Job {
    pub name: String,
    pub schedule: Schedule,
    /// How long a run holds the job without renewing (renewed every third of it).
    pub lease: Duration,
    pub run: JobFn,
}

impl Job {
    pub fn new<F, Fut>(name: &str, schedule: Schedule, run: F) -> Self
    where
        F: Fn(JobContext) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Result<Value, String>> + Send + 'static,
    {
        Self {
            name: name.to_string(),
            schedule,
            lease: Duration::from_secs(60),
            run: Arc::new(move |context| Box::pin(run(context))),
        }
    }

    pub fn with_lease(mut self, lease: Duration) -> Self {
        self.lease = lease;
        self
    }
}

/// A running scheduler; [`Scheduler::stop`] ends it.
pub struct Scheduler(Stoppable);

/// The longest sleep between two looks at the table (another replica may have changed it).
const LONGEST_SLEEP: Duration = Duration::from_secs(30);

/// This process's name in `ops.jobs.running_on` and `ops.job_runs.instance`.
pub fn instance_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into());
    let random = uuid::Uuid::new_v4().simple().to_string();
    format!("{host}:{}:{}", std::process::id(), random.get(..8).unwrap_or("0"))
}

impl Scheduler {
    /// Registers `jobs` and starts claiming them, and the app's jobs (read in UTC when they
    /// name no zone).
    pub async fn spawn(pool: PgPool, jobs: Vec<Job>) -> Result<Self, sqlx::Error> {
        Self::spawn_in_zone(pool, jobs, "UTC").await
    }

    /// [`Self::spawn`], reading the app's jobs that name no zone in `zone` ("Asia/Kolkata").
    pub async fn spawn_in_zone(pool: PgPool, jobs: Vec<Job>, zone: &str) -> Result<Self, sqlx::Error> {
        let now = Utc::now();
        for job in &jobs {
            let next = job.schedule.next_after(now).unwrap_or(now);
            store::register(&pool, &job.name, &job.schedule.describe(), next).await?;
        }
        let (jobs, zone, instance) = (Arc::new(jobs), Arc::from(zone), Arc::from(instance_name()));
        Ok(Self(Stoppable::spawn(|stop| Runner { pool, jobs, zone, instance, stop }.run())))
    }

    /// Ends the scheduler at once without telling the database, as a crash would: its runs
    /// keep their leases until they run out (tests of the takeover).
    pub fn kill(self) {
        self.0.abort();
    }

    /// Stops claiming; runs in progress are cut after `grace` and handed back (due at once,
    /// for another replica or the next start).
    pub async fn stop(self, grace: Duration) {
        self.0.stop(grace).await;
    }
}

struct Runner {
    pool: PgPool,
    jobs: Arc<Vec<Job>>,
    /// The zone of the app's jobs that name none.
    zone: Arc<str>,
    instance: Arc<str>,
    stop: watch::Receiver<bool>,
}

impl Runner {
    async fn run(mut self) {
        let mut listener = self.listen().await;
        let mut running = JoinSet::new();
        let mut app = app_jobs::AppJobs::default();
        let mut reload = true;
        loop {
            if *self.stop.borrow() {
                break;
            }
            if reload || app.is_stale(LONGEST_SLEEP) {
                app.reload(&self.pool, &self.zone).await;
                reload = false;
            }
            let jobs: Vec<&Job> = self.jobs.iter().chain(app.jobs()).collect();
            let names: Vec<String> = jobs.iter().map(|job| job.name.clone()).collect();
            let leases: Vec<(String, f64)> =
                jobs.iter().map(|job| (job.name.clone(), job.lease.as_secs_f64())).collect();
            while running.try_join_next().is_some() {}
            match store::claim(&self.pool, &names, &self.instance, &leases).await {
                Ok(Some(claimed)) => {
                    if let Some(job) = jobs.iter().find(|job| job.name == claimed.job) {
                        running.spawn(run_one(self.pool.clone(), (*job).clone(), claimed, self.stop.clone()));
                    }
                    continue;
                }
                Ok(None) => {}
                Err(error) => tracing::warn!(%error, "the scheduler cannot reach the database; retrying"),
            }
            let sleep = match store::next_due(&self.pool, &names).await {
                Ok(Some(next)) => (next - Utc::now()).to_std().unwrap_or(Duration::ZERO).min(LONGEST_SLEEP),
                _ => LONGEST_SLEEP,
            }
            .max(Duration::from_millis(200));
            let notified = async {
                match listener.as_mut() {
                    Some(listener) => listener.try_recv().await.map_err(|_| ()),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = tokio::time::sleep(sleep) => {}
                result = notified => match result {
                    Ok(Some(notification)) => reload |= notification.payload() == app_jobs::CHANGED,
                    Ok(None) | Err(()) => { listener = self.listen().await; reload = true; }
                },
                _ = self.stop.changed() => {}
                Some(_) = running.join_next(), if !running.is_empty() => {}
            }
        }
        while running.join_next().await.is_some() {}
    }

    async fn listen(&self) -> Option<PgListener> {
        let mut listener = PgListener::connect_with(&self.pool).await.ok()?;
        listener.ignore_pool_close_event(true);
        listener.listen(store::CHANNEL).await.ok()?;
        Some(listener)
    }
}

/// Runs one claimed job, renewing its lease, and records the outcome.
async fn run_one(pool: PgPool, job: Job, claimed: Claimed, mut stop: watch::Receiver<bool>) {
    let started = std::time::Instant::now();
    tracing::info!(job = %job.name, run = claimed.run_id, due_at = %claimed.due_at, "scheduled job started");
    let context = JobContext { pool: pool.clone(), due_at: claimed.due_at, run_id: claimed.run_id };
    let mut work = (job.run)(context);
    let mut renew = tokio::time::interval(job.lease / 3);
    renew.tick().await;
    let outcome = loop {
        tokio::select! {
            outcome = &mut work => break Some(outcome),
            _ = renew.tick() => {
                match store::renew(&pool, &claimed, job.lease.as_secs_f64()).await {
                    Ok(true) => {}
                    Ok(false) => tracing::warn!(job = %job.name, "a scheduled job lost its lease (another replica took it over)"),
                    Err(error) => tracing::warn!(job = %job.name, %error, "cannot renew a scheduled job's lease"),
                }
            }
            _ = stop.changed() => if *stop.borrow() { break None },
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    crate::metrics::global().job_finished(&job.name, outcome.as_ref().is_some_and(Result::is_ok), seconds);
    let (recorded, next) = match outcome {
        Some(outcome) => {
            match &outcome {
                Ok(_) => tracing::info!(job = %job.name, seconds, "scheduled job finished"),
                Err(error) => tracing::error!(job = %job.name, seconds, %error, "scheduled job failed"),
            }
            (outcome, job.schedule.next_after(Utc::now()))
        }
        None => {
            tracing::warn!(job = %job.name, "scheduled job cut short by shutdown; it will run again");
            (Err("cut short: the server was shutting down".to_string()), None)
        }
    };
    if let Err(error) = store::finish(&pool, &claimed, &recorded, next).await {
        tracing::warn!(job = %job.name, %error, "cannot record a scheduled job's outcome; its lease will run out");
    }
}
