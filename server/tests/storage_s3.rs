//! The S3 backend, round trip against moto's S3 server: small and multipart uploads,
//! downloads and ranges, overwrite and removal (the old bytes go), renders kept beside.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use server::storage::settings::StorageSettings;
use support::rest::send;
use support::s3::Moto;
use support::storage::STORAGE_FIXTURE;
use support::{TestApp, TestAppOptions};

async fn wait_for_keys(moto: &Moto, bucket: &str, count: usize) -> Vec<String> {
    for _ in 0..100 {
        let keys = moto.keys(bucket).await;
        if keys.len() == count {
            return keys;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let keys = moto.keys(bucket).await;
    assert_eq!(keys.len(), count, "{keys:?}");
    keys
}

#[tokio::test]
async fn files_round_trip_through_an_s3_service() {
    let moto = Moto::start().await;
    let backend = moto.bucket("hwt-files").await;
    let settings = StorageSettings { backend, ..StorageSettings::local(std::path::PathBuf::new()) };
    let app = TestApp::spawn_with(TestAppOptions { storage: Some(settings), ..TestAppOptions::default() }).await;
    app.sql(STORAGE_FIXTURE).await;

    app.put_object("docs", "small.txt", "text/plain", b"small file").await;
    let large: Vec<u8> = (0..12 * 1024 * 1024u32).map(|i| (i % 253) as u8).collect();
    app.put_object("docs", "large.bin", "application/octet-stream", &large).await;
    let keys = wait_for_keys(&moto, "hwt-files", 2).await;
    assert!(keys.iter().all(|k| k.starts_with("objects/")), "{keys:?}");

    let small = send(app.storage_service(Method::GET, "/object/docs/small.txt")).await;
    assert_eq!(small.text, "small file");
    let whole = app.storage_service(Method::GET, "/object/docs/large.bin").send().await.unwrap();
    assert_eq!(whole.bytes().await.unwrap().as_ref(), &large[..], "a multipart upload reads back whole");
    let range = app
        .storage_service(Method::GET, "/object/docs/large.bin")
        .header("range", "bytes=6000000-6000099")
        .send()
        .await
        .unwrap();
    assert_eq!(range.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(range.bytes().await.unwrap().as_ref(), &large[6_000_000..6_000_100]);

    let overwrite = send(
        app.storage_service(Method::PUT, "/object/docs/small.txt").header("content-type", "text/plain").body("newer"),
    )
    .await;
    assert_eq!(overwrite.status, StatusCode::OK);
    let after = wait_for_keys(&moto, "hwt-files", 2).await;
    assert_ne!(after, keys, "the overwritten version's bytes are replaced");
    send(app.storage_service(Method::DELETE, "/object/docs/large.bin")).await;
    wait_for_keys(&moto, "hwt-files", 1).await;
    assert_eq!(send(app.storage_service(Method::GET, "/object/docs/small.txt")).await.text, "newer");
}
