//! Two histories: the platform's migrations (server/migrations) and an app's (the fixture
//! app's migrations), each recorded on its own; a database made before the split (one history
//! for both) upgrades in place without losing a row.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use server::db::bootstrap::{SqlBundle, bootstrap_with};
use server::db::migrations::{MigrationError, checksum};
use server::db::sql_files::{PLATFORM_MIGRATIONS, SqlFile};
use sqlx::{Connection, PgConnection};
use support::TestDb;

async fn exec(conn: &mut PgConnection, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(conn).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn ledger(conn: &mut PgConnection) -> Vec<(String, String, String)> {
    sqlx::query_as("select history, name, checksum from server_meta.migrations order by history, name")
        .fetch_all(conn)
        .await
        .unwrap()
}

/// The database as the server before the split left it: every migration (the platform's
/// 0001-0004 and the app's) recorded in one ledger keyed by file name, the functions and
/// policies applied, and some rows.
async fn database_made_before_the_split(db: &TestDb) {
    let app = support::fixture_app();
    // The API roles (what the old server created before any migration), nothing else.
    bootstrap_with(&db.admin, SqlBundle::EMPTY, None).await.unwrap();
    let mut conn = db.admin_connection().await;
    exec(
        &mut conn,
        "drop table server_meta.migrations;
         create table server_meta.migrations (
             name text primary key,
             checksum text not null,
             applied_at timestamptz not null default now());",
    )
    .await;
    for file in PLATFORM_MIGRATIONS.iter().chain(app.app) {
        let mut tx = conn.begin().await.unwrap();
        exec(&mut tx, file.sql).await;
        sqlx::query("insert into server_meta.migrations (name, checksum) values ($1, $2)")
            .bind(file.name)
            .bind(checksum(file.sql))
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    for file in app.functions.iter().chain(app.policies) {
        exec(&mut conn, file.sql).await;
    }
    exec(
        &mut conn,
        "insert into auth.users (id, email) values ('00000000-0000-4000-8000-000000000001', 'old@example.org');
         insert into storage.buckets (id, name) values ('old-bucket', 'old-bucket');
         insert into public.notes (body) values ('made before the split');",
    )
    .await;
}

async fn counts(conn: &mut PgConnection) -> Vec<i64> {
    let mut out = Vec::new();
    for table in ["auth.users", "storage.buckets", "public.notes"] {
        out.push(
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select count(*) from {table}")))
                .fetch_one(&mut *conn)
                .await
                .unwrap(),
        );
    }
    out
}

#[tokio::test]
async fn a_database_made_before_the_split_upgrades_in_place_with_every_row() {
    let db = TestDb::empty().await;
    database_made_before_the_split(&db).await;
    let mut conn = db.admin_connection().await;
    let before = counts(&mut conn).await;
    assert!(before.iter().all(|&n| n >= 1), "{before:?}");

    let app = support::fixture_app();
    let report = bootstrap_with(&db.admin, app, None).await.unwrap();
    assert!(report.applied.is_empty(), "nothing is applied again: {:?}", report.applied);
    assert_eq!(report.already_applied, PLATFORM_MIGRATIONS.len() + app.app.len());
    assert_eq!(counts(&mut conn).await, before, "every row is still there");

    let expected: Vec<(String, String, String)> = app
        .app
        .iter()
        .map(|f| ("app".to_string(), f.name.to_string(), checksum(f.sql)))
        .chain(PLATFORM_MIGRATIONS.iter().map(|f| ("platform".to_string(), f.name.to_string(), checksum(f.sql))))
        .collect();
    assert_eq!(ledger(&mut conn).await, expected, "the platform's files moved to their own history");

    // A second start finds the split ledger and changes nothing.
    let again = bootstrap_with(&db.admin, app, None).await.unwrap();
    assert!(again.applied.is_empty());
    assert_eq!(ledger(&mut conn).await, expected);
}

#[tokio::test]
async fn a_platform_migration_added_later_is_applied_after_the_apps() {
    let db = TestDb::empty().await;
    let p1 = SqlFile { name: "0001_p.sql", sql: "create table public.p1 (id int);" };
    let a1 = SqlFile { name: "0010_a.sql", sql: "create table public.a1 (id int);" };
    let p5 = SqlFile { name: "0005_hook.sql", sql: "create table public.p5 (id int);" };
    bootstrap_with(&db.admin, SqlBundle { platform: &[p1], app: &[a1], ..SqlBundle::EMPTY }, None).await.unwrap();
    let report = bootstrap_with(&db.admin, SqlBundle { platform: &[p1, p5], app: &[a1], ..SqlBundle::EMPTY }, None)
        .await
        .unwrap();
    assert_eq!(report.applied, ["0005_hook.sql"]);
    let mut conn = db.admin_connection().await;
    let histories: Vec<(String, String)> =
        sqlx::query_as("select history, name from server_meta.migrations order by applied_at, name")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(
        histories,
        [
            ("platform".to_string(), "0001_p.sql".to_string()),
            ("app".to_string(), "0010_a.sql".to_string()),
            ("platform".to_string(), "0005_hook.sql".to_string())
        ]
    );
}

#[tokio::test]
async fn each_history_has_its_own_names() {
    let db = TestDb::empty().await;
    let platform = [SqlFile { name: "0001_a.sql", sql: "create table public.pa (id int);" }];
    let app = [
        SqlFile { name: "0002_a.sql", sql: "create table public.aa (id int);" },
        SqlFile { name: "0003_b.sql", sql: "create table public.ab (id int);" },
    ];
    bootstrap_with(&db.admin, SqlBundle { platform: &platform, app: &app, ..SqlBundle::EMPTY }, None).await.unwrap();
    // The app no longer has a file before its last one: refused, naming the history.
    let error = bootstrap_with(&db.admin, SqlBundle { platform: &platform, app: &app[1..], ..SqlBundle::EMPTY }, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&error, MigrationError::Unknown { history, file } if history == "app" && file == "0002_a.sql"),
        "{error}"
    );
}

#[tokio::test]
async fn a_platform_file_in_the_apps_folder_is_refused() {
    let db = TestDb::empty().await;
    let platform: Vec<SqlFile<'_>> = PLATFORM_MIGRATIONS.to_vec();
    let mut app: Vec<SqlFile<'_>> = vec![PLATFORM_MIGRATIONS[0]];
    app.extend_from_slice(support::fixture_app().app);
    let error = bootstrap_with(&db.admin, SqlBundle { platform: &platform, app: &app, ..SqlBundle::EMPTY }, None)
        .await
        .unwrap_err();
    assert!(matches!(&error, MigrationError::PlatformFileInApp { file } if file == PLATFORM_MIGRATIONS[0].name));
    assert!(error.to_string().contains("MIGRATIONS_DIR"), "{error}");
}
