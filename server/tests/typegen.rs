//! `server gen-types` on the REST fixture schema: the generated module matches
//! `sdk-ts/test/fixture/database.ts`, which the SDK's typed tests and integration suite
//! compile against (so the generator's output is checked by tsc too). After changing the
//! generator or the fixture, rewrite it with `UPDATE_FIXTURE_TYPES=1 cargo nextest run -p
//! server --test engine typegen::`.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::path::PathBuf;

use server::schema_cache::SharedSchemaCache;
use support::TestDb;

const FIXTURE: &str = include_str!("fixtures/rest_schema.sql");

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sdk-ts/test/fixture/database.ts")
}

async fn fixture_types() -> String {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(FIXTURE).execute(&mut conn).await.unwrap();
    let pool = server::db::request_pool(&db.requests, 2);
    let schemas = vec!["public".to_string()];
    let cache = SharedSchemaCache::load(&pool, schemas.clone()).await.unwrap();
    server::typegen::typescript(&cache.get(), &schemas)
}

#[tokio::test]
async fn the_fixture_types_the_sdk_compiles_against_are_current() {
    let generated = fixture_types().await;
    let path = committed_path();
    if std::env::var_os("UPDATE_FIXTURE_TYPES").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is stale: rerun with UPDATE_FIXTURE_TYPES=1 and commit it. Generated:\n{generated}",
        path.display()
    );
}

#[tokio::test]
async fn the_fixture_types_describe_every_kind_of_object() {
    let generated = fixture_types().await;
    for expected in [
        // a table, its enum column with a default, an identity key and a nullable column
        "      events: {",
        "          event_type?: Database[\"public\"][\"Enums\"][\"event_type\"];",
        "          id?: number;",
        "          max_attendees?: number | null;",
        // a generated column cannot be written
        "          search?: never;",
        // a view, and functions of every return shape
        "      upcoming_events: {",
        "      add: { Args: { a: number; b?: number }; Returns: number };",
        "      events_after: { Args: { day: string }; Returns: Database[\"public\"][\"Tables\"][\"events\"][\"Row\"][] };",
        "      event_titles: { Args: Record<PropertyKey, never>; Returns: { id: number; title: string }[] };",
        "      touch: { Args: Record<PropertyKey, never>; Returns: undefined };",
        "      echo: { Args: { value: string }; Returns: string } | { Args: { value: number }; Returns: number };",
        "      event_type: \"cultural\" | \"educational\" | \"religious\";",
    ] {
        assert!(generated.contains(expected), "missing {expected:?} in:\n{generated}");
    }
}
