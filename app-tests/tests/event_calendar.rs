//! Calendar files of events (issue 37): an event's `.ics` and a member's feed, served as
//! `text/calendar` by the REST engine from SQL, checked by Debian's Python `icalendar` and the
//! octet rules of RFC 5545 (tests/fixtures/ics_check.py): CRLF, 75-octet folding that never
//! splits a Kannada character, escaping, a stable UID, DTSTAMP, METHOD:PUBLISH, Asia/Kolkata
//! with its VTIMEZONE, all-day events ending the next day, SEQUENCE and STATUS:CANCELLED.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::rest::send;

const CHECKER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/ics_check.py");

/// The checker's verdict: the events it read, or the rule the file broke.
fn check(ics: &[u8]) -> Value {
    let mut child = Command::new("/usr/bin/python3")
        .arg(CHECKER)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Debian's python3 with python3-icalendar (scripts/system-deps.sh)");
    child.stdin.take().unwrap().write_all(ics).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "the file breaks RFC 5545: {}\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(ics)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

const KANNADA_TITLE: &str = "ಯುಗಾದಿ ಹಬ್ಬ; ಸಂಭ್ರಮ, ಸಂಗೀತ ಮತ್ತು ಭೋಜನ — ಹವ್ಯಕ ಸಮುದಾಯದ ವಾರ್ಷಿಕ ಉತ್ಸವ";

async fn calendar_of(app: &TestApp, event: &str, accept: &str) -> (StatusCode, Option<String>, Vec<u8>) {
    let response = app
        .anon(Method::GET, &format!("/rpc/event_calendar?event_id={event}"))
        .header("accept", accept)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string());
    (status, content_type, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn an_events_calendar_file_is_strict_rfc_5545_with_kannada_folded_and_escaped() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_time, duration_minutes, location,
           event_type, registration_required, max_attendees)
         values ('{event}', '{KANNADA_TITLE}', '<p>ಹಾಡು, ನೃತ್ಯ; ಊಟ</p><p>Line two\\with a backslash</p>', date '2027-03-29',
           time '18:30', 150, 'Havyaka Bhavan, Mumbai', 'cultural', true, 100)"
    ))
    .await;
    let (status, content_type, ics) = calendar_of(&app, &event.to_string(), "text/calendar").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&ics));
    assert_eq!(content_type.as_deref(), Some("text/calendar"));
    let text = String::from_utf8(ics.clone()).unwrap();
    assert!(text.lines().any(|l| l.len() == 75 || l.len() == 74), "long Kannada lines are folded at the limit");
    let read = check(&ics);
    let vevent = &read["events"][0];
    assert_eq!(vevent["summary"], KANNADA_TITLE, "escaping and folding are undone exactly");
    assert_eq!(vevent["description"], "ಹಾಡು, ನೃತ್ಯ; ಊಟ\nLine two\\with a backslash");
    assert_eq!(vevent["location"], "Havyaka Bhavan, Mumbai");
    assert_eq!(vevent["uid"], format!("event-{event}@havyaka-community"));
    assert_eq!(vevent["dtstart"], "2027-03-29T18:30:00+05:30");
    assert_eq!(vevent["dtstart_tzid"], "Asia/Kolkata");
    assert_eq!(vevent["dtend"], "2027-03-29T21:00:00+05:30");
    assert_eq!((vevent["status"].as_str(), vevent["sequence"].as_i64()), (Some("CONFIRMED"), Some(0)));

    // A change a calendar shows bumps SEQUENCE, keeps the UID; cancelling says CANCELLED.
    app.sql(&format!("update public.events set event_time = time '19:00' where id = '{event}'")).await;
    let (_, _, ics) = calendar_of(&app, &event.to_string(), "*/*").await;
    let changed = &check(&ics)["events"][0];
    assert_eq!((changed["sequence"].as_i64(), &changed["uid"]), (Some(1), &vevent["uid"]));
    app.sql(&format!("update public.events set status = 'cancelled' where id = '{event}'")).await;
    let (status, _, _) = calendar_of(&app, &event.to_string(), "text/calendar").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a cancelled event is not public");
    let staff = app.approved("event_manager").await;
    let ics = app
        .user(&staff, Method::GET, &format!("/rpc/event_calendar?event_id={event}"))
        .header("accept", "text/calendar")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let cancelled = &check(&ics)["events"][0];
    assert_eq!((cancelled["status"].as_str(), cancelled["sequence"].as_i64()), (Some("CANCELLED"), Some(2)));
}

#[tokio::test]
async fn an_all_day_event_ends_the_next_day() {
    let app = TestApp::product().await;
    let event = uuid::Uuid::new_v4();
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type)
         values ('{event}', 'Health camp', 'All day', date '2027-01-31', 'health')"
    ))
    .await;
    let (status, _, ics) = calendar_of(&app, &event.to_string(), "text/calendar").await;
    assert_eq!(status, StatusCode::OK);
    let vevent = &check(&ics)["events"][0];
    assert_eq!(vevent["dtstart_value"], "DATE");
    assert_eq!((vevent["dtstart"].as_str(), vevent["dtend"].as_str()), (Some("2027-01-31"), Some("2027-02-01")));
}

#[tokio::test]
async fn a_members_feed_lists_their_registered_events_by_a_secret_revocable_url() {
    let app = TestApp::product().await;
    let member = app.approved("member").await;
    let other = app.approved("member").await;
    let (mine, theirs) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
    app.sql(&format!(
        "insert into public.events (id, title, description, event_date, event_type, registration_required)
         values ('{mine}', 'ಸತ್ಸಂಗ', 'Evening', current_date + 5, 'religious', true),
                ('{theirs}', 'Cricket', 'Morning', current_date + 6, 'sports', true);
         insert into public.event_registrations (event_id, user_id) values ('{mine}', '{member}'), ('{theirs}', '{other}');"
    ))
    .await;
    let made = send(app.user(&member, Method::POST, "/rpc/create_calendar_feed").json(&json!({}))).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    let token = made.json().as_str().unwrap().to_string();
    assert!(token.len() >= 32);
    let feed = |token: String| {
        let request = app.anon(Method::GET, &format!("/rpc/event_calendar_feed?token={token}"));
        async move {
            let response = request.send().await.unwrap();
            (response.status(), response.bytes().await.unwrap().to_vec())
        }
    };
    let (status, ics) = feed(token.clone()).await;
    assert_eq!(status, StatusCode::OK, "a calendar app fetches it without a session or Accept header");
    let read = check(&ics);
    let titles: Vec<&str> = read["events"].as_array().unwrap().iter().map(|e| e["summary"].as_str().unwrap()).collect();
    assert_eq!(titles, ["ಸತ್ಸಂಗ"], "only the member's own registrations");
    // Another member cannot read the token; replacing it revokes the old URL; deleting revokes it.
    let peek = send(app.user(&other, Method::GET, "/calendar_feeds?select=token")).await;
    assert_eq!(peek.json(), json!([]));
    let replaced = send(app.user(&member, Method::POST, "/rpc/create_calendar_feed").json(&json!({}))).await;
    let new_token = replaced.json().as_str().unwrap().to_string();
    assert_eq!(feed(token).await.0, StatusCode::NOT_FOUND, "the old URL stops working");
    assert_eq!(feed(new_token.clone()).await.0, StatusCode::OK);
    let revoked = send(app.user(&member, Method::DELETE, "/calendar_feeds?user_id=not.is.null")).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT, "{}", revoked.text);
    assert_eq!(feed(new_token).await.0, StatusCode::NOT_FOUND, "a revoked feed is gone");
}
