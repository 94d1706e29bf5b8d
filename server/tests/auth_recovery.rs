//! Password recovery: parity for unknown addresses, the mail interval, the link (built on
//! SITE_URL only), `POST /verify` and the `GET /verify` redirect.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::auth::{PASSWORD, assert_auth_error, email, link_in, param};
use support::rest::send;

async fn recover(app: &TestApp, address: &str) -> support::rest::Answer {
    send(
        app.auth(Method::POST, "/recover?redirect_to=http%3A%2F%2Flocalhost%3A3000%2Freset")
            .header("host", "evil.example")
            .header("x-forwarded-host", "evil.example")
            .json(&json!({"email": address, "code_challenge": null, "code_challenge_method": null, "gotrue_meta_security": {}})),
    )
    .await
}

#[tokio::test]
async fn recovery_answers_alike_for_known_and_unknown_addresses() {
    let (app, known, _) = TestApp::with_account().await;
    let unknown = email();
    let (a, b) = (recover(&app, &known).await, recover(&app, &unknown).await);
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!((a.status, a.text.as_str()), (b.status, b.text.as_str()));
    assert_eq!(a.json(), json!({}));
    assert!(app.last_mail(&unknown).await.is_none());
    let (kind, body) = app.last_mail(&known).await.expect("a recovery mail");
    assert_eq!(kind, "recovery");
    let link = link_in(&body);
    assert_eq!(link.origin().ascii_serialization(), "http://localhost:3000", "SITE_URL, never the Host header");
    assert_eq!(param(&link, "redirect_to"), "http://localhost:3000/reset");
    // A second request within the mail interval is refused alike for both.
    let (a, b) = (recover(&app, &known).await, recover(&app, &unknown).await);
    assert_auth_error(&a, 429, "over_email_send_rate_limit");
    assert_auth_error(&b, 429, "over_email_send_rate_limit");
    assert_eq!(a.json()["code"], b.json()["code"]);
    let bad = recover(&app, "nobody").await;
    assert_auth_error(&bad, 400, "validation_failed");
}

#[tokio::test]
async fn the_recovery_token_gives_a_session_once_then_the_password_can_change() {
    let (app, address, old) = TestApp::with_account().await;
    recover(&app, &address).await;
    let (_, body) = app.last_mail(&address).await.unwrap();
    let token = param(&link_in(&body), "token");
    let verified =
        send(app.auth(Method::POST, "/verify").json(&json!({"type": "recovery", "token_hash": token}))).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    let session = verified.json();
    assert_eq!(support::auth::claims_of(session["access_token"].as_str().unwrap())["amr"][0]["method"], "recovery");
    let again = send(app.auth(Method::POST, "/verify").json(&json!({"type": "recovery", "token_hash": token}))).await;
    assert_auth_error(&again, 403, "otp_expired");
    let new_password = "recovered passphrase";
    let changed = send(
        app.auth_as(session["access_token"].as_str().unwrap(), Method::PUT, "/user")
            .json(&json!({"password": new_password})),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    assert_eq!(app.sign_in(&address, new_password).await.status, StatusCode::OK);
    assert_auth_error(&app.sign_in(&address, PASSWORD).await, 400, "invalid_credentials");
    // The session from before the reset was ended with the password change.
    assert_auth_error(&app.refresh(old["refresh_token"].as_str().unwrap()).await, 400, "refresh_token_not_found");
    assert_eq!(app.last_mail(&address).await.unwrap().0, "password_changed_notification", "the owner is told");
    // A recovery session stops standing in for proof once the link's lifetime has passed.
    app.sql("update auth.sessions set created_at = now() - interval '2 hours'").await;
    let later = send(
        app.auth_as(session["access_token"].as_str().unwrap(), Method::PUT, "/user")
            .json(&json!({"password": "a later passphrase"})),
    )
    .await;
    assert_auth_error(&later, 400, "reauthentication_needed");
    let wrong_type = send(app.auth(Method::POST, "/verify").json(&json!({"type": "bogus", "token_hash": "x"}))).await;
    assert_auth_error(&wrong_type, 400, "validation_failed");
}

#[tokio::test]
async fn expired_tokens_are_refused() {
    let (app, address, _) = TestApp::with_account().await;
    recover(&app, &address).await;
    let (_, body) = app.last_mail(&address).await.unwrap();
    app.sql("update auth.one_time_tokens set expires_at = now() - interval '1 second'").await;
    let token = param(&link_in(&body), "token");
    let answer = send(app.auth(Method::POST, "/verify").json(&json!({"type": "recovery", "token_hash": token}))).await;
    assert_auth_error(&answer, 403, "otp_expired");
}

#[tokio::test]
async fn the_mailed_link_redirects_with_the_session_in_the_fragment() {
    let app = TestApp::with_auth(|settings| {
        settings.redirect_urls = vec![url::Url::parse("http://localhost:5173/").unwrap()]
    })
    .await;
    let address = email();
    app.sign_up(&address).await;
    send(
        app.auth(Method::POST, "/recover?redirect_to=http%3A%2F%2Flocalhost%3A5173%2Freset")
            .json(&json!({"email": address})),
    )
    .await;
    let (_, body) = app.last_mail(&address).await.unwrap();
    let link = link_in(&body);
    server::app::install_tls_provider();
    let no_redirects = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    // The link, followed on the app's own address (no API key: a mail client has none).
    let local = app.url(&format!("{}?{}", link.path(), link.query().unwrap()));
    let answer = no_redirects.get(&local).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::SEE_OTHER);
    let location = url::Url::parse(answer.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(location.origin().ascii_serialization(), "http://localhost:5173");
    assert_eq!(location.path(), "/reset");
    let fragment: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(location.fragment().unwrap().as_bytes()).into_owned().collect();
    for key in ["access_token", "refresh_token", "expires_in", "expires_at"] {
        assert!(fragment.contains_key(key), "{key} in {location}");
    }
    assert_eq!(fragment["token_type"], "bearer");
    assert_eq!(fragment["type"], "recovery");
    // Used links and foreign redirect targets: an error in the fragment, on SITE_URL.
    let again = no_redirects.get(local.replace("5173", "9999")).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::SEE_OTHER);
    let location = url::Url::parse(again.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(location.origin().ascii_serialization(), "http://localhost:3000", "{location}");
    let fragment: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(location.fragment().unwrap().as_bytes()).into_owned().collect();
    assert_eq!(fragment["error_code"], "otp_expired");
    assert_eq!(fragment["error"], "access_denied");
}

#[tokio::test]
async fn housekeeping_removes_expired_tokens_and_stale_counters_only() {
    let (app, address, _) = TestApp::with_account().await;
    recover(&app, &address).await;
    app.sql(
        "insert into auth.rate_limits values ('old', now() - interval '2 days', 3), ('fresh', now(), 1);
         insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at)
           select id, 'confirmation', 'expired-hash', email, now() - interval '1 minute' from auth.users",
    )
    .await;
    let removed =
        server::auth::housekeeping::sweep(&app.state.connections, std::time::Duration::from_secs(300)).await.unwrap();
    assert_eq!(removed, 2);
    let buckets: i64 = app.scalar("select count(*) from auth.rate_limits where bucket in ('old', 'fresh')").await;
    assert_eq!(buckets, 1);
    let tokens: i64 = app.scalar("select count(*) from auth.one_time_tokens").await;
    assert_eq!(tokens, 1, "the live recovery token stays");
}
