//! A user's notification choices hold for pushes too: a kind turned off reaches neither the
//! bell nor that user's devices, while visitors' devices still receive public news (the app's
//! push.wants answering the platform's worker, functions/68_notifications.sql).

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use support::push::{Device, PushSink, test_push_settings};
use support::{TestApp, TestAppOptions};

const WAIT: Duration = Duration::from_secs(15);

/// A device subscribed through the API (as `user`, or as a visitor).
async fn subscribe(app: &TestApp, sink: &PushSink, name: &str, user: Option<&str>) -> Device {
    let device = Device::new(sink.endpoint(name));
    let answer = app.subscribe(user, &device.subscription()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    device
}

#[tokio::test]
async fn a_user_who_turned_a_kind_off_gets_neither_its_notifications_nor_its_pushes() {
    let app = TestApp::spawn_with(TestAppOptions {
        push: Some(test_push_settings()),
        app: Some(support::app::app_bundle()),
        ..TestAppOptions::default()
    })
    .await;
    let sink = PushSink::start().await;
    let worker = app.start_push_worker();
    let (asha, ravi) = (app.approved("member").await, app.approved("member").await);
    let visitor = subscribe(&app, &sink, "visitor", None).await;
    let asha_phone = subscribe(&app, &sink, "asha-phone", Some(&asha)).await;
    let ravi_phone = subscribe(&app, &sink, "ravi-phone", Some(&ravi)).await;
    // Asha turns event notifications off (as herself, over REST); she keeps Sandesha.
    let chose = support::rest::send(
        app.user(&asha, reqwest::Method::POST, "/notification_preferences").json(&json!({"event": false})),
    )
    .await;
    assert_eq!(chose.status, StatusCode::CREATED, "{}", chose.text);

    // A new event (public news), a personal event notice to both, a new Sandesha issue.
    app.sql(&format!(
        "insert into public.events (title, description, event_date, event_type, status)
           values ('Ugadi utsava', 'At the hall', current_date + 5, 'cultural', 'upcoming');
         select app.notify_users(array['{asha}', '{ravi}']::uuid[], 'event', 'Registered: Ugadi utsava', 'See you there',
                                 '{{}}', '/events', 'registration-test');
         insert into public.havyaka_sandesha_issues (title, issue_year, issue_month, pdf_url, is_published)
           values ('July', 2026, 7, '/storage/v1/object/havyaka-sandesh/2026/07.pdf', true);"
    ))
    .await;
    assert!(
        app.wait_until("select count(*) = 3 and bool_and(status = 'done') from push.outbox", WAIT).await,
        "every push fanned out and finished"
    );
    let mut got: Vec<(String, String)> = sink
        .received()
        .iter()
        .map(|request| {
            let device =
                [&visitor, &asha_phone, &ravi_phone].into_iter().find(|d| d.endpoint.ends_with(&request.path)).unwrap();
            let title = device.decrypt(&request.body)["title"].as_str().unwrap().to_owned();
            (request.path.trim_start_matches("/push/").to_owned(), title)
        })
        .collect();
    got.sort();
    let expected = [
        ("asha-phone", "Havyaka Sandesha: July"),
        ("ravi-phone", "Havyaka Sandesha: July"),
        ("ravi-phone", "New event: Ugadi utsava"),
        ("ravi-phone", "Registered: Ugadi utsava"),
        ("visitor", "Havyaka Sandesha: July"),
        ("visitor", "New event: Ugadi utsava"),
    ];
    assert_eq!(got, expected.map(|(d, t)| (d.to_owned(), t.to_owned())), "Asha's phone gets no event push");
    // The bell agrees: no event notification for Asha, both for Ravi, the Sandesha for both.
    let bell = |user: &str, kind: &str| {
        format!("select count(*) from public.notifications where user_id = '{user}' and type = '{kind}'")
    };
    assert_eq!(app.count(&bell(&asha, "event")).await, 0);
    assert_eq!(app.count(&bell(&ravi, "event")).await, 2);
    assert_eq!(app.count(&bell(&asha, "sandesha")).await, 1);
    assert_eq!(app.count(&bell(&ravi, "sandesha")).await, 1);
    worker.stop(Duration::from_secs(5)).await;
}
