//! Sign-out scopes and the changes users make to their own accounts.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::auth::{PASSWORD, assert_auth_error, email};
use support::rest::send;

fn token(session: &Value, key: &str) -> String {
    session[key].as_str().unwrap_or_else(|| panic!("no {key} in {session}")).to_owned()
}

async fn three_sessions(app: &TestApp) -> (String, [Value; 3]) {
    let address = email();
    let first = app.sign_up(&address).await;
    let second = app.sign_in(&address, PASSWORD).await.json();
    let third = app.sign_in(&address, PASSWORD).await.json();
    (address, [first, second, third])
}

async fn user_status(app: &TestApp, session: &Value) -> StatusCode {
    send(app.auth_as(&token(session, "access_token"), Method::GET, "/user")).await.status
}

#[tokio::test]
async fn local_sign_out_ends_only_this_session() {
    let app = TestApp::spawn().await;
    let (_, [a, b, _]) = three_sessions(&app).await;
    let answer = send(
        app.auth_as(&token(&a, "access_token"), Method::POST, "/logout?scope=local")
            .header("content-type", "application/json;charset=UTF-8"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.text);
    assert!(answer.text.is_empty());
    assert_auth_error(&app.refresh(&token(&a, "refresh_token")).await, 400, "refresh_token_not_found");
    let missing = send(app.auth_as(&token(&a, "access_token"), Method::GET, "/user")).await;
    assert_auth_error(&missing, 403, "session_not_found");
    assert_eq!(user_status(&app, &b).await, StatusCode::OK);
    assert_eq!(app.refresh(&token(&b, "refresh_token")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn others_sign_out_keeps_only_this_session() {
    let app = TestApp::spawn().await;
    let (_, [a, b, c]) = three_sessions(&app).await;
    let answer = send(app.auth_as(&token(&a, "access_token"), Method::POST, "/logout?scope=others")).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(user_status(&app, &a).await, StatusCode::OK);
    for other in [&b, &c] {
        assert_eq!(user_status(&app, other).await, StatusCode::FORBIDDEN);
        assert_auth_error(&app.refresh(&token(other, "refresh_token")).await, 400, "refresh_token_not_found");
    }
}

#[tokio::test]
async fn global_sign_out_ends_every_session() {
    let app = TestApp::spawn().await;
    let (address, sessions) = three_sessions(&app).await;
    let answer = send(app.auth_as(&token(&sessions[1], "access_token"), Method::POST, "/logout")).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    for session in &sessions {
        assert_auth_error(&app.refresh(&token(session, "refresh_token")).await, 400, "refresh_token_not_found");
        let user = send(app.auth_as(&token(session, "access_token"), Method::GET, "/user")).await;
        assert_auth_error(&user, 403, "session_not_found");
    }
    let sessions_left: i64 = app.scalar("select count(*) from auth.sessions").await;
    assert_eq!(sessions_left, 0);
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK, "signing in again works");
    let unknown = send(app.auth_as(&token(&sessions[0], "access_token"), Method::POST, "/logout?scope=everyone")).await;
    assert_auth_error(&unknown, 400, "validation_failed");
}

#[tokio::test]
async fn a_password_change_ends_the_other_sessions() {
    let app = TestApp::spawn().await;
    let (address, [a, b, _]) = three_sessions(&app).await;
    let new_password = "a brand new passphrase";
    let answer = send(
        app.auth_as(&token(&a, "access_token"), Method::PUT, "/user")
            .json(&json!({"password": new_password, "current_password": PASSWORD})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["email"], address);
    assert_auth_error(&app.sign_in(&address, PASSWORD).await, 400, "invalid_credentials");
    assert_eq!(app.sign_in(&address, new_password).await.status, StatusCode::OK);
    assert_eq!(user_status(&app, &a).await, StatusCode::OK, "this session stays");
    assert_eq!(user_status(&app, &b).await, StatusCode::FORBIDDEN, "the others end");
    let same = send(
        app.auth_as(&token(&a, "access_token"), Method::PUT, "/user")
            .json(&json!({"password": new_password, "current_password": new_password})),
    )
    .await;
    assert_auth_error(&same, 422, "same_password");
    let weak =
        send(app.auth_as(&token(&a, "access_token"), Method::PUT, "/user").json(&json!({"password": "short"}))).await;
    assert_auth_error(&weak, 422, "weak_password");
    let audited: i64 = app.scalar("select count(*) from auth.audit_log where action = 'password_changed'").await;
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn metadata_merges_and_app_metadata_is_not_the_users() {
    let (app, _, session) = TestApp::with_account().await;
    let access = token(&session, "access_token");
    let first =
        send(app.auth_as(&access, Method::PUT, "/user").json(&json!({"data": {"name": "Asha", "city": "Pune"}}))).await;
    assert_eq!(first.json()["user_metadata"], json!({"name": "Asha", "city": "Pune"}));
    let second =
        send(app.auth_as(&access, Method::PUT, "/user").json(&json!({"data": {"city": "Mumbai", "name": null}}))).await;
    assert_eq!(second.json()["user_metadata"], json!({"city": "Mumbai"}));
    let forbidden =
        send(app.auth_as(&access, Method::PUT, "/user").json(&json!({"app_metadata": {"roles": ["admin"]}}))).await;
    assert_auth_error(&forbidden, 403, "not_admin");
    let stored: Value = app.scalar("select raw_app_meta_data from auth.users").await;
    assert_eq!(stored, json!({"provider": "email", "providers": ["email"]}));
}

#[tokio::test]
async fn an_email_change_applies_at_once_when_auto_confirmed() {
    let app = TestApp::spawn().await;
    let taken = email();
    app.sign_up(&taken).await;
    let session = app.sign_up(&email()).await;
    let access = token(&session, "access_token");
    let clash = send(
        app.auth_as(&access, Method::PUT, "/user")
            .json(&json!({"email": taken.to_uppercase(), "current_password": PASSWORD})),
    )
    .await;
    assert_auth_error(&clash, 422, "email_exists");
    let old_address = session["user"]["email"].as_str().unwrap().to_owned();
    let new_address = email();
    let changed = send(
        app.auth_as(&access, Method::PUT, "/user").json(&json!({"email": new_address, "current_password": PASSWORD})),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    assert_eq!(changed.json()["email"], new_address);
    assert_eq!(app.sign_in(&new_address, PASSWORD).await.status, StatusCode::OK);
    let (kind, body) = app.last_mail(&old_address).await.expect("the old address is told");
    assert_eq!(kind, "email_changed_notification");
    assert!(body.contains(&new_address), "{body}");
}

#[tokio::test]
async fn an_email_change_waits_for_the_new_address_to_confirm() {
    let app = TestApp::with_auth(|settings| settings.autoconfirm = false).await;
    let old_address = email();
    let id: uuid::Uuid = {
        let answer = send(app.auth_admin(Method::POST, "/admin/users").json(&json!({
            "email": old_address, "password": PASSWORD, "email_confirm": true
        })))
        .await;
        answer.json()["id"].as_str().unwrap().parse().unwrap()
    };
    let session = app.sign_in(&old_address, PASSWORD).await.json();
    let new_address = email();
    let pending = send(
        app.auth_as(&token(&session, "access_token"), Method::PUT, "/user")
            .json(&json!({"email": new_address, "current_password": PASSWORD})),
    )
    .await;
    assert_eq!(pending.status, StatusCode::OK, "{}", pending.text);
    assert_eq!(pending.json()["email"], old_address, "unchanged until confirmed");
    assert_eq!(pending.json()["new_email"], new_address);
    let (kind, body) = app.last_mail(&new_address).await.expect("a mail to the new address");
    assert_eq!(kind, "email_change");
    let link = support::auth::link_in(&body);
    assert_eq!(support::auth::param(&link, "type"), "email_change");
    let verified = send(app.auth(Method::POST, "/verify").json(&json!({
        "type": "email_change", "token_hash": support::auth::param(&link, "token")
    })))
    .await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    assert_eq!(verified.json()["user"]["email"], new_address);
    assert_eq!(verified.json()["user"]["id"], id.to_string());
    assert!(verified.json()["user"].get("new_email").is_none());
    let (kind, body) = app.last_mail(&old_address).await.expect("the old address is told");
    assert_eq!(kind, "email_changed_notification");
    assert!(body.contains(&new_address), "{body}");
}

/// The six-digit code in the newest reauthentication mail to `address`.
async fn mailed_nonce(app: &TestApp, address: &str) -> String {
    let (kind, body) = app.last_mail(address).await.expect("a reauthentication mail");
    assert_eq!(kind, "reauthentication");
    body.lines()
        .map(str::trim)
        .find(|line| line.len() == 6 && line.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in {body}"))
        .to_owned()
}

#[tokio::test]
async fn a_stolen_access_token_alone_changes_neither_password_nor_email() {
    let (app, address, session) = TestApp::with_account().await;
    let access = token(&session, "access_token");
    let put = |body: Value| send(app.auth_as(&access, Method::PUT, "/user").json(&body));
    let bare = put(json!({"password": "the thief's passphrase"})).await;
    let body = assert_auth_error(&bare, 400, "reauthentication_needed");
    assert_eq!(body["message"], "Password update requires reauthentication");
    assert_auth_error(&put(json!({"email": email()})).await, 400, "reauthentication_needed");
    let wrong = put(json!({"password": "the thief's passphrase", "current_password": "a guess at it"})).await;
    assert_auth_error(&wrong, 400, "current_password_invalid");
    let guessed = put(json!({"password": "the thief's passphrase", "nonce": "123456"})).await;
    assert_auth_error(&guessed, 422, "reauthentication_not_valid");
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK, "the password is unchanged");
    let changed: i64 = app.scalar("select count(*) from auth.audit_log where action = 'password_changed'").await;
    assert_eq!(changed, 0);
    // Metadata needs no proof.
    assert_eq!(put(json!({"data": {"city": "Sirsi"}})).await.status, StatusCode::OK);
    // A few guesses, then every proof is refused for a while, and the code in flight is spent.
    assert_eq!(send(app.auth_as(&access, Method::GET, "/reauthenticate")).await.status, StatusCode::OK);
    let nonce = mailed_nonce(&app, &address).await;
    for _ in 0..3 {
        put(json!({"password": "the thief's passphrase", "nonce": "000000"})).await;
    }
    let limited = put(json!({"password": "a brand new passphrase", "nonce": nonce})).await;
    assert_auth_error(&limited, 429, "over_request_rate_limit");
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK, "still unchanged");
}

#[tokio::test]
async fn a_mailed_nonce_changes_the_password_once_and_the_owner_is_told() {
    let (app, address, session) = TestApp::with_account().await;
    let access = token(&session, "access_token");
    let asked = send(app.auth_as(&access, Method::GET, "/reauthenticate")).await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
    assert_eq!(asked.json(), json!({}));
    let again = send(app.auth_as(&access, Method::GET, "/reauthenticate")).await;
    assert_auth_error(&again, 429, "over_email_send_rate_limit");
    let nonce = mailed_nonce(&app, &address).await;
    let new_password = "a brand new passphrase";
    let changed =
        send(app.auth_as(&access, Method::PUT, "/user").json(&json!({"password": new_password, "nonce": nonce}))).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    assert_eq!(app.sign_in(&address, new_password).await.status, StatusCode::OK);
    let (kind, body) = app.last_mail(&address).await.expect("the owner is told");
    assert_eq!(kind, "password_changed_notification");
    assert!(body.contains("password"), "{body}");
    let replayed = send(
        app.auth_as(&access, Method::PUT, "/user").json(&json!({"password": "yet another passphrase", "nonce": nonce})),
    )
    .await;
    assert_auth_error(&replayed, 422, "reauthentication_not_valid");
}

#[tokio::test]
async fn without_the_requirement_a_token_alone_may_change_the_password_but_the_owner_is_told() {
    let app = TestApp::with_auth(|settings| settings.require_reauthentication = false).await;
    let address = email();
    let session = app.sign_up(&address).await;
    let answer = send(
        app.auth_as(&token(&session, "access_token"), Method::PUT, "/user")
            .json(&json!({"password": "a brand new passphrase"})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(app.last_mail(&address).await.expect("a notice").0, "password_changed_notification");
}
