//! Embedding as PostgREST resolves it: targets and hints (table, constraint, column,
//! junction), self-references, views, duplicate embeds, computed relationships and spreads,
//! over HTTP on the library fixture (`tests/fixtures/rest_embed.sql`).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

use reqwest::Method;
use serde_json::{Value, json};
use support::rest::{get_json, send};
use support::{TestApp, TestAppOptions};

const FIXTURE: &str = include_str!("fixtures/rest_embed.sql");

async fn library() -> TestApp {
    TestApp::spawn_with(TestAppOptions { fixture: Some(FIXTURE), ..TestAppOptions::default() }).await
}

async fn error(app: &TestApp, path: &str, status: u16, code: &str) -> Value {
    send(app.service(Method::GET, path)).await.assert_error(status, code)
}

#[tokio::test]
async fn a_column_target_leaves_views_out_of_the_search() {
    let app = library().await;
    // writers_public inherits novels_writer_id_fkey; PostgREST still finds one relationship.
    let rows = get_json(&app, "/novels?select=title,writer_id(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "writer_id": {"name": "Shivarama Karanth"}}]));
    let rows = get_json(&app, "/novels?select=title,editor:novels_editor_fkey(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "editor": {"name": "Kuvempu"}}]));
    // The view is still embeddable by its own name.
    let rows = get_json(&app, "/novels?select=title,writers_public!writer_id(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "writers_public": {"name": "Shivarama Karanth"}}]));
}

#[tokio::test]
async fn two_embeds_under_one_key_are_refused_as_postgresql_refuses_them() {
    let app = library().await;
    let body = error(&app, "/novels?select=id,writer_id(name),writer_id(country)", 400, "42712").await;
    assert_eq!(body["message"], "table name \"novels_writer_id_1\" specified more than once");
    assert_eq!(body["details"], Value::Null);
    assert_eq!(body["hint"], Value::Null);
    // An alias that repeats the name of another embed collides too; so do nested ones.
    let body =
        error(&app, "/novels?select=id,writers_public!writer_id(name),writers_public:writer_id(id)", 400, "42712")
            .await;
    assert_eq!(body["message"], "table name \"novels_writers_public_1\" specified more than once");
    let body = error(&app, "/writers?select=id,novels!writer_id(id,genres(name),genres(id))", 400, "42712").await;
    assert_eq!(body["message"], "table name \"novels_genres_2\" specified more than once");
    // Different keys for the same relationship are fine.
    let rows = get_json(&app, "/novels?select=id,w:writer_id(name),c:writer_id(country)&id=eq.1").await;
    assert_eq!(rows, json!([{"id": 1, "w": {"name": "Kuvempu"}, "c": {"country": "India"}}]));
}
