//! Who runs a REST request: API keys, user tokens, row-level security and the role's
//! transaction settings.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::rest::{ASHA, RAVI, send};

fn ids(rows: &Value) -> Vec<i64> {
    rows.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn row_level_security_decides_what_each_caller_sees() {
    let app = TestApp::with_rest_fixture().await;
    let anon = send(app.anon(Method::GET, "/notes?select=id&order=id")).await;
    assert_eq!(ids(&anon.json()), [1, 3]);
    let asha = send(app.user(ASHA, Method::GET, "/notes?select=id&order=id")).await;
    assert_eq!(ids(&asha.json()), [1, 2, 3]);
    let ravi = send(app.user(RAVI, Method::GET, "/notes?select=id&order=id")).await;
    assert_eq!(ids(&ravi.json()), [1, 3]);
    let service = send(app.service(Method::GET, "/notes?select=id&order=id")).await;
    assert_eq!(ids(&service.json()), [1, 2, 3]);
}

#[tokio::test]
async fn the_database_sees_the_role_claims_and_method() {
    let app = TestApp::with_rest_fixture().await;
    let anon = send(app.anon(Method::POST, "/rpc/whoami").json(&json!({}))).await;
    assert_eq!(anon.json(), json!({"role": "anon", "sub": null, "method": "POST"}));
    let user = send(app.user(ASHA, Method::GET, "/rpc/whoami")).await;
    assert_eq!(user.json(), json!({"role": "authenticated", "sub": ASHA, "method": "GET"}));
    let service = send(app.service(Method::GET, "/rpc/whoami")).await;
    assert_eq!(service.json()["role"], "service_role");
}

#[tokio::test]
async fn users_write_their_own_rows_only() {
    let app = TestApp::with_rest_fixture().await;
    let created = send(
        app.user(RAVI, Method::POST, "/notes?select=owner_id,body")
            .header("prefer", "return=representation")
            .json(&json!({"body": "mine"})),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json(), json!([{"owner_id": RAVI, "body": "mine"}]), "owner_id defaults to auth.uid()");

    // Someone else's note: hidden by USING, so nothing changes and nothing fails.
    let untouched = send(
        app.user(RAVI, Method::PATCH, "/notes?id=eq.1")
            .header("prefer", "return=representation")
            .json(&json!({"body": "hacked"})),
    )
    .await;
    assert_eq!(untouched.status, StatusCode::OK);
    assert_eq!(untouched.json(), json!([]));

    // WITH CHECK refuses a row owned by someone else: 403 for a user, 401 for anon.
    let forged = send(app.user(RAVI, Method::POST, "/notes").json(&json!({"body": "x", "owner_id": ASHA}))).await;
    let body = forged.assert_error(403, "42501");
    assert_eq!(body["message"], "new row violates row-level security policy for table \"notes\"");
    send(app.anon(Method::POST, "/notes").json(&json!({"body": "x", "owner_id": ASHA})))
        .await
        .assert_error(401, "42501");
}

#[tokio::test]
async fn an_insert_only_table_accepts_minimal_inserts_but_not_read_back() {
    let app = TestApp::with_rest_fixture().await;
    let minimal = send(app.anon(Method::POST, "/feedback").json(&json!({"message": "hello"}))).await;
    assert_eq!(minimal.status, StatusCode::CREATED, "{}", minimal.text);
    let representation = send(
        app.anon(Method::POST, "/feedback").header("prefer", "return=representation").json(&json!({"message": "hi"})),
    )
    .await;
    representation.assert_error(401, "42501");
    let stored = send(app.service(Method::GET, "/feedback?select=message")).await;
    assert_eq!(stored.json(), json!([{"message": "hello"}]), "the refused insert was rolled back");
}

#[tokio::test]
async fn keys_and_tokens_are_checked_before_any_query() {
    let app = TestApp::with_rest_fixture().await;
    let url = app.url("/rest/v1/notes");
    let missing = support::rest::Answer::of(app.client.get(&url).send().await.unwrap()).await;
    assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
    assert_eq!(missing.json()["message"], "No API key found in request");

    let wrong = send(app.rest(Method::GET, "/notes", "not-a-key")).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);

    let garbage = send(app.rest(Method::GET, "/notes", &app.keys.anon).bearer_auth("garbage")).await;
    garbage.assert_error(401, "PGRST301");
    assert!(garbage.header("www-authenticate").unwrap().starts_with("Bearer"));

    let expired = support::sign(&json!({"sub": ASHA, "role": "authenticated", "exp": 1_000_000_000}));
    let body =
        send(app.rest(Method::GET, "/notes", &app.keys.anon).bearer_auth(expired)).await.assert_error(401, "PGRST303");
    assert_eq!(body["message"], "JWT expired");

    let postgres = support::sign(&json!({"role": "postgres", "exp": 4_000_000_000u64}));
    send(app.rest(Method::GET, "/notes", &app.keys.anon).bearer_auth(postgres)).await.assert_error(401, "PGRST303");
}

#[tokio::test]
async fn tokens_for_another_audience_or_issuer_are_refused() {
    let app = TestApp::with_rest_fixture().await;
    let token = |extra: Value| {
        let mut claims = json!({"sub": ASHA, "role": "authenticated", "exp": 4_000_000_000u64});
        claims.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        support::sign(&claims)
    };
    let get = |bearer: String| send(app.rest(Method::GET, "/notes?select=id", &app.keys.anon).bearer_auth(bearer));
    let other_app = get(token(json!({"aud": "another-app"}))).await.assert_error(401, "PGRST303");
    assert_eq!(other_app["message"], "JWT not in audience");
    get(token(json!({"aud": ["another-app", "admin"]}))).await.assert_error(401, "PGRST303");
    let foreign = get(token(json!({"iss": "https://other-project.supabase.co/auth/v1"}))).await;
    assert_eq!(foreign.assert_error(401, "PGRST303")["message"], "JWT issuer not accepted");
    // This server's own tokens, tokens without the claims, and both API keys keep working.
    let issuer = app.state.auth.issuer.clone();
    for ok in [
        token(json!({"aud": "authenticated", "iss": issuer})),
        token(json!({"aud": ["authenticated"]})),
        token(json!({})),
        app.keys.anon.clone(),
        app.keys.service_role.clone(),
    ] {
        let answer = get(ok).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    }
    assert_eq!(send(app.service(Method::GET, "/notes?select=id")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn personal_answers_are_no_store_and_anonymous_reads_are_not() {
    let app = TestApp::with_rest_fixture().await;
    let anon = send(app.anon(Method::GET, "/notes?select=id")).await;
    assert_eq!(anon.status, StatusCode::OK);
    assert_eq!(anon.header("cache-control"), None);
    for answer in [
        send(app.user(ASHA, Method::GET, "/notes?select=id")).await,
        send(app.user(ASHA, Method::GET, "/notes?select=nope")).await,
        send(app.service(Method::GET, "/notes?select=id")).await,
        send(app.rest(Method::GET, "/notes?select=id", &app.keys.service_role)).await,
        send(app.user(ASHA, Method::GET, "/")).await,
    ] {
        assert_eq!(answer.header("cache-control"), Some("no-store"), "{}", answer.text);
    }
    let auth = |path: &str| {
        app.client
            .get(app.url(&format!("/auth/v1{path}")))
            .header("apikey", &app.keys.anon)
            .bearer_auth(app.user_token(ASHA))
    };
    for path in ["/user", "/settings"] {
        assert_eq!(send(auth(path)).await.header("cache-control"), Some("no-store"), "{path}");
    }
}

#[tokio::test]
async fn the_role_statement_timeout_applies_to_requests() {
    let app = TestApp::with_rest_fixture().await;
    app.sql("create function public.slow() returns int language sql as $$ select 1 from pg_sleep(5) $$").await;
    app.sql("notify pgrst, 'reload schema'").await;
    app.state.schema.reload(&app.state.pool).await.unwrap();
    let started = std::time::Instant::now();
    let answer = send(app.anon(Method::POST, "/rpc/slow").json(&json!({}))).await;
    assert_eq!(answer.json()["code"], "57014", "{}", answer.text);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "anon's 3s statement_timeout cut it");
}

#[tokio::test]
async fn a_request_its_client_abandons_is_cancelled_in_the_database() {
    let app = TestApp::with_rest_fixture().await;
    app.sql("create function public.nap() returns int language sql as $$ select 1 from pg_sleep(30) $$").await;
    app.state.schema.reload(&app.state.pool).await.unwrap();
    let running = format!(
        "select count(*) from pg_stat_activity where datname = '{}' and state = 'active' \
         and pid <> pg_backend_pid() and query like '%nap%'",
        app.db.name
    );
    // The service role's timeout is a minute: only the cancellation can end it sooner.
    let request = app.service(Method::POST, "/rpc/nap").json(&json!({}));
    let abandoned = tokio::spawn(request.timeout(std::time::Duration::from_secs(2)).send());
    let started = std::time::Instant::now();
    while app.count(&running).await == 0 {
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "the statement never started");
    }
    assert!(abandoned.await.unwrap().is_err(), "the client gave up");
    let gave_up = std::time::Instant::now();
    while app.count(&running).await > 0 {
        assert!(gave_up.elapsed() < std::time::Duration::from_secs(5), "still running after the client left");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_openapi_document_describes_what_the_role_can_reach() {
    let app = TestApp::with_rest_fixture().await;
    app.sql("revoke select on public.feedback from anon").await;
    app.state.schema.reload(&app.state.pool).await.unwrap();
    let anon = send(app.anon(Method::GET, "/")).await;
    assert_eq!(anon.status, StatusCode::OK);
    let document = anon.json();
    assert_eq!(document["swagger"], "2.0");
    assert!(document["paths"]["/notes"]["get"].is_object());
    assert!(document["paths"]["/feedback"]["get"].is_null());
    assert!(document["paths"]["/feedback"]["post"].is_object());
    assert!(document["paths"]["/rpc/add"]["post"].is_object());
}
