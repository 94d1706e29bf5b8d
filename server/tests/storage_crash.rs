//! The upload invariant survives a crash: `kill -9` of the real server in the middle of an
//! upload, then a restart, leaves neither a row without bytes nor bytes without a row.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use bytes::Bytes;
use server::secrets::ApiKeys;
use support::process::{ServerProcess, superuser_of};

fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("hwt-crash-").tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() { stack.push(entry.path()) } else { files.push(entry.path()) }
        }
    }
    files.sort();
    files
}

async fn count(data: &Path, sql: &str) -> i64 {
    let mut conn = superuser_of(data).await;
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&mut conn).await.unwrap()
}

async fn wait_until(what: &str, mut condition: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if condition().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

#[tokio::test]
async fn a_server_killed_mid_upload_leaves_no_trace_after_a_restart() {
    let dir = data_dir();
    let data = dir.path().join("data");
    let secret = "crash-test-secret-that-is-long-enough-for-hs256";
    let mut command = support::process::server_command(&data);
    command.env("JWT_SECRET", secret);
    let server = ServerProcess::start_command(command, &data);
    let keys = ApiKeys::derive(secret).unwrap();
    let client = support::http_client();
    let storage = format!("{}/storage/v1", server.address);
    let service =
        |request: reqwest::RequestBuilder| request.header("apikey", &keys.service_role).bearer_auth(&keys.service_role);
    let created = service(client.post(format!("{storage}/bucket")))
        .json(&serde_json::json!({"id": "docs"}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 200);
    let kept = service(client.post(format!("{storage}/object/docs/kept.txt")))
        .header("content-type", "text/plain")
        .body("committed before the crash")
        .send()
        .await
        .unwrap();
    assert_eq!(kept.status(), 200);

    // A large upload that stops half-way: parts are on disk, the row is not written.
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let body = reqwest::Body::wrap_stream(tokio_stream_of(receiver));
    let upload = tokio::spawn(
        service(client.post(format!("{storage}/object/docs/interrupted.bin")))
            .header("content-type", "application/octet-stream")
            .body(body)
            .send(),
    );
    for _ in 0..7 {
        sender.send(Ok(Bytes::from(vec![42u8; 1024 * 1024]))).await.unwrap();
    }
    let storage_dir = data.join("storage");
    wait_until("a part of the interrupted upload on disk", async || files_under(&storage_dir).len() >= 2).await;
    assert_eq!(count(&data, "select count(*) from storage.pending_uploads").await, 1);
    server.kill_hard();
    drop(sender);
    assert!(upload.await.unwrap().is_err(), "the client sees the connection drop");
    assert_eq!(files_under(&storage_dir).len(), 2, "the kept file and the half-written one");

    let restarted = ServerProcess::start_command(
        {
            let mut command = support::process::server_command(&data);
            command.env("JWT_SECRET", secret);
            command
        },
        &data,
    );
    wait_until("the sweeper to remove the interrupted upload", async || {
        count(&data, "select count(*) from storage.pending_uploads").await == 0 && files_under(&storage_dir).len() == 1
    })
    .await;
    assert_eq!(count(&data, "select count(*) from storage.objects").await, 1);
    let served =
        service(client.get(format!("{}/storage/v1/object/docs/kept.txt", restarted.address))).send().await.unwrap();
    assert_eq!(served.text().await.unwrap(), "committed before the crash");
    assert!(restarted.terminate().success());
}

fn tokio_stream_of<T: Send + 'static>(
    mut receiver: tokio::sync::mpsc::Receiver<T>,
) -> impl futures_util::Stream<Item = T> + Send + 'static {
    futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx))
}
