//! Embedding as PostgREST resolves it: targets and hints (table, constraint, column,
//! junction), self-references, views, duplicate embeds, computed relationships and spreads,
//! over HTTP on the library fixture (`tests/fixtures/rest_embed.sql`).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

use serde_json::json;
use support::rest::get_json;
use support::{TestApp, TestAppOptions};

const FIXTURE: &str = include_str!("fixtures/rest_embed.sql");

async fn library() -> TestApp {
    TestApp::spawn_with(TestAppOptions { fixture: Some(FIXTURE), ..TestAppOptions::default() }).await
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
