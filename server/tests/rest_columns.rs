//! Computed columns, aggregates and PostgREST's "Perhaps you meant" hints, over HTTP on the
//! fixture `tests/fixtures/rest_cols.sql` (donors and their donations).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::rest::{get_json, send};
use support::{TestApp, TestAppOptions};

const FIXTURE: &str = include_str!("fixtures/rest_cols.sql");

async fn app() -> TestApp {
    TestApp::spawn_with(TestAppOptions { fixture: Some(FIXTURE), ..TestAppOptions::default() }).await
}

#[tokio::test]
async fn computed_columns_are_selected_filtered_and_ordered() {
    let app = app().await;
    let rows = get_json(&app, "/donors?select=id,full_name,name:full_name::varchar&order=full_name.desc").await;
    assert_eq!(
        rows,
        json!([
            {"id": 2, "full_name": "Ravi Hegde", "name": "Ravi Hegde"},
            {"id": 3, "full_name": "Meera Joshi", "name": "Meera Joshi"},
            {"id": 1, "full_name": "Asha Bhat", "name": "Asha Bhat"},
        ])
    );
    let rows = get_json(&app, "/donors?select=id&full_name=eq.Meera%20Joshi").await;
    assert_eq!(rows, json!([{"id": 3}]));
    let rows = get_json(&app, "/donors?select=id&or=(full_name.like.*Bhat,city.eq.Sagara)&order=id").await;
    assert_eq!(rows, json!([{"id": 1}, {"id": 2}]));
    // `*` is the stored columns only, as in PostgREST.
    let rows = get_json(&app, "/donors?id=eq.1").await;
    assert_eq!(rows, json!([{"id": 1, "first_name": "Asha", "last_name": "Bhat", "city": "Sirsi"}]));
}

#[tokio::test]
async fn computed_columns_work_inside_embeds_and_on_written_rows() {
    let app = app().await;
    let rows = get_json(&app, "/donations?select=id,amount_band,donors(full_name)&id=in.(1,2)&order=id").await;
    assert_eq!(
        rows,
        json!([
            {"id": 1, "amount_band": "small", "donors": {"full_name": "Asha Bhat"}},
            {"id": 2, "amount_band": "large", "donors": {"full_name": "Asha Bhat"}},
        ])
    );
    let rows = get_json(
        &app,
        "/donors?select=full_name,donations(id,amount_band)&donations.amount_band=eq.large&donations.order=id&order=id",
    )
    .await;
    assert_eq!(
        rows,
        json!([
            {"full_name": "Asha Bhat", "donations": [{"id": 2, "amount_band": "large"}]},
            {"full_name": "Ravi Hegde", "donations": []},
            {"full_name": "Meera Joshi", "donations": [{"id": 5, "amount_band": "large"}]},
        ])
    );
    let answer = send(
        app.service(Method::POST, "/donors?select=id,full_name")
            .header("Prefer", "return=representation")
            .json(&json!({"id": 4, "first_name": "Kiran", "last_name": "Rao"})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    assert_eq!(answer.json(), json!([{"id": 4, "full_name": "Kiran Rao"}]));
}

#[tokio::test]
async fn functions_that_are_not_computed_columns_stay_unknown_columns() {
    let app = app().await;
    // Two parameters: not a computed column.
    let answer = send(app.service(Method::GET, "/donors?select=greeting")).await;
    let body = answer.assert_error(400, "42703");
    assert_eq!(body["message"], "column donors.greeting does not exist");
    // A computed column cannot be written.
    let answer = send(app.service(Method::PATCH, "/donors?id=eq.1").json(&json!({"full_name": "x"}))).await;
    answer.assert_error(400, "PGRST204");
}

#[tokio::test]
async fn misspelled_tables_columns_functions_and_embeds_get_postgrests_hints() {
    let app = app().await;
    let body = send(app.service(Method::GET, "/donor")).await.assert_error(404, "PGRST205");
    assert_eq!(
        body,
        json!({"code": "PGRST205", "details": null,
               "hint": "Perhaps you meant the table 'public.donors'",
               "message": "Could not find the table 'public.donor' in the schema cache"})
    );
    let body = send(app.service(Method::GET, "/zzqqxx")).await.assert_error(404, "PGRST205");
    assert_eq!(body["hint"], json!(null));

    // Reads: PostgreSQL's own error and hint, as PostgREST passes them on.
    let body = send(app.service(Method::GET, "/donors?select=id,frist_name")).await.assert_error(400, "42703");
    assert_eq!(
        body,
        json!({"code": "42703", "details": null,
               "hint": "Perhaps you meant to reference the column \"donors.first_name\".",
               "message": "column donors.frist_name does not exist"})
    );
    let body = send(app.service(Method::GET, "/donors?cty=eq.Sirsi")).await.assert_error(400, "42703");
    assert_eq!(body["hint"], "Perhaps you meant to reference the column \"donors.city\".");
    let body = send(app.service(Method::GET, "/donors?order=xyzzy")).await.assert_error(400, "42703");
    assert_eq!(body["hint"], json!(null));

    // Writes: PGRST204, without a hint (as PostgREST).
    let answer = send(app.service(Method::POST, "/donors").json(&json!({"id": 9, "frist_name": "A"}))).await;
    let body = answer.assert_error(400, "PGRST204");
    assert_eq!(body["message"], "Could not find the 'frist_name' column of 'donors' in the schema cache");
    assert_eq!(body["hint"], json!(null));

    // Functions: the closest name, or the closest parameter list of the overloads.
    let answer = send(app.service(Method::POST, "/rpc/donor_count_by_cty").json(&json!({"city": "Sirsi"}))).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(body["hint"], "Perhaps you meant to call the function public.donor_count_by_city");
    let answer = send(app.service(Method::POST, "/rpc/donor_count_by_city").json(&json!({"cty": "Sirsi"}))).await;
    let body = answer.assert_error(404, "PGRST202");
    assert_eq!(body["hint"], "Perhaps you meant to call the function public.donor_count_by_city(city)");

    // Embeds: the closest related table.
    let body = send(app.service(Method::GET, "/donors?select=id,donation(id)")).await.assert_error(400, "PGRST200");
    assert_eq!(body["hint"], "Perhaps you meant 'donations' instead of 'donation'.");
    assert_eq!(body["message"], "Could not find a relationship between 'donors' and 'donation' in the schema cache");
}
