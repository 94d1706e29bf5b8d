//! Issue 19 (items 1, 2, 8, 11) on `tests/fixtures/rest_rpc_forms.sql`: how a request's
//! transaction ends (`DB_TX_END`, `Prefer: tx`), `max-affected` on functions, RPC forms (raw
//! bodies, overloads, counted scalar sets) and the execution plan media type.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use server::rest::settings::{RestSettings, TxEnd};
use support::rest::{send, service_write};
use support::{TestApp, TestAppOptions};

const FIXTURE: &str = include_str!("fixtures/rest_rpc_forms.sql");

async fn app_with(rest: RestSettings) -> TestApp {
    TestApp::spawn_with(TestAppOptions { fixture: Some(FIXTURE), rest, ..TestAppOptions::default() }).await
}

async fn app_ending(tx_end: TxEnd) -> TestApp {
    app_with(RestSettings { tx_end, ..RestSettings::default() }).await
}

// ---- Item 1: Prefer: tx and DB_TX_END ----

#[tokio::test]
async fn by_default_tx_rollback_is_ignored_and_not_echoed() {
    let app = app_ending(TxEnd::default()).await;
    let answer = service_write(
        &app,
        Method::POST,
        "/items",
        "tx=rollback, return=representation",
        &json!({"id": 100, "name": "kept"}),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.header("preference-applied"), Some("return=representation"));
    assert_eq!(app.count("select count(*) from public.items where id = 100").await, 1, "committed");
    // Not an invalid preference either: handling=strict accepts it, as PostgREST does.
    let answer =
        send(app.service(Method::DELETE, "/items?id=eq.100").header("prefer", "handling=strict, tx=rollback")).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.text);
    assert_eq!(answer.header("preference-applied"), Some("handling=strict"));
    assert_eq!(app.count("select count(*) from public.items where id = 100").await, 0);
}

#[tokio::test]
async fn an_allowed_rollback_answers_as_usual_and_keeps_nothing() {
    let app = app_ending(TxEnd::CommitAllowOverride).await;
    let insert = service_write(
        &app,
        Method::POST,
        "/items?select=id,name",
        "tx=rollback, return=representation",
        &json!([{"id": 100, "name": "dry run"}, {"id": 101, "name": "dry run"}]),
    )
    .await;
    assert_eq!(insert.status, StatusCode::CREATED, "{}", insert.text);
    assert_eq!(insert.json(), json!([{"id": 100, "name": "dry run"}, {"id": 101, "name": "dry run"}]));
    assert_eq!(insert.header("preference-applied"), Some("return=representation, tx=rollback"));
    let update =
        service_write(&app, Method::PATCH, "/items?id=lte.3", "tx=rollback, count=exact", &json!({"name": "renamed"}))
            .await;
    assert_eq!(update.status, StatusCode::NO_CONTENT, "{}", update.text);
    assert_eq!(update.header("content-range"), Some("0-2/3"));
    let delete = send(app.service(Method::DELETE, "/items?id=gt.0").header("prefer", "tx=rollback")).await;
    assert_eq!(delete.status, StatusCode::NO_CONTENT, "{}", delete.text);
    let call = send(app.service(Method::POST, "/rpc/delete_item_ids").header("prefer", "tx=rollback")).await;
    assert_eq!(call.status, StatusCode::OK, "{}", call.text);
    assert_eq!(call.json().as_array().unwrap().len(), 15);
    // Nothing of the above was kept.
    assert_eq!(app.count("select count(*) from public.items").await, 15);
    assert_eq!(app.count("select count(*) from public.items where name = 'renamed'").await, 0);
    // A read echoes it too; tx=commit commits and is echoed.
    let read = send(app.service(Method::GET, "/items?id=eq.1").header("prefer", "tx=rollback")).await;
    assert_eq!(read.header("preference-applied"), Some("tx=rollback"));
    let commit = send(
        app.service(Method::POST, "/items").header("prefer", "tx=commit").json(&json!({"id": 100, "name": "kept"})),
    )
    .await;
    assert_eq!(commit.header("preference-applied"), Some("tx=commit"));
    assert_eq!(app.count("select count(*) from public.items").await, 16);
}

#[tokio::test]
async fn a_rollback_still_checks_deferred_constraints() {
    let app = app_ending(TxEnd::CommitAllowOverride).await;
    let answer = send(
        app.service(Method::POST, "/pairs").header("prefer", "tx=rollback").json(&json!({"id": 1, "partner_id": 99})),
    )
    .await;
    answer.assert_error(409, "23503");
    let answer = send(
        app.service(Method::POST, "/pairs").header("prefer", "tx=rollback").json(&json!({"id": 1, "partner_id": 1})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(app.count("select count(*) from public.pairs").await, 0);
}

#[tokio::test]
async fn rollback_settings_undo_every_write_unless_the_override_asks_to_commit() {
    let app = app_ending(TxEnd::Rollback).await;
    let answer =
        send(app.service(Method::POST, "/items").header("prefer", "tx=commit").json(&json!({"id": 100, "name": "x"})))
            .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.header("preference-applied"), None, "not allowed, so not applied");
    assert_eq!(app.count("select count(*) from public.items").await, 15);

    let app = app_ending(TxEnd::RollbackAllowOverride).await;
    let answer = send(app.service(Method::POST, "/items").json(&json!({"id": 100, "name": "x"}))).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(app.count("select count(*) from public.items").await, 15);
    let answer =
        send(app.service(Method::POST, "/items").header("prefer", "tx=commit").json(&json!({"id": 100, "name": "x"})))
            .await;
    assert_eq!(answer.header("preference-applied"), Some("tx=commit"));
    assert_eq!(app.count("select count(*) from public.items").await, 16);
}

/// Why the default is `commit`: a counter kept in the request's transaction would be undone
/// by a client's rollback, while the anonymous write limits (counted apart) still hold.
#[tokio::test]
async fn a_client_rollback_would_undo_counters_kept_in_the_transaction() {
    let guess = |app: &TestApp| {
        app.anon(Method::POST, "/rpc/check_code").header("prefer", "tx=rollback").json(&json!({"code": "guess"}))
    };
    // Default: tx=rollback is ignored, so the fourth guess is refused.
    let app = app_ending(TxEnd::default()).await;
    for _ in 0..3 {
        assert_eq!(send(guess(&app)).await.text, "false");
    }
    send(guess(&app)).await.assert_error(400, "P0001");
    assert_eq!(app.count("select count(*) from public.code_attempts").await, 3);

    // Allowed: every guess is undone, counter included (an unlimited oracle).
    let limits = server::http::rate_limit::RateLimits {
        anon_writes: Some(server::auth::settings::Limit { hits: 5, window: std::time::Duration::from_secs(300) }),
        ..Default::default()
    };
    let app = TestApp::spawn_with(TestAppOptions {
        fixture: Some(FIXTURE),
        rest: RestSettings { tx_end: TxEnd::CommitAllowOverride, ..RestSettings::default() },
        rate_limits: limits,
        ..TestAppOptions::default()
    })
    .await;
    for _ in 0..5 {
        assert_eq!(send(guess(&app)).await.text, "false");
    }
    assert_eq!(app.count("select count(*) from public.code_attempts").await, 0);
    // ...but the anonymous write limit is counted in its own transaction and holds.
    send(guess(&app)).await.assert_error(429, "over_request_rate_limit");
}

// ---- Item 2: Prefer: handling=strict, max-affected=N on functions ----

#[tokio::test]
async fn a_function_returning_more_rows_than_max_affected_is_400_and_undone() {
    let app = app_ending(TxEnd::default()).await;
    for function in ["delete_items_returns_setof", "delete_items_returns_table", "delete_item_ids"] {
        let answer = send(
            app.service(Method::POST, &format!("/rpc/{function}")).header("prefer", "handling=strict, max-affected=10"),
        )
        .await;
        let body = answer.assert_error(400, "PGRST124");
        assert_eq!(body["message"], "Query result exceeds max-affected preference constraint");
        assert_eq!(body["details"], "The query affects 15 rows", "{function}");
        assert_eq!(app.count("select count(*) from public.items").await, 15, "{function} rolled back");
    }
    let answer = send(
        app.service(Method::POST, "/rpc/delete_items_returns_table?order=id")
            .header("prefer", "handling=strict, max-affected=15"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json().as_array().unwrap().len(), 15);
    assert_eq!(answer.header("preference-applied"), Some("handling=strict, max-affected=15"));
    assert_eq!(app.count("select count(*) from public.items").await, 0);
}

#[tokio::test]
async fn max_affected_needs_a_set_returning_function_and_lenient_handling_ignores_it() {
    let app = app_ending(TxEnd::default()).await;
    for function in ["delete_items_returns_void", "delete_one_item"] {
        let answer = send(
            app.service(Method::POST, &format!("/rpc/{function}")).header("prefer", "handling=strict, max-affected=20"),
        )
        .await;
        let body = answer.assert_error(400, "PGRST128");
        assert_eq!(
            body["message"],
            "Function must return SETOF or TABLE when max-affected preference is used with handling=strict"
        );
    }
    assert_eq!(app.count("select count(*) from public.items").await, 15, "refused before running");
    let answer = send(
        app.service(Method::POST, "/rpc/delete_items_returns_setof")
            .header("prefer", "handling=lenient, max-affected=1"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.header("preference-applied"), Some("handling=lenient"));
    assert_eq!(app.count("select count(*) from public.items").await, 0);
}

// ---- Item 8: RPC forms ----

#[tokio::test]
async fn a_single_unnamed_parameter_takes_the_whole_body_of_its_content_type() {
    let app = app_ending(TxEnd::default()).await;
    let raw = |content_type: &str, body: Vec<u8>| {
        app.anon(Method::POST, "/rpc/whole_body").header("content-type", content_type).body(body)
    };
    let answer = send(raw("text/plain; charset=utf-8", b"hello, world".to_vec())).await;
    assert_eq!((answer.status, answer.json()), (StatusCode::OK, json!("text: hello, world")), "{}", answer.text);
    let answer = send(raw("text/xml", b"<a>1</a>".to_vec())).await;
    assert_eq!(answer.json(), json!("xml: <a>1</a>"), "{}", answer.text);
    let answer = send(raw("application/octet-stream", vec![0, 1, 0xff])).await;
    assert_eq!(answer.json(), json!("bytea: 0001ff"), "{}", answer.text);
    let answer = send(raw("application/json", br#"{"k": [1, 2]}"#.to_vec())).await;
    assert_eq!(answer.json(), json!(r#"jsonb: {"k": [1, 2]}"#), "{}", answer.text);
    let answer = send(raw("text/csv", b"a,b".to_vec())).await;
    answer.assert_error(415, "PGRST107");
    let answer = send(raw("text/plain", vec![0xff, 0xfe])).await;
    answer.assert_error(400, "PGRST102");
}

#[tokio::test]
async fn a_raw_body_needs_a_function_with_one_unnamed_parameter_of_its_type() {
    let app = app_ending(TxEnd::default()).await;
    // `overloaded()` takes no parameter: a text body does not call it.
    let answer =
        send(app.anon(Method::POST, "/rpc/overloaded").header("content-type", "text/plain").body("hello")).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(body["message"], "Could not find the function public.overloaded in the schema cache");
    assert_eq!(
        body["details"],
        "Searched for the function public.overloaded with a single unnamed text parameter, but no matches were found in the schema cache."
    );
    let answer = send(
        app.anon(Method::POST, "/rpc/only_text").header("content-type", "application/octet-stream").body(vec![1u8]),
    )
    .await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(
        body["details"],
        "Searched for the function public.only_text with a single unnamed bytea parameter, but no matches were found in the schema cache."
    );
    let answer = send(app.anon(Method::POST, "/rpc/only_text").json(&json!({"x": 1}))).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(body["message"], "Could not find the function public.only_text(x) in the schema cache");
    assert_eq!(
        body["details"],
        "Searched for the function public.only_text with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."
    );
    let answer = send(app.anon(Method::POST, "/rpc/only_text").header("content-type", "text/plain").body("four")).await;
    assert_eq!(answer.text, "4");
}

#[tokio::test]
async fn overloads_are_told_apart_by_argument_names() {
    let app = app_ending(TxEnd::default()).await;
    for (args, expected) in [
        (json!({}), "none"),
        (json!({"a": 1}), "a=1"),
        (json!({"a": 1, "b": 2}), "a=1,b=2"),
        (json!({"c": "x"}), "c=x"),
    ] {
        let answer = send(app.anon(Method::POST, "/rpc/overloaded").json(&args)).await;
        assert_eq!((answer.status, answer.json()), (StatusCode::OK, json!(expected)), "{args}: {}", answer.text);
    }
    let answer = send(app.anon(Method::GET, "/rpc/overloaded?a=7")).await;
    assert_eq!(answer.json(), json!("a=7"));
    let answer = send(app.anon(Method::GET, "/rpc/overloaded")).await;
    assert_eq!(answer.json(), json!("none"));
    let answer = send(app.anon(Method::POST, "/rpc/overloaded").json(&json!({"c": "x", "a": 1}))).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(body["message"], "Could not find the function public.overloaded(a, c) in the schema cache");
    assert_eq!(
        body["details"],
        "Searched for the function public.overloaded with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."
    );
    let answer = send(app.anon(Method::GET, "/rpc/overloaded?z=1")).await;
    assert_eq!(
        answer.assert_error(404, "PGRST202")["details"],
        "Searched for the function public.overloaded with parameter z, but no matches were found in the schema cache.",
        "a GET has no body to pass whole"
    );
    let answer = send(app.anon(Method::POST, "/rpc/nothing_here").json(&json!({}))).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(
        body["message"],
        "Could not find the function public.nothing_here without parameters in the schema cache"
    );
    assert_eq!(
        body["details"],
        "Searched for the function public.nothing_here without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."
    );
}

#[tokio::test]
async fn overloads_a_call_cannot_tell_apart_are_300_pgrst203() {
    let app = app_ending(TxEnd::default()).await;
    let hint =
        "Try renaming the parameters or the function itself in the database so function overloading can be resolved";
    let cases = [
        ("/rpc/defaults_clash", json!({}), "public.defaults_clash(a => integer), public.defaults_clash(b => text)"),
        ("/rpc/no_args_clash", json!({}), "public.no_args_clash(), public.no_args_clash(a => integer)"),
        ("/rpc/same_names", json!({"x": 1}), "public.same_names(x => integer), public.same_names(x => text)"),
    ];
    for (path, args, candidates) in cases {
        let answer = send(app.anon(Method::POST, path).json(&args)).await;
        let body = answer.assert_error(300, "PGRST203");
        assert_eq!(body["message"], format!("Could not choose the best candidate function between: {candidates}"));
        assert_eq!(body["hint"], hint);
        assert_eq!(body["details"], serde_json::Value::Null);
    }
    let answer = send(app.anon(Method::GET, "/rpc/no_args_clash")).await;
    answer.assert_error(300, "PGRST203");
    // Naming an argument picks the overload.
    let answer = send(app.anon(Method::POST, "/rpc/defaults_clash").json(&json!({"b": "y"}))).await;
    assert_eq!(answer.json(), json!("b=y"));
    let answer = send(app.anon(Method::GET, "/rpc/no_args_clash?a=3")).await;
    assert_eq!(answer.json(), json!(3));
}

#[tokio::test]
async fn count_exact_on_a_set_of_values_gives_the_total_and_runs_the_function_once() {
    let app = app_ending(TxEnd::default()).await;
    let answer = send(app.anon(Method::GET, "/rpc/item_ids?limit=2&offset=3").header("prefer", "count=exact")).await;
    assert_eq!(answer.status, StatusCode::PARTIAL_CONTENT, "{}", answer.text);
    assert_eq!(answer.header("content-range"), Some("3-4/15"));
    assert_eq!(answer.json(), json!([4, 5]));
    let head = send(app.anon(Method::HEAD, "/rpc/item_ids").header("prefer", "count=exact")).await;
    assert_eq!((head.status, head.header("content-range")), (StatusCode::OK, Some("0-14/15")));
    let planned = send(app.anon(Method::GET, "/rpc/item_ids?limit=2").header("prefer", "count=planned")).await;
    assert_eq!(planned.header("content-range"), Some("0-1/15"), "a function's estimate is no count: exact");
    let plain = send(app.anon(Method::GET, "/rpc/item_ids?limit=2")).await;
    assert_eq!((plain.status, plain.header("content-range")), (StatusCode::OK, Some("0-1/*")));
    // A volatile set is read once: all 15 deleted, 15 counted, 5 returned.
    let answer = send(
        app.service(Method::POST, "/rpc/delete_item_ids?limit=5").header("prefer", "count=exact").json(&json!({})),
    )
    .await;
    assert_eq!(answer.header("content-range"), Some("0-4/15"), "{}", answer.text);
    assert_eq!(answer.json().as_array().unwrap().len(), 5);
    assert_eq!(app.count("select count(*) from public.items").await, 0);
}

#[tokio::test]
async fn count_exact_on_a_set_of_rows_runs_the_function_once() {
    let app = app_ending(TxEnd::default()).await;
    // Read twice (for the count and for the page), the deletion would count what the other
    // reading left: 0 of 15, or an empty page.
    let answer = service_write(
        &app,
        Method::POST,
        "/rpc/delete_items_returns_setof?select=id&id=gt.2&order=id&limit=3",
        "count=exact",
        &json!({}),
    )
    .await;
    assert_eq!(answer.header("content-range"), Some("0-2/13"), "{}", answer.text);
    assert_eq!(answer.json(), json!([{"id": 3}, {"id": 4}, {"id": 5}]));
    assert_eq!(app.count("select count(*) from public.items").await, 0, "all 15 deleted, once");
}

// ---- Item 11: media types ----

fn plan_enabled() -> RestSettings {
    RestSettings { plan_enabled: true, ..RestSettings::default() }
}

#[tokio::test]
async fn the_execution_plan_is_406_unless_enabled() {
    let app = app_ending(TxEnd::default()).await;
    let answer =
        send(app.anon(Method::GET, "/items?id=eq.1").header("accept", "application/vnd.pgrst.plan+json")).await;
    let body = answer.assert_error(406, "PGRST107");
    assert_eq!(body["message"], "None of these media types are available: application/vnd.pgrst.plan+json");
}

#[tokio::test]
async fn the_execution_plan_explains_the_statement_of_the_media_type_it_is_for() {
    let app = app_with(plan_enabled()).await;
    let answer = send(
        app.anon(Method::GET, "/items?id=eq.1&select=name")
            .header("accept", r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json""#),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(
        answer.header("content-type"),
        Some(r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; charset=utf-8"#)
    );
    let plan = answer.json();
    assert!(plan[0]["Plan"]["Node Type"].is_string(), "{plan}");
    assert!(plan[0].get("Execution Time").is_none(), "no analyze: {plan}");

    let text = send(app.anon(Method::GET, "/items?id=eq.1").header("accept", "application/vnd.pgrst.plan")).await;
    assert_eq!(
        text.header("content-type"),
        Some(r#"application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8"#)
    );
    assert!(text.text.contains("Aggregate") && text.text.contains("items"), "{}", text.text);

    let analyzed = send(app.anon(Method::GET, "/rpc/item_ids").header(
        "accept",
        r#"application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|buffers|settings;"#,
    ))
    .await;
    let plan = analyzed.json();
    assert!(plan[0]["Execution Time"].is_number(), "{plan}");
    assert!(plan[0]["Plan"]["Output"].is_array(), "verbose: {plan}");
}

#[tokio::test]
async fn explain_analyze_of_a_write_keeps_nothing() {
    // Even where clients may not roll back themselves.
    let app = app_with(plan_enabled()).await;
    let analyze = r#"application/vnd.pgrst.plan+json; for="application/json"; options=analyze"#;
    let delete = send(app.service(Method::DELETE, "/items?id=lte.5").header("accept", analyze)).await;
    assert_eq!(delete.status, StatusCode::OK, "{}", delete.text);
    assert!(delete.text.contains("\"Actual Rows\""), "{}", delete.text);
    let insert = send(
        app.service(Method::POST, "/items")
            .header("accept", analyze)
            .header("prefer", "return=representation")
            .json(&json!({"id": 99, "name": "x"})),
    )
    .await;
    assert_eq!(insert.status, StatusCode::OK, "{}", insert.text);
    let call = send(app.service(Method::POST, "/rpc/delete_item_ids").header("accept", analyze).json(&json!({}))).await;
    assert_eq!(call.status, StatusCode::OK, "{}", call.text);
    let void =
        send(app.service(Method::POST, "/rpc/delete_items_returns_void").header("accept", analyze).json(&json!({})))
            .await;
    assert!(void.json()[0]["Plan"].is_object(), "{}", void.text);
    assert_eq!(app.count("select count(*) from public.items").await, 15);
}

#[tokio::test]
async fn geojson_is_a_feature_collection_of_the_rows() {
    let app = TestApp::with_fixture(include_str!("fixtures/rest_geo.sql")).await;
    let feature = |id: i32, name: &str, x: f64, y: f64| json!({"type": "Feature", "geometry": {"type": "Point", "coordinates": [x, y]}, "properties": {"id": id, "name": name}});
    let answer = send(
        app.anon(Method::GET, "/places?select=id,name,location&id=lte.2&order=id")
            .header("accept", "application/geo+json"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.header("content-type"), Some("application/geo+json; charset=utf-8"));
    assert_eq!(
        answer.json(),
        json!({"type": "FeatureCollection", "features": [feature(1, "Sirsi", 74.83, 14.62), feature(2, "Banavasi", 75.02, 14.53)]})
    );
    let none = send(app.anon(Method::GET, "/places?id=eq.99").header("accept", "application/geo+json")).await;
    assert_eq!(none.json(), json!({"type": "FeatureCollection", "features": []}));
    let call = send(
        app.anon(Method::GET, "/rpc/places_east_of?longitude=74.5&select=id,name,location&order=id")
            .header("accept", "application/geo+json"),
    )
    .await;
    assert_eq!(
        call.json(),
        json!({"type": "FeatureCollection", "features": [feature(1, "Sirsi", 74.83, 14.62), feature(2, "Banavasi", 75.02, 14.53)]}),
        "{}",
        call.text
    );
}
