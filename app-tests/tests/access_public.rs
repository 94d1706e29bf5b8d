//! Public content (`events`, `albums`, `magazine_issues`), the OpenAPI document, contact
//! messages and analytics: what a visitor reads and sends, through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::rest::send;

fn titles(rows: &Value) -> Vec<String> {
    let mut titles: Vec<String> =
        rows.as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_string()).collect();
    titles.sort();
    titles
}

#[tokio::test]
async fn the_openapi_document_shows_each_role_only_what_it_may_use() {
    let app = TestApp::product().await;
    let anon = send(app.anon(Method::GET, "/")).await;
    assert_eq!(anon.status, StatusCode::OK);
    let document = anon.json();
    assert!(document["paths"].get("/student_details").is_none(), "row-level security leaves anon no policy");
    assert!(!anon.text.contains("pan_no"), "the anon document names no PAN column");
    assert!(document["paths"]["/events"]["get"].is_object(), "public content stays described");
    let user = send(app.user("00000000-0000-0000-0000-000000000001", Method::GET, "/")).await.json();
    assert!(user["paths"]["/student_details"]["get"].is_object());
    assert!(user["definitions"]["student_details"]["properties"]["pan_no"].is_object());
}

#[tokio::test]
async fn visitors_read_public_content_only() {
    let app = TestApp::product().await;
    app.sql(
        "insert into public.events (title, description, event_date, event_type, status) values
           ('Ugadi', 'New year', current_date + 5, 'cultural', 'upcoming'),
           ('Called off', 'No', current_date + 5, 'social', 'cancelled');
         insert into public.media_albums (title, is_published) values ('Deepavali', true), ('Draft', false);
         insert into public.havyaka_sandesha_issues (title, issue_year, issue_month, pdf_url, is_published) values
           ('March', 2026, 3, '/storage/v1/object/havyaka-sandesh/2026/03.pdf', true),
           ('April', 2026, 4, '/storage/v1/object/havyaka-sandesh/2026/04.pdf', false);",
    )
    .await;
    let events = send(app.anon(Method::GET, "/events?select=title")).await;
    assert_eq!(titles(&events.json()), ["Ugadi"]);
    let albums = send(app.anon(Method::GET, "/media_albums?select=title")).await;
    assert_eq!(titles(&albums.json()), ["Deepavali"]);
    let issues = send(app.anon(Method::GET, "/havyaka_sandesha_issues?select=title")).await;
    assert_eq!(titles(&issues.json()), ["March"]);
    for private in ["users", "members", "student_details", "matrimony_details", "payments", "member_directory"] {
        let answer = send(app.anon(Method::GET, &format!("/{private}?select=id"))).await;
        assert_eq!(answer.status, StatusCode::OK, "{private}: {}", answer.text);
        assert_eq!(answer.json(), json!([]), "{private} is not for visitors");
    }
    let event_manager = app.approved("event_manager").await;
    let staff = send(app.user(&event_manager, Method::GET, "/events?select=title")).await;
    assert_eq!(titles(&staff.json()), ["Called off", "Ugadi"]);
}

#[tokio::test]
async fn visitors_send_contact_messages_and_analytics_but_cannot_read_them() {
    let app = TestApp::product().await;
    let sent = send(app.anon(Method::POST, "/contact_messages").json(&json!({
        "first_name": "Ganesh", "email": "ganesh@example.org", "subject": "Hall booking", "message": "Is the hall free in May?"
    })))
    .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let short = send(app.anon(Method::POST, "/contact_messages").json(&json!({
        "first_name": "G", "email": "ganesh@example.org", "subject": "Hall", "message": "Free?"
    })))
    .await;
    short.assert_error(400, "23514");
    let analytics = send(
        app.anon(Method::POST, "/pwa_analytics")
            .json(&json!({"event_type": "install", "data": {"platform": "android"}})),
    )
    .await;
    assert_eq!(analytics.status, StatusCode::CREATED, "{}", analytics.text);
    assert_eq!(send(app.anon(Method::GET, "/contact_messages")).await.json(), json!([]));
    let admin = app.approved("admin").await;
    assert_eq!(
        send(app.user(&admin, Method::GET, "/contact_messages?select=subject")).await.json(),
        json!([{"subject": "Hall booking"}])
    );
}
