//! The scheduler runs each occurrence of a job once however many replicas run it, and a job
//! whose replica died is run again by another once its lease runs out.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

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
    // A clean stop lets a run in progress finish (its record too): the grace is generous so a
    // loaded machine does not turn a slow finish into an abort.
    a.stop(Duration::from_secs(15)).await;
    b.stop(Duration::from_secs(15)).await;

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

/// The app's jobs: declared in SQL with a function to call (no Rust knows them).
async fn declare_counting_job(pool: &sqlx::PgPool, schedule: &str) {
    sqlx::raw_sql(
        "create table if not exists public.app_hits (at timestamptz not null default clock_timestamp());
         create or replace function public.count_a_hit() returns jsonb language sql as
           $$ insert into public.app_hits default values returning jsonb_build_object('hit', true) $$;
         create or replace function public.fail_always() returns void language plpgsql as
           $$ begin raise exception 'the app says no'; end $$;",
    )
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("select ops.declare_job('counting', $1, 'public.count_a_hit', null, 5)")
        .bind(schedule)
        .execute(pool)
        .await
        .unwrap();
}

async fn wait_for(pool: &sqlx::PgPool, sql: &'static str, at_least: i64, within: Duration) -> i64 {
    let started = std::time::Instant::now();
    loop {
        let count: i64 = sqlx::query_scalar(sql).fetch_one(pool).await.unwrap();
        if count >= at_least || started.elapsed() > within {
            return count;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn an_app_job_declared_in_sql_runs_each_occurrence_once_across_two_replicas() {
    let (_db, pool) = database().await;
    declare_counting_job(&pool, "* * * * * *").await;
    let a = Scheduler::spawn(pool.clone(), vec![]).await.unwrap();
    let b = Scheduler::spawn(pool.clone(), vec![]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(5500)).await;
    a.stop(Duration::from_secs(2)).await;
    b.stop(Duration::from_secs(2)).await;
    let hits: i64 = sqlx::query_scalar("select count(*) from public.app_hits").fetch_one(&pool).await.unwrap();
    let (runs, occurrences, instances, detail): (i64, i64, i64, serde_json::Value) = sqlx::query_as(
        "select count(*), count(distinct due_at), count(distinct instance), (array_agg(detail))[1]
           from ops.job_runs where job = 'app:counting' and ok",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(hits >= 4, "an app job due every second ran {hits} times in 5.5 s");
    assert_eq!(runs, hits, "each call is one recorded run");
    assert_eq!(runs, occurrences, "no occurrence ran twice");
    assert!(instances >= 1);
    assert_eq!(detail, json!({ "hit": true }), "the function's value is the run's detail");
}

#[tokio::test]
async fn a_job_declared_while_running_is_picked_up_and_a_forgotten_one_stops() {
    let (_db, pool) = database().await;
    let scheduler = Scheduler::spawn(pool.clone(), vec![]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    declare_counting_job(&pool, "* * * * * *").await;
    let hits = wait_for(&pool, "select count(*) from public.app_hits", 2, Duration::from_secs(8)).await;
    assert!(hits >= 2, "the declaration woke the scheduler ({hits} runs)");
    sqlx::query("select ops.forget_job('counting')").execute(&pool).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before: i64 = sqlx::query_scalar("select count(*) from public.app_hits").fetch_one(&pool).await.unwrap();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let after: i64 = sqlx::query_scalar("select count(*) from public.app_hits").fetch_one(&pool).await.unwrap();
    scheduler.stop(Duration::from_secs(2)).await;
    assert_eq!(before, after, "a forgotten job no longer runs");
}

#[tokio::test]
async fn a_failing_app_job_is_recorded_and_bad_declarations_are_refused() {
    let (_db, pool) = database().await;
    declare_counting_job(&pool, "* * * * * *").await;
    sqlx::query("select ops.declare_job('failing', '* * * * * *', 'public.fail_always')").execute(&pool).await.unwrap();
    let scheduler = Scheduler::spawn(pool.clone(), vec![]).await.unwrap();
    let failed = wait_for(
        &pool,
        "select count(*) from ops.job_runs where job = 'app:failing' and ok = false and error like '%the app says no%'",
        1,
        Duration::from_secs(8),
    )
    .await;
    scheduler.stop(Duration::from_secs(2)).await;
    assert!(failed >= 1, "the function's error is the run's error");
    let last_error: Option<String> = sqlx::query_scalar("select last_error from ops.jobs where name = 'app:failing'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(last_error.unwrap().contains("the app says no"));
    for (args, expected) in [
        ("'x', '* * * * *', 'public.no_such_function'", "not a function"),
        ("'x', '* * * * *', 'public.count_a_hit', 'Mars/Olympus'", "not a time zone"),
        ("'Bad Name', '* * * * *', 'public.count_a_hit'", "app_jobs_name_check"),
    ] {
        let error = sqlx::query(sqlx::AssertSqlSafe(format!("select ops.declare_job({args})")))
            .execute(&pool)
            .await
            .unwrap_err();
        assert!(error.to_string().contains(expected), "{args}: {error}");
    }
    // Declaring the same job again changes nothing (files re-applied at every start).
    let declared_at = "select declared_at from ops.app_jobs where name = 'counting'";
    let before: chrono::DateTime<chrono::Utc> = sqlx::query_scalar(declared_at).fetch_one(&pool).await.unwrap();
    sqlx::query("select ops.declare_job('counting', '* * * * * *', 'public.count_a_hit', null, 5)")
        .execute(&pool)
        .await
        .unwrap();
    let after: chrono::DateTime<chrono::Utc> = sqlx::query_scalar(declared_at).fetch_one(&pool).await.unwrap();
    assert_eq!(before, after);
}
