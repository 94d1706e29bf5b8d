//! Who may do what: row-level security on `storage.objects` (an owner-folder policy like the
//! product's), public buckets, signed URLs (scope, expiry, tampering) and the bucket API.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::{ASHA, RAVI, send};
use support::storage::{PNG, assert_storage_error};

async fn user_upload(app: &TestApp, user: &str, path: &str, body: &'static [u8]) -> support::rest::Answer {
    send(
        app.storage_user(user, Method::POST, &format!("/object/{path}"))
            .header("content-type", "application/octet-stream")
            .body(body),
    )
    .await
}

#[tokio::test]
async fn users_write_read_and_remove_only_in_their_own_folder() {
    let app = TestApp::with_storage_fixture().await;
    assert_eq!(user_upload(&app, ASHA, &format!("docs/{ASHA}/pan.pdf"), b"asha").await.status, StatusCode::OK);
    let intrusion = user_upload(&app, RAVI, &format!("docs/{ASHA}/pan.pdf2"), b"ravi").await;
    let body = assert_storage_error(&intrusion, 403, "AccessDenied");
    assert!(body["message"].as_str().unwrap().contains("row-level security"), "{body}");

    let own = send(app.storage_user(ASHA, Method::GET, &format!("/object/docs/{ASHA}/pan.pdf"))).await;
    assert_eq!(own.text, "asha");
    let other = send(app.storage_user(RAVI, Method::GET, &format!("/object/docs/{ASHA}/pan.pdf"))).await;
    assert_storage_error(&other, 404, "NoSuchKey");
    let anon = send(app.storage_anon(Method::GET, &format!("/object/docs/{ASHA}/pan.pdf"))).await;
    assert_storage_error(&anon, 404, "NoSuchKey");

    let listed = send(app.storage_user(RAVI, Method::POST, "/object/list/docs").json(&json!({"prefix": ASHA}))).await;
    assert_eq!(listed.json(), json!([]), "other users' files are not listed");
    let removed = send(
        app.storage_user(RAVI, Method::DELETE, "/object/docs").json(&json!({"prefixes": [format!("{ASHA}/pan.pdf")]})),
    )
    .await;
    assert_eq!(removed.json(), json!([]), "removing what one cannot see does nothing");
    assert_eq!(app.object_rows().await, 1);

    let overwrite = send(
        app.storage_user(RAVI, Method::PUT, &format!("/object/docs/{ASHA}/pan.pdf"))
            .header("content-type", "text/plain")
            .body("ravi"),
    )
    .await;
    assert_storage_error(&overwrite, 403, "AccessDenied");
    let moved = send(app.storage_user(RAVI, Method::POST, "/object/move").json(&json!({
        "bucketId": "docs", "sourceKey": format!("{ASHA}/pan.pdf"), "destinationKey": format!("{RAVI}/stolen.pdf")
    })))
    .await;
    assert_storage_error(&moved, 404, "NoSuchKey");
    let mine = send(
        app.storage_user(ASHA, Method::DELETE, "/object/docs").json(&json!({"prefixes": [format!("{ASHA}/pan.pdf")]})),
    )
    .await;
    assert_eq!(mine.json().as_array().unwrap().len(), 1);
    app.wait_for_files(0).await;
}

#[tokio::test]
async fn anonymous_callers_cannot_upload_and_the_rows_owner_is_the_user() {
    let app = TestApp::with_storage_fixture().await;
    let anon =
        send(app.storage_anon(Method::POST, "/object/docs/x.txt").header("content-type", "text/plain").body("x")).await;
    assert_storage_error(&anon, 403, "AccessDenied");
    user_upload(&app, ASHA, &format!("docs/{ASHA}/a.bin"), b"a").await;
    let owner: String = app.scalar_sql("select owner::text from storage.objects").await;
    assert_eq!(owner, ASHA);
}

#[tokio::test]
async fn public_buckets_serve_without_a_token_and_private_ones_do_not() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("gallery", "events/lamp.png", "image/png", PNG).await;
    app.put_object("docs", "secret.txt", "text/plain", b"secret").await;
    let public = send(app.storage_bare(Method::GET, "/object/public/gallery/events/lamp.png")).await;
    assert_eq!(public.status, StatusCode::OK);
    let private = send(app.storage_bare(Method::GET, "/object/public/docs/secret.txt")).await;
    assert_storage_error(&private, 404, "NoSuchKey");
    let info = send(app.storage_bare(Method::GET, "/object/info/public/gallery/events/lamp.png")).await;
    assert_eq!(info.json()["size"], PNG.len());
}

#[tokio::test]
async fn a_signed_url_opens_one_object_until_it_expires() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "forms/a.txt", "text/plain", b"form a").await;
    app.put_object("docs", "forms/b.txt", "text/plain", b"form b").await;
    let signed =
        send(app.storage_service(Method::POST, "/object/sign/docs/forms/a.txt").json(&json!({"expiresIn": 60}))).await;
    let url = signed.json()["signedURL"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/object/sign/docs/forms/a.txt?token="), "{url}");
    let opened = send(app.storage_bare(Method::GET, &url)).await;
    assert_eq!(opened.text, "form a");

    let token = url.split("token=").nth(1).unwrap().to_owned();
    let other = send(app.storage_bare(Method::GET, &format!("/object/sign/docs/forms/b.txt?token={token}"))).await;
    assert_storage_error(&other, 400, "InvalidSignature");
    let mut tampered = token.clone().into_bytes();
    let last = tampered.len() - 2;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let forged = send(app.storage_bare(Method::GET, &format!("/object/sign/docs/forms/a.txt?token={tampered}"))).await;
    assert_storage_error(&forged, 400, "InvalidSignature");
    let upload_with_it = send(
        app.storage_bare(Method::PUT, &format!("/object/upload/sign/docs/forms/a.txt?token={token}"))
            .header("content-type", "text/plain")
            .body("overwritten"),
    )
    .await;
    assert_storage_error(&upload_with_it, 400, "InvalidSignature");

    let expired = server::storage::signed::SigningKey::derive(support::TEST_JWT_SECRET)
        .sign(&server::storage::signed::SignedClaims {
            url: "docs/forms/a.txt".into(),
            op: server::storage::signed::SignedOperation::Download,
            iat: 1_700_000_000,
            exp: 1_700_000_060,
            owner: None,
            upsert: false,
            transform: None,
            signer: None,
        })
        .unwrap();
    let late = send(app.storage_bare(Method::GET, &format!("/object/sign/docs/forms/a.txt?token={expired}"))).await;
    assert_eq!(assert_storage_error(&late, 400, "InvalidSignature")["message"], "jwt expired");
    let too_long =
        send(app.storage_service(Method::POST, "/object/sign/docs/forms/a.txt").json(&json!({"expiresIn": 604801})))
            .await;
    assert_storage_error(&too_long, 400, "InvalidRequest");
}

#[tokio::test]
async fn a_signed_url_token_is_not_an_access_token() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", "a.txt", "text/plain", b"a").await;
    let signed =
        send(app.storage_service(Method::POST, "/object/sign/docs/a.txt").json(&json!({"expiresIn": 60}))).await;
    let url = signed.json()["signedURL"].as_str().unwrap().to_owned();
    let token = url.split("token=").nth(1).unwrap();
    let rest = send(app.rest(Method::GET, "/", &app.keys.anon).bearer_auth(token)).await;
    assert_eq!(rest.status, StatusCode::UNAUTHORIZED, "{}", rest.text);
    let storage = send(app.storage_bare(Method::GET, "/object/docs/a.txt").bearer_auth(token)).await;
    assert_storage_error(&storage, 403, "AccessDenied");
}

#[tokio::test]
async fn signing_needs_the_object_to_be_visible_to_the_caller() {
    let app = TestApp::with_storage_fixture().await;
    app.put_object("docs", &format!("{ASHA}/a.txt"), "text/plain", b"a").await;
    let theirs = send(
        app.storage_user(RAVI, Method::POST, &format!("/object/sign/docs/{ASHA}/a.txt"))
            .json(&json!({"expiresIn": 60})),
    )
    .await;
    assert_storage_error(&theirs, 404, "NoSuchKey");
    let many = send(app.storage_user(ASHA, Method::POST, "/object/sign/docs").json(&json!({
        "expiresIn": 60, "paths": [format!("{ASHA}/a.txt"), format!("{ASHA}/missing.txt")]
    })))
    .await;
    let answers = many.json();
    assert!(answers[0]["error"].is_null() && answers[0]["signedURL"].is_string(), "{answers}");
    assert!(answers[1]["signedURL"].is_null() && answers[1]["error"].is_string(), "{answers}");
    let opened = send(app.storage_bare(Method::GET, answers[0]["signedURL"].as_str().unwrap())).await;
    assert_eq!(opened.text, "a");
}

#[tokio::test]
async fn a_signed_upload_url_lets_its_holder_upload_once_as_its_signer() {
    let app = TestApp::with_storage_fixture().await;
    let path = format!("docs/{ASHA}/upload.txt");
    let refused = send(app.storage_user(RAVI, Method::POST, &format!("/object/upload/sign/{path}"))).await;
    assert_storage_error(&refused, 403, "AccessDenied");
    let created = send(app.storage_user(ASHA, Method::POST, &format!("/object/upload/sign/{path}"))).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let url = created.json()["url"].as_str().unwrap().to_owned();
    assert!(url.contains("?token="));
    let uploaded =
        send(app.storage_bare(Method::PUT, &url).header("content-type", "text/plain").body("via signed url")).await;
    assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
    assert_eq!(uploaded.json()["Key"], path);
    let owner: String = app.scalar_sql("select owner::text from storage.objects").await;
    assert_eq!(owner, ASHA);
    let again = send(app.storage_bare(Method::PUT, &url).header("content-type", "text/plain").body("again")).await;
    assert_storage_error(&again, 409, "KeyAlreadyExists");
}

#[tokio::test]
async fn the_bucket_api_manages_buckets_for_the_service_role_only() {
    let app = TestApp::with_storage_fixture().await;
    let created = send(app.storage_service(Method::POST, "/bucket").json(&json!({
        "id": "avatars", "name": "avatars", "public": true, "file_size_limit": "1MB", "allowed_mime_types": ["image/*"]
    })))
    .await;
    assert_eq!(created.json(), json!({"name": "avatars"}));
    let bucket = send(app.storage_service(Method::GET, "/bucket/avatars")).await.json();
    assert_eq!(bucket["file_size_limit"], 1_000_000, "Storage's units: 1MB is a million bytes");
    assert_eq!(bucket["allowed_mime_types"], json!(["image/*"]));
    assert_eq!(bucket["public"], true);
    let again = send(app.storage_service(Method::POST, "/bucket").json(&json!({"id": "avatars"}))).await;
    assert_storage_error(&again, 409, "ResourceAlreadyExists");
    let reserved = send(app.storage_service(Method::POST, "/bucket").json(&json!({"id": "public"}))).await;
    assert_storage_error(&reserved, 400, "InvalidBucketName");

    let updated = send(
        app.storage_service(Method::PUT, "/bucket/avatars").json(&json!({"public": false, "file_size_limit": null})),
    )
    .await;
    assert_eq!(updated.json(), json!({"message": "Successfully updated"}));
    let bucket = send(app.storage_service(Method::GET, "/bucket/avatars")).await.json();
    assert_eq!((bucket["public"].clone(), bucket["file_size_limit"].clone()), (json!(false), json!(null)));
    assert_eq!(bucket["allowed_mime_types"], json!(["image/*"]), "an absent field is left as it was");

    let listed = send(app.storage_service(Method::GET, "/bucket?sortColumn=name&sortOrder=desc&limit=2")).await.json();
    let names: Vec<_> = listed.as_array().unwrap().iter().map(|b| b["name"].clone()).collect();
    assert_eq!(names, [json!("tiny"), json!("gallery")]);

    app.put_object("avatars", "a.png", "image/png", PNG).await;
    let not_empty = send(app.storage_service(Method::DELETE, "/bucket/avatars")).await;
    assert_storage_error(&not_empty, 409, "ResourceNotEmpty");
    let emptied = send(app.storage_service(Method::POST, "/bucket/avatars/empty")).await;
    assert_eq!(emptied.json(), json!({"message": "Empty bucket has been queued. Completion may take up to an hour."}));
    let deleted = send(app.storage_service(Method::DELETE, "/bucket/avatars")).await;
    assert_eq!(deleted.json(), json!({"message": "Successfully deleted"}));
    app.wait_for_files(0).await;

    let user = send(app.storage_user(ASHA, Method::POST, "/bucket").json(&json!({"id": "mine"}))).await;
    assert_storage_error(&user, 403, "AccessDenied");
    let user_list = send(app.storage_user(ASHA, Method::GET, "/bucket")).await;
    assert_eq!(user_list.json(), json!([]), "no policy lets users see buckets");
    let missing = send(app.storage_service(Method::GET, "/bucket/nope")).await;
    assert_storage_error(&missing, 404, "NoSuchBucket");
}

/// Issue 21: a signed URL is checked again when used: the object must still exist and its
/// signer must still be allowed to read it; one the service role signed keeps working.
#[tokio::test]
async fn a_signed_url_stops_when_its_signer_loses_the_object() {
    let app = TestApp::with_storage_fixture().await;
    let owner = uuid::Uuid::new_v4().to_string();
    let put = send(
        app.storage_user(&owner, Method::POST, &format!("/object/docs/{owner}/photo.png"))
            .header("content-type", "image/png")
            .body(PNG.to_vec()),
    )
    .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let sign = |by_service: bool| {
        let path = format!("/object/sign/docs/{owner}/photo.png");
        let request = if by_service {
            app.storage_service(Method::POST, &path)
        } else {
            app.storage_user(&owner, Method::POST, &path)
        };
        async move { send(request.json(&json!({"expiresIn": 600}))).await.json()["signedURL"].as_str().unwrap().to_owned() }
    };
    let users_url = sign(false).await;
    let services_url = sign(true).await;
    assert_eq!(send(app.storage_bare(Method::GET, &users_url)).await.status, StatusCode::OK);

    // The signer's right to read is gone (here: the policy that gave it).
    app.sql(r#"drop policy "Users read their own folder" on storage.objects"#).await;
    let refused = send(app.storage_bare(Method::GET, &users_url)).await;
    assert_storage_error(&refused, 404, "NoSuchKey");
    let rendered =
        send(app.storage_bare(Method::GET, &users_url.replace("/object/sign/", "/render/image/sign/"))).await;
    assert!(rendered.status.is_client_error(), "{}", rendered.text);
    assert_eq!(send(app.storage_bare(Method::GET, &services_url)).await.status, StatusCode::OK);

    // The object is gone: every URL stops.
    app.sql(&format!("delete from storage.objects where name = '{owner}/photo.png'")).await;
    assert_storage_error(&send(app.storage_bare(Method::GET, &services_url)).await, 404, "NoSuchKey");
}
