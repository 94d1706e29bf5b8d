//! Delivery through a stand-in push service: payloads encrypted for the device and signed with
//! VAPID, the right devices per audience, and what the worker does with 410, 503, 429, a
//! redirect, an exhausted retry budget and an allowed host that resolves to a private address.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use server::push::endpoint::HostPattern;
use server::push::settings::PushSettings;
use server::push::worker::WorkerHandle;
use support::TestApp;
use support::push::{Device, PushSink, test_push_settings, verify_vapid};

const WAIT: Duration = Duration::from_secs(15);

/// The app with a worker, a stand-in push service and settings changed by `adjust`.
async fn setup(adjust: impl FnOnce(&mut PushSettings)) -> (TestApp, PushSink, WorkerHandle) {
    let mut settings = test_push_settings();
    adjust(&mut settings);
    let app = TestApp::with_push(settings).await;
    let sink = PushSink::start().await;
    let worker = app.start_push_worker();
    (app, sink, worker)
}

/// A device subscribed through the API (as `user`, or as a visitor).
async fn subscribe(app: &TestApp, sink: &PushSink, name: &str, user: Option<&str>) -> Device {
    let device = Device::new(sink.endpoint(name));
    let answer = app.subscribe(user, &device.subscription()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    device
}

/// A visitor's device `name` whose push service answers `answers` in turn (then 201), and a
/// broadcast `title` sent to everyone.
async fn broadcast_to_one(
    adjust: impl FnOnce(&mut PushSettings),
    name: &str,
    answers: &[(u16, Option<&str>)],
    title: &str,
) -> (TestApp, PushSink, WorkerHandle, Device) {
    let (app, sink, worker) = setup(adjust).await;
    let device = subscribe(&app, &sink, name, None).await;
    sink.answer(name, answers);
    app.sql(&format!("select push.enqueue_broadcast('{title}', '')")).await;
    (app, sink, worker, device)
}

#[tokio::test]
async fn a_notification_reaches_the_device_encrypted_and_signed() {
    let (app, sink, worker) = setup(|_| {}).await;
    let user = app.create_user().await;
    let device = subscribe(&app, &sink, "asha-phone", Some(&user)).await;
    app.sql(&format!(
        "select push.enqueue_to_user('{user}', 'Yugadi celebration', 'At the hall, 6 pm', '/events/12', 'event-12', \
         '{{\"type\": \"event\", \"event_id\": 12}}')"
    ))
    .await;
    let received = sink.wait_for(1, WAIT).await;
    assert_eq!(received.len(), 1, "one request");
    let request = &received[0];
    assert_eq!(request.path, "/push/asha-phone");
    assert_eq!(request.header("content-encoding"), "aes128gcm");
    assert_eq!(request.header("content-type"), "application/octet-stream");
    assert_eq!(request.header("ttl"), "86400");
    assert_eq!(request.header("topic"), "event-12");
    let payload = device.decrypt(&request.body);
    assert_eq!(payload["title"], "Yugadi celebration");
    assert_eq!(payload["body"], "At the hall, 6 pm");
    assert_eq!(payload["url"], "/events/12");
    assert_eq!(payload["tag"], "event-12");
    assert_eq!(payload["data"], json!({"type": "event", "event_id": 12}));
    verify_vapid(
        request,
        &app.push_public_key().await,
        &format!("http://127.0.0.1:{}", sink.port),
        "mailto:office@site.example",
    );
    assert!(
        app.wait_until(
            "select bool_and(d.status = 'sent' and d.http_status = 201 and o.status = 'done') \
             from push.deliveries d join push.outbox o on o.id = d.message_id",
            WAIT
        )
        .await,
        "the delivery is recorded and the notification done"
    );
    // Finished notifications are cleaned up after the retention period (here: at once).
    let pool = server::db::request_pool(&app.db.requests, 1);
    assert_eq!(server::push::store::clean_up(&pool, Duration::ZERO).await.unwrap(), 1);
    let left: i64 =
        app.push_scalar("select (select count(*) from push.outbox) + (select count(*) from push.deliveries)").await;
    assert_eq!(left, 0);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn users_topics_and_broadcasts_reach_exactly_their_devices() {
    let (app, sink, worker) = setup(|_| {}).await;
    let (asha, ravi) = (app.create_user().await, app.create_user().await);
    let visitor = subscribe(&app, &sink, "visitor", None).await;
    let asha_phone = subscribe(&app, &sink, "asha-phone", Some(&asha)).await;
    let asha_laptop = subscribe(&app, &sink, "asha-laptop", Some(&asha)).await;
    let ravi_phone = subscribe(&app, &sink, "ravi-phone", Some(&ravi)).await;
    app.sql(&format!(
        "select push.add_to_topic('{ravi}', 'staff');
         select push.enqueue_to_user('{asha}', 'for asha', '');
         select push.enqueue_broadcast('for everyone', 'A public notice');
         select push.enqueue_topic('staff', 'for staff', 'New registration', '/admin/members');
         select push.enqueue_to_user('{}', 'for a user without devices', '');",
        uuid::Uuid::new_v4()
    ))
    .await;
    sink.wait_for(7, WAIT).await;
    assert!(app.wait_until("select bool_and(status = 'done') from push.outbox", WAIT).await);
    let received = sink.received();
    assert_eq!(received.len(), 7, "2 to asha, 4 broadcasts, 1 to staff");
    let mut got: Vec<(String, String)> = Vec::new();
    for request in &received {
        let device = [&visitor, &asha_phone, &asha_laptop, &ravi_phone]
            .into_iter()
            .find(|d| d.endpoint.ends_with(&request.path))
            .unwrap();
        let title = device.decrypt(&request.body)["title"].as_str().unwrap().to_owned();
        got.push((request.path.trim_start_matches("/push/").to_owned(), title));
    }
    got.sort();
    let expected = [
        ("asha-laptop", "for asha"),
        ("asha-laptop", "for everyone"),
        ("asha-phone", "for asha"),
        ("asha-phone", "for everyone"),
        ("ravi-phone", "for everyone"),
        ("ravi-phone", "for staff"),
        ("visitor", "for everyone"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect();
    assert_eq!(got, expected);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_410_removes_the_subscription() {
    let (app, sink, worker, _) = broadcast_to_one(|_| {}, "old-phone", &[(410, None)], "hello").await;
    assert!(
        app.wait_until(
            "select (select count(*) from push.subscriptions) = 0 and \
             exists (select from push.deliveries where status = 'gone' and http_status = 410 and subscription_id is null)",
            WAIT
        )
        .await
    );
    assert_eq!(sink.received().len(), 1);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_503_is_retried_then_succeeds() {
    let (app, sink, worker, device) =
        broadcast_to_one(|_| {}, "busy", &[(503, None), (503, None)], "after a while").await;
    let received = sink.wait_for(3, WAIT).await;
    assert_eq!(received.len(), 3);
    assert_eq!(device.decrypt(&received[2].body)["title"], "after a while");
    assert!(received[1].at - received[0].at >= Duration::from_millis(90), "backoff between attempts");
    assert!(
        app.wait_until("select bool_and(status = 'sent' and attempts = 3) from push.deliveries", WAIT).await,
        "delivered on the third attempt"
    );
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_429_retry_after_is_honoured() {
    let (app, sink, worker, _) = broadcast_to_one(|_| {}, "limited", &[(429, Some("2"))], "patience").await;
    let received = sink.wait_for(2, WAIT).await;
    assert_eq!(received.len(), 2);
    let waited = received[1].at - received[0].at;
    assert!(waited >= Duration::from_millis(1900), "waited {waited:?}, the push service asked for 2 s");
    assert!(app.wait_until("select bool_and(status = 'sent') from push.deliveries", WAIT).await);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_delivery_is_given_up_after_the_last_attempt() {
    let (app, sink, worker, _) = broadcast_to_one(
        |settings| settings.max_attempts = 2,
        "broken",
        &[(500, None), (500, None), (500, None)],
        "lost",
    )
    .await;
    assert!(
        app.wait_until(
            "select bool_and(d.status = 'failed' and d.attempts = 2 and d.last_error like 'gave up after 2 attempts%' \
             and o.status = 'done') from push.deliveries d join push.outbox o on o.id = d.message_id",
            WAIT
        )
        .await
    );
    assert_eq!(sink.received().len(), 2);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_redirect_is_not_followed() {
    let (app, sink, worker, _) = broadcast_to_one(|_| {}, "moved", &[(307, None)], "elsewhere").await;
    assert!(
        app.wait_until(
            "select bool_and(status = 'failed' and http_status = 307 and last_error like '%redirect%') from push.deliveries",
            WAIT
        )
        .await
    );
    assert_eq!(sink.received().len(), 1);
    worker.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn an_allowed_host_that_resolves_to_a_private_address_is_never_contacted() {
    let mut settings = test_push_settings();
    settings.allowed_hosts = vec![HostPattern::parse("localhost").unwrap()];
    settings.allow_loopback_http = false;
    let app = TestApp::with_push(settings).await;
    let worker = app.start_push_worker();
    let device = Device::new("https://localhost/push/rebound".into());
    let answer = app.subscribe(None, &device.subscription()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "a name on the allow-list is accepted: {}", answer.text);
    app.sql("select push.enqueue_broadcast('never sent', '')").await;
    assert!(
        app.wait_until(
            "select bool_and(status = 'failed' and attempts = 1 and last_error like 'localhost resolves to %') \
             from push.deliveries",
            WAIT
        )
        .await,
        "refused after resolution, without retries"
    );
    worker.stop(Duration::from_secs(5)).await;
}
