//! Storing and serving files: uploads (raw and multipart), downloads with validators and
//! ranges, overwrite, info, remove, and the bytes that follow the rows.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;
use support::storage::{PNG, assert_storage_error};

#[tokio::test]
async fn a_raw_upload_is_served_back_with_its_type_and_validators() {
    let app = TestApp::with_storage_fixture().await;
    let answer = app.put_object("docs", "reports/2026 annual.txt", "text/plain;charset=UTF-8", b"hello world").await;
    let body = answer.json();
    assert_eq!(body["Key"], "docs/reports/2026 annual.txt");
    assert!(body["Id"].as_str().unwrap().len() == 36, "{body}");

    let download = send(app.storage_service(Method::GET, "/object/docs/reports/2026%20annual.txt")).await;
    assert_eq!(download.status, StatusCode::OK);
    assert_eq!(download.text, "hello world");
    assert_eq!(download.header("content-type"), Some("text/plain;charset=UTF-8"), "served as declared");
    // A private bucket's bytes are never kept by caches, whatever cache control they were stored with.
    assert_eq!(download.header("cache-control"), Some("no-store"));
    assert_eq!(download.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(download.header("accept-ranges"), Some("bytes"));
    assert_eq!(download.header("content-length"), Some("11"));
    let etag = download.header("etag").unwrap().to_owned();
    assert_eq!(etag, "\"5eb63bbbe01eeed093cb22bb8f5acdc3\"", "the content's MD5, as Supabase Storage");
    assert!(download.header("last-modified").unwrap().ends_with(" GMT"));

    let again =
        send(app.storage_service(Method::GET, "/object/docs/reports/2026%20annual.txt").header("if-none-match", &etag))
            .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.text, "");
    assert_eq!(again.header("etag"), Some(etag.as_str()));
}

#[tokio::test]
async fn a_multipart_upload_takes_its_type_cache_control_and_metadata_from_the_form() {
    let app = TestApp::with_storage_fixture().await;
    let form = reqwest::multipart::Form::new()
        .text("cacheControl", "60")
        .part("", reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("blob").mime_str("image/png").unwrap())
        .text("metadata", r#"{"album":"diwali"}"#);
    let answer = send(app.storage_service(Method::POST, "/object/gallery/u1/lamp.png").multipart(form)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);

    let download = send(app.storage_bare(Method::GET, "/object/public/gallery/u1/lamp.png")).await;
    assert_eq!(download.status, StatusCode::OK);
    assert_eq!(download.header("content-type"), Some("image/png"));
    assert_eq!(download.header("cache-control"), Some("max-age=60"));
    let info = send(app.storage_service(Method::GET, "/object/info/gallery/u1/lamp.png")).await.json();
    assert_eq!(info["size"], PNG.len());
    assert_eq!(info["content_type"], "image/png");
    assert_eq!(info["metadata"], json!({"album": "diwali"}));
}

#[tokio::test]
async fn private_objects_and_signed_urls_are_no_store_and_public_ones_keep_their_caching() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "u1/pan.txt", "text/plain", b"ABCDE1234F").await;
    app.put_object("gallery", "u1/lamp.png", "image/png", PNG).await;
    let private = send(app.storage_service(Method::GET, "/object/authenticated/docs/u1/pan.txt")).await;
    assert_eq!(private.header("cache-control"), Some("no-store"));
    let signed =
        send(app.storage_service(Method::POST, "/object/sign/docs/u1/pan.txt").json(&json!({"expiresIn": 60}))).await;
    let url = signed.json()["signedURL"].as_str().unwrap().to_owned();
    let by_link = send(app.storage_bare(Method::GET, &url)).await;
    assert_eq!(by_link.status, StatusCode::OK, "{}", by_link.text);
    assert_eq!(by_link.text, "ABCDE1234F");
    assert_eq!(by_link.header("cache-control"), Some("no-store"));
    let listing = send(app.storage_service(Method::POST, "/object/list/docs").json(&json!({"prefix": "u1"}))).await;
    assert_eq!(listing.header("cache-control"), Some("no-store"));
    let public = send(app.storage_bare(Method::GET, "/object/public/gallery/u1/lamp.png")).await;
    assert_eq!(public.header("cache-control"), Some("max-age=3600"));
}

#[tokio::test]
async fn byte_ranges_let_videos_seek() {
    let app = TestApp::with_storage_fixture().await;
    let bytes: Vec<u8> = (0..1000u32).map(|i| (i % 251) as u8).collect();
    app.put_object("docs", "v.bin", "application/octet-stream", &bytes).await;
    let part =
        app.storage_service(Method::GET, "/object/docs/v.bin").header("range", "bytes=100-199").send().await.unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.headers()["content-range"], "bytes 100-199/1000");
    assert_eq!(part.bytes().await.unwrap().as_ref(), &bytes[100..200]);
    let tail =
        app.storage_service(Method::GET, "/object/docs/v.bin").header("range", "bytes=-10").send().await.unwrap();
    assert_eq!(tail.bytes().await.unwrap().as_ref(), &bytes[990..]);
    let past = send(app.storage_service(Method::GET, "/object/docs/v.bin").header("range", "bytes=1000-")).await;
    assert_eq!(past.status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(past.header("content-range"), Some("bytes */1000"));
}

#[tokio::test]
async fn head_answers_headers_only_and_tells_existence() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "a.txt", "text/plain", b"abc").await;
    let head = send(app.storage_service(Method::HEAD, "/object/docs/a.txt")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(head.header("content-length"), Some("3"));
    assert_eq!(head.text, "");
    let missing = send(app.storage_service(Method::HEAD, "/object/docs/nope.txt")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_existing_name_needs_upsert_and_overwriting_removes_the_old_bytes() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "a.txt", "text/plain", b"first").await;
    let duplicate = send(
        app.storage_service(Method::POST, "/object/docs/a.txt").header("content-type", "text/plain").body("second"),
    )
    .await;
    assert_storage_error(&duplicate, 409, "KeyAlreadyExists");
    assert_eq!(duplicate.json()["message"], "The resource already exists");
    app.wait_for_files(1).await;

    let upsert = send(
        app.storage_service(Method::POST, "/object/docs/a.txt")
            .header("content-type", "text/plain")
            .header("x-upsert", "true")
            .body("second"),
    )
    .await;
    assert_eq!(upsert.status, StatusCode::OK, "{}", upsert.text);
    let update =
        send(app.storage_service(Method::PUT, "/object/docs/a.txt").header("content-type", "text/plain").body("third"))
            .await;
    assert_eq!(update.status, StatusCode::OK);
    assert_eq!(update.json()["Id"], upsert.json()["Id"], "an overwrite keeps the object's id");
    let download = send(app.storage_service(Method::GET, "/object/docs/a.txt")).await;
    assert_eq!(download.text, "third");
    assert_eq!(app.object_rows().await, 1);
    let files = app.wait_for_files(1).await;
    assert_eq!(std::fs::read(&files[0]).unwrap(), b"third");
}

#[tokio::test]
async fn removing_objects_removes_their_bytes() {
    let app = TestApp::with_storage_fixture().await;
    for name in ["a.txt", "b.txt", "c.txt"] {
        app.put_object("docs", name, "text/plain", name.as_bytes()).await;
    }
    app.wait_for_files(3).await;
    let removed = send(
        app.storage_service(Method::DELETE, "/object/docs").json(&json!({"prefixes": ["a.txt", "b.txt", "zzz.txt"]})),
    )
    .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.text);
    let names: Vec<_> = removed.json().as_array().unwrap().iter().map(|o| o["name"].clone()).collect();
    assert_eq!(names.len(), 2);
    app.wait_for_files(1).await;
    let one = send(app.storage_service(Method::DELETE, "/object/docs/c.txt")).await;
    assert_eq!(one.status, StatusCode::OK);
    app.wait_for_files(0).await;
    assert_eq!(app.object_rows().await, 0);
}

#[tokio::test]
async fn removing_rows_from_sql_also_removes_their_bytes() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "album/1.txt", "text/plain", b"1").await;
    app.put_object("docs", "album/2.txt", "text/plain", b"2").await;
    app.wait_for_files(2).await;
    app.sql("delete from storage.objects where name like 'album/%'").await;
    app.wait_for_files(0).await;
}

#[tokio::test]
async fn download_names_the_file_when_asked() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "forms/aid form.pdf", "application/pdf", b"%PDF-1.7\n%...").await;
    let own = send(app.storage_service(Method::GET, "/object/docs/forms/aid%20form.pdf?download")).await;
    assert_eq!(
        own.header("content-disposition"),
        Some("attachment; filename=\"aid form.pdf\"; filename*=UTF-8''aid%20form.pdf")
    );
    let renamed = send(app.storage_service(Method::GET, "/object/docs/forms/aid%20form.pdf?download=a%22b.pdf")).await;
    assert_eq!(renamed.header("content-disposition"), Some("attachment; filename=\"ab.pdf\"; filename*=UTF-8''ab.pdf"));
    // A PDF (it may carry scripts) is an attachment even unasked; passive media is shown inline.
    let unasked = send(app.storage_service(Method::GET, "/object/docs/forms/aid%20form.pdf")).await;
    assert_eq!(
        unasked.header("content-disposition"),
        Some("attachment; filename=\"aid form.pdf\"; filename*=UTF-8''aid%20form.pdf")
    );
    app.put_object("docs", "forms/photo.png", "image/png", PNG).await;
    let inline = send(app.storage_service(Method::GET, "/object/docs/forms/photo.png")).await;
    assert_eq!(inline.header("content-disposition"), None);
    assert_eq!(inline.header("content-security-policy"), None);
}

#[tokio::test]
async fn missing_things_answer_in_storage_js_shape() {
    let app = TestApp::with_storage_fixture().await;
    let object = send(app.storage_service(Method::GET, "/object/docs/none.txt")).await;
    let body = assert_storage_error(&object, 404, "NoSuchKey");
    assert_eq!(body["message"], "Object not found");
    let bucket = send(
        app.storage_service(Method::POST, "/object/nobucket/a.txt").header("content-type", "text/plain").body("x"),
    )
    .await;
    assert_storage_error(&bucket, 404, "NoSuchBucket");
    let bare = send(app.storage_bare(Method::GET, "/object/docs/none.txt")).await;
    assert_eq!(assert_storage_error(&bare, 403, "AccessDenied")["message"], "Invalid Compact JWS");
}

#[tokio::test]
async fn list_shows_one_level_with_folders_sorting_and_search() {
    let app = TestApp::with_storage_fixture().await;
    for name in ["u1/b.txt", "u1/a.txt", "u1/sub/c.txt", "u1/sub/d.txt", "u1/100_x.txt", "u2/e.txt"] {
        app.put_object("docs", name, "text/plain", b"x").await;
    }
    let list = |body: serde_json::Value| {
        let app = &app;
        async move {
            let answer = send(app.storage_service(Method::POST, "/object/list/docs").json(&body)).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            answer.json()
        }
    };
    let names = |rows: &serde_json::Value| -> Vec<String> {
        rows.as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_owned()).collect()
    };
    let level =
        list(json!({"prefix": "u1", "limit": 100, "offset": 0, "sortBy": {"column": "name", "order": "asc"}})).await;
    assert_eq!(names(&level), ["100_x.txt", "a.txt", "b.txt", "sub"]);
    let folder = &level[3];
    assert!(folder["id"].is_null() && folder["metadata"].is_null(), "{folder}");
    assert_eq!(level[1]["metadata"]["mimetype"], "text/plain");
    // Timestamps in UTC with a Z, like every other storage answer; a folder has none.
    for column in ["created_at", "updated_at", "last_accessed_at"] {
        let at = level[1][column].as_str().unwrap_or_else(|| panic!("{column} in {}", level[1]));
        assert!(at.ends_with('Z') && chrono::DateTime::parse_from_rfc3339(at).is_ok(), "{column}: {at}");
        assert!(folder[column].is_null(), "{folder}");
    }
    let desc = list(json!({"prefix": "u1/", "sortBy": {"column": "name", "order": "desc"}, "limit": 2})).await;
    assert_eq!(names(&desc), ["sub", "b.txt"]);
    let paged = list(json!({"prefix": "u1", "limit": 2, "offset": 2})).await;
    assert_eq!(names(&paged), ["b.txt", "sub"]);
    let search = list(json!({"prefix": "u1", "search": "100_"})).await;
    assert_eq!(names(&search), ["100_x.txt"]);
    let wildcards = list(json!({"prefix": "u1", "search": "a_"})).await;
    assert_eq!(names(&wildcards), Vec::<String>::new(), "LIKE wildcards in a search are literal");
    let percent = list(json!({"prefix": "u1", "search": "%"})).await;
    assert_eq!(names(&percent), Vec::<String>::new());
    let root = list(json!({"prefix": ""})).await;
    assert_eq!(names(&root), ["u1", "u2"]);
    let bad =
        send(app.storage_service(Method::POST, "/object/list/docs").json(&json!({"sortBy": {"column": "size"}}))).await;
    assert_storage_error(&bad, 400, "InvalidRequest");
}

#[tokio::test]
async fn move_renames_and_copy_duplicates_the_bytes() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "a/one.txt", "text/plain", b"one").await;
    let moved = send(
        app.storage_service(Method::POST, "/object/move")
            .json(&json!({"bucketId": "docs", "sourceKey": "a/one.txt", "destinationKey": "b/one.txt"})),
    )
    .await;
    assert_eq!(moved.json(), json!({"message": "Successfully moved"}));
    assert_eq!(send(app.storage_service(Method::GET, "/object/docs/b/one.txt")).await.text, "one");
    assert_eq!(send(app.storage_service(Method::GET, "/object/docs/a/one.txt")).await.status, 404);

    let copied = send(
        app.storage_service(Method::POST, "/object/copy")
            .json(&json!({"bucketId": "docs", "sourceKey": "b/one.txt", "destinationKey": "c/two.txt"})),
    )
    .await;
    assert_eq!(copied.status, StatusCode::OK, "{}", copied.text);
    assert_eq!(copied.json()["Key"], "docs/c/two.txt");
    app.wait_for_files(2).await;
    send(app.storage_service(Method::DELETE, "/object/docs/b/one.txt")).await;
    app.wait_for_files(1).await;
    assert_eq!(send(app.storage_service(Method::GET, "/object/docs/c/two.txt")).await.text, "one");

    let missing = send(
        app.storage_service(Method::POST, "/object/move")
            .json(&json!({"bucketId": "docs", "sourceKey": "nope", "destinationKey": "x"})),
    )
    .await;
    assert_storage_error(&missing, 404, "NoSuchKey");
}
