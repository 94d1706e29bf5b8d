//! Behaviour rules that must hold under concurrency: the last places of an event, and HWT-
//! member numbers.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

use std::collections::HashSet;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn fifty_concurrent_registrations_for_the_last_five_places_give_exactly_five() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type, registration_required, max_attendees)
         values ('{event}', 'Ugadi', 'New year', current_date + 7, 'cultural', true, 8)"
    ))
    .await;
    // Three places are taken already: five are left.
    for _ in 0..3 {
        let user = app.approved("member").await;
        app.sql(&format!("insert into public.event_registrations (event_id, user_id) values ('{event}', '{user}')"))
            .await;
    }
    let mut users = Vec::new();
    for _ in 0..50 {
        users.push(app.approved("member").await);
    }
    let requests = users.iter().map(|user| {
        send(app.user(user, Method::POST, "/event_registrations").json(&json!({"event_id": event, "user_id": user})))
    });
    let answers = futures_util::future::join_all(requests).await;
    let created = answers.iter().filter(|a| a.status == StatusCode::CREATED).count();
    assert_eq!(created, 5, "{:?}", answers.iter().map(|a| a.text.as_str()).collect::<Vec<_>>());
    for refused in answers.iter().filter(|a| a.status != StatusCode::CREATED) {
        assert_eq!(refused.json()["message"], "This event is full", "{}", refused.text);
    }
    let stored =
        app.count(&format!("select count(*) from public.event_registrations where event_id = '{event}'")).await;
    assert_eq!(stored, 8);
}

#[tokio::test]
async fn a_cancelled_place_can_be_taken_and_the_deadline_is_kept() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type, registration_required, max_attendees)
         values ('{event}', 'Satsang', 'Evening', current_date + 7, 'religious', true, 1)"
    ))
    .await;
    let (first, second) = (app.approved("member").await, app.approved("student").await);
    let register = |user: &str| {
        app.user(user, Method::POST, "/event_registrations?select=id")
            .header("prefer", "return=representation")
            .json(&json!({"event_id": event, "user_id": user}))
    };
    let mine = send(register(&first)).await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.text);
    send(register(&second)).await.assert_error(400, "23514");
    let id = mine.json()[0]["id"].as_str().unwrap().to_string();
    let cancelled = send(
        app.user(&first, Method::PATCH, &format!("/event_registrations?id=eq.{id}"))
            .json(&json!({"attendance_status": "cancelled"})),
    )
    .await;
    assert_eq!(cancelled.status, StatusCode::NO_CONTENT, "{}", cancelled.text);
    assert_eq!(send(register(&second)).await.status, StatusCode::CREATED, "the cancelled place is free again");

    app.sql(&format!(
        "update public.events set max_attendees = 10, registration_deadline = now() - interval '1 minute' where id = '{event}'"
    ))
    .await;
    let late = send(register(&app.approved("member").await)).await;
    assert_eq!(late.assert_error(400, "23514")["message"], "The registration deadline has passed");
    app.sql(&format!(
        "update public.events set registration_required = false, registration_deadline = null, max_attendees = null where id = '{event}'"
    ))
    .await;
    let closed = send(register(&app.approved("member").await)).await;
    assert_eq!(closed.assert_error(400, "23514")["message"], "This event does not take registrations");
}

#[tokio::test]
async fn concurrent_member_creation_gives_distinct_hwt_ids() {
    let app = TestApp::product().await;
    let admin = app.approved("admin").await;
    let requests = (0..30).map(|i| {
        send(
            app.user(&admin, Method::POST, "/member_directory?select=unique_id,membership_no")
                .header("prefer", "return=representation")
                .json(&json!({"full_name": format!("Member {i}"), "membership_no": if i % 2 == 0 { json!(null) } else { json!(format!("OLD-{i}")) }})),
        )
    });
    let answers = futures_util::future::join_all(requests).await;
    let mut ids = HashSet::new();
    for answer in &answers {
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
        let row = &answer.json()[0];
        let unique_id = row["unique_id"].as_str().unwrap().to_string();
        assert!(unique_id.len() == 9 && unique_id.starts_with("HWT-"), "{unique_id}");
        assert!(unique_id[4..].chars().all(|c| c.is_ascii_digit()), "{unique_id}");
        let membership_no = row["membership_no"].as_str().unwrap();
        assert!(membership_no.starts_with("NEW-") || membership_no.starts_with("OLD-"), "{membership_no}");
        ids.insert(unique_id);
    }
    assert_eq!(ids.len(), 30, "every member got a number of their own");
    // Numbers are taken only by rows that commit (a counter row, not a sequence): the thirty
    // are consecutive, and failed inserts in between, one with 2,000 rows among them, take none.
    let mut numbers: Vec<u32> = ids.iter().map(|id| id[4..].parse().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers.last().unwrap() - numbers.first().unwrap(), 29, "{numbers:?}");
    let applicant = app.approved("member").await;
    let many: Vec<_> = (0..2_000).map(|i| json!({"full_name": format!("Burn {i}"), "user_id": applicant})).collect();
    let burnt = send(app.user(&applicant, Method::POST, "/member_directory").json(&many)).await;
    assert_eq!(burnt.status, StatusCode::CONFLICT, "the second application of one account: {}", burnt.text);
    let bad = send(app.user(&admin, Method::POST, "/member_directory").json(&json!({"full_name": ""}))).await;
    assert!(bad.status.is_client_error(), "{}", bad.text);
    let next = send(
        app.user(&admin, Method::POST, "/member_directory?select=unique_id")
            .header("prefer", "return=representation")
            .json(&json!({"full_name": "After the failures"})),
    )
    .await;
    let next: u32 = next.json()[0]["unique_id"].as_str().unwrap()[4..].parse().unwrap();
    assert_eq!(next, numbers.last().unwrap() + 1, "failed inserts burnt no number");
}
