//! Several delivery workers on one outbox (as several replicas would run them): every
//! notification reaches every device exactly once, and a stopped worker leaves its work to the
//! others.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::collections::HashSet;
use std::time::Duration;

use reqwest::StatusCode;
use support::TestApp;
use support::push::{Device, PushSink, test_push_settings};

#[tokio::test]
async fn two_workers_deliver_two_hundred_messages_exactly_once() {
    let app = TestApp::with_push(test_push_settings()).await;
    let sink = PushSink::start().await;
    let mut devices = Vec::new();
    for name in ["d1", "d2", "d3", "d4"] {
        let device = Device::new(sink.endpoint(name));
        assert_eq!(app.subscribe(None, &device.subscription()).await.status, StatusCode::CREATED);
        devices.push(device);
    }
    let first = app.start_push_worker();
    let second = app.start_push_worker();
    // 50 broadcasts to 4 devices, enqueued by five transactions while both workers run.
    for batch in 0..5 {
        app.sql(&format!(
            "select push.enqueue_broadcast('m' || i, 'body') from generate_series({}, {}) i",
            batch * 10 + 1,
            batch * 10 + 10
        ))
        .await;
    }
    sink.wait_for(200, Duration::from_secs(90)).await;
    assert!(
        app.wait_until("select count(*) = 50 and bool_and(status = 'done') from push.outbox", Duration::from_secs(30))
            .await
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let received = sink.received();
    assert_eq!(received.len(), 200, "every message once per device, nothing twice");
    let mut seen = HashSet::new();
    for request in &received {
        let device = devices.iter().find(|d| d.endpoint.ends_with(&request.path)).unwrap();
        let title = device.decrypt(&request.body)["title"].as_str().unwrap().to_owned();
        assert!(seen.insert((request.path.clone(), title.clone())), "{} got {title} twice", request.path);
    }
    assert_eq!(seen.len(), 200);
    let sent: i64 =
        app.push_scalar("select count(*) from push.deliveries where status = 'sent' and attempts = 1").await;
    assert_eq!(sent, 200);
    first.stop(Duration::from_secs(5)).await;
    second.stop(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_stopped_worker_leaves_new_work_to_the_next_one() {
    let app = TestApp::with_push(test_push_settings()).await;
    let sink = PushSink::start().await;
    let device = Device::new(sink.endpoint("phone"));
    app.subscribe(None, &device.subscription()).await;
    app.start_push_worker().stop(Duration::from_secs(5)).await;
    app.sql("select push.enqueue_broadcast('while nobody listens', '')").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(sink.received().is_empty(), "a stopped worker sends nothing");
    let next = app.start_push_worker();
    let received = sink.wait_for(1, Duration::from_secs(15)).await;
    assert_eq!(received.len(), 1);
    assert_eq!(device.decrypt(&received[0].body)["title"], "while nobody listens");
    next.stop(Duration::from_secs(5)).await;
}
