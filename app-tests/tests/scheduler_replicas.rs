//! The scheduler with two server processes on one database (issue 37): a job the app declares
//! in SQL runs each occurrence exactly once, whichever replica claims it, and both replicas
//! pick up a declaration made while they run.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use server::db::embedded::socket_url;
use sqlx::ConnectOptions;
use support::app::app_server_command;
use support::process::ServerProcess;

fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("hwt-replicas-").tempdir_in("/tmp").expect("test set-up");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("test set-up");
    dir
}

async fn superuser(data: &Path) -> sqlx::PgConnection {
    let url = socket_url(&data.join("postgres"), "postgres", "app");
    url.parse::<sqlx::postgres::PgConnectOptions>().unwrap().connect().await.unwrap()
}

#[tokio::test]
async fn two_server_processes_run_each_occurrence_of_an_app_job_once() {
    let first_dir = data_dir();
    let second_dir = data_dir();
    let first = ServerProcess::start_command(app_server_command(first_dir.path()), first_dir.path());
    // The second replica uses the first one's database, with its keys (as replicas must).
    let read = |name: &str| std::fs::read_to_string(first_dir.path().join(name)).unwrap().trim().to_string();
    let vapid = String::from_utf8(
        support::process::run_to_exit(app_server_command(second_dir.path()).arg("vapid-keys")).stdout,
    )
    .unwrap();
    let mut command = app_server_command(second_dir.path());
    command
        .env("DATABASE_URL", socket_url(&first_dir.path().join("postgres"), "postgres", "app"))
        .env("JWT_SECRET", read("jwt_secret"));
    for line in vapid.lines() {
        if let Some((key, value)) = line.split_once('=') {
            command.env(key, value);
        }
    }
    let second = ServerProcess::start_command(command, second_dir.path());

    let mut db = superuser(first_dir.path()).await;
    sqlx::raw_sql(
        "create table public.replica_probe (at timestamptz not null default clock_timestamp());
         create function public.replica_probe() returns jsonb language sql as
           $$ insert into public.replica_probe default values returning jsonb_build_object('probe', true) $$;
         select ops.declare_job('replica_probe', '* * * * * *', 'public.replica_probe', 'UTC', 5);",
    )
    .execute(&mut db)
    .await
    .unwrap();
    let started = std::time::Instant::now();
    loop {
        let runs: i64 =
            sqlx::query_scalar("select count(*) from public.replica_probe").fetch_one(&mut db).await.unwrap();
        if runs >= 8 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(40), "the app job ran {runs} times");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let (runs, occurrences, replicas): (i64, i64, i64) = sqlx::query_as(
        "select count(*), count(distinct due_at), count(distinct instance) from ops.job_runs
          where job = 'app:replica_probe' and ok",
    )
    .fetch_one(&mut db)
    .await
    .unwrap();
    let calls: i64 = sqlx::query_scalar("select count(*) from public.replica_probe").fetch_one(&mut db).await.unwrap();
    assert_eq!(runs, occurrences, "no occurrence ran twice");
    assert!(calls <= runs + 2, "every call is a recorded run ({calls} calls, {runs} finished runs)");
    assert!((1..=2).contains(&replicas), "{replicas} replicas ran it");
    // The app's own jobs are registered by both: the waitlist offers and the reminders.
    let declared: i64 = sqlx::query_scalar(
        "select count(*) from ops.jobs where name in ('app:event_waitlist_offers', 'app:event_reminders')",
    )
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(declared, 2);
    second.terminate();
    first.terminate();
}
