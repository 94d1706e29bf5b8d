//! The scheduler runs each occurrence of a job once however many replicas run it, and a job
//! whose replica died is run again by another once its lease runs out.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

mod support;

use std::time::Duration;

use serde_json::json;
use server::scheduler::{Job, JobContext, Schedule, Scheduler};
use support::TestDb;

/// A job that records each run it makes in `public.hits` (occurrence and replica).
fn recording_job(name: &str, replica: &'static str, work: Duration) -> Job {
    Job::new(name, Schedule::parse("* * * * * *", "UTC").unwrap(), move |context: JobContext| async move {
        sqlx::query("insert into public.hits (due_at, replica) values ($1, $2)")
            .bind(context.due_at)
            .bind(replica)
            .execute(&context.pool)
            .await
            .map_err(|e| e.to_string())?;
        tokio::time::sleep(work).await;
        Ok(json!({ "replica": replica }))
    })
    .with_lease(Duration::from_secs(3))
}

async fn database() -> (TestDb, sqlx::PgPool) {
    let db = TestDb::migrated().await;
    let pool = server::db::admin_pool(&db.admin, 4);
    sqlx::query("create table public.hits (due_at timestamptz not null, replica text not null)")
        .execute(&pool)
        .await
        .unwrap();
    (db, pool)
}

#[tokio::test]
async fn two_replicas_run_each_occurrence_exactly_once() {
    let (_db, pool) = database().await;
    let a = Scheduler::spawn(pool.clone(), vec![recording_job("tick", "a", Duration::from_millis(50))]).await.unwrap();
    let b = Scheduler::spawn(pool.clone(), vec![recording_job("tick", "b", Duration::from_millis(50))]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(5500)).await;
    a.stop(Duration::from_secs(2)).await;
    b.stop(Duration::from_secs(2)).await;

    let (runs, occurrences): (i64, i64) =
        sqlx::query_as("select count(*), count(distinct due_at) from public.hits").fetch_one(&pool).await.unwrap();
    assert!(runs >= 4, "a job due every second ran {runs} times in 5.5 s");
    assert_eq!(runs, occurrences, "no occurrence ran twice");
    let recorded: (i64, i64) = sqlx::query_as(
        "select count(*) filter (where ok), count(*) filter (where ok is null) from ops.job_runs where job = 'tick'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(recorded.0, runs, "ops.job_runs has each run, finished and successful");
    assert_eq!(recorded.1, 0, "no run is left open after a clean stop");
}

#[tokio::test]
async fn a_replica_that_dies_mid_run_hands_the_job_to_another_when_its_lease_runs_out() {
    let (_db, pool) = database().await;
    // A's run takes a minute; A dies two seconds in, without a word to the database.
    let a = Scheduler::spawn(pool.clone(), vec![recording_job("slow", "a", Duration::from_secs(60))]).await.unwrap();
    let started = std::time::Instant::now();
    loop {
        let hits: i64 = sqlx::query_scalar("select count(*) from public.hits").fetch_one(&pool).await.unwrap();
        if hits > 0 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "A never started the job");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    a.kill();
    let first_due: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select min(due_at) from public.hits").fetch_one(&pool).await.unwrap();
    let b = Scheduler::spawn(pool.clone(), vec![recording_job("slow", "b", Duration::from_millis(10))]).await.unwrap();
    let taken_over = loop {
        let due: Option<chrono::DateTime<chrono::Utc>> =
            sqlx::query_scalar("select min(due_at) from public.hits where replica = 'b'")
                .fetch_one(&pool)
                .await
                .unwrap();
        if let Some(due) = due {
            break due;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "B never took the job over");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    b.stop(Duration::from_secs(2)).await;
    assert_eq!(taken_over, first_due, "B ran the occurrence A had not finished");
    let abandoned: (bool, String) =
        sqlx::query_as("select ok, error from ops.job_runs where job = 'slow' order by id limit 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(
        !abandoned.0 && abandoned.1.contains("stopped before it finished"),
        "A's run is closed as failed: {abandoned:?}"
    );
}
