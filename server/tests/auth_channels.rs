//! The ways in beyond passwords that need settings the conformance suite does not have: the
//! send-SMS hook (Standard Webhooks signature, failures), test numbers, the app's mail
//! templates and languages, signing-key rotation across replicas, imported JWT_KEYS, anonymous
//! sign-ins off by default, and GoTrue's otp_disabled when asked for.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::routing::post;
use base64::Engine;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use server::auth::settings::AuthSettings;
use server::auth::signin_settings::{SmsHook, SmsProvider};
use support::auth::{assert_auth_error, claims_of, email};
use support::rest::send;
use support::{TestApp, TestAppOptions, test_site_url};

type Received = Arc<Mutex<Vec<(http::HeaderMap, String)>>>;

/// A send-SMS hook on loopback that records what it receives and answers `status`.
async fn hook(status: StatusCode) -> (url::Url, Received) {
    let received: Received = Arc::default();
    let store = Arc::clone(&received);
    let app = Router::new().route(
        "/sms",
        post(move |headers: http::HeaderMap, body: String| {
            let store = Arc::clone(&store);
            async move {
                store.lock().unwrap().push((headers, body));
                (status, "{}")
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url::Url::parse(&format!("http://127.0.0.1:{}/sms", address.port())).unwrap(), received)
}

fn phone_settings(hook_url: Option<url::Url>) -> AuthSettings {
    let mut settings = AuthSettings::defaults(test_site_url());
    settings.signin.phone_enabled = true;
    match hook_url {
        Some(uri) => {
            settings.signin.sms_provider = SmsProvider::Hook;
            settings.signin.sms_hook = Some(SmsHook { uri, secrets: vec![b"a-hook-secret-of-24-bytes".to_vec()] });
        }
        None => settings.signin.sms_provider = SmsProvider::Log,
    }
    settings
}

async fn app_with(settings: AuthSettings) -> TestApp {
    TestApp::spawn_with(TestAppOptions { auth: Some(settings), ..TestAppOptions::default() }).await
}

#[tokio::test]
async fn the_send_sms_hook_receives_the_code_signed_as_standard_webhooks() {
    let (url, received) = hook(StatusCode::OK).await;
    let app = app_with(phone_settings(Some(url))).await;
    let answer = send(app.auth(Method::POST, "/otp").json(&json!({"phone": "+91 98450 00001"}))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(answer.json()["message_id"].is_string());
    let (headers, body) = received.lock().unwrap().pop().unwrap();
    let payload: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(payload["sms"]["phone"], "919845000001");
    let code = payload["sms"]["otp"].as_str().unwrap().to_owned();
    assert_eq!(code.len(), 6);
    assert!(payload["sms"]["message"].as_str().unwrap().contains(&code));
    assert_eq!(payload["user"]["phone"], "919845000001");
    // The signature: v1,<base64 HMAC-SHA256(secret, "id.timestamp.body")>.
    let (id, timestamp) = (headers["webhook-id"].to_str().unwrap(), headers["webhook-timestamp"].to_str().unwrap());
    let expected = server::auth::sms::signature(b"a-hook-secret-of-24-bytes", id, timestamp.parse().unwrap(), &body);
    assert_eq!(headers["webhook-signature"].to_str().unwrap(), expected);
    let decoded = base64::engine::general_purpose::STANDARD.decode(expected.trim_start_matches("v1,")).unwrap();
    assert_eq!(decoded.len(), 32);
    // The code signs in.
    let verified =
        send(app.auth(Method::POST, "/verify").json(&json!({"type": "sms", "phone": "919845000001", "token": code})))
            .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    assert_eq!(claims_of(verified.json()["access_token"].as_str().unwrap())["phone"], "919845000001");
}

#[tokio::test]
async fn a_failing_hook_fails_the_request_and_leaves_no_account() {
    let (url, _) = hook(StatusCode::INTERNAL_SERVER_ERROR).await;
    let app = app_with(phone_settings(Some(url))).await;
    let answer = send(app.auth(Method::POST, "/otp").json(&json!({"phone": "919845000002"}))).await;
    assert_auth_error(&answer, 500, "sms_send_failed");
    assert_eq!(app.scalar::<i64>("select count(*) from auth.users where phone = '919845000002'").await, 0);
}

#[tokio::test]
async fn a_test_number_gets_its_fixed_code_and_no_text() {
    let mut settings = phone_settings(None);
    settings.signin.sms_test_otp.insert("919845000003".into(), "246810".into());
    let app = app_with(settings).await;
    let answer = send(app.auth(Method::POST, "/otp").json(&json!({"phone": "9845000003"}))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(app.scalar::<i64>("select count(*) from auth.sms_outbox").await, 0);
    let verified = send(
        app.auth(Method::POST, "/verify").json(&json!({"type": "sms", "phone": "919845000003", "token": "246810"})),
    )
    .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
}

#[tokio::test]
async fn phone_sign_ins_are_off_by_default_and_anonymous_ones_too() {
    let app = TestApp::spawn().await;
    let phone = send(app.auth(Method::POST, "/otp").json(&json!({"phone": "919845000004"}))).await;
    assert_auth_error(&phone, 400, "phone_provider_disabled");
    let anonymous = send(app.auth(Method::POST, "/signup").json(&json!({"data": {}}))).await;
    let body = assert_auth_error(&anonymous, 422, "anonymous_provider_disabled");
    assert_eq!(body["message"], "Anonymous sign-ins are disabled");
}

#[tokio::test]
async fn the_app_s_templates_word_the_mail_and_a_reader_s_language_picks_its_own() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("magic_link.txt"), "Subject: Code for {{ .SiteName }}\n\nCode {{ .Token }}\n")
        .unwrap();
    std::fs::write(dir.path().join("magic_link.kn.txt"), "Subject: ಕೋಡ್\n\nಕೋಡ್ {{ .Token }}\n").unwrap();
    let mut settings = AuthSettings::defaults(test_site_url());
    settings.signin.site_name = "Example Sangha".into();
    settings.signin.mail_templates_dir = Some(dir.path().to_path_buf());
    let app = app_with(settings).await;
    let english = email();
    app.sign_up(&english).await;
    let kannada = email();
    let answer = send(
        app.auth(Method::POST, "/signup")
            .json(&json!({"email": kannada, "password": support::auth::PASSWORD, "data": {"language": "kn"}})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    for address in [&english, &kannada] {
        let answer = send(app.auth(Method::POST, "/otp").json(&json!({"email": address, "create_user": false}))).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    let app = &app;
    let subject = |address: &str| {
        let address = address.to_owned();
        async move {
            let mut conn = app.db.admin_connection().await;
            sqlx::query_scalar::<_, String>(
                "select subject from auth.mail_outbox where recipient = $1 order by id desc limit 1",
            )
            .bind(address)
            .fetch_one(&mut conn)
            .await
            .unwrap()
        }
    };
    assert_eq!(subject(&english).await, "Code for Example Sangha");
    assert_eq!(subject(&kannada).await, "ಕೋಡ್");
    let (_, body) = app.last_mail(&english).await.unwrap();
    assert!(body.starts_with("Code ") && body.trim().len() == "Code 123456".len(), "{body}");
}

#[tokio::test]
async fn reveal_unknown_accounts_gives_gotrue_s_otp_disabled() {
    let mut settings = AuthSettings::defaults(test_site_url());
    settings.signin.reveal_unknown_accounts = true;
    let app = app_with(settings).await;
    let answer = send(app.auth(Method::POST, "/otp").json(&json!({"email": email(), "create_user": false}))).await;
    let body = assert_auth_error(&answer, 422, "otp_disabled");
    assert_eq!(body["message"], "Signups not allowed for otp");
}

#[tokio::test]
async fn a_rotated_key_is_published_first_and_old_tokens_keep_verifying() {
    let (app, _, session) = TestApp::with_account().await;
    let old_token = session["access_token"].as_str().unwrap().to_owned();
    let old_kid = jsonwebtoken::decode_header(&old_token).unwrap().kid.unwrap();
    let sealer = server::auth::sealed::Sealer::new(support::TEST_JWT_SECRET);
    let next = server::auth::keys::store::rotate(&app.state.connections, &sealer, false).await.unwrap();
    app.state.auth.load_keys(&app.state.connections).await.unwrap();
    let jwks = send(app.client.get(app.url("/auth/v1/.well-known/jwks.json"))).await.json();
    let kids: Vec<&str> = jwks["keys"].as_array().unwrap().iter().map(|k| k["kid"].as_str().unwrap()).collect();
    assert!(kids.contains(&old_kid.as_str()) && kids.contains(&next.as_str()), "{kids:?}");
    // Still signing with the old key until every replica has seen the next one.
    let fresh = app.sign_in(session["user"]["email"].as_str().unwrap(), support::auth::PASSWORD).await;
    assert_eq!(
        jsonwebtoken::decode_header(fresh.json()["access_token"].as_str().unwrap()).unwrap().kid.unwrap(),
        old_kid
    );
    // Promoted at once: new tokens name the new key, the old token still works.
    let now = server::auth::keys::store::rotate(&app.state.connections, &sealer, true).await.unwrap();
    app.state.auth.load_keys(&app.state.connections).await.unwrap();
    let fresh = app.sign_in(session["user"]["email"].as_str().unwrap(), support::auth::PASSWORD).await;
    assert_eq!(jsonwebtoken::decode_header(fresh.json()["access_token"].as_str().unwrap()).unwrap().kid.unwrap(), now);
    let user = send(app.auth_as(&old_token, Method::GET, "/user")).await;
    assert_eq!(user.status, StatusCode::OK, "{}", user.text);
}

#[tokio::test]
async fn imported_jwt_keys_sign_with_the_key_marked_sign() {
    let mut settings = AuthSettings::defaults(test_site_url());
    let k = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b"an-imported-hs256-key-of-32-bytes!");
    settings.signin.key_source = server::auth::keys::KeySource::Imported(vec![
        json!({"kty": "oct", "k": k, "kid": "imported-1", "key_ops": ["sign", "verify"]}),
    ]);
    let app = app_with(settings).await;
    let session = app.sign_up(&email()).await;
    let header = jsonwebtoken::decode_header(session["access_token"].as_str().unwrap()).unwrap();
    assert_eq!((header.alg, header.kid.as_deref()), (jsonwebtoken::Algorithm::HS256, Some("imported-1")));
    let user = send(app.auth_as(session["access_token"].as_str().unwrap(), Method::GET, "/user")).await;
    assert_eq!(user.status, StatusCode::OK, "{}", user.text);
    // An oct key is never published.
    let jwks = send(app.client.get(app.url("/auth/v1/.well-known/jwks.json"))).await.json();
    assert_eq!(jwks["keys"], json!([]));
}
