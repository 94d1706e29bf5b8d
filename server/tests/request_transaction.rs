//! The request transaction: role, claims, method and path set transaction-locally in one
//! statement, so row-level security sees the caller and nothing leaks to the next request.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use serde_json::{Map, Value, json};
use server::auth::caller::{ApiRole, Caller};
use server::db::request_connections::RequestConnections;
use server::db::request_tx::{RequestContext, begin};
use std::time::Duration;
use support::TestDb;

const USER_A: &str = "11111111-1111-1111-1111-111111111111";
const USER_B: &str = "22222222-2222-2222-2222-222222222222";

fn caller(role: ApiRole, sub: Option<&str>) -> Caller {
    let mut claims = Map::new();
    claims.insert("role".into(), json!(role.as_str()));
    if let Some(sub) = sub {
        claims.insert("sub".into(), json!(sub));
    }
    Caller::new(role, claims)
}

fn context<'a>(caller: &'a Caller, read_only: bool, settings: &'a [(String, String)]) -> RequestContext<'a> {
    RequestContext { caller, method: "GET", path: "/rest/v1/notes", read_only, search_path: "public", settings }
}

/// A table only its owners may see and write.
async fn notes_db() -> (TestDb, RequestConnections) {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(
        "create table public.notes (id serial primary key, owner uuid not null default auth.uid(), body text);
         alter table public.notes enable row level security;
         create policy \"Owners read their notes\" on public.notes for select to authenticated
           using (owner = (select auth.uid()));
         create policy \"Owners write their notes\" on public.notes for insert to authenticated
           with check (owner = (select auth.uid()));
         insert into public.notes (owner, body) values
           ('11111111-1111-1111-1111-111111111111', 'a'), ('22222222-2222-2222-2222-222222222222', 'b');",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    // One connection: every transaction reuses it, so leaks would show.
    let pool = RequestConnections::new(&db.requests, None, 1, Duration::from_secs(5));
    (db, pool)
}

#[tokio::test]
async fn the_caller_is_visible_to_sql_and_row_level_security() {
    let (_db, pool) = notes_db().await;
    let user = caller(ApiRole::Authenticated, Some(USER_A));
    let mut tx = begin(&pool, &context(&user, true, &[])).await.unwrap();
    let rows = tx
        .query(
            "select current_user::text, auth.uid()::text, current_setting('request.method'),
                    current_setting('request.path'), auth.jwt()::text",
            &[],
            &[],
        )
        .await
        .unwrap();
    let row = &rows[0];
    assert_eq!(row.get::<_, String>(0), "authenticated");
    assert_eq!(row.get::<_, String>(1), USER_A);
    assert_eq!(row.get::<_, String>(2), "GET");
    assert_eq!(row.get::<_, String>(3), "/rest/v1/notes");
    let claims: Value = serde_json::from_str(&row.get::<_, String>(4)).unwrap();
    assert_eq!(claims, json!({"role": "authenticated", "sub": USER_A}));
    let bodies: Vec<String> =
        tx.query("select body from notes", &[], &[]).await.unwrap().iter().map(|r| r.get(0)).collect();
    assert_eq!(bodies, ["a"], "only the caller's own row");
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn nothing_leaks_into_the_next_transaction_on_the_same_connection() {
    let (_db, pool) = notes_db().await;
    let user = caller(ApiRole::Authenticated, Some(USER_B));
    let tx = begin(&pool, &context(&user, true, &[])).await.unwrap();
    tx.commit().await.unwrap();

    let anon = caller(ApiRole::Anon, None);
    let mut tx = begin(&pool, &context(&anon, true, &[])).await.unwrap();
    let rows = tx.query("select current_user::text, auth.uid()::text", &[], &[]).await.unwrap();
    assert_eq!(rows[0].get::<_, String>(0), "anon");
    assert_eq!(rows[0].get::<_, Option<String>>(1), None);
    let rows = tx.query("select count(*) from notes", &[], &[]).await.unwrap();
    assert_eq!(rows[0].get::<_, i64>(0), 0);
}

#[tokio::test]
async fn a_read_only_transaction_refuses_writes_with_405() {
    let (_db, pool) = notes_db().await;
    let user = caller(ApiRole::Authenticated, Some(USER_A));
    let mut tx = begin(&pool, &context(&user, true, &[])).await.unwrap();
    let error = tx.execute("insert into notes (body) values ('x')", &[], &[]).await.unwrap_err();
    assert_eq!(error.status(), 405);
}

#[tokio::test]
async fn row_level_security_refusals_are_401_for_anon_and_403_for_users() {
    let (_db, pool) = notes_db().await;
    let user = caller(ApiRole::Authenticated, Some(USER_A));
    let mut tx = begin(&pool, &context(&user, false, &[])).await.unwrap();
    let api = tx
        .execute(
            "insert into notes (owner, body) values ($1::uuid, 'forged')",
            &[tokio_postgres::types::Type::TEXT],
            &[&USER_B],
        )
        .await
        .unwrap_err();
    assert_eq!((api.status().as_u16(), api.code()), (403, "42501"));
    assert!(api.message().contains("row-level security"), "{}", api.message());
    drop(tx);

    let anon = caller(ApiRole::Anon, None);
    let mut tx = begin(&pool, &context(&anon, false, &[])).await.unwrap();
    let error = tx.execute("insert into notes (body) values ('x')", &[], &[]).await.unwrap_err();
    assert_eq!(error.status(), 401);
}

#[tokio::test]
async fn role_settings_apply_to_the_request() {
    let (_db, pool) = notes_db().await;
    let anon = caller(ApiRole::Anon, None);
    let settings = [("statement_timeout".to_string(), "50ms".to_string())];
    let mut tx = begin(&pool, &context(&anon, true, &settings)).await.unwrap();
    let error = tx.execute("select pg_sleep(1)", &[], &[]).await.unwrap_err();
    assert_eq!(error.code(), "57014", "the statement is cancelled by the role's timeout");
}

#[tokio::test]
async fn a_cleanly_ended_connection_is_reused_and_an_interrupted_one_replaced() {
    let (_db, pool) = notes_db().await;
    let anon = caller(ApiRole::Anon, None);
    let pid = |mut tx: server::db::request_tx::RequestTransaction| async move {
        let rows = tx.query("select pg_backend_pid()", &[], &[]).await.unwrap();
        (rows[0].get::<_, i32>(0), tx)
    };
    let (first, tx) = pid(begin(&pool, &context(&anon, true, &[])).await.unwrap()).await;
    tx.commit().await.unwrap();
    let (second, tx) = pid(begin(&pool, &context(&anon, true, &[])).await.unwrap()).await;
    tx.rollback().await;
    let (third, tx) = pid(begin(&pool, &context(&anon, true, &[])).await.unwrap()).await;
    assert_eq!((first, second), (third, third), "committed and rolled-back connections are reused");
    drop(tx);
    let (fourth, _tx) = pid(begin(&pool, &context(&anon, true, &[])).await.unwrap()).await;
    assert_ne!(fourth, third, "a transaction dropped open closes its connection");
}

#[tokio::test]
async fn a_statement_sent_with_its_commit_commits_or_rolls_back_and_frees_the_connection() {
    let (_db, pool) = notes_db().await;
    let user = caller(ApiRole::Authenticated, Some(USER_A));
    let mut tx = begin(&pool, &context(&user, false, &[])).await.unwrap();
    let (_, inserted) = tx.run_then("insert into notes (body) values ('kept')", &[], &[], true).await.unwrap();
    assert_eq!(inserted, 1);
    tx.commit().await.unwrap();

    let mut tx = begin(&pool, &context(&user, false, &[])).await.unwrap();
    let error = tx
        .run_then(
            "insert into notes (owner, body) values ('22222222-2222-2222-2222-222222222222', 'refused')",
            &[],
            &[],
            true,
        )
        .await
        .unwrap_err();
    assert_eq!(error.code(), "42501");
    tx.rollback().await;

    let mut tx = begin(&pool, &context(&user, true, &[])).await.unwrap();
    let rows = tx.query("select body from notes order by id", &[], &[]).await.unwrap();
    let bodies: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    assert_eq!(bodies, ["a", "kept"], "the committed row is there, the refused one is not");
}
