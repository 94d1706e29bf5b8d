//! The real binary on the embedded default: cold start, reuse of the data, clean shutdown,
//! and recovery after `kill -9` of the server and of both processes.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use server::db::embedded::socket_url;
use sqlx::{ConnectOptions, Connection};
use support::process::{ServerProcess, eventually, postgres_processes_in};

/// A data directory the PostgreSQL account can reach (tempdir() is 0700).
fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("hwt-life-").tempdir_in("/tmp").expect("test set-up");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("test set-up");
    dir
}

fn pgdata(data: &Path) -> std::path::PathBuf {
    data.join("data").join("postgres")
}

async fn superuser(data: &Path) -> sqlx::PgConnection {
    let url = socket_url(&pgdata(data), "postgres", "app");
    url.parse::<sqlx::postgres::PgConnectOptions>().expect("test set-up").connect().await.expect("test set-up")
}

/// Runs `sql` as the cluster superuser on the product database.
async fn run_sql(data: &Path, sql: &str) {
    let mut conn = superuser(data).await;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

/// Reads one value as the cluster superuser.
async fn read_scalar<T>(data: &Path, sql: &'static str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let mut conn = superuser(data).await;
    let value = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    value
}

async fn wait_ready(server: &ServerProcess) {
    for _ in 0..100 {
        if server.get("/ready").await.status() == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("/ready never answered 200");
}

/// The server on `data`, once it is ready.
async fn ready(data: &Path) -> ServerProcess {
    let server = ServerProcess::start(data);
    wait_ready(&server).await;
    server
}

/// A server on a fresh data directory, ready, with `sql` run on its database.
async fn ready_with(sql: &str) -> (tempfile::TempDir, ServerProcess) {
    let dir = data_dir();
    let server = ready(&dir.path().join("data")).await;
    run_sql(dir.path(), sql).await;
    (dir, server)
}

/// Starts the server on `dir` again, reads one value, and stops it cleanly.
async fn read_after_restart<T>(dir: &Path, sql: &'static str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let second = ready(&dir.join("data")).await;
    let value = read_scalar(dir, sql).await;
    assert!(second.terminate().success());
    value
}

/// Whether every PostgreSQL process of the cluster under `dir` has ended within `within`.
fn cluster_stops(dir: &Path, within: Duration) -> bool {
    eventually(within, || postgres_processes_in(&pgdata(dir)).is_empty())
}

#[tokio::test]
async fn a_cold_start_serves_and_a_clean_stop_leaves_no_postgres() {
    let dir = data_dir();
    let data = dir.path().join("data");
    let server = ServerProcess::start(&data);
    eprintln!("cold start (initdb, bootstrap, bind) took {:?}", server.startup);
    assert!(server.startup < Duration::from_secs(30), "start-up took {:?}", server.startup);
    wait_ready(&server).await;
    assert_eq!(server.get("/health").await.status(), 200);
    assert!(!postgres_processes_in(&pgdata(dir.path())).is_empty(), "the cluster runs while the server runs");
    assert!(data.join("jwt_secret").is_file());
    assert_eq!(std::fs::metadata(data.join("jwt_secret")).unwrap().permissions().mode() & 0o777, 0o600);
    // Standard output is a pipe here, as in shipped logs: the anon key is told, the service key is not.
    let keys =
        server::secrets::ApiKeys::derive(std::fs::read_to_string(data.join("jwt_secret")).unwrap().trim()).unwrap();
    assert!(
        eventually(Duration::from_secs(5), || server.output().iter().any(|l| l.contains("service key:"))),
        "the banner: {:?}",
        server.output()
    );
    let banner = server.output().join("\n");
    assert!(banner.contains(&keys.anon), "{banner}");
    assert!(!banner.contains(&keys.service_role), "the service key went into the log: {banner}");
    assert!(banner.contains("`server keys` prints it"), "{banner}");

    let status = server.terminate();
    assert!(status.success(), "SIGTERM ends the server cleanly: {status:?}");
    assert!(
        cluster_stops(dir.path(), Duration::from_secs(5)),
        "PostgreSQL processes left behind: {:?}",
        postgres_processes_in(&pgdata(dir.path()))
    );
}

#[tokio::test]
async fn ctrl_c_stops_the_server_and_its_cluster() {
    let dir = data_dir();
    let server = ready(&dir.path().join("data")).await;
    let status = server.stop_with(Signal::SIGINT);
    assert!(status.success(), "{status:?}");
    assert!(cluster_stops(dir.path(), Duration::from_secs(5)), "PostgreSQL processes left behind after Ctrl-C");
}

#[tokio::test]
async fn a_second_start_reuses_the_data_and_the_secret() {
    let (dir, first) =
        ready_with("create table public.kept (note text); insert into public.kept values ('still here');").await;
    let secret_file = dir.path().join("data").join("jwt_secret");
    let secret = std::fs::read_to_string(&secret_file).unwrap();
    assert!(first.terminate().success());

    let note: String = read_after_restart(dir.path(), "select note from public.kept").await;
    assert_eq!(note, "still here");
    assert_eq!(std::fs::read_to_string(&secret_file).unwrap(), secret);
}

#[tokio::test]
async fn a_restart_after_kill_9_of_the_server_keeps_the_data() {
    let (dir, first) =
        ready_with("create table public.survivor (n int); insert into public.survivor values (7);").await;
    first.kill_hard();
    assert!(
        cluster_stops(dir.path(), Duration::from_secs(10)),
        "the orphaned cluster stops by itself when the server dies"
    );

    let n: i32 = read_after_restart(dir.path(), "select n from public.survivor").await;
    assert_eq!(n, 7);
}

#[tokio::test]
async fn a_restart_after_kill_9_of_both_processes_recovers() {
    let (dir, first) = ready_with("create table public.crash (n int); insert into public.crash values (42);").await;
    let postmasters = postgres_processes_in(&pgdata(dir.path()));
    assert!(!postmasters.is_empty());
    // The server is frozen first: its supervisor would otherwise start the cluster again in
    // the moment between the two kills (and the new postmaster replaces the lock file).
    kill(Pid::from_raw(first.pid() as i32), Signal::SIGSTOP).unwrap();
    for pid in &postmasters {
        let _ = kill(Pid::from_raw(*pid as i32), Signal::SIGKILL);
    }
    first.kill_hard();
    assert!(pgdata(dir.path()).join("postmaster.pid").exists(), "a stale lock file is left behind");

    let n: i32 = read_after_restart(dir.path(), "select n from public.crash").await;
    assert_eq!(n, 42, "crash recovery replays the committed row");
}

#[tokio::test]
async fn in_flight_requests_finish_during_a_graceful_stop() {
    let dir = data_dir();
    let data = dir.path().join("data");
    let server = ready(&data).await;
    let address = server.address.clone();
    // Keep requests flowing while the signal arrives: none may fail with a reset.
    let load = tokio::spawn(async move {
        let client = support::http_client();
        let mut ok = 0;
        for _ in 0..20 {
            match client.get(format!("{address}/health")).send().await {
                Ok(response) if response.status() == 200 => ok += 1,
                _ => break,
            }
        }
        ok
    });
    let ok = load.await.unwrap();
    assert!(ok > 0);
    assert!(server.terminate().success());
}

/// The embedded cluster is supervised: when its postmaster dies under a running server, it is
/// started again with backoff; meanwhile requests get 503 with Retry-After, and within 30 s the
/// server serves again with every acknowledged write kept.
#[tokio::test]
async fn a_killed_embedded_postgres_is_restarted_and_nothing_acknowledged_is_lost() {
    let (dir, server) = ready_with(
        "create table public.ledger_lines (n int primary key);
         grant select, insert on public.ledger_lines to anon;
         notify pgrst, 'reload schema';",
    )
    .await;
    let data = dir.path().join("data");
    let keys =
        server::secrets::ApiKeys::derive(std::fs::read_to_string(data.join("jwt_secret")).unwrap().trim()).unwrap();
    let client = support::http_client();
    let lines = format!("{}/rest/v1/ledger_lines", server.address);
    let write = |n: i32| {
        client
            .post(&lines)
            .header("apikey", &keys.anon)
            .header("content-type", "application/json")
            .body(format!("{{\"n\": {n}}}"))
            .send()
    };
    let mut acknowledged = Vec::new();
    for n in 1..=20 {
        // The schema cache reloads on its own notice: wait for the table to be known.
        for _ in 0..100 {
            let answer = write(n).await.unwrap();
            if answer.status() == 201 {
                acknowledged.push(n);
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert_eq!(acknowledged.len(), 20, "the writes before the crash are acknowledged");

    let postmaster = std::fs::read_to_string(pgdata(dir.path()).join("postmaster.pid")).unwrap();
    let postmaster: i32 = postmaster.lines().next().unwrap().trim().parse().unwrap();
    kill(Pid::from_raw(postmaster), Signal::SIGKILL).unwrap();
    let killed_at = std::time::Instant::now();

    // While it is down, a request is told to come back, not failed with an internal error.
    // Backends of the dead postmaster may still answer for a moment (their writes count as
    // acknowledged too): the loop ends at the first write served after a new postmaster runs.
    let restarted = || {
        std::fs::read_to_string(pgdata(dir.path()).join("postmaster.pid"))
            .ok()
            .and_then(|pid| pid.lines().next().map(|line| line.trim() != postmaster.to_string()))
            .unwrap_or(false)
    };
    let mut saw_retry_after = false;
    let mut next = 21;
    loop {
        assert!(killed_at.elapsed() < Duration::from_secs(30), "the server did not serve again within 30 s");
        let answer = write(next).await.unwrap();
        match answer.status().as_u16() {
            201 => {
                acknowledged.push(next);
                if restarted() {
                    break;
                }
            }
            503 => {
                assert!(answer.headers().contains_key("retry-after"), "a 503 says when to come back");
                saw_retry_after = true;
            }
            other => panic!("while PostgreSQL restarts a write is answered {other}: {}", answer.text().await.unwrap()),
        }
        next += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!("serving again {:?} after the kill", killed_at.elapsed());
    assert!(saw_retry_after, "at least one request met the restart");
    assert_ne!(
        std::fs::read_to_string(pgdata(dir.path()).join("postmaster.pid")).unwrap().lines().next().unwrap().trim(),
        postmaster.to_string(),
        "a new postmaster runs"
    );
    let mut conn = superuser(dir.path()).await;
    let kept: Vec<i32> =
        sqlx::query_scalar("select n from public.ledger_lines order by n").fetch_all(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    let lost: Vec<&i32> = acknowledged.iter().filter(|n| !kept.contains(n)).collect();
    assert!(lost.is_empty(), "acknowledged writes lost: {lost:?}");
    assert!(server.terminate().success(), "the server still stops cleanly");
    assert!(cluster_stops(dir.path(), Duration::from_secs(5)), "the restarted cluster stops with the server");
}
