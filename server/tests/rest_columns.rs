//! Computed columns, aggregates and PostgREST's "Perhaps you meant" hints, over HTTP on the
//! fixture `tests/fixtures/rest_cols.sql` (donors and their donations).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::rest::{get_json, send};
use support::{TestApp, TestAppOptions};

const FIXTURE: &str = include_str!("fixtures/rest_cols.sql");

async fn app() -> TestApp {
    TestApp::with_fixture(FIXTURE).await
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
    // The counted rows of a function (read once, from a CTE) keep their computed columns and
    // embeds, filtered and ordered.
    let answer = send(
        app.anon(
            Method::GET,
            "/rpc/donations_in?wanted=temple&select=id,amount_band,donors(full_name)&amount_band=eq.small&order=id&limit=1",
        )
        .header("Prefer", "count=exact"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::PARTIAL_CONTENT, "{}", answer.text);
    assert_eq!(answer.header("content-range"), Some("0-0/2"));
    assert_eq!(answer.json(), json!([{"id": 1, "amount_band": "small", "donors": {"full_name": "Asha Bhat"}}]));
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

async fn app_with_aggregates(timeout: Option<std::time::Duration>) -> TestApp {
    TestApp::spawn_with(TestAppOptions {
        fixture: Some(FIXTURE),
        aggregates: server::rest::settings::AggregateSettings { enabled: true, timeout },
        ..TestAppOptions::default()
    })
    .await
}

#[tokio::test]
async fn aggregates_are_refused_unless_enabled() {
    let app = app().await;
    for select in ["amount.sum()", "count()", "category,amount.max()", "id,donations(amount.avg())"] {
        let table = if select.starts_with("id,") { "donors" } else { "donations" };
        let answer = send(app.service(Method::GET, &format!("/{table}?select={select}"))).await;
        let body = answer.assert_error(400, "PGRST123");
        assert_eq!(body["message"], "Use of aggregate functions is not allowed", "{select}");
    }
    // The legacy bare `count` is not an aggregate function.
    assert_eq!(get_json(&app, "/donations?select=count").await, json!([{"count": 5}]));
}

#[tokio::test]
async fn aggregates_sum_count_average_and_group_by_the_other_columns() {
    let app = app_with_aggregates(None).await;
    let rows = get_json(&app, "/donations?select=amount.sum()").await;
    assert_eq!(rows[0]["sum"].as_f64(), Some(5000.0), "{rows}");
    let rows = get_json(
        &app,
        "/donations?select=total:amount.sum()::int,biggest:amount.max()::int,smallest:amount.min()::int,mean:amount.avg()::int,count()",
    )
    .await;
    assert_eq!(rows, json!([{"total": 5000, "biggest": 2000, "smallest": 250, "mean": 1000, "count": 5}]));
    let rows = get_json(&app, "/donations?select=category,amount.sum()::int,count()&order=category").await;
    assert_eq!(
        rows,
        json!([{"category": "school", "sum": 2250, "count": 2}, {"category": "temple", "sum": 2750, "count": 3}])
    );
    // Filters apply before grouping; a column count skips nulls; the input can be cast.
    let rows = get_json(&app, "/donations?select=amount.sum()::int&category=eq.temple").await;
    assert_eq!(rows, json!([{"sum": 2750}]));
    let rows = get_json(&app, "/donations?select=details.count(),tax:details->>tax::numeric.sum()::int").await;
    assert_eq!(rows, json!([{"count": 4, "tax": 425}]));
    // JSON paths group too.
    let rows =
        get_json(&app, "/donations?select=category,tax:details->>tax,count()&category=eq.school&details=not.is.null")
            .await;
    assert_eq!(rows, json!([{"category": "school", "tax": "150", "count": 1}]));
    let rows =
        get_json(&app, "/donations?select=details->>tax,count()&order=details->>tax.desc.nullslast&limit=2").await;
    assert_eq!(rows, json!([{"tax": "50", "count": 1}, {"tax": "25", "count": 1}]));
    // A cast column groups by the column, so `order` can name it.
    let rows = get_json(&app, "/donations?select=c:category::varchar,count()&order=category.desc").await;
    assert_eq!(rows, json!([{"c": "temple", "count": 3}, {"c": "school", "count": 2}]));
    // Computed columns group and aggregate like columns.
    let rows = get_json(&app, "/donations?select=amount_band,count()&order=amount_band").await;
    assert_eq!(rows, json!([{"amount_band": "large", "count": 2}, {"amount_band": "small", "count": 3}]));
    // The rows of a function aggregate like a table's.
    let rows = get_json(&app, "/rpc/donations_in?wanted=temple&select=amount.sum()::int,count()").await;
    assert_eq!(rows, json!([{"sum": 2750, "count": 3}]));
    // Limit and offset page the groups.
    let rows = get_json(&app, "/donations?select=category,count()&order=category.desc&limit=1").await;
    assert_eq!(rows, json!([{"category": "temple", "count": 3}]));
}

#[tokio::test]
async fn aggregates_work_inside_embeds_and_group_by_embeds() {
    let app = app_with_aggregates(None).await;
    let rows = get_json(&app, "/donors?select=id,donations(amount.sum()::int,count())&order=id").await;
    assert_eq!(
        rows,
        json!([
            {"id": 1, "donations": [{"sum": 2000, "count": 2}]},
            {"id": 2, "donations": [{"sum": 1000, "count": 2}]},
            {"id": 3, "donations": [{"sum": 2000, "count": 1}]},
        ])
    );
    let rows = get_json(&app, "/donors?select=id,donations(category,count())&donations.order=category&id=eq.1").await;
    assert_eq!(
        rows,
        json!([{"id": 1, "donations": [{"category": "school", "count": 1}, {"category": "temple", "count": 1}]}])
    );

    let mut rows = get_json(&app, "/donations?select=amount.sum()::int,donors(city)").await;
    let rows = rows.as_array_mut().unwrap();
    rows.sort_by_key(|r| r["sum"].as_i64());
    assert_eq!(
        json!(rows),
        json!([{"sum": 1000, "donors": {"city": "Sagara"}}, {"sum": 4000, "donors": {"city": "Sirsi"}}])
    );
    let rows = get_json(&app, "/donations?select=amount.sum()::int,...donors(city)").await;
    let mut rows = rows.as_array().unwrap().clone();
    rows.sort_by_key(|r| r["sum"].as_i64());
    assert_eq!(json!(rows), json!([{"sum": 1000, "city": "Sagara"}, {"sum": 4000, "city": "Sirsi"}]));

    // Ordering by a column that is neither grouped nor aggregated: PostgreSQL's 42803, as in
    // PostgREST.
    let answer = send(app.service(Method::GET, "/donations?select=category,count()&order=id")).await;
    answer.assert_error(400, "42803");

    // Aggregates in a spread aggregate its rows over the parent's groups, as in PostgREST.
    let rows = get_json(
        &app,
        "/donations?select=category,...donors(last:first_name.max(),n:id.count(),city)&category=eq.temple&order=category",
    )
    .await;
    let mut rows = rows.as_array().unwrap().clone();
    rows.sort_by(|a, b| a["city"].as_str().cmp(&b["city"].as_str()));
    assert_eq!(
        json!(rows),
        json!([
            {"category": "temple", "city": "Sagara", "last": "Ravi", "n": 1},
            {"category": "temple", "city": "Sirsi", "last": "Meera", "n": 2},
        ])
    );
    let rows = get_json(&app, "/donations?select=category,...donors(first_name.max(),id.count())&order=category").await;
    assert_eq!(
        rows,
        json!([{"category": "school", "max": "Ravi", "count": 2}, {"category": "temple", "max": "Ravi", "count": 3}])
    );
    let answer = send(app.service(Method::GET, "/donations?select=id,...donors(count())")).await;
    answer.assert_error(400, "PGRST127");
}

#[tokio::test]
async fn aggregate_reads_run_under_their_own_statement_timeout() {
    let app = app_with_aggregates(Some(std::time::Duration::from_millis(200))).await;
    // Five rows at 0.1 s each: the aggregate is cancelled, the same rows without it are not.
    let answer = send(app.service(Method::GET, "/donations?select=slow_amount.sum()")).await;
    let body = answer.assert_error(500, "57014");
    assert_eq!(body["message"], "canceling statement due to statement timeout");
    let rows = get_json(&app, "/donations?select=id,slow_amount&order=id").await;
    assert_eq!(rows.as_array().unwrap().len(), 5);
    // A quick aggregate passes.
    assert_eq!(get_json(&app, "/donations?select=count()").await, json!([{"count": 5}]));
}
