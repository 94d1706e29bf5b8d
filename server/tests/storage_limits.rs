//! Upload limits enforced while streaming: size (bucket and server), type (declared and
//! sniffed), names (a path-traversal corpus), lying or missing lengths, and concurrent
//! overwrites of one name.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use server::storage::settings::StorageSettings;
use support::rest::send;
use support::storage::{PNG, STORAGE_FIXTURE, assert_storage_error};
use support::{TestApp, TestAppOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn upload(app: &TestApp, path: &str, content_type: &str, body: Vec<u8>) -> support::rest::Answer {
    send(app.storage_service(Method::POST, &format!("/object/{path}")).header("content-type", content_type).body(body))
        .await
}

#[tokio::test]
async fn a_file_at_the_bucket_limit_passes_and_one_byte_more_is_refused() {
    let app = TestApp::with_storage_fixture().await;
    assert_eq!(upload(&app, "tiny/at.bin", "application/octet-stream", vec![7; 100]).await.status, StatusCode::OK);
    let over = upload(&app, "tiny/over.bin", "application/octet-stream", vec![7; 101]).await;
    let body = assert_storage_error(&over, 413, "EntityTooLarge");
    assert_eq!(body["message"], "The object exceeded the maximum allowed size");
    app.wait_for_files(1).await;
    assert_eq!(app.object_rows().await, 1);
}

#[tokio::test]
async fn chunked_and_multipart_bodies_are_counted_as_they_stream() {
    let app = TestApp::with_storage_fixture().await;
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = (0..11).map(|_| Ok(vec![1u8; 10])).collect();
    let chunked = send(
        app.storage_service(Method::POST, "/object/tiny/chunked.bin")
            .header("content-type", "application/octet-stream")
            .body(reqwest::Body::wrap_stream(futures_util::stream::iter(chunks))),
    )
    .await;
    assert_storage_error(&chunked, 413, "EntityTooLarge");
    let form = reqwest::multipart::Form::new()
        .part("", reqwest::multipart::Part::bytes(vec![0u8; 101]).file_name("f").mime_str("text/plain").unwrap());
    let multipart = send(app.storage_service(Method::POST, "/object/tiny/form.bin").multipart(form)).await;
    assert_storage_error(&multipart, 413, "EntityTooLarge");
    tokio::time::sleep(Duration::from_millis(200)).await;
    app.wait_for_files(0).await;
    assert_eq!(app.object_rows().await, 0);
    let pending: i64 = app.scalar_sql("select count(*) from storage.pending_uploads").await;
    assert_eq!(pending, 0, "a refused upload leaves no bookkeeping");
}

#[tokio::test]
async fn the_server_limit_caps_every_bucket() {
    let storage_dir = tempfile::tempdir().unwrap();
    let mut settings = StorageSettings::local(storage_dir.path().to_path_buf());
    settings.max_file_size = 5 * 1024 * 1024;
    let app = TestApp::spawn_with(TestAppOptions { storage: Some(settings), ..TestAppOptions::default() }).await;
    app.sql(STORAGE_FIXTURE).await;
    let over = upload(&app, "docs/big.bin", "application/octet-stream", vec![0; 5 * 1024 * 1024 + 1]).await;
    assert_eq!(
        assert_storage_error(&over, 413, "EntityTooLarge")["message"],
        "The object exceeded the maximum allowed size"
    );
    let at = upload(&app, "docs/big.bin", "application/octet-stream", vec![0; 5 * 1024 * 1024]).await;
    assert_eq!(at.status, StatusCode::OK, "{}", at.text);
}

#[tokio::test]
async fn allowed_declared_types_are_stored_and_active_content_disguised_as_media_is_not() {
    let app = TestApp::with_storage_fixture().await;
    let pdf = upload(&app, "gallery/a.pdf", "application/pdf", b"%PDF-1.7\n".to_vec()).await;
    assert_eq!(
        assert_storage_error(&pdf, 415, "InvalidMimeType")["message"],
        "mime type application/pdf is not supported"
    );
    let html = upload(&app, "gallery/a.png", "image/png", b"<!doctype html><script>alert(1)</script>".to_vec()).await;
    assert_eq!(
        assert_storage_error(&html, 415, "InvalidMimeType")["message"],
        "mime type image/png does not match the content (text/html)"
    );
    let svg = upload(
        &app,
        "gallery/b.png",
        "image/png",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec(),
    )
    .await;
    assert_storage_error(&svg, 415, "InvalidMimeType");
    let svg_in_docs = upload(&app, "docs/b.png", "image/png", b"<svg onload=alert(1)>".to_vec()).await;
    assert_eq!(
        assert_storage_error(&svg_in_docs, 415, "InvalidMimeType")["message"],
        "mime type image/png does not match the content (image/svg+xml)"
    );
    let script = upload(&app, "gallery/d.jpg", "image/jpeg", b"alert(document.cookie)".to_vec()).await;
    assert_storage_error(&script, 415, "InvalidMimeType");
    let png = upload(&app, "gallery/c.png", "image/png", PNG.to_vec()).await;
    assert_eq!(png.status, StatusCode::OK, "{}", png.text);
    // A PNG declared as JPEG is only mislabelled: stored and served as declared, as Supabase does.
    let mislabelled = upload(&app, "gallery/e.jpg", "image/jpeg", PNG.to_vec()).await;
    assert_eq!(mislabelled.status, StatusCode::OK, "{}", mislabelled.text);
    let served = send(app.storage_service(Method::GET, "/object/gallery/e.jpg")).await;
    assert_eq!(served.header("content-type"), Some("image/jpeg"));
    app.wait_for_files(2).await;
}

#[tokio::test]
async fn a_declared_type_is_stored_with_its_parameters_and_served_as_declared() {
    let app = TestApp::with_storage_fixture().await;
    let text = upload(&app, "docs/photo.jpg", "text/plain;charset=UTF-8", PNG.to_vec()).await;
    assert_eq!(text.status, StatusCode::OK, "{}", text.text);
    let served = send(app.storage_service(Method::GET, "/object/docs/photo.jpg")).await;
    assert_eq!(served.header("content-type"), Some("text/plain;charset=UTF-8"));
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(served.header("content-disposition"), None, "plain text is passive: inline");
    let bad = upload(&app, "docs/x.bin", "text/<script>", b"x".to_vec()).await;
    assert_storage_error(&bad, 415, "InvalidMimeType");
}

#[tokio::test]
async fn a_decompression_bomb_is_refused_before_it_is_stored() {
    let app = TestApp::with_storage_fixture().await;
    let mut bomb = PNG.to_vec();
    bomb[16..20].copy_from_slice(&60000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&60000u32.to_be_bytes());
    let refused = upload(&app, "gallery/bomb.png", "image/png", bomb).await;
    assert_eq!(
        assert_storage_error(&refused, 413, "EntityTooLarge")["message"],
        "The image exceeded the maximum allowed dimensions (60000x60000 is over 40000000 pixels)"
    );
    app.wait_for_files(0).await;
    assert_eq!(app.object_rows().await, 0);
}

#[tokio::test]
async fn markup_and_pdfs_that_are_stored_are_attachments_that_cannot_run_scripts() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "page.html", "text/html", b"<html><script>alert(1)</script>").await;
    app.put_object(
        "docs",
        "js.pdf",
        "application/pdf",
        b"%PDF-1.7\n/OpenAction << /S /JavaScript /JS (app.alert(1)) >>",
    )
    .await;
    for (path, content_type, name) in
        [("/object/docs/page.html", "text/html", "page.html"), ("/object/docs/js.pdf", "application/pdf", "js.pdf")]
    {
        let served = send(app.storage_service(Method::GET, path)).await;
        assert_eq!(served.header("content-type"), Some(content_type));
        assert!(served.header("content-security-policy").unwrap().contains("sandbox"));
        assert!(served.header("content-disposition").unwrap().starts_with(&format!("attachment; filename=\"{name}\"")));
        assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    }
}

/// Sends a request line and headers as they are (no client normalising the path).
async fn raw_request(app: &TestApp, request: String, body: &[u8]) -> String {
    let address = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    stream.shutdown().await.unwrap();
    let mut answer = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut answer)).await;
    answer
}

#[tokio::test]
async fn no_name_reaches_outside_the_storage_root() {
    let app = TestApp::with_storage_fixture().await;
    let outside = app.storage_dir.path().parent().unwrap().to_path_buf();
    let before: Vec<_> = std::fs::read_dir(&outside).unwrap().flatten().map(|e| e.path()).collect();
    let corpus = [
        "../../escape.txt",
        "..%2F..%2Fescape.txt",
        "%2e%2e/%2e%2e/escape.txt",
        "a/../../../escape.txt",
        "./x.txt",
        "a//b.txt",
        "%2Fetc%2Fpasswd",
        "..%5C..%5Cescape.txt",
        "a%00b.txt",
        "a%0Ab.txt",
        "a%E2%80%AEtxt.exe",
    ];
    let key = app.keys.service_role.clone();
    for name in corpus {
        let request = format!(
            "POST /storage/v1/object/docs/{name} HTTP/1.1\r\nhost: x\r\napikey: {key}\r\nauthorization: Bearer {key}\r\n\
             content-type: text/plain\r\ncontent-length: 4\r\nconnection: close\r\n\r\n"
        );
        let answer = raw_request(&app, request, b"evil").await;
        let status = answer.split(' ').nth(1).unwrap_or("");
        assert!(status == "400" || status == "404", "{name}: {answer}");
    }
    let long = "x".repeat(1025);
    let too_long = upload(&app, &format!("docs/{long}"), "text/plain", b"x".to_vec()).await;
    assert_storage_error(&too_long, 400, "InvalidKey");
    assert_eq!(app.object_rows().await, 0);
    assert!(app.files_on_disk().is_empty());
    let after: Vec<_> = std::fs::read_dir(&outside).unwrap().flatten().map(|e| e.path()).collect();
    assert!(after.iter().all(|p| before.contains(p) || !p.ends_with("escape.txt")), "{after:?}");
    assert!(!outside.join("escape.txt").exists());
}

#[tokio::test]
async fn a_body_shorter_than_its_length_stores_nothing() {
    let app = TestApp::with_storage_fixture().await;
    let key = app.keys.service_role.clone();
    let request = format!(
        "POST /storage/v1/object/docs/short.txt HTTP/1.1\r\nhost: x\r\napikey: {key}\r\nauthorization: Bearer {key}\r\n\
         content-type: text/plain\r\ncontent-length: 1000\r\n\r\n"
    );
    raw_request(&app, request, b"only ten b").await;
    let too_big = format!(
        "POST /storage/v1/object/tiny/big.txt HTTP/1.1\r\nhost: x\r\napikey: {key}\r\nauthorization: Bearer {key}\r\n\
         content-type: text/plain\r\ncontent-length: 100000000\r\nconnection: close\r\n\r\n"
    );
    let answer = raw_request(&app, too_big, b"").await;
    assert!(answer.starts_with("HTTP/1.1 413"), "refused before reading: {answer}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.object_rows().await, 0);
    app.wait_for_files(0).await;
    let pending: i64 = app.scalar_sql("select count(*) from storage.pending_uploads").await;
    assert_eq!(pending, 0);
}

#[tokio::test]
async fn concurrent_overwrites_of_one_name_leave_one_object_and_its_bytes() {
    let app = TestApp::with_storage_fixture().await;
    let uploads = (0..12).map(|i| {
        let request = app
            .storage_service(Method::POST, "/object/docs/shared.txt")
            .header("content-type", "text/plain")
            .header("x-upsert", "true")
            .body(format!("version {i}"));
        async move { send(request).await }
    });
    let answers = futures_util::future::join_all(uploads).await;
    for answer in &answers {
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    assert_eq!(app.object_rows().await, 1);
    let files = app.wait_for_files(1).await;
    let stored = std::fs::read_to_string(&files[0]).unwrap();
    let served = send(app.storage_service(Method::GET, "/object/docs/shared.txt")).await;
    assert_eq!(served.text, stored);
    assert!(stored.starts_with("version "));
}

#[tokio::test]
async fn a_client_still_sending_hears_the_refusal() {
    let app = TestApp::with_storage_fixture().await;
    for _ in 0..5 {
        let refused = app
            .storage_service(Method::POST, "/object/gallery/big.pdf")
            .header("content-type", "application/pdf")
            .body(vec![b'%'; 3 * 1024 * 1024])
            .send()
            .await
            .expect("the refusal arrives, not a reset connection");
        assert_eq!(refused.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let anonymous = app
            .storage_anon(Method::POST, "/object/docs/big.bin")
            .header("content-type", "application/octet-stream")
            .body(vec![0u8; 3 * 1024 * 1024])
            .send()
            .await
            .expect("the refusal arrives, not a reset connection");
        assert_eq!(anonymous.status(), StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn a_stalled_upload_is_given_up_and_leaves_nothing() {
    let storage_dir = tempfile::tempdir().unwrap();
    let mut settings = StorageSettings::local(storage_dir.path().to_path_buf());
    settings.upload_idle_timeout = Duration::from_secs(1);
    let app = TestApp::spawn_with(TestAppOptions { storage: Some(settings), ..TestAppOptions::default() }).await;
    app.sql(STORAGE_FIXTURE).await;
    let key = app.keys.service_role.clone();
    let address = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "POST /storage/v1/object/docs/slow.bin HTTP/1.1\r\nhost: x\r\napikey: {key}\r\nauthorization: Bearer {key}\r\n\
         content-type: application/octet-stream\r\ncontent-length: 1000\r\n\r\nfirst bytes"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_string(&mut answer)).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("The upload stalled"), "{answer}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pending: i64 = app.scalar_sql("select count(*) from storage.pending_uploads").await;
    assert_eq!(pending, 0);
    assert!(app.files_on_disk().is_empty());
}

/// Issue 21: a user's files count against a quota (`storage.user_quota_bytes()`, which the app
/// sets); the upload that would pass it is refused whole, and the service role is not counted.
#[tokio::test]
async fn a_users_files_stay_within_their_quota() {
    let app = TestApp::with_storage_fixture().await;
    app.sql(
        "create or replace function storage.user_quota_bytes() returns bigint language sql stable
           as $$ select case when auth.role() = 'service_role' then null else 250 end $$",
    )
    .await;
    let user = uuid::Uuid::new_v4().to_string();
    let put = |name: &str, size: usize, upsert: bool| {
        let request = app
            .storage_user(&user, Method::POST, &format!("/object/docs/{user}/{name}"))
            .header("content-type", "application/octet-stream")
            .header("x-upsert", if upsert { "true" } else { "false" })
            .body(vec![7u8; size]);
        async move { send(request).await }
    };
    assert_eq!(put("a.bin", 200, false).await.status, StatusCode::OK);
    let over = put("b.bin", 100, false).await;
    let body = assert_storage_error(&over, 413, "QuotaExceeded");
    assert_eq!(body["message"], "The storage quota of this account is used up");
    assert_eq!(put("b.bin", 50, false).await.status, StatusCode::OK, "up to the quota exactly");
    assert_eq!(put("a.bin", 150, true).await.status, StatusCode::OK, "a smaller overwrite is fine");
    assert_storage_error(&put("a.bin", 201, true).await, 413, "QuotaExceeded");
    let pending: i64 = app.scalar_sql("select count(*) from storage.pending_uploads").await;
    assert_eq!(pending, 0, "a refused upload leaves nothing behind");
    assert_eq!(
        upload(&app, &format!("docs/{user}/big.bin"), "application/octet-stream", vec![7; 1000]).await.status,
        StatusCode::OK
    );
}
