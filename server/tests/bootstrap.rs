//! The database bootstrap: roles, forward-only checksummed migrations, idempotent functions
//! and policies.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use server::db::bootstrap::{SqlBundle, bootstrap_with};
use server::db::migrations::MigrationError;
use server::db::sql_files::SqlFile;
use sqlx::Row;
use support::TestDb;

/// App files alone, without the platform's migrations.
fn app<'a>(migrations: &'a [SqlFile<'a>], policies: &'a [SqlFile<'a>]) -> SqlBundle<'a> {
    SqlBundle { platform: &[], app: migrations, functions: &[], policies }
}

/// Everything a bootstrap could change, as sorted text: schemas, relations, columns,
/// functions, policies, grants and roles.
async fn catalogue_fingerprint(db: &TestDb) -> Vec<String> {
    let mut conn = db.admin_connection().await;
    let sql = "
      select 'schema ' || nspname || ' ' || coalesce(nspacl::text, '') from pg_namespace
       where nspname not like 'pg_%' and nspname <> 'information_schema'
      union all
      select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.relrowsecurity || ' ' || coalesce(c.relacl::text, '')
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not like 'pg_%' and n.nspname <> 'information_schema'
      union all
      select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) || ' ' || coalesce(p.proacl::text, '')
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname not like 'pg_%' and n.nspname <> 'information_schema'
      union all
      select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
      union all
      select 'policy ' || schemaname || '.' || tablename || ' ' || policyname || ' ' || cmd || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '')
        from pg_policies
      union all
      select 'role ' || rolname || ' ' || rolcanlogin || ' ' || rolinherit || ' ' || rolbypassrls || ' ' || coalesce(array_to_string(rolconfig, ','), '')
        from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
      union all
      select 'defacl ' || defaclnamespace::regnamespace::text || ' ' || defaclobjtype::text || ' ' || defaclacl::text from pg_default_acl
      order by 1";
    sqlx::query(sql)
        .fetch_all(&mut conn)
        .await
        .expect("read the catalogue")
        .iter()
        .map(|r| r.get::<String, _>(0))
        .collect()
}

#[tokio::test]
async fn bootstrapping_twice_changes_nothing_the_second_time() {
    let db = TestDb::empty().await;
    let files = support::fixture_app();
    let first = bootstrap_with(&db.admin, files, None).await.unwrap();
    assert!(!first.applied.is_empty(), "the first run applies the migrations");
    assert_eq!((first.functions, first.policies), (1, 1));
    let before = catalogue_fingerprint(&db).await;

    let second = bootstrap_with(&db.admin, files, None).await.unwrap();
    assert!(second.applied.is_empty(), "nothing is applied twice: {:?}", second.applied);
    assert_eq!(second.already_applied, first.applied.len());
    assert_eq!(catalogue_fingerprint(&db).await, before);
}

#[tokio::test]
async fn an_edited_migration_is_refused_and_named() {
    let db = TestDb::empty().await;
    let original = [SqlFile { name: "0001_a.sql", sql: "create table public.a (id int);" }];
    bootstrap_with(&db.admin, app(&original, &[]), None).await.unwrap();

    let edited = [SqlFile { name: "0001_a.sql", sql: "create table public.a (id bigint);" }];
    let error = bootstrap_with(&db.admin, app(&edited, &[]), None).await.unwrap_err();
    assert!(matches!(&error, MigrationError::Edited { file, .. } if file == "0001_a.sql"), "{error}");
    assert!(error.to_string().contains("0001_a.sql was edited"), "{error}");
}

#[tokio::test]
async fn an_applied_migration_the_server_does_not_know_is_refused() {
    let db = TestDb::empty().await;
    let three = [
        SqlFile { name: "0001_a.sql", sql: "select 1;" },
        SqlFile { name: "0002_b.sql", sql: "select 2;" },
        SqlFile { name: "0003_c.sql", sql: "select 3;" },
    ];
    bootstrap_with(&db.admin, app(&three, &[]), None).await.unwrap();
    // 0002 is missing from the middle of the server's history: another project, or a history
    // that was rewritten.
    let gap = [three[0], three[2]];
    let error = bootstrap_with(&db.admin, app(&gap, &[]), None).await.unwrap_err();
    assert!(matches!(&error, MigrationError::Unknown { file, .. } if file == "0002_b.sql"), "{error}");
}

#[tokio::test]
async fn an_older_server_starts_on_a_newer_database_and_applies_nothing() {
    let db = TestDb::empty().await;
    let policy_v2 = [SqlFile { name: "10_p.sql", sql: "create or replace view public.version as select 2 as v;" }];
    let two = [SqlFile { name: "0001_a.sql", sql: "select 1;" }, SqlFile { name: "0002_b.sql", sql: "select 2;" }];
    bootstrap_with(&db.admin, app(&two, &policy_v2), None).await.unwrap();
    // The previous release: without 0002 and with its older policy.
    let policy_v1 = [SqlFile { name: "10_p.sql", sql: "create or replace view public.version as select 1 as v;" }];
    let report = bootstrap_with(&db.admin, app(&two[..1], &policy_v1), None).await.unwrap();
    assert_eq!(report.ahead, ["app/0002_b.sql"]);
    assert!(report.applied.is_empty() && report.policies == 0, "{report:?}");
    let mut conn = db.admin_connection().await;
    let version: i32 = sqlx::query_scalar("select v from public.version").fetch_one(&mut conn).await.unwrap();
    assert_eq!(version, 2, "the newer server's policy stays");
}

#[tokio::test]
async fn without_migrating_a_database_that_lacks_a_migration_is_refused_by_name() {
    let db = TestDb::empty().await;
    let two = [SqlFile { name: "0001_a.sql", sql: "select 1;" }, SqlFile { name: "0002_b.sql", sql: "select 2;" }];
    bootstrap_with(&db.admin, app(&two[..1], &[]), None).await.unwrap();
    let error = server::db::bootstrap::check_migrated(&db.admin, app(&two, &[])).await.unwrap_err();
    assert!(error.to_string().contains("0002_b.sql") && error.to_string().contains("server migrate"), "{error}");
    bootstrap_with(&db.admin, app(&two, &[]), None).await.unwrap();
    server::db::bootstrap::check_migrated(&db.admin, app(&two, &[])).await.unwrap();
    // Ahead of the server is fine too (a replica not upgraded yet).
    server::db::bootstrap::check_migrated(&db.admin, app(&two[..1], &[])).await.unwrap();
}

#[tokio::test]
async fn a_failing_migration_is_named_and_leaves_nothing_behind() {
    let db = TestDb::empty().await;
    let files = [SqlFile { name: "0001_broken.sql", sql: "create table public.half (id int); select * from nowhere;" }];
    let error = bootstrap_with(&db.admin, app(&files, &[]), None).await.unwrap_err();
    assert!(error.to_string().contains("0001_broken.sql"), "{error}");
    assert!(error.to_string().contains("nowhere"), "{error}");

    let mut conn = db.admin_connection().await;
    let half: Option<String> =
        sqlx::query_scalar("select to_regclass('public.half')::text").fetch_one(&mut conn).await.unwrap();
    assert_eq!(half, None, "the failed migration's table was rolled back");
    let recorded: i64 =
        sqlx::query_scalar("select count(*) from server_meta.migrations").fetch_one(&mut conn).await.unwrap();
    assert_eq!(recorded, 0);
}

#[tokio::test]
async fn policies_are_applied_on_every_start_in_name_order() {
    let db = TestDb::empty().await;
    let migrations = [SqlFile {
        name: "0001_t.sql",
        sql: "create table public.t (id int); alter table public.t enable row level security;",
    }];
    let policies = [
        SqlFile {
            name: "10_first.sql",
            sql: "drop policy if exists \"Anyone can read t\" on public.t; create policy \"Anyone can read t\" on public.t for select to anon using (true);",
        },
        SqlFile { name: "20_second.sql", sql: "comment on policy \"Anyone can read t\" on public.t is 'second';" },
    ];
    for _ in 0..2 {
        let report = bootstrap_with(&db.admin, app(&migrations, &policies), None).await.unwrap();
        assert_eq!(report.policies, 2);
    }
    let mut conn = db.admin_connection().await;
    let comment: Option<String> = sqlx::query_scalar(
        "select obj_description(p.oid, 'pg_policy') from pg_policy p where polname = 'Anyone can read t'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(comment.as_deref(), Some("second"));
}

#[tokio::test]
async fn functions_apply_after_the_migrations_and_before_the_policies_at_every_start() {
    let db = TestDb::empty().await;
    let migrations = [SqlFile {
        name: "0001_t.sql",
        sql: "create table public.t (id int, seen int default 0); alter table public.t enable row level security;",
    }];
    let functions = [
        SqlFile {
            name: "10_count.sql",
            sql: "create or replace function public.t_count() returns bigint language sql stable set search_path = '' \
                  as $$ select count(*) from public.t $$;",
        },
        SqlFile {
            name: "20_trigger.sql",
            sql: "create or replace function public.t_seen() returns trigger language plpgsql set search_path = '' \
                  as $$ begin new.seen := new.seen + 1; return new; end $$; \
                  create or replace trigger t_seen before insert on public.t for each row execute function public.t_seen();",
        },
    ];
    // The policy calls the function: it must exist by then.
    let policies = [SqlFile {
        name: "10_t.sql",
        sql: "drop policy if exists \"Reads while few\" on public.t; \
              create policy \"Reads while few\" on public.t for select to anon using (public.t_count() < 100);",
    }];
    let files = SqlBundle { platform: &[], app: &migrations, functions: &functions, policies: &policies };
    for _ in 0..2 {
        let report = bootstrap_with(&db.admin, files, None).await.unwrap();
        assert_eq!((report.functions, report.policies), (2, 1));
    }
    let mut conn = db.admin_connection().await;
    let seen: i32 =
        sqlx::query_scalar("insert into public.t (id) values (1) returning seen").fetch_one(&mut conn).await.unwrap();
    assert_eq!(seen, 1, "the trigger of functions/ runs once, though its file was applied twice");
}

#[tokio::test]
async fn a_failing_function_or_policy_file_is_named_and_nothing_of_either_folder_stays() {
    let db = TestDb::empty().await;
    let ok_function = SqlFile {
        name: "10_ok.sql",
        sql: "create or replace function public.ok() returns int language sql as $$ select 1 $$;",
    };
    let ok_policy = SqlFile { name: "10_ok.sql", sql: "create table if not exists public.p (id int);" };
    let bad_function = SqlFile {
        name: "20_bad.sql",
        sql: "create or replace function public.bad() returns int language sql as $$ select nope $$;",
    };
    let bad_policy =
        SqlFile { name: "20_bad.sql", sql: "create policy nonsense on public.missing for select using (true);" };
    for (functions, policies, folder, message) in [
        (
            [ok_function, bad_function],
            [ok_policy, ok_policy],
            "functions",
            "functions file 20_bad.sql failed: column \"nope\"",
        ),
        ([ok_function, ok_function], [ok_policy, bad_policy], "policies", "policies file 20_bad.sql failed: relation"),
    ] {
        let files = SqlBundle { platform: &[], app: &[], functions: &functions, policies: &policies };
        let error = bootstrap_with(&db.admin, files, None).await.unwrap_err();
        assert!(
            matches!(&error, MigrationError::DefinitionFailed { folder: f, file, .. } if *f == folder && file == "20_bad.sql"),
            "{error}"
        );
        assert!(error.to_string().starts_with(message), "{error}");
        // Functions and policies are one transaction: neither folder's first file stays.
        let mut conn = db.admin_connection().await;
        let left: (Option<String>, Option<String>) =
            sqlx::query_as("select to_regprocedure('public.ok()')::text, to_regclass('public.p')::text")
                .fetch_one(&mut conn)
                .await
                .unwrap();
        assert_eq!(left, (None, None));
    }
}

#[tokio::test]
async fn the_api_roles_exist_with_supabase_attributes() {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    let rows = sqlx::query(
        "select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
          where rolname in ('anon','authenticated','service_role','authenticator','auth_admin','storage_admin',
            'push_admin','realtime_admin')
          order by rolname",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    let roles: Vec<(String, bool, bool, bool)> =
        rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect();
    assert_eq!(
        roles,
        vec![
            ("anon".into(), false, false, false),
            ("auth_admin".into(), false, false, false),
            ("authenticated".into(), false, false, false),
            ("authenticator".into(), true, false, false),
            // Created by server/migrations/0004_push.sql for the push delivery worker.
            ("push_admin".into(), false, false, false),
            // Created by server/migrations/0030_realtime.sql for the realtime queue and replicas.
            ("realtime_admin".into(), false, false, false),
            ("service_role".into(), false, false, true),
            ("storage_admin".into(), false, false, false),
        ]
    );
    let member_of: Vec<String> = sqlx::query_scalar(
        "select r.rolname::text from pg_auth_members m join pg_roles r on r.oid = m.roleid
          join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    assert_eq!(
        member_of,
        ["anon", "auth_admin", "authenticated", "push_admin", "realtime_admin", "service_role", "storage_admin"]
    );
}

#[tokio::test]
async fn auth_helpers_read_the_transaction_local_claims() {
    let db = TestDb::migrated().await;
    let mut conn = sqlx::ConnectOptions::connect(&db.requests).await.unwrap();
    let mut tx = sqlx::Connection::begin(&mut conn).await.unwrap();
    let claims = r#"{"sub":"6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f","role":"authenticated","email":"a@b.in"}"#;
    sqlx::query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)")
        .bind(claims)
        .execute(&mut *tx)
        .await
        .unwrap();
    let row =
        sqlx::query("select auth.uid()::text, auth.role(), auth.email(), auth.jwt() ->> 'email', current_user::text")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(row.get::<String, _>(0), "6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f");
    assert_eq!(row.get::<String, _>(1), "authenticated");
    assert_eq!(row.get::<String, _>(2), "a@b.in");
    assert_eq!(row.get::<String, _>(3), "a@b.in");
    assert_eq!(row.get::<String, _>(4), "authenticated");
    tx.commit().await.unwrap();

    // A later transaction on the same connection sees no stale claims.
    let mut tx = sqlx::Connection::begin(&mut conn).await.unwrap();
    sqlx::query("select set_config('role', 'anon', true)").execute(&mut *tx).await.unwrap();
    let row =
        sqlx::query("select auth.uid()::text, auth.role(), current_user::text").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(row.get::<Option<String>, _>(0), None);
    assert_eq!(row.get::<Option<String>, _>(1), None);
    assert_eq!(row.get::<String, _>(2), "anon");
    tx.rollback().await.unwrap();
}

#[tokio::test]
async fn api_roles_cannot_create_objects_in_public() {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    let can_create: Vec<(String, bool)> = sqlx::query_as(
        "select r, has_schema_privilege(r, 'public', 'CREATE') from unnest(array['anon','authenticated','service_role','authenticator']) r order by r",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    assert!(can_create.iter().all(|(_, can)| !can), "{can_create:?}");
}

#[tokio::test]
async fn the_auth_tables_are_out_of_reach_of_the_api_roles() {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    for role in ["anon", "authenticated", "service_role"] {
        let allowed: bool = sqlx::query_scalar(
            "select has_table_privilege($1, 'auth.users', 'select')
                 or has_table_privilege($1, 'auth.refresh_tokens', 'select')",
        )
        .bind(role)
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert!(!allowed, "{role} must not read auth tables");
    }
    let auth_admin: bool =
        sqlx::query_scalar("select has_table_privilege('auth_admin', 'auth.users', 'select, insert, update, delete')")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert!(auth_admin);
    let can_manage: bool = sqlx::query_scalar("select auth.can_manage_users()").fetch_one(&mut conn).await.unwrap();
    assert!(!can_manage, "nobody manages users until the product says so");
}

#[tokio::test]
async fn definitions_that_deadlock_with_a_live_request_are_tried_again() {
    let db = TestDb::empty().await;
    let mut setup = db.admin_connection().await;
    sqlx::raw_sql("create table public.first (id int); create table public.second (id int)")
        .execute(&mut setup)
        .await
        .unwrap();
    // A request that holds `second` and will ask for `first`; it never runs the deadlock check
    // itself, so the definitions' transaction, waiting since before, is the one cancelled.
    let mut request = db.admin_connection().await;
    sqlx::raw_sql("set deadlock_timeout = '30s'; begin; lock table public.second in access share mode")
        .execute(&mut request)
        .await
        .unwrap();
    // The definitions take `first`, then wait for `second`.
    let policies = [SqlFile {
        name: "10_tables.sql",
        sql: "lock table public.first in access exclusive mode; lock table public.second in access exclusive mode;",
    }];
    let mut migrate = db.admin_connection().await;
    let definitions = tokio::spawn(async move {
        server::db::migrations::apply_definitions(&mut migrate, &[], &policies).await.map_err(|e| e.to_string())
    });
    let waiting = "select count(*) from pg_locks where not granted and relation = 'public.second'::regclass";
    let mut watcher = db.admin_connection().await;
    while sqlx::query_scalar::<_, i64>(waiting).fetch_one(&mut watcher).await.unwrap() == 0 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // The cycle: the request now asks for `first`. The definitions' transaction is cancelled
    // (deadlock detected), the request gets `first` and finishes.
    sqlx::raw_sql("lock table public.first in access share mode; commit").execute(&mut request).await.unwrap();
    let outcome = tokio::time::timeout(std::time::Duration::from_secs(30), definitions).await.unwrap().unwrap();
    assert_eq!(outcome, Ok(()), "tried again once the request was done");
}

/// A migration on a table that a long transaction reads (a report, a backup's dump): PostgreSQL
/// queues every later request on the table behind the waiting DDL. Each attempt now gives up
/// after its lock wait and tries again a moment later, so reads get through between attempts;
/// once the reader ends, the migration applies.
#[tokio::test]
async fn a_migration_waiting_for_a_lock_lets_requests_through_and_applies_once_it_can() {
    use server::db::migrations::LOCK_WAIT_PER_ATTEMPT;
    use std::time::{Duration, Instant};

    let db = TestDb::empty().await;
    let table = SqlFile { name: "0001_a.sql", sql: "create table public.a (id int); insert into public.a values (1);" };
    bootstrap_with(&db.admin, app(&[table], &[]), None).await.unwrap();

    let mut reader = db.admin_connection().await;
    sqlx::raw_sql("begin; select count(*) from public.a;").execute(&mut reader).await.unwrap();
    let column = SqlFile { name: "0002_b.sql", sql: "alter table public.a add column b int;" };
    let files = [table, column];
    let migrate = bootstrap_with(&db.admin, app(&files, &[]), None);
    let mut requests = db.admin_connection().await;
    let probe = async {
        // Each read waits at most one attempt's lock wait (a little more on a loaded machine);
        // behind a DDL that waited for ever, the first one would wait for the reader.
        sqlx::raw_sql("set statement_timeout = '6s'").execute(&mut requests).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let mut slowest = Duration::ZERO;
        for _ in 0..4 {
            let started = Instant::now();
            let rows: i64 = sqlx::query_scalar("select count(*) from public.a").fetch_one(&mut requests).await.unwrap();
            assert_eq!(rows, 1);
            slowest = slowest.max(started.elapsed());
            tokio::time::sleep(Duration::from_millis(700)).await;
        }
        sqlx::raw_sql("commit").execute(&mut reader).await.unwrap();
        slowest
    };
    let (migrated, slowest) = tokio::time::timeout(Duration::from_secs(120), async { tokio::join!(migrate, probe) })
        .await
        .expect("the migration ends once the reader has");
    let report = migrated.unwrap();
    assert_eq!(report.applied, vec!["0002_b.sql".to_string()]);
    assert!(slowest < LOCK_WAIT_PER_ATTEMPT + Duration::from_secs(2), "a read waited {slowest:?}");
    assert!(support::catalog::has_column(&mut requests, "a", "b").await);
}
