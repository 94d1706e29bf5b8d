//! `/api/push-public-key` and `/api/push-subscription`: visitors and users subscribe, devices
//! are stored once, keys and endpoints are checked, and nothing of it is readable over REST.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::push::{Device, test_push_settings};
use support::rest::send;

const P256DH: &str = "BH1HTeKM7-NwaLGHEqxeu2IamQaVVLkcsFHPIHmsCnqxcBHPQBprF41bEMOr3O1hUQ2jU1opNEm1F_lZV_sxMP8";
const AUTH: &str = "sBXU5_tIYz-5w7G2B25BEw";

fn fcm(token: &str) -> serde_json::Value {
    json!({
        "endpoint": format!("https://fcm.googleapis.com/fcm/send/{token}"),
        "expirationTime": null,
        "keys": {"p256dh": P256DH, "auth": AUTH}
    })
}

#[tokio::test]
async fn the_public_key_is_served_to_the_app() {
    let app = TestApp::spawn().await;
    let key = app.push_public_key().await;
    assert_eq!(key, app.state.push.keys.public_base64());
    let point = base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &key).unwrap();
    assert_eq!((point.len(), point[0]), (65, 4), "an uncompressed P-256 point");
}

#[tokio::test]
async fn a_visitor_subscribes_without_a_user() {
    let app = TestApp::spawn().await;
    let answer = app.subscribe(None, &fcm("visitor")).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json()["userId"], serde_json::Value::Null);
    let stored: bool = app
        .push_scalar(
            "select user_id is null and p256dh = 'BH1HTeKM7-NwaLGHEqxeu2IamQaVVLkcsFHPIHmsCnqxcBHPQBprF41bEMOr3O1hUQ2jU1opNEm1F_lZV_sxMP8' \
             from push.subscriptions where endpoint = 'https://fcm.googleapis.com/fcm/send/visitor'",
        )
        .await;
    assert!(stored);
}

#[tokio::test]
async fn a_signed_in_user_subscribes_linked_to_them() {
    let app = TestApp::spawn().await;
    let user = app.create_user().await;
    let answer = app.subscribe(Some(&user), &fcm("phone")).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json()["userId"], user.as_str());
    let owner: String = app.push_scalar("select user_id::text from push.subscriptions").await;
    assert_eq!(owner, user);
}

#[tokio::test]
async fn subscribing_again_updates_the_one_row_and_a_user_takes_a_visitors_device_over() {
    let app = TestApp::spawn().await;
    let (asha, ravi) = (app.create_user().await, app.create_user().await);
    let first = app.subscribe(None, &fcm("shared")).await;
    assert_eq!(first.status, StatusCode::CREATED);
    let id = first.json()["id"].clone();
    for (user, expected) in [(Some(asha.as_str()), Some(&asha)), (Some(ravi.as_str()), Some(&ravi)), (None, None)] {
        let again = app.subscribe(user, &fcm("shared")).await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.text);
        assert_eq!(again.json()["id"], id, "the same row");
        let owner: Option<String> = app.push_scalar("select user_id::text from push.subscriptions").await;
        assert_eq!(owner.as_ref(), expected);
    }
    let rows: i64 = app.push_scalar("select count(*) from push.subscriptions").await;
    assert_eq!(rows, 1);
}

#[tokio::test]
async fn new_keys_replace_old_ones_on_resubscription() {
    let app = TestApp::spawn().await;
    let device = Device::new("https://fcm.googleapis.com/fcm/send/rotated".into());
    app.subscribe(None, &fcm("rotated")).await;
    let answer = app.subscribe(None, &device.subscription()).await;
    assert_eq!(answer.status, StatusCode::OK);
    let p256dh: String = app.push_scalar("select p256dh from push.subscriptions").await;
    assert_eq!(p256dh, device.subscription()["keys"]["p256dh"]);
}

#[tokio::test]
async fn unsubscribing_removes_the_device_and_is_idempotent() {
    let app = TestApp::spawn().await;
    let user = app.create_user().await;
    app.subscribe(Some(&user), &fcm("gone")).await;
    for _ in 0..2 {
        let answer = app.unsubscribe("https://fcm.googleapis.com/fcm/send/gone").await;
        assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.text);
    }
    let rows: i64 = app.push_scalar("select count(*) from push.subscriptions").await;
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn a_user_keeps_the_most_recent_devices_up_to_the_cap() {
    let mut settings = test_push_settings();
    settings.allowed_hosts = server::push::settings::DEFAULT_ALLOWED_HOSTS
        .split(',')
        .map(|h| server::push::endpoint::HostPattern::parse(h).unwrap())
        .collect();
    settings.max_devices_per_user = 3;
    let app = TestApp::with_push(settings).await;
    let user = app.create_user().await;
    for device in ["a", "b", "c", "d"] {
        assert_eq!(app.subscribe(Some(&user), &fcm(device)).await.status, StatusCode::CREATED);
    }
    // Re-saving "b" makes it recent again; "e" then pushes out the oldest, "c".
    assert_eq!(app.subscribe(Some(&user), &fcm("b")).await.status, StatusCode::OK);
    assert_eq!(app.subscribe(Some(&user), &fcm("e")).await.status, StatusCode::CREATED);
    let kept: String =
        app.push_scalar("select string_agg(right(endpoint, 1), '' order by endpoint) from push.subscriptions").await;
    assert_eq!(kept, "bde");
    // Visitors' devices are not counted against anyone.
    assert_eq!(app.subscribe(None, &fcm("v")).await.status, StatusCode::CREATED);
}

#[tokio::test]
async fn bad_keys_are_400_with_a_message() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({"p256dh": "c2hvcnQ", "auth": AUTH}), "push_keys_invalid", "keys.p256dh must be an uncompressed"),
        (json!({"p256dh": P256DH, "auth": "AAAA"}), "push_keys_invalid", "keys.auth must be 16 bytes"),
        (json!({"p256dh": P256DH, "auth": "***"}), "push_keys_invalid", "keys.auth is not base64url"),
        (json!({"p256dh": P256DH}), "PGRST102", "missing field `auth`"),
    ];
    for (keys, code, message) in cases {
        let body = json!({"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": keys});
        let answer = app.subscribe(None, &body).await;
        let error = answer.assert_error(400, code);
        assert!(error["message"].as_str().unwrap().contains(message), "{error}");
    }
    let answer = send(
        app.client
            .post(app.url("/api/push-subscription"))
            .header("apikey", &app.keys.anon)
            .header("content-type", "application/json")
            .body("{not json"),
    )
    .await;
    answer.assert_error(400, "PGRST102");
}

#[tokio::test]
async fn an_ssrf_corpus_of_endpoints_is_refused_at_subscription() {
    let app = TestApp::spawn().await;
    let long = format!("https://fcm.googleapis.com/fcm/send/{}", "a".repeat(1100));
    let corpus = [
        "http://fcm.googleapis.com/fcm/send/x",
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://10.0.0.8/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://0.0.0.0/x",
        "https://[::ffff:10.0.0.1]/x",
        "https://2130706433/x",
        "https://017700000001/x",
        "https://0x7f000001/x",
        "https://evil.example/x",
        "https://fcm.googleapis.com@evil.com/x",
        "https://fcm.googleapis.com.evil.com/x",
        "https://fcm.googleapis.com:8443/x",
        &long,
    ];
    for endpoint in corpus {
        let body = json!({"endpoint": endpoint, "keys": {"p256dh": P256DH, "auth": AUTH}});
        let answer = app.subscribe(None, &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{endpoint}: {}", answer.text);
        assert_eq!(answer.json()["code"], "push_endpoint_invalid", "{endpoint}");
    }
    let rows: i64 = app.push_scalar("select count(*) from push.subscriptions").await;
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn without_an_api_key_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let answer = send(app.client.post(app.url("/api/push-subscription")).json(&fcm("x"))).await;
    answer.assert_error(401, "no_api_key");
    let answer =
        send(app.client.request(Method::DELETE, app.url("/api/push-subscription")).json(&json!({"endpoint": "x"})))
            .await;
    answer.assert_error(401, "no_api_key");
    let answer =
        send(app.client.post(app.url("/api/push-subscription")).header("apikey", "nope").json(&fcm("x"))).await;
    answer.assert_error(401, "invalid_api_key");
}

#[tokio::test]
async fn subscriptions_cannot_be_read_or_written_by_the_api_roles() {
    let app = TestApp::spawn().await;
    app.subscribe(None, &fcm("secret")).await;
    // The schema is not exposed over REST.
    let answer = send(app.anon(Method::GET, "/subscriptions").header("accept-profile", "push")).await;
    answer.assert_error(406, "PGRST106");
    // Nor can the roles touch the tables in SQL.
    // (The service role may enqueue notifications, as product code does; no API role may
    // read or change subscriptions.)
    for role in ["anon", "authenticated", "service_role"] {
        let enqueue = (role != "service_role").then_some("select push.enqueue_broadcast('x', 'y')");
        for statement in
            ["select count(*) from push.subscriptions", "delete from push.subscriptions"].into_iter().chain(enqueue)
        {
            let mut conn = app.db.admin_connection().await;
            let sql = format!("begin; set local role {role}; {statement}");
            let result = sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await;
            let error = result.err().unwrap_or_else(|| panic!("{role} may run {statement}"));
            assert!(error.to_string().contains("permission denied"), "{role}: {statement}: {error}");
        }
    }
}

#[tokio::test]
async fn visitor_subscriptions_from_one_address_are_limited() {
    let app = TestApp::spawn_with(support::TestAppOptions {
        rate_limits: server::http::rate_limit::RateLimits {
            anon_writes: Some(server::auth::settings::Limit { hits: 3, window: std::time::Duration::from_secs(300) }),
            ..Default::default()
        },
        ..support::TestAppOptions::default()
    })
    .await;
    for i in 0..3 {
        let answer = app.subscribe(None, &fcm(&format!("visitor-{i}"))).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    let refused = app.subscribe(None, &fcm("visitor-3")).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.text);
    assert!(refused.header("retry-after").is_some());
    let stored: i64 = app.push_scalar("select count(*) from push.subscriptions").await;
    assert_eq!(stored, 3);
}
