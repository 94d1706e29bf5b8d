//! Media type handlers (PostgREST's): a function returning a domain named like a media type
//! (`create domain "text/calendar" as text`) answers in that type when `Accept` asks for it,
//! or accepts anything; an aggregate over a table's row type returning such a domain serves
//! reads of the table and of functions returning its rows when `Accept` names the type; the
//! engine's own types still answer when wanted more; nothing acceptable is 406 PGRST107.
//! Fixture: `tests/fixtures/rest_media_handlers.sql`.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use support::TestApp;
use support::rest::send;

const FIXTURE: &str = include_str!("fixtures/rest_media_handlers.sql");

async fn app() -> TestApp {
    TestApp::with_fixture(FIXTURE).await
}

#[tokio::test]
async fn a_function_returning_a_media_type_domain_answers_in_that_type() {
    let app = app().await;
    for accept in [Some("text/calendar"), Some("*/*"), None, Some("text/html, text/calendar;q=0.9")] {
        let mut request = app.service(Method::GET, "/rpc/calendar?title=Annual%20day");
        if let Some(accept) = accept {
            request = request.header("accept", accept);
        }
        let answer = send(request).await;
        assert_eq!(answer.status, StatusCode::OK, "{accept:?}: {}", answer.text);
        assert_eq!(answer.header("content-type"), Some("text/calendar"), "{accept:?}");
        assert_eq!(answer.text, "BEGIN:VCALENDAR\r\nSUMMARY:Annual day\r\nEND:VCALENDAR", "{accept:?}: raw, not JSON");
    }
    // POST with JSON arguments too.
    let answer =
        send(app.service(Method::POST, "/rpc/calendar").header("accept", "text/calendar").json(&serde_json::json!({})))
            .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(answer.text.contains("SUMMARY:Ugadi"), "{}", answer.text);
}

#[tokio::test]
async fn the_engines_own_types_still_answer_when_wanted_more() {
    let app = app().await;
    let answer = send(app.service(Method::GET, "/rpc/calendar").header("accept", "application/json")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(answer.header("content-type").unwrap().starts_with("application/json"));
    assert_eq!(answer.json(), serde_json::json!("BEGIN:VCALENDAR\r\nSUMMARY:Ugadi\r\nEND:VCALENDAR"));
}

#[tokio::test]
async fn a_bytea_domain_is_served_as_its_bytes() {
    let app = app().await;
    let answer = send(app.service(Method::GET, "/rpc/blob").header("accept", "application/vnd.example.bin")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.header("content-type"), Some("application/vnd.example.bin"));
    assert_eq!(answer.text, "hello");
}

#[tokio::test]
async fn a_type_nobody_serves_is_406() {
    let app = app().await;
    // The function serves text/calendar; image/png is neither that nor the engine's.
    let answer = send(app.service(Method::GET, "/rpc/calendar").header("accept", "image/png")).await;
    let body = answer.assert_error(406, "PGRST107");
    assert!(body["message"].as_str().unwrap().contains("image/png"), "{body}");
    // A function serving another type does not make text/calendar acceptable.
    let answer = send(app.service(Method::GET, "/rpc/blob").header("accept", "text/calendar")).await;
    answer.assert_error(406, "PGRST107");
    // A domain whose name is not a media type is no handler.
    let answer = send(app.service(Method::GET, "/rpc/plain_domain").header("accept", "text/plain")).await;
    answer.assert_error(406, "PGRST107");
    let answer = send(app.service(Method::GET, "/rpc/plain_domain")).await;
    assert_eq!(answer.json(), serde_json::json!("just text"));
    // A set of domain values is no handler: the engine's types only.
    let answer = send(app.service(Method::GET, "/rpc/calendars").header("accept", "text/calendar")).await;
    answer.assert_error(406, "PGRST107");
    // Nor is a table without a handler aggregate, nor a type none of its aggregates serves.
    let answer = send(app.service(Method::GET, "/rooms").header("accept", "text/calendar")).await;
    answer.assert_error(406, "PGRST107");
    let answer = send(app.service(Method::GET, "/meetings").header("accept", "image/png")).await;
    let body = answer.assert_error(406, "PGRST107");
    assert!(body["message"].as_str().unwrap().contains("image/png"), "{body}");
    let answer =
        send(app.service(Method::GET, "/rpc/meetings_after?day=2031-01-01").header("accept", "image/png")).await;
    answer.assert_error(406, "PGRST107");
}

#[tokio::test]
async fn head_answers_the_type_without_a_body() {
    let app = app().await;
    let answer = send(app.service(Method::HEAD, "/rpc/calendar").header("accept", "text/calendar")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), Some("text/calendar"));
    assert!(answer.text.is_empty());
}

const CRLF: &str = "\r\n";

fn calendar(titles: &[&str]) -> String {
    let events: String = titles.iter().map(|t| format!("SUMMARY:{t}{CRLF}")).collect();
    format!("BEGIN:VCALENDAR{CRLF}{events}END:VCALENDAR")
}

#[tokio::test]
async fn an_aggregate_serves_a_tables_rows_in_its_type_with_filters_order_and_paging() {
    let app = app().await;
    let cases = [
        ("/meetings?order=day", calendar(&["Ugadi", "Satsang", "Annual day"])),
        ("/meetings?order=id.desc", calendar(&["Satsang", "Annual day", "Ugadi"])),
        ("/meetings?id=eq.2", calendar(&["Annual day"])),
        ("/meetings?order=id&limit=2&offset=1", calendar(&["Annual day", "Satsang"])),
        ("/meetings?id=eq.99", calendar(&[])),
    ];
    for (path, expected) in cases {
        let answer = send(app.service(Method::GET, path).header("accept", "text/calendar")).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text);
        assert_eq!(answer.header("content-type"), Some("text/calendar"), "{path}");
        assert_eq!(answer.text, expected, "{path}");
    }
    // Named first among the engine's types, with weights.
    let answer =
        send(app.service(Method::GET, "/meetings?id=eq.1").header("accept", "application/json;q=0.5, text/calendar"))
            .await;
    assert_eq!(answer.text, calendar(&["Ugadi"]));
    // A bytea domain's aggregate is served as its bytes.
    let answer =
        send(app.service(Method::GET, "/meetings?order=id").header("accept", "application/vnd.example.bin")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.header("content-type"), Some("application/vnd.example.bin"));
    assert_eq!(answer.text, "Ugadi;Annual day;Satsang;");
    // HEAD: the type, no body.
    let answer = send(app.service(Method::HEAD, "/meetings").header("accept", "text/calendar")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), Some("text/calendar"));
    assert!(answer.text.is_empty());
}

#[tokio::test]
async fn a_tables_rows_stay_json_unless_the_handlers_type_is_named() {
    let app = app().await;
    for accept in [None, Some("*/*"), Some("application/json"), Some("application/json, text/calendar")] {
        let mut request = app.service(Method::GET, "/meetings?select=title&order=id");
        if let Some(accept) = accept {
            request = request.header("accept", accept);
        }
        let answer = send(request).await;
        assert_eq!(answer.status, StatusCode::OK, "{accept:?}: {}", answer.text);
        assert!(answer.header("content-type").unwrap().starts_with("application/json"), "{accept:?}");
        assert_eq!(
            answer.json(),
            serde_json::json!([{"title": "Ugadi"}, {"title": "Annual day"}, {"title": "Satsang"}]),
            "{accept:?}"
        );
    }
}

#[tokio::test]
async fn an_aggregate_serves_the_rows_of_a_set_returning_function() {
    let app = app().await;
    let answer = send(
        app.service(Method::GET, "/rpc/meetings_after?day=2031-03-31&order=day").header("accept", "text/calendar"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.header("content-type"), Some("text/calendar"));
    assert_eq!(answer.text, calendar(&["Satsang", "Annual day"]));
    let answer = send(
        app.service(Method::POST, "/rpc/meetings_after?title=eq.Satsang")
            .header("accept", "text/calendar")
            .json(&serde_json::json!({"day": "2031-01-01"})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.text, calendar(&["Satsang"]));
    // JSON still, when it is asked for.
    let answer = send(app.service(Method::GET, "/rpc/meetings_after?day=2031-11-01&select=title")).await;
    assert_eq!(answer.json(), serde_json::json!([{"title": "Annual day"}]));
}
