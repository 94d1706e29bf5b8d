//! The schema cache reads relations, keys, relationships and functions of the exposed
//! schemas, the API roles' privileges and settings, and reloads on `NOTIFY pgrst, 'reload schema'`.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::Duration;

use server::schema_cache::SharedSchemaCache;
use server::schema_cache::model::{Action, Cardinality, QualifiedName, RelationKind, ReturnType, Volatility};
use support::TestDb;

const FIXTURE: &str = include_str!("fixtures/rest_schema.sql");

async fn fixture_cache() -> (TestDb, sqlx::PgPool, SharedSchemaCache) {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(FIXTURE).execute(&mut conn).await.unwrap();
    let pool = server::db::request_pool(&db.requests, 2);
    let cache = SharedSchemaCache::load(&pool, vec!["public".into()]).await.unwrap();
    (db, pool, cache)
}

fn qn(name: &str) -> QualifiedName {
    QualifiedName::new("public", name)
}

#[tokio::test]
async fn relations_columns_and_keys_are_read() {
    let (_db, _pool, cache) = fixture_cache().await;
    let cache = cache.get();
    let events = cache.relation("public", "events").unwrap();
    assert_eq!(events.kind, RelationKind::Table);
    assert_eq!(events.primary_key, ["id"]);
    let names: Vec<&str> = events.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["id", "title", "event_type", "event_date", "max_attendees", "organizer_id", "contact_id"]);
    let kind = events.column("event_type").unwrap();
    assert_eq!(kind.enum_values, ["cultural", "educational", "religious"]);
    assert!(!kind.nullable);
    assert!(kind.default.as_deref().unwrap().contains("cultural"));
    assert!(events.column("max_attendees").unwrap().nullable);

    let registrations = cache.relation("public", "registrations").unwrap();
    assert!(registrations.is_unique(&["person_id".into(), "event_id".into()]));
    assert!(cache.relation("public", "people").unwrap().is_unique(&["email".into()]));

    let view = cache.relation("public", "upcoming_events").unwrap();
    assert_eq!(view.kind, RelationKind::View);
    assert!(view.updatable, "a simple view is auto-updatable");
}

#[tokio::test]
async fn relationships_have_their_cardinality() {
    let (_db, _pool, cache) = fixture_cache().await;
    let cache = cache.get();
    let from_registrations = cache.relationships_from(&qn("registrations"));
    let to_event = from_registrations.iter().find(|r| r.to == qn("events")).unwrap();
    assert_eq!(to_event.cardinality, Cardinality::ManyToOne);

    let from_events = cache.relationships_from(&qn("events"));
    assert_eq!(
        from_events.iter().filter(|r| r.to == qn("people") && r.cardinality == Cardinality::ManyToOne).count(),
        2,
        "two foreign keys to people: organizer and contact"
    );
    assert!(from_events.iter().any(|r| r.to == qn("registrations") && r.cardinality == Cardinality::OneToMany));

    assert!(
        from_events.iter().any(|r| r.to == qn("people") && matches!(r.cardinality, Cardinality::ManyToMany(_))),
        "registrations (unique on event and person) join events and people"
    );

    let from_people = cache.relationships_from(&qn("people"));
    assert!(from_people.iter().any(|r| r.to == qn("profiles") && r.cardinality == Cardinality::OneToOne));
    assert!(from_people.iter().any(|r| r.to == qn("roles") && matches!(r.cardinality, Cardinality::ManyToMany(_))));
}

#[tokio::test]
async fn functions_have_parameters_return_shapes_and_overloads() {
    let (_db, _pool, cache) = fixture_cache().await;
    let cache = cache.get();
    let add = &cache.functions_named("public", "add")[0];
    assert_eq!(add.params.len(), 2);
    assert!(!add.params[0].has_default);
    assert!(add.params[1].has_default);
    assert_eq!(add.volatility, Volatility::Immutable);
    assert_eq!(add.returns, ReturnType::Scalar { data_type: "integer".into() });

    let after = &cache.functions_named("public", "events_after")[0];
    assert!(after.returns_set);
    assert!(matches!(&after.returns, ReturnType::Composite { relation: Some(r), .. } if *r == qn("events")));

    let titles = &cache.functions_named("public", "event_titles")[0];
    assert_eq!(
        titles.returns,
        ReturnType::Record { columns: vec![("id".into(), "bigint".into()), ("title".into(), "text".into())] }
    );
    assert!(titles.params.is_empty(), "TABLE columns are outputs, not parameters");

    assert_eq!(cache.functions_named("public", "touch")[0].returns, ReturnType::Void);
    assert_eq!(cache.functions_named("public", "echo").len(), 2);
}

#[tokio::test]
async fn privileges_of_the_api_roles_are_read_per_relation_and_function() {
    let (db, pool, cache) = fixture_cache().await;
    let before = cache.get();
    let events = before.relation("public", "events").unwrap();
    for action in [Action::Select, Action::Insert, Action::Update, Action::Delete] {
        assert!(events.allows("anon", action), "the default grants give anon {action:?}");
    }
    assert!(before.functions_named("public", "touch")[0].allows("anon", Action::Execute));

    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(
        "revoke insert on public.events from anon;
         revoke select on public.people from anon;
         grant select (id, full_name) on public.people to anon;
         revoke all on public.roles from anon, authenticated;
         revoke execute on function public.touch() from public, anon;",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    cache.reload(&pool).await.unwrap();
    let after = cache.get();

    let events = after.relation("public", "events").unwrap();
    assert!(!events.allows("anon", Action::Insert), "insert was revoked");
    assert!(events.allows("anon", Action::Select));
    assert!(events.allows("authenticated", Action::Insert), "other roles keep theirs");
    assert!(after.relation("public", "people").unwrap().allows("anon", Action::Select), "some columns suffice");
    let roles = after.relation("public", "roles").unwrap();
    assert!(!roles.privileges.allows_any("anon"));
    assert!(roles.allows("service_role", Action::Delete));

    let touch = &after.functions_named("public", "touch")[0];
    assert!(!touch.allows("anon", Action::Execute), "execute was revoked from public and anon");
    assert!(touch.allows("authenticated", Action::Execute));
}

#[tokio::test]
async fn role_settings_apply_per_database_with_overrides() {
    let (db, pool, cache) = fixture_cache().await;
    let settings = cache.get();
    assert_eq!(settings.settings_of("anon"), [("statement_timeout".to_string(), "3s".to_string())]);
    assert_eq!(settings.settings_of("authenticated"), [("statement_timeout".to_string(), "8s".to_string())]);
    assert!(settings.settings_of("authenticator").is_empty(), "only the API roles are read");

    let mut conn = db.admin_connection().await;
    let statement = format!("alter role anon in database \"{}\" set statement_timeout = '1s'", db.name);
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement)).execute(&mut conn).await.unwrap();
    cache.reload(&pool).await.unwrap();
    let settings = cache.get();
    assert_eq!(
        settings.settings_of("anon"),
        [("statement_timeout".to_string(), "1s".to_string())],
        "the database's own setting wins"
    );
    assert_eq!(settings.settings_of("authenticated"), [("statement_timeout".to_string(), "8s".to_string())]);
}

#[tokio::test]
async fn a_reload_notice_refreshes_the_cache() {
    let (db, pool, cache) = fixture_cache().await;
    let listener = cache.spawn_listener(pool.clone());
    // Give the listener a moment to LISTEN before the change.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql("create table public.late_arrival (id int primary key); notify pgrst, 'reload schema';")
        .execute(&mut conn)
        .await
        .unwrap();
    let mut seen = false;
    for _ in 0..100 {
        if cache.get().relation("public", "late_arrival").is_some() {
            seen = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    listener.abort();
    assert!(seen, "the new table appears after the notice");
}

#[tokio::test]
async fn the_openapi_document_follows_the_privileges_read() {
    let (db, pool, cache) = fixture_cache().await;
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql("revoke all on public.feedback from anon; grant insert on public.feedback to anon;")
        .execute(&mut conn)
        .await
        .unwrap();
    cache.reload(&pool).await.unwrap();
    let doc = server::rest::openapi::document(&cache.get(), "anon", "public", "http://127.0.0.1:8080");
    let verbs = |path: &str| doc["paths"][path].as_object().map(|item| item.keys().cloned().collect::<Vec<_>>());
    assert_eq!(verbs("/feedback").unwrap(), ["post"]);
    assert_eq!(verbs("/events").unwrap(), ["delete", "get", "patch", "post"]);
    assert_eq!(verbs("/upcoming_events").unwrap(), ["delete", "get", "patch", "post"], "an auto-updatable view");
    assert_eq!(verbs("/rpc/events_after").unwrap(), ["get", "post"]);
    assert_eq!(doc["definitions"]["events"]["required"], serde_json::json!(["title", "event_date"]));
}
