//! Access tokens refused by `/user`, refresh-token rotation, reuse detection, concurrent
//! refreshes and bans.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::auth::{PASSWORD, assert_auth_error, email};
use support::rest::send;
use support::{TestApp, sign};

#[tokio::test]
async fn user_answers_the_bare_user() {
    let (app, _, session) = TestApp::with_account().await;
    let answer = send(app.auth_as(session["access_token"].as_str().unwrap(), Method::GET, "/user")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["id"], session["user"]["id"]);
    assert!(answer.json().get("user").is_none());
    assert!(!answer.text.contains("argon2"));
}

#[tokio::test]
async fn forged_expired_and_malformed_tokens_are_401() {
    let (app, _, session) = TestApp::with_account().await;
    let user_id = session["user"]["id"].as_str().unwrap().to_owned();
    let now = chrono::Utc::now().timestamp();
    let body = URL_SAFE_NO_PAD.encode(json!({"sub": user_id, "role": "authenticated", "exp": now + 600}).to_string());
    let alg_none = format!("{}.{body}.", URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#));
    let wrong_key = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"sub": user_id, "role": "authenticated", "exp": now + 600}),
        &jsonwebtoken::EncodingKey::from_secret(b"some-other-secret-of-enough-length!!"),
    )
    .unwrap();
    let cases = [
        ("alg none", alg_none),
        ("wrong key", wrong_key),
        ("exp as a string", sign(&json!({"sub": user_id, "role": "authenticated", "exp": (now + 600).to_string()}))),
        ("expired", sign(&json!({"sub": user_id, "role": "authenticated", "exp": now - 120}))),
        ("missing exp", sign(&json!({"sub": user_id, "role": "authenticated"}))),
        ("role postgres", sign(&json!({"sub": user_id, "role": "postgres", "exp": now + 600}))),
        ("no sub", sign(&json!({"role": "authenticated", "exp": now + 600}))),
        ("not a JWT", "abc.def.ghi".to_owned()),
        ("another audience", sign(&json!({"sub": user_id, "role": "authenticated", "aud": "other", "exp": now + 600}))),
        (
            "another issuer",
            sign(
                &json!({"sub": user_id, "role": "authenticated", "iss": "https://x.example/auth/v1", "exp": now + 600}),
            ),
        ),
    ];
    for (name, token) in cases {
        let answer = send(app.auth_as(&token, Method::GET, "/user")).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{name}: {}", answer.text);
        assert_eq!(answer.json()["code"], "bad_jwt", "{name}");
    }
    let no_bearer = send(
        app.client
            .get(app.url("/auth/v1/user"))
            .header("apikey", &app.keys.anon)
            .header("x-supabase-api-version", "2024-01-01"),
    )
    .await;
    assert_auth_error(&no_bearer, 401, "no_authorization");
}

#[tokio::test]
async fn refresh_rotates_and_the_old_token_gives_the_same_continuation_for_a_while() {
    let (app, _, session) = TestApp::with_account().await;
    let first = session["refresh_token"].as_str().unwrap();
    let refreshed = app.refresh(first).await;
    assert_eq!(refreshed.status, StatusCode::OK, "{}", refreshed.text);
    let second = refreshed.json()["refresh_token"].as_str().unwrap().to_owned();
    assert_ne!(second, first);
    assert_eq!(refreshed.json()["user"]["id"], session["user"]["id"]);
    // Another tab refreshing with the old token within the interval: the same successor.
    let again = app.refresh(first).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(again.json()["refresh_token"], second.as_str());
    // The successor keeps working and rotates on.
    let third = app.refresh(&second).await;
    assert_eq!(third.status, StatusCode::OK);
    // The first token now leads (through two rotations, both recent) to the live third one.
    let chained = app.refresh(first).await;
    assert_eq!(chained.json()["refresh_token"], third.json()["refresh_token"]);
    assert_auth_error(&app.refresh("no-such-token").await, 400, "refresh_token_not_found");
}

#[tokio::test]
async fn reuse_after_the_interval_revokes_the_whole_session() {
    let app = TestApp::with_auth(|settings| settings.refresh_reuse_interval = std::time::Duration::ZERO).await;
    let address = email();
    let session = app.sign_up(&address).await;
    let other_session = app.sign_in(&address, PASSWORD).await.json();
    let first = session["refresh_token"].as_str().unwrap();
    let second = app.refresh(first).await.json()["refresh_token"].as_str().unwrap().to_owned();
    // Time passes for the family (no sleep): the rotation is an hour old.
    app.sql("update auth.refresh_tokens set updated_at = updated_at - interval '1 hour'").await;
    assert_auth_error(&app.refresh(first).await, 400, "refresh_token_already_used");
    // The family is gone: the live successor fails too, and the session's access token.
    assert_auth_error(&app.refresh(&second).await, 400, "refresh_token_not_found");
    let user = send(app.auth_as(session["access_token"].as_str().unwrap(), Method::GET, "/user")).await;
    assert_auth_error(&user, 403, "session_not_found");
    // Other sessions of the user are untouched.
    assert_eq!(app.refresh(other_session["refresh_token"].as_str().unwrap()).await.status, StatusCode::OK);
    let revoked: i64 = app.scalar("select count(*) from auth.audit_log where action = 'token_revoked'").await;
    assert_eq!(revoked, 1);
}

#[tokio::test]
async fn twenty_concurrent_refreshes_of_one_token_give_one_continuation() {
    let (app, _, session) = TestApp::with_account().await;
    let token = session["refresh_token"].as_str().unwrap().to_owned();
    let attempts = (0..20).map(|_| app.refresh(&token));
    let answers = futures_util::future::join_all(attempts).await;
    let mut successors = std::collections::BTreeSet::new();
    for answer in &answers {
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        successors.insert(answer.json()["refresh_token"].as_str().unwrap().to_owned());
    }
    assert_eq!(successors.len(), 1, "one continuation, never a fork: {successors:?}");
    let live: i64 = app.scalar("select count(*) from auth.refresh_tokens where not revoked").await;
    assert_eq!(live, 1);
    let successor = successors.into_iter().next().unwrap();
    assert_eq!(app.refresh(&successor).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_banned_user_cannot_refresh_or_sign_in() {
    let (app, address, session) = TestApp::with_account().await;
    let id = session["user"]["id"].as_str().unwrap();
    let banned =
        send(app.auth_admin(Method::PUT, &format!("/admin/users/{id}")).json(&json!({"ban_duration": "24h"}))).await;
    assert_eq!(banned.status, StatusCode::OK, "{}", banned.text);
    assert!(banned.json()["banned_until"].is_string());
    assert_auth_error(&app.refresh(session["refresh_token"].as_str().unwrap()).await, 400, "user_banned");
    assert_auth_error(&app.sign_in(&address, PASSWORD).await, 400, "user_banned");
    // A mailed link does not open a session for a banned user either.
    send(app.auth(Method::POST, "/recover").json(&json!({"email": address}))).await;
    let (_, body) = app.last_mail(&address).await.unwrap();
    let token = support::auth::param(&support::auth::link_in(&body), "token");
    let verified =
        send(app.auth(Method::POST, "/verify").json(&json!({"type": "recovery", "token_hash": token}))).await;
    assert_auth_error(&verified, 403, "user_banned");
    let lifted =
        send(app.auth_admin(Method::PUT, &format!("/admin/users/{id}")).json(&json!({"ban_duration": "none"}))).await;
    assert!(lifted.json().get("banned_until").is_none(), "{}", lifted.text);
    assert_eq!(app.refresh(session["refresh_token"].as_str().unwrap()).await.status, StatusCode::OK);
}
