//! Image transformations through `/render/image`: sizes, formats, caching, the original's
//! access rules, and refusals.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use std::io::Cursor;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::{ASHA, RAVI, send};
use support::storage::assert_storage_error;

fn photo(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Jpeg).unwrap();
    bytes
}

fn dimensions(bytes: &[u8]) -> (u32, u32) {
    let image = image::load_from_memory(bytes).unwrap();
    (image.width(), image.height())
}

#[tokio::test]
async fn thumbnails_are_rendered_cached_and_revalidated() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("gallery", "diwali/1.jpg", "image/jpeg", &photo(640, 480)).await;
    let path = "/render/image/authenticated/gallery/diwali/1.jpg?width=160&height=160";
    let first = app.storage_service(Method::GET, path).header("accept", "image/webp,*/*").send().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(first.headers()["content-type"], "image/webp");
    assert_eq!(first.headers()["vary"], "Accept");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let bytes = first.bytes().await.unwrap();
    assert_eq!(dimensions(&bytes), (160, 160));
    assert!(app.files_on_disk().iter().any(|f| f.to_string_lossy().contains("/renders/")), "the render is cached");

    let again =
        send(app.storage_service(Method::GET, path).header("accept", "image/webp").header("if-none-match", &etag))
            .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    let jpeg = app
        .storage_service(Method::GET, "/render/image/authenticated/gallery/diwali/1.jpg?width=320&resize=contain")
        .send()
        .await
        .unwrap();
    assert_eq!(jpeg.headers()["content-type"], "image/jpeg", "without WebP in Accept the original format is kept");
    assert_eq!(dimensions(&jpeg.bytes().await.unwrap()), (320, 240));

    let public = app
        .storage_bare(Method::GET, "/render/image/public/gallery/diwali/1.jpg?height=48&format=png")
        .send()
        .await
        .unwrap();
    assert_eq!(public.headers()["content-type"], "image/png");
    assert_eq!(dimensions(&public.bytes().await.unwrap()), (64, 48));

    send(app.storage_service(Method::DELETE, "/object/gallery/diwali/1.jpg")).await;
    app.wait_for_files(0).await;
}

#[tokio::test]
async fn a_signed_url_carries_its_transformation() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "p.jpg", "image/jpeg", &photo(300, 300)).await;
    let signed = send(
        app.storage_service(Method::POST, "/object/sign/docs/p.jpg")
            .json(&json!({"expiresIn": 60, "transform": {"width": 100, "height": 50, "resize": "fill"}})),
    )
    .await;
    let url = signed.json()["signedURL"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/render/image/sign/docs/p.jpg?token="), "{url}");
    let tampered_query = format!("{url}&width=300");
    let image = app.storage_bare(Method::GET, &tampered_query).send().await.unwrap();
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(dimensions(&image.bytes().await.unwrap()), (100, 50), "the query cannot change a signed transform");
}

#[tokio::test]
async fn renders_follow_the_originals_access_rules() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", &format!("{ASHA}/p.jpg"), "image/jpeg", &photo(50, 50)).await;
    let own =
        send(app.storage_user(ASHA, Method::GET, &format!("/render/image/authenticated/docs/{ASHA}/p.jpg?width=10")))
            .await;
    assert_eq!(own.status, StatusCode::OK);
    let other =
        send(app.storage_user(RAVI, Method::GET, &format!("/render/image/authenticated/docs/{ASHA}/p.jpg?width=10")))
            .await;
    assert_storage_error(&other, 404, "NoSuchKey");
    let public = send(app.storage_bare(Method::GET, &format!("/render/image/public/docs/{ASHA}/p.jpg?width=10"))).await;
    assert_storage_error(&public, 404, "NoSuchKey");
}

#[tokio::test]
async fn what_cannot_be_rendered_is_refused_clearly() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "a.txt", "text/plain", b"not an image").await;
    let text = send(app.storage_service(Method::GET, "/render/image/authenticated/docs/a.txt?width=10")).await;
    assert_storage_error(&text, 422, "InvalidImage");
    let mut bomb = Vec::new();
    image::DynamicImage::ImageLuma8(image::GrayImage::new(1, 1))
        .write_to(&mut Cursor::new(&mut bomb), image::ImageFormat::Png)
        .unwrap();
    bomb[16..20].copy_from_slice(&60_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&60_000u32.to_be_bytes());
    // Refused at upload; one stored before that check (its bytes replaced here) is refused
    // again before it is decoded.
    let upload = send(
        app.storage_service(Method::POST, "/object/docs/bomb.png")
            .header("content-type", "image/png")
            .body(bomb.clone()),
    )
    .await;
    assert_storage_error(&upload, 413, "EntityTooLarge");
    let before = app.files_on_disk();
    app.put_object("docs", "bomb.png", "image/png", &photo(2, 2)).await;
    app.wait_for_files(before.len() + 1).await;
    let stored = app.files_on_disk().into_iter().find(|f| !before.contains(f)).unwrap();
    std::fs::write(stored, &bomb).unwrap();
    let refused = send(app.storage_service(Method::GET, "/render/image/authenticated/docs/bomb.png?width=10")).await;
    assert_storage_error(&refused, 422, "InvalidImage");
    app.put_object("docs", "p.jpg", "image/jpeg", &photo(20, 20)).await;
    let bad = send(app.storage_service(Method::GET, "/render/image/authenticated/docs/p.jpg?width=99999")).await;
    assert_storage_error(&bad, 400, "InvalidRequest");
}
