//! Behaviour rules that must hold under concurrency: the last places of an event (registrations,
//! waitlist offers, walk-ins at the door), and HWT-member numbers.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

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

/// Seats an event has given (live registrations and live offers, 1 + guests each, and walk-ins) against its
/// capacity.
async fn seats_given(app: &TestApp, event: &str) -> (i64, i64) {
    let given = app
        .count(&format!(
            "select (select coalesce(sum(1 + guests), 0) from public.event_registrations
                      where event_id = '{event}' and attendance_status <> 'cancelled')
                  + (select coalesce(sum(1 + guests), 0) from public.event_waitlist
                      where event_id = '{event}' and status = 'offered' and offer_expires_at > now())
                  + (select coalesce(sum(seats), 0) from public.event_walk_ins where event_id = '{event}')"
        ))
        .await;
    let capacity = app.count(&format!("select max_attendees::bigint from public.events where id = '{event}'")).await;
    (given, capacity)
}

#[tokio::test]
async fn fifty_parallel_accepts_cancellations_and_joins_never_oversell_a_waitlisted_event() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type, registration_required, max_attendees,
           registration_deadline)
         values ('{event}', 'Annual day', 'Full house', current_date + 14, 'cultural', true, 12, now() + interval '7 days')"
    ))
    .await;
    let mut registered = Vec::new();
    for _ in 0..12 {
        let user = app.approved("member").await;
        app.sql(&format!("insert into public.event_registrations (event_id, user_id) values ('{event}', '{user}')"))
            .await;
        registered.push(user);
    }
    // Twenty wait, every third with a guest.
    let mut waiting = Vec::new();
    for index in 0..20 {
        let user = app.approved("member").await;
        let guests = i32::from(index % 3 == 0);
        let joined = send(
            app.user(&user, Method::POST, "/rpc/join_event_waitlist")
                .json(&json!({"event_id": event, "guests": guests})),
        )
        .await;
        assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
        waiting.push(user);
    }
    let mut newcomers = Vec::new();
    for _ in 0..18 {
        newcomers.push(app.approved("member").await);
    }

    // Round one, 50 at once: 12 cancellations, 20 accepts (offers appear as seats free up),
    // 18 newcomers registering or joining.
    let cancel = |user: &String| {
        send(
            app.user(user, Method::PATCH, &format!("/event_registrations?event_id=eq.{event}&user_id=eq.{user}"))
                .json(&json!({"attendance_status": "cancelled"})),
        )
    };
    let accept =
        |user: &String| send(app.user(user, Method::POST, "/rpc/accept_event_offer").json(&json!({"event_id": event})));
    let register = |user: &String| {
        send(app.user(user, Method::POST, "/event_registrations").json(&json!({"event_id": event, "user_id": user})))
    };
    let join = |user: &String| {
        send(app.user(user, Method::POST, "/rpc/join_event_waitlist").json(&json!({"event_id": event})))
    };
    let mut round = Vec::new();
    for user in &registered {
        round.push(futures_util::future::Either::Left(cancel(user)));
    }
    for user in &waiting {
        round.push(futures_util::future::Either::Right(futures_util::future::Either::Left(accept(user))));
    }
    for (index, user) in newcomers.iter().enumerate() {
        let call = if index % 2 == 0 { register(user) } else { join(user) };
        round.push(futures_util::future::Either::Right(futures_util::future::Either::Right(call)));
    }
    assert_eq!(round.len(), 50);
    let answers = futures_util::future::join_all(round).await;
    for answer in &answers {
        assert!(answer.status.as_u16() < 500, "no request fails on the server: {}", answer.text);
    }
    let (given, capacity) = seats_given(&app, &event.to_string()).await;
    assert!(given <= capacity, "round one gave {given} seats of {capacity}");

    // Round two, 50 at once: everyone waiting accepts, the others try to register.
    let round: Vec<_> = waiting
        .iter()
        .chain(newcomers.iter())
        .map(|user| futures_util::future::Either::Left(accept(user)))
        .chain(registered.iter().take(12).map(|user| futures_util::future::Either::Right(register(user))))
        .collect();
    assert_eq!(round.len(), 50);
    let answers = futures_util::future::join_all(round).await;
    for answer in &answers {
        assert!(answer.status.as_u16() < 500, "no request fails on the server: {}", answer.text);
    }
    let (given, capacity) = seats_given(&app, &event.to_string()).await;
    assert!(given <= capacity, "round two gave {given} seats of {capacity}");
    assert!(given >= capacity - 1, "free seats were given, not lost: {given} of {capacity}");
    let double = app
        .count(&format!(
            "select count(*) from public.event_waitlist w join public.event_registrations r
               on r.event_id = w.event_id and r.user_id = w.user_id and r.attendance_status <> 'cancelled'
             where w.event_id = '{event}' and w.status in ('waiting', 'offered')"
        ))
        .await;
    assert_eq!(double, 0, "nobody holds both a registration and a live waitlist place");
}

#[tokio::test]
async fn fifty_parallel_walk_ins_and_registrations_never_oversell() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type, registration_required, max_attendees)
         values ('{event}', 'Health camp', 'At the door', current_date + 1, 'health', true, 20)"
    ))
    .await;
    for _ in 0..4 {
        let user = app.approved("member").await;
        app.sql(&format!("insert into public.event_registrations (event_id, user_id) values ('{event}', '{user}')"))
            .await;
    }
    // Two doors (event staff) record 40 walk-ins of one or two places while 10 members register.
    let doors = [app.approved("event_manager").await, app.approved("event_manager").await];
    let mut members = Vec::new();
    for _ in 0..10 {
        members.push(app.approved("member").await);
    }
    let walk_in = |index: usize| {
        send(app.user(&doors[index % 2], Method::POST, "/rpc/add_walk_in").json(&json!({
            "event_id": event, "full_name": format!("Guest {index}"), "seats": 1 + index % 2
        })))
    };
    let register = |user: &String| {
        send(app.user(user, Method::POST, "/event_registrations").json(&json!({"event_id": event, "user_id": user})))
    };
    let round: Vec<_> = (0..40)
        .map(|index| futures_util::future::Either::Left(walk_in(index)))
        .chain(members.iter().map(|user| futures_util::future::Either::Right(register(user))))
        .collect();
    assert_eq!(round.len(), 50);
    let answers = futures_util::future::join_all(round).await;
    let mut recorded = 0;
    for answer in &answers {
        match answer.status.as_u16() {
            200 | 201 => recorded += 1,
            _ => assert_eq!(answer.json()["message"], "This event is full", "{}", answer.text),
        }
    }
    assert!(recorded > 0, "some walk-ins and registrations fit");
    let (given, capacity) = seats_given(&app, &event.to_string()).await;
    assert!(given <= capacity, "{given} seats given of {capacity}");
    assert!(given >= capacity - 1, "free seats were given, not lost: {given} of {capacity}");
    let counts =
        send(app.user(&doors[0], Method::POST, "/rpc/event_day_counts").json(&json!({"event_id": event}))).await;
    assert_eq!(counts.status, StatusCode::OK, "{}", counts.text);
    assert_eq!(counts.json()[0]["seats_taken"], given, "the door's count is the seats given");
}
