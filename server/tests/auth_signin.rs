//! Sign-up and sign-in: sessions, claims, the password policy, enumeration parity, the error
//! shapes and the API key.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::auth::{PASSWORD, assert_auth_error, claims_of, email};
use support::rest::send;

#[tokio::test]
async fn sign_up_answers_a_session_with_gotrue_claims() {
    let (app, address, session) = TestApp::with_account().await;
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["expires_in"], 3600);
    assert!(session["refresh_token"].as_str().unwrap().len() >= 22, "at least 128 bits");
    let user = &session["user"];
    assert_eq!(user["email"], address);
    assert_eq!(user["app_metadata"], json!({"provider": "email", "providers": ["email"]}));
    assert!(user["email_confirmed_at"].is_string());
    let claims = claims_of(session["access_token"].as_str().unwrap());
    assert_eq!(claims["sub"], user["id"]);
    assert_eq!(claims["role"], "authenticated");
    assert_eq!(claims["aud"], "authenticated");
    assert_eq!(claims["email"], address);
    assert_eq!(claims["aal"], "aal1");
    assert_eq!(claims["amr"][0]["method"], "password");
    assert_eq!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), 3600);
    assert!(claims["session_id"].is_string());
    assert_eq!(claims["is_anonymous"], false);
    // Stored hashed, never in clear.
    let stored: String = app.scalar("select encrypted_password from auth.users").await;
    assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
    let token_hash: String = app.scalar("select token_hash from auth.refresh_tokens").await;
    assert_ne!(token_hash, session["refresh_token"].as_str().unwrap());
}

#[tokio::test]
async fn sign_up_metadata_never_sets_roles() {
    let app = TestApp::with_rest_fixture().await;
    let body = json!({
        "email": email(),
        "password": PASSWORD,
        "data": {"name": "Asha", "role": "service_role", "app_metadata": {"admin": true}},
        "role": "service_role",
        "app_metadata": {"roles": ["admin"]},
    });
    let answer = send(app.auth(Method::POST, "/signup").json(&body)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let session = answer.json();
    let claims = claims_of(session["access_token"].as_str().unwrap());
    assert_eq!(claims["role"], "authenticated");
    assert_eq!(claims["app_metadata"], json!({"provider": "email", "providers": ["email"]}));
    assert_eq!(session["user"]["user_metadata"]["name"], "Asha");
    // The token works on REST as `authenticated`, nothing more.
    let whoami = send(
        app.rest(Method::POST, "/rpc/whoami", &app.keys.anon.clone())
            .bearer_auth(session["access_token"].as_str().unwrap())
            .json(&json!({})),
    )
    .await;
    assert_eq!(whoami.status, StatusCode::OK, "{}", whoami.text);
    assert_eq!(whoami.json()["role"], "authenticated", "{}", whoami.text);
    assert_eq!(whoami.json()["sub"], session["user"]["id"]);
}

#[tokio::test]
async fn a_taken_address_a_weak_password_and_a_bad_address_are_refused() {
    let app = TestApp::with_auth(|settings| settings.signin.site_name = "Sangha Community".into()).await;
    let address = email();
    app.sign_up(&address).await;
    let again =
        send(app.auth(Method::POST, "/signup").json(&json!({"email": address.to_uppercase(), "password": PASSWORD})))
            .await;
    assert_auth_error(&again, 422, "user_already_exists");
    let weak = send(app.auth(Method::POST, "/signup").json(&json!({"email": email(), "password": "short"}))).await;
    let body = assert_auth_error(&weak, 422, "weak_password");
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
    // Six characters, what the product's registration forms accept (GoTrue's default), are enough.
    let six = send(app.auth(Method::POST, "/signup").json(&json!({"email": email(), "password": "kq3#Zp"}))).await;
    assert_eq!(six.status, StatusCode::OK, "{}", six.text);
    // The most common passwords and the site's own name are refused however long they are,
    // at sign-up, by admins and in password changes alike.
    for common in ["password123", "12345678", "Sangha@123", "P@ssw0rd2024"] {
        let answer = send(app.auth(Method::POST, "/signup").json(&json!({"email": email(), "password": common}))).await;
        let body = assert_auth_error(&answer, 422, "weak_password");
        assert_eq!(body["weak_password"]["reasons"], json!(["pwned"]), "{common}");
        let by_admin = send(app.auth_admin(Method::POST, "/admin/users").json(&json!({
            "email": email(), "password": common, "email_confirm": true
        })))
        .await;
        assert_auth_error(&by_admin, 422, "weak_password");
    }
    let signed_up = app.sign_up(&email()).await;
    let change = send(
        app.auth_as(signed_up["access_token"].as_str().unwrap(), Method::PUT, "/user")
            .json(&json!({"password": "Sangha@2025", "current_password": PASSWORD})),
    )
    .await;
    assert_auth_error(&change, 422, "weak_password");
    let long = "x".repeat(1025);
    let overlong = send(app.auth(Method::POST, "/signup").json(&json!({"email": email(), "password": long}))).await;
    assert_auth_error(&overlong, 422, "weak_password");
    let bad =
        send(app.auth(Method::POST, "/signup").json(&json!({"email": "not-an-address", "password": PASSWORD}))).await;
    assert_auth_error(&bad, 400, "validation_failed");
    let anonymous = send(app.auth(Method::POST, "/signup").json(&json!({"data": {}}))).await;
    assert_auth_error(&anonymous, 422, "anonymous_provider_disabled");
    let broken = send(app.auth(Method::POST, "/signup").body("{not json")).await;
    assert_auth_error(&broken, 400, "bad_json");
}

#[tokio::test]
async fn sign_in_works_and_wrong_password_equals_unknown_address() {
    let (app, address, _) = TestApp::with_account().await;
    let ok = app.sign_in(&address.to_uppercase(), PASSWORD).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.json()["user"]["email"], address);
    assert!(ok.json()["user"]["last_sign_in_at"].is_string());

    let mut wrong_times = Vec::new();
    let mut unknown_times = Vec::new();
    for _ in 0..3 {
        let started = std::time::Instant::now();
        let wrong = app.sign_in(&address, "not the password").await;
        wrong_times.push(started.elapsed());
        let started = std::time::Instant::now();
        let unknown = app.sign_in(&email(), "not the password").await;
        unknown_times.push(started.elapsed());
        assert_eq!(wrong.status, unknown.status);
        assert_eq!(wrong.text, unknown.text, "identical answers");
        assert_auth_error(&wrong, 400, "invalid_credentials");
        assert_eq!(wrong.json()["message"], "Invalid login credentials");
    }
    wrong_times.sort();
    unknown_times.sort();
    // Both verify a real argon2 hash: medians within a factor of three of each other.
    let (wrong, unknown) = (wrong_times[1].as_secs_f64(), unknown_times[1].as_secs_f64());
    assert!(unknown > wrong / 3.0 && unknown < wrong * 3.0, "wrong {wrong:.4}s, unknown {unknown:.4}s");
    let failures: i64 = app.scalar("select count(*) from auth.audit_log where action = 'login_failed'").await;
    assert_eq!(failures, 6);
}

#[tokio::test]
async fn unconfirmed_accounts_get_a_mail_and_cannot_sign_in_until_confirmed() {
    let app = TestApp::with_auth(|settings| settings.autoconfirm = false).await;
    let address = email();
    let answer = send(app.auth(Method::POST, "/signup").json(&json!({"email": address, "password": PASSWORD}))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let user = answer.json();
    assert!(user.get("access_token").is_none(), "no session before confirmation");
    assert!(user["confirmation_sent_at"].is_string());
    assert_eq!(user["identities"].as_array().unwrap().len(), 1);
    let (kind, body) = app.last_mail(&address).await.expect("a confirmation mail");
    assert_eq!(kind, "confirmation");
    assert_auth_error(&app.sign_in(&address, PASSWORD).await, 400, "email_not_confirmed");
    // Signing up again reveals nothing: a fake user with no identities, no second mail.
    let again = send(app.auth(Method::POST, "/signup").json(&json!({"email": address, "password": PASSWORD}))).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_ne!(again.json()["id"], user["id"]);
    assert_eq!(again.json()["identities"], json!([]));
    let mails: i64 = app.scalar("select count(*) from auth.mail_outbox").await;
    assert_eq!(mails, 1);
    // Confirm through the link's token, then sign in.
    let link = support::auth::link_in(&body);
    assert!(link.as_str().starts_with("http://localhost:3000/auth/v1/verify?"), "{link}");
    let token = support::auth::param(&link, "token");
    let verified = send(app.auth(Method::POST, "/verify").json(&json!({"type": "signup", "token_hash": token}))).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    assert!(verified.json()["user"]["email_confirmed_at"].is_string());
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK);
}

#[tokio::test]
async fn errors_take_the_legacy_shape_without_the_version_header() {
    let app = TestApp::spawn().await;
    let key = app.keys.anon.clone();
    let answer = send(
        app.client
            .post(app.url("/auth/v1/token?grant_type=password"))
            .header("apikey", &key)
            .json(&json!({"email": email(), "password": "nope-nope"})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.json(),
        json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"})
    );
    assert_eq!(answer.header("x-sb-error-code"), Some("invalid_credentials"));
    assert_eq!(answer.header("x-supabase-api-version"), None);
}

#[tokio::test]
async fn the_api_key_is_required() {
    let app = TestApp::spawn().await;
    let missing =
        send(app.client.get(app.url("/auth/v1/settings")).header("x-supabase-api-version", "2024-01-01")).await;
    assert_auth_error(&missing, 401, "no_api_key");
    let wrong = send(
        app.client
            .get(app.url("/auth/v1/settings"))
            .header("x-supabase-api-version", "2024-01-01")
            .header("apikey", "sb_publishable_wrong"),
    )
    .await;
    assert_auth_error(&wrong, 401, "invalid_api_key");
    assert_auth_error(&send(app.auth(Method::GET, "/no-such-endpoint")).await, 404, "not_found");
    let settings = send(app.auth(Method::GET, "/settings")).await;
    assert_eq!(settings.status, StatusCode::OK);
    assert_eq!(settings.json()["mailer_autoconfirm"], true);
    assert_eq!(settings.json()["external"]["email"], true);
}

#[tokio::test]
async fn sign_ins_are_rate_limited_per_address_and_recover_after_the_window() {
    let app = TestApp::with_auth(|settings| {
        settings.request_limit = server::auth::settings::Limit { hits: 3, window: std::time::Duration::from_secs(2) }
    })
    .await;
    let address = email();
    for _ in 0..3 {
        assert_auth_error(&app.sign_in(&address, "wrong-password").await, 400, "invalid_credentials");
    }
    let limited = app.sign_in(&address, "wrong-password").await;
    assert_auth_error(&limited, 429, "over_request_rate_limit");
    let retry: u64 = limited.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=2).contains(&retry), "{retry}");
    // The window ends (no sleep): it and the failures started an hour ago.
    app.sql("update auth.rate_limits set window_start = window_start - interval '1 hour' where bucket like 'signin%'")
        .await;
    assert_auth_error(&app.sign_in(&address, "wrong-password").await, 400, "invalid_credentials");
}

#[tokio::test]
async fn repeated_failures_for_one_address_back_off() {
    let (app, address, _) = TestApp::with_account().await;
    for _ in 0..5 {
        assert_auth_error(&app.sign_in(&address, "wrong-password").await, 400, "invalid_credentials");
    }
    // The sixth attempt comes too soon, even with the right password.
    let blocked = app.sign_in(&address, PASSWORD).await;
    assert_auth_error(&blocked, 429, "over_request_rate_limit");
    // Another address is not affected.
    let other = email();
    app.sign_up(&other).await;
    assert_eq!(app.sign_in(&other, PASSWORD).await.status, StatusCode::OK);
    // The back-off passes (no sleep): the last failure is an hour old.
    app.sql(
        "update auth.rate_limits set window_start = window_start - interval '1 hour' \
             where bucket like 'signin\\_failures:%'",
    )
    .await;
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK);
    // Success clears the count.
    assert_auth_error(&app.sign_in(&address, "wrong-password").await, 400, "invalid_credentials");
}
