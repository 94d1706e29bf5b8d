//! The demo content: a fresh embedded data directory starts with it (the real binary), its
//! accounts sign in with the printed password, its files are real, and a restart or
//! `server demo` does not add it twice.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use serde_json::json;
use server::db::embedded::socket_url;
use sqlx::ConnectOptions;
use support::app::{app_server_command, demo_password};
use support::process::{ServerProcess, run_to_exit};

fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("hwt-demo-").tempdir_in("/tmp").expect("test set-up");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("test set-up");
    dir
}

async fn count(data: &Path, sql: &'static str) -> i64 {
    let url = socket_url(&data.join("postgres"), "postgres", "app");
    let mut conn = url.parse::<sqlx::postgres::PgConnectOptions>().unwrap().connect().await.unwrap();
    sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
}

fn anon_key(data: &Path) -> String {
    let output = run_to_exit(app_server_command(data).arg("keys"));
    let stdout = String::from_utf8(output.stdout).unwrap();
    stdout.lines().find_map(|l| l.strip_prefix("ANON_KEY=")).unwrap().to_string()
}

#[tokio::test]
async fn a_fresh_data_directory_starts_with_the_demo_community() {
    let dir = data_dir();
    let data = dir.path().join("data");
    let mut command = app_server_command(&data);
    command.env("DEMO", "1");
    let server = ServerProcess::start_command(command, &data);
    wait_ready(&server).await;
    // One account per role, and the second matrimony registrant (seed/content.sql, issue 16).
    assert_eq!(count(&data, "select count(*) from public.users where email like '%@demo.havyaka.org'").await, 10);
    assert!(count(&data, "select count(*) from public.events where event_date >= current_date").await >= 2);
    assert!(count(&data, "select count(*) from public.events where event_date < current_date").await >= 2);
    // A full event with a waitlist (issue 37).
    assert_eq!(
        count(
            &data,
            "select count(*) from public.events e where e.title = 'Bhajan Sandhya'
               and (select sum(1 + guests) from public.event_registrations r where r.event_id = e.id) = e.max_attendees
               and (select count(*) from public.event_waitlist w where w.event_id = e.id and w.status = 'waiting') = 2"
        )
        .await,
        1
    );
    assert!(count(&data, "select count(*) from public.media_items").await >= 3);
    assert_eq!(count(&data, "select count(*) from public.havyaka_sandesha_issues").await, 3);
    assert_eq!(count(&data, "select count(*) from storage.objects").await, 13);

    // A generated photo is served from the public gallery bucket.
    let photo = server.get("/storage/v1/object/public/gallery/demo/ugadi-1.jpg").await;
    assert_eq!(photo.status(), 200);
    assert_eq!(photo.headers()["content-type"], "image/jpeg");
    let bytes = photo.bytes().await.unwrap();
    assert!(bytes.starts_with(&[0xff, 0xd8, 0xff]), "a JPEG");

    // The admin signs in with the printed password and sees the whole register.
    let key = anon_key(&data);
    let client = support::http_client();
    let session: serde_json::Value = client
        .post(format!("{}/auth/v1/token?grant_type=password", server.address))
        .header("apikey", &key)
        .json(&json!({"email": "admin@demo.havyaka.org", "password": demo_password()}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["access_token"].as_str().unwrap_or_else(|| panic!("{session}"));
    let register: serde_json::Value = client
        .get(format!("{}/rest/v1/member_directory?select=unique_id", server.address))
        .header("apikey", &key)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(register.as_array().unwrap().len(), 7, "{register}");
    assert!(server.terminate().success());

    // Neither a restart nor `server demo` adds it again.
    let mut command = app_server_command(&data);
    command.env("DEMO", "1");
    let again = ServerProcess::start_command(command, &data);
    wait_ready(&again).await;
    // One account per role, and the second matrimony registrant (seed/content.sql, issue 16).
    assert_eq!(count(&data, "select count(*) from public.users where email like '%@demo.havyaka.org'").await, 10);
    assert!(again.terminate().success());
    let output = run_to_exit(app_server_command(&data).arg("demo"));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("has the demo content already"));
}

/// Signals are handled once the server answers.
async fn wait_ready(server: &ServerProcess) {
    for _ in 0..100 {
        if server.get("/ready").await.status() == 200 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("/ready never answered 200");
}

#[tokio::test]
async fn demo_zero_starts_empty() {
    let dir = data_dir();
    let data = dir.path().join("data");
    let server = ServerProcess::start_command(app_server_command(&data), &data);
    wait_ready(&server).await;
    assert_eq!(count(&data, "select count(*) from public.users").await, 0);
    assert!(server.terminate().success());
}
