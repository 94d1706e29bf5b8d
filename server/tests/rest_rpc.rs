//! `/rpc/<fn>`: argument passing, overloads, result shapes, read modifiers and raised errors.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn scalar_results_are_bare_values_and_defaults_apply() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.anon(Method::POST, "/rpc/add").json(&json!({"a": 1, "b": 2}))).await;
    assert_eq!((answer.status, answer.text.as_str()), (StatusCode::OK, "3"));
    let answer = send(app.anon(Method::POST, "/rpc/add").json(&json!({"a": 41}))).await;
    assert_eq!(answer.text, "42");
    let answer = send(app.anon(Method::GET, "/rpc/add?a=5&b=6")).await;
    assert_eq!(answer.text, "11");
    let answer = send(app.anon(Method::POST, "/rpc/sum_all").json(&json!({"numbers": [1, 2, 3]}))).await;
    assert_eq!(answer.text, "6");
    let answer = send(app.anon(Method::GET, "/rpc/sum_all?numbers=4&numbers=5")).await;
    assert_eq!(answer.text, "9", "a repeated GET argument is an array");
    let answer = send(app.anon(Method::GET, "/rpc/sum_all?numbers=%7B1,2%7D")).await;
    assert_eq!(answer.text, "3", "an array literal as a GET argument");
    let answer = send(app.anon(Method::POST, "/rpc/count_keys").json(&json!({"x": 1, "y": 2, "z": 3}))).await;
    assert_eq!(answer.text, "3", "one unnamed json parameter takes the whole body");
}

#[tokio::test]
async fn set_returning_functions_take_read_modifiers() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(
        app.anon(
            Method::POST,
            "/rpc/events_after?select=id,title,organizer:people!organizer_id(full_name)&order=id.desc&limit=1",
        )
        .header("prefer", "count=exact")
        .json(&json!({"day": "2025-01-01"})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::PARTIAL_CONTENT, "{}", answer.text);
    assert_eq!(answer.header("content-range"), Some("0-0/2"));
    assert_eq!(
        answer.json(),
        json!([{"id": 2, "title": "Scholarship workshop", "organizer": {"full_name": "Ravi Hegde"}}])
    );

    let answer = send(app.anon(Method::GET, "/rpc/event_titles?id=gt.1&order=id")).await;
    assert_eq!(
        answer.json(),
        json!([{"id": 2, "title": "Scholarship workshop"}, {"id": 3, "title": "Satyanarayana pooja"}])
    );

    let one = send(
        app.anon(Method::GET, "/rpc/event_titles?id=eq.3&select=title")
            .header("accept", "application/vnd.pgrst.object+json"),
    )
    .await;
    assert_eq!(one.json(), json!({"title": "Satyanarayana pooja"}));

    let head = send(app.anon(Method::HEAD, "/rpc/event_titles").header("prefer", "count=exact")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(head.header("content-range"), Some("0-2/3"));
    assert_eq!(head.text, "");
}

#[tokio::test]
async fn a_single_composite_is_an_object_and_void_is_204() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.anon(Method::POST, "/rpc/get_person").json(&json!({"person_id": support::rest::ASHA}))).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["full_name"], "Asha Bhat");
    assert!(answer.json().is_object());

    let answer = send(app.anon(Method::POST, "/rpc/touch").header("content-type", "application/json")).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(answer.text, "");
}

#[tokio::test]
async fn volatile_functions_write_only_over_post() {
    let app = TestApp::with_rest_fixture().await;
    let token = app.user_token(support::rest::ASHA);
    let created = send(
        app.rest(Method::POST, "/rpc/add_note?select=body,is_public", &app.keys.anon)
            .bearer_auth(&token)
            .json(&json!({"body": "via rpc"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    assert_eq!(created.json(), json!([{"body": "via rpc", "is_public": true}]));

    let read_only = send(app.rest(Method::GET, "/rpc/add_note?body=nope", &app.keys.anon).bearer_auth(&token)).await;
    read_only.assert_error(405, "25006");

    // Counted, the function still runs once: one note, counted and returned.
    let counted = send(
        app.rest(Method::POST, "/rpc/add_note?select=body", &app.keys.anon)
            .bearer_auth(&token)
            .header("prefer", "count=exact")
            .json(&json!({"body": "counted"})),
    )
    .await;
    assert_eq!(counted.status, StatusCode::OK, "{}", counted.text);
    assert_eq!(counted.header("content-range"), Some("0-0/1"));
    assert_eq!(counted.json(), json!([{"body": "counted"}]));
    let notes = send(app.service(Method::GET, "/notes?body=eq.counted&select=body")).await;
    assert_eq!(notes.json(), json!([{"body": "counted"}]), "one insert, not one per reading");
}

#[tokio::test]
async fn overloads_and_unknown_functions_are_explained() {
    let app = TestApp::with_rest_fixture().await;
    let body =
        send(app.anon(Method::POST, "/rpc/echo").json(&json!({"value": "x"}))).await.assert_error(300, "PGRST203");
    assert!(body["message"].as_str().unwrap().contains("public.echo(value => integer)"), "{body}");

    let body = send(app.anon(Method::POST, "/rpc/add").json(&json!({"x": 1}))).await.assert_error(404, "PGRST202");
    assert_eq!(body["message"], "Could not find the function public.add(x) in the schema cache");
    send(app.anon(Method::POST, "/rpc/nothing").json(&json!({}))).await.assert_error(404, "PGRST202");

    let body = send(app.anon(Method::PATCH, "/rpc/add").json(&json!({}))).await.assert_error(405, "PGRST101");
    assert_eq!(body["message"], "Cannot use the PATCH method on RPC");
    send(app.anon(Method::POST, "/rpc/add").header("content-type", "application/json").body("[1"))
        .await
        .assert_error(400, "PGRST102");
}

#[tokio::test]
async fn raised_errors_keep_their_text_and_status() {
    let app = TestApp::with_rest_fixture().await;
    let body =
        send(app.anon(Method::POST, "/rpc/fail").json(&json!({"kind": "plain"}))).await.assert_error(400, "P0001");
    assert_eq!(
        body,
        json!({"code": "P0001", "message": "Plain failure", "details": "some detail", "hint": "some hint"})
    );
    let body =
        send(app.anon(Method::POST, "/rpc/fail").json(&json!({"kind": "payment"}))).await.assert_error(402, "PT402");
    assert_eq!(body["message"], "Payment required");
}
