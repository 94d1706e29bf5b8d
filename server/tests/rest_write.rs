//! POST, PATCH, PUT and DELETE: payloads, upserts, representations, statuses and rollbacks.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::{ASHA, RAVI, get_json, send, service_write};

#[tokio::test]
async fn insert_minimal_is_201_without_a_body() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.service(Method::POST, "/roles").json(&json!({"id": 3, "name": "volunteer"}))).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.text, "");
    assert_eq!(answer.header("content-range"), Some("*/*"));
    assert!(answer.header("content-type").is_none());
    assert_eq!(get_json(&app, "/roles?id=eq.3").await, json!([{"id": 3, "name": "volunteer"}]));
}

#[tokio::test]
async fn bulk_insert_with_columns_fills_missing_keys_with_null_or_defaults() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(
        app.service(
            Method::POST,
            "/events?columns=%22title%22,%22event_date%22,%22max_attendees%22&select=title,event_type,max_attendees",
        )
        .header("prefer", "return=representation")
        .json(&json!([
            {"title": "A", "event_date": "2031-01-01", "max_attendees": 5},
            {"title": "B", "event_date": "2031-01-02", "ignored": true}
        ])),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(
        answer.json(),
        json!([
            {"title": "A", "event_type": "cultural", "max_attendees": 5},
            {"title": "B", "event_type": "cultural", "max_attendees": null}
        ])
    );

    // missing=default: an absent key takes the column default (and identity keeps counting).
    let answer = send(
        app.service(Method::POST, "/notes?columns=%22body%22,%22is_public%22,%22owner_id%22&select=body,is_public")
            .header("prefer", "return=representation, missing=default")
            .json(&json!([
                {"body": "d1", "owner_id": RAVI},
                {"body": "d2", "is_public": true, "owner_id": RAVI}
            ])),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json(), json!([{"body": "d1", "is_public": false}, {"body": "d2", "is_public": true}]));
}

#[tokio::test]
async fn payload_mistakes_are_400s_that_write_nothing() {
    let app = TestApp::with_rest_fixture().await;
    let mismatch = send(app.service(Method::POST, "/roles").json(&json!([{"id": 5, "name": "a"}, {"id": 6}]))).await;
    let body = mismatch.assert_error(400, "PGRST102");
    assert_eq!(body["message"], "All object keys must match");

    let unknown = send(app.service(Method::POST, "/roles").json(&json!({"id": 5, "nmae": "a"}))).await;
    let body = unknown.assert_error(400, "PGRST204");
    assert_eq!(body["message"], "Could not find the 'nmae' column of 'roles' in the schema cache");

    let garbage =
        send(app.service(Method::POST, "/roles").header("content-type", "application/json").body("{oops")).await;
    garbage.assert_error(400, "PGRST102");
    let scalar = send(app.service(Method::POST, "/roles").json(&json!(5))).await;
    scalar.assert_error(400, "PGRST102");
    // A body that is not JSON by its type is 415, as in PostgREST, on tables; a function takes
    // text only in a single unnamed text parameter (`rest_tx_rpc_media.rs`), which `add` lacks.
    let text = send(app.service(Method::POST, "/rpc/add").header("content-type", "text/plain").body("{}")).await;
    text.assert_error(404, "PGRST202");
    for (method, path) in [(Method::POST, "/roles"), (Method::PATCH, "/roles?id=eq.1")] {
        let plain = send(
            app.service(method, path)
                .header("content-type", "text/plain;charset=UTF-8")
                .body(r#"{"id": 7, "name": "a"}"#),
        )
        .await;
        let body = plain.assert_error(415, "PGRST107");
        assert_eq!(body["message"], "Content-Type not acceptable: text/plain;charset=UTF-8");
    }

    let duplicate = send(app.service(Method::POST, "/roles").json(&json!({"id": 1, "name": "again"}))).await;
    duplicate.assert_error(409, "23505");
    let missing_parent =
        send(app.service(Method::POST, "/person_roles").json(&json!({"person_id": RAVI, "role_id": 99}))).await;
    missing_parent.assert_error(409, "23503");
    let check = send(app.service(Method::POST, "/feedback").json(&json!({"message": ""}))).await;
    check.assert_error(400, "23514");
    let not_null = send(app.service(Method::POST, "/roles").json(&json!({"id": 9}))).await;
    not_null.assert_error(400, "23502");

    assert_eq!(get_json(&app, "/roles?select=count").await, json!([{"count": 2}]));
}

#[tokio::test]
async fn key_violations_show_values_to_the_service_role_only() {
    let app = TestApp::with_rest_fixture().await;
    // (PostgreSQL itself leaves the detail out where row-level security applies.)
    let mine = send(app.user(ASHA, Method::POST, "/roles").json(&json!({"id": 9, "name": "member"}))).await;
    let body = mine.assert_error(409, "23505");
    assert_eq!(body["details"], "Key (name) already exists.", "{body}");
    let service = send(app.service(Method::POST, "/roles").json(&json!({"id": 1, "name": "again"}))).await;
    assert_eq!(service.assert_error(409, "23505")["details"], "Key (id)=(1) already exists.");
}

#[tokio::test]
async fn upserts_merge_or_ignore_duplicates() {
    let app = TestApp::with_rest_fixture().await;
    let merged = service_write(
        &app,
        Method::POST,
        "/roles?on_conflict=id",
        "resolution=merge-duplicates, return=representation",
        &json!([{"id": 1, "name": "member (renamed)"}]),
    )
    .await;
    assert_eq!(merged.status, StatusCode::OK, "an upsert that only updated is 200: {}", merged.text);
    assert_eq!(merged.json(), json!([{"id": 1, "name": "member (renamed)"}]));

    let inserted = service_write(
        &app,
        Method::POST,
        "/roles",
        "resolution=merge-duplicates, return=representation",
        &json!({"id": 7, "name": "new"}),
    )
    .await;
    assert_eq!(inserted.status, StatusCode::CREATED);

    let ignored = service_write(
        &app,
        Method::POST,
        "/roles?on_conflict=name",
        "resolution=ignore-duplicates, return=representation",
        &json!([{"id": 8, "name": "new"}, {"id": 9, "name": "fresh"}]),
    )
    .await;
    assert_eq!(ignored.status, StatusCode::CREATED);
    assert_eq!(ignored.json(), json!([{"id": 9, "name": "fresh"}]));
    assert_eq!(get_json(&app, "/roles?select=id&order=id").await, json!([{"id": 1}, {"id": 2}, {"id": 7}, {"id": 9}]));

    let bad_target =
        service_write(&app, Method::POST, "/roles?on_conflict=nope", "resolution=merge-duplicates", &json!({"id": 1}))
            .await;
    bad_target.assert_error(400, "PGRST204");
}

#[tokio::test]
async fn headers_only_answers_with_a_location() {
    let app = TestApp::with_rest_fixture().await;
    let answer =
        service_write(&app, Method::POST, "/roles", "return=headers-only", &json!({"id": 12, "name": "x"})).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(answer.header("location"), Some("/rest/v1/roles?id=eq.12"));
    assert_eq!(answer.text, "");
}

#[tokio::test]
async fn update_and_delete_need_a_filter_and_report_what_they_touched() {
    let app = TestApp::with_rest_fixture().await;
    let unfiltered = send(app.service(Method::PATCH, "/events").json(&json!({"title": "x"}))).await;
    let body = unfiltered.assert_error(400, "21000");
    assert_eq!(body["message"], "UPDATE requires a WHERE clause");
    send(app.service(Method::DELETE, "/events")).await.assert_error(400, "21000");

    let minimal = send(app.service(Method::PATCH, "/events?id=eq.1").json(&json!({"max_attendees": 120}))).await;
    assert_eq!(minimal.status, StatusCode::NO_CONTENT);
    assert_eq!(minimal.header("content-range"), Some("0-0/*"));

    let shaped = send(
        app.service(
            Method::PATCH,
            "/events?id=in.(1,2)&select=id,max_attendees,organizer:people!organizer_id(full_name)&order=id",
        )
        .header("prefer", "return=representation, count=exact")
        .json(&json!({"max_attendees": 7})),
    )
    .await;
    assert_eq!(shaped.status, StatusCode::OK);
    assert_eq!(shaped.header("content-range"), Some("0-1/2"));
    assert_eq!(
        shaped.json(),
        json!([
            {"id": 1, "max_attendees": 7, "organizer": {"full_name": "Asha Bhat"}},
            {"id": 2, "max_attendees": 7, "organizer": {"full_name": "Ravi Hegde"}}
        ])
    );

    let none = send(app.service(Method::PATCH, "/events?id=eq.99").json(&json!({"max_attendees": 1}))).await;
    assert_eq!(none.status, StatusCode::NO_CONTENT);

    // DELETE arrives from supabase-js with a JSON content type and no body.
    let deleted = send(
        app.service(Method::DELETE, "/registrations?event_id=eq.1&select=person_id&order=person_id")
            .header("content-type", "application/json")
            .header("prefer", "return=representation"),
    )
    .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text);
    assert_eq!(deleted.json().as_array().unwrap().len(), 2);
    let counted = send(app.service(Method::DELETE, "/registrations?id=gt.0").header("prefer", "count=exact")).await;
    assert_eq!(counted.status, StatusCode::NO_CONTENT);
    assert_eq!(counted.header("content-range"), Some("*/1"));
}

#[tokio::test]
async fn a_singular_write_that_touches_other_than_one_row_is_406_and_rolled_back() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(
        app.service(Method::POST, "/roles?select=id")
            .header("prefer", "return=representation")
            .header("accept", "application/vnd.pgrst.object+json")
            .json(&json!([{"id": 20, "name": "a"}, {"id": 21, "name": "b"}])),
    )
    .await;
    let body = answer.assert_error(406, "PGRST116");
    assert_eq!(body["details"], "The result contains 2 rows");
    assert_eq!(get_json(&app, "/roles?id=gte.20").await, json!([]));

    let answer = send(
        app.service(Method::PATCH, "/events?id=gt.0")
            .header("accept", "application/vnd.pgrst.object+json")
            .json(&json!({"title": "same"})),
    )
    .await;
    answer.assert_error(406, "PGRST116");
    assert_eq!(get_json(&app, "/events?title=eq.same").await, json!([]));

    let one = send(
        app.service(Method::POST, "/roles?select=id,name")
            .header("prefer", "return=representation")
            .header("accept", "application/vnd.pgrst.object+json")
            .json(&json!({"id": 22, "name": "c"})),
    )
    .await;
    assert_eq!(one.status, StatusCode::CREATED);
    assert_eq!(one.json(), json!({"id": 22, "name": "c"}));
}

#[tokio::test]
async fn max_affected_with_strict_handling_rolls_back() {
    let app = TestApp::with_rest_fixture().await;
    let answer =
        send(app.service(Method::DELETE, "/registrations?id=gt.0").header("prefer", "handling=strict, max-affected=2"))
            .await;
    answer.assert_error(400, "PGRST124");
    assert_eq!(get_json(&app, "/registrations?select=count").await, json!([{"count": 3}]));
}

#[tokio::test]
async fn put_upserts_one_row_addressed_by_its_primary_key() {
    let app = TestApp::with_rest_fixture().await;
    let created =
        service_write(&app, Method::PUT, "/roles?id=eq.30", "return=representation", &json!({"id": 30, "name": "p"}))
            .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    assert_eq!(created.json(), json!([{"id": 30, "name": "p"}]));
    let replaced = send(app.service(Method::PUT, "/roles?id=eq.30").json(&json!({"id": 30, "name": "q"}))).await;
    assert_eq!(replaced.status, StatusCode::NO_CONTENT);
    assert_eq!(get_json(&app, "/roles?id=eq.30&select=name").await, json!([{"name": "q"}]));

    send(app.service(Method::PUT, "/roles?name=eq.q").json(&json!({"id": 30, "name": "q"})))
        .await
        .assert_error(405, "PGRST105");
    send(app.service(Method::PUT, "/roles?id=eq.30").json(&json!({"id": 31, "name": "q"})))
        .await
        .assert_error(400, "PGRST115");
    send(app.service(Method::PUT, "/roles?id=eq.30&limit=1").json(&json!({"id": 30, "name": "q"})))
        .await
        .assert_error(400, "PGRST114");
}

#[tokio::test]
async fn a_write_in_an_unknown_table_or_schema_takes_no_connection() {
    let app = TestApp::with_rest_fixture().await;
    send(app.service(Method::POST, "/nothing").json(&json!({}))).await.assert_error(404, "PGRST205");
    send(app.service(Method::POST, "/roles").header("content-profile", "private").json(&json!({})))
        .await
        .assert_error(406, "PGRST106");
}

fn limited(rate_limits: server::http::rate_limit::RateLimits) -> support::TestAppOptions {
    support::TestAppOptions { fixture: Some(support::REST_FIXTURE), rate_limits, ..support::TestAppOptions::default() }
}

fn per_five_minutes(hits: u32) -> Option<server::auth::settings::Limit> {
    Some(server::auth::settings::Limit { hits, window: std::time::Duration::from_secs(300) })
}

#[tokio::test]
async fn anonymous_writes_are_limited_in_rows_and_per_address_with_retry_after() {
    let app = TestApp::spawn_with(limited(server::http::rate_limit::RateLimits {
        anon_writes: per_five_minutes(3),
        anon_write_max_rows: Some(10),
        ..Default::default()
    }))
    .await;
    let rows = |n: usize| json!((0..n).map(|i| json!({"message": format!("m{i}")})).collect::<Vec<_>>());
    let body = send(app.anon(Method::POST, "/feedback").json(&rows(11))).await.assert_error(413, "too_many_rows");
    assert_eq!(body["message"], "An anonymous request may write at most 10 rows (this one has 11)");
    for n in [10, 1, 1] {
        let answer = send(app.anon(Method::POST, "/feedback").json(&rows(n))).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    let refused = send(app.anon(Method::POST, "/feedback").json(&rows(1))).await;
    let body = refused.assert_error(429, "over_request_rate_limit");
    assert!(body["message"].as_str().unwrap().contains("at most 3 in 300 s"), "{body}");
    let retry: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=300).contains(&retry), "{retry}");
    // Counted in the database, so every replica shares the count.
    assert_eq!(
        app.count("select hits::bigint from auth.rate_limits where bucket like 'anon-write:feedback:%'").await,
        4
    );
    assert_eq!(app.count("select count(*) from public.feedback").await, 12);
    // Sign-up is open: on a table visitors write too, a signed-in user meets the same caps,
    // counted by account (not by the address, which other accounts may share).
    let body = send(app.user(RAVI, Method::POST, "/feedback").json(&rows(20))).await.assert_error(413, "too_many_rows");
    assert_eq!(
        body["message"],
        "A request may write at most 10 rows to feedback, which visitors write too (this one has 20)"
    );
    for _ in 0..3 {
        let answer = send(app.user(RAVI, Method::POST, "/feedback").json(&rows(1))).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
    let refused = send(app.user(RAVI, Method::POST, "/feedback").json(&rows(1))).await;
    let body = refused.assert_error(429, "over_request_rate_limit");
    assert!(body["message"].as_str().unwrap().contains("from this account"), "{body}");
    let other = send(app.user(ASHA, Method::POST, "/feedback").json(&rows(1))).await;
    assert_eq!(other.status, StatusCode::CREATED, "another account from the same address: {}", other.text);
    assert_eq!(
        app.count(&format!("select hits::bigint from auth.rate_limits where bucket = 'user-write:feedback:{RAVI}'"))
            .await,
        4
    );
    // What visitors cannot write is not limited for signed-in users.
    let notes = json!((0..20).map(|i| json!({"body": format!("n{i}"), "owner_id": RAVI})).collect::<Vec<_>>());
    for _ in 0..5 {
        let answer = send(app.user(RAVI, Method::POST, "/notes").json(&notes)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    }
}

#[tokio::test]
async fn the_rest_budget_refuses_an_address_past_its_limit_but_not_the_service_key() {
    let app = TestApp::spawn_with(limited(server::http::rate_limit::RateLimits {
        rest: Some(server::auth::settings::Limit { hits: 5, window: std::time::Duration::from_secs(60) }),
        ..Default::default()
    }))
    .await;
    for _ in 0..5 {
        let answer = send(app.anon(Method::GET, "/roles?select=id")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    let refused = send(app.anon(Method::GET, "/roles?select=id")).await;
    refused.assert_error(429, "over_request_rate_limit");
    assert!(refused.header("retry-after").is_some());
    let service = send(app.service(Method::GET, "/roles?select=id")).await;
    assert_eq!(service.status, StatusCode::OK, "{}", service.text);
    // Signed-in users from that same address spend budgets of their own, one per account.
    for _ in 0..5 {
        let answer = send(app.user(RAVI, Method::GET, "/roles?select=id")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    let ravi = send(app.user(RAVI, Method::GET, "/roles?select=id")).await;
    let body = ravi.assert_error(429, "over_request_rate_limit");
    assert!(body["message"].as_str().unwrap().contains("from this account"), "{body}");
    let asha = send(app.user(ASHA, Method::GET, "/roles?select=id")).await;
    assert_eq!(asha.status, StatusCode::OK, "another account is not throttled with Ravi: {}", asha.text);
    // A token that does not verify spends the address's budget, already spent.
    let forged = send(app.anon(Method::GET, "/roles?select=id").bearer_auth("not.a.token")).await;
    forged.assert_error(429, "over_request_rate_limit");
}
