//! Database bootstrap, idempotent at every start: API roles, then migrations, then the app's
//! functions and policies, then a schema-cache reload notice. Replicas starting together serialise on an advisory lock.

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection};

pub use super::migrations::SqlBundle;
use super::migrations::{self, MigrationError, MigrationReport};
use super::sql_files::{FUNCTIONS, MIGRATIONS, PLATFORM_MIGRATIONS, POLICIES};

/// Advisory lock key that serialises bootstraps of one database ("hwtboot").
const BOOTSTRAP_LOCK: i64 = 0x0068_7774_626f_6f74;

/// The roles every request switches between, as in Supabase. `authenticator` only logs in;
/// it holds no privileges of its own (NOINHERIT) and may become one of the API roles, or
/// `auth_admin` for the auth service, or `storage_admin` for the storage service.
const ROLES_SQL: &str = r#"
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- The auth service's role: it alone reads and writes the auth schema's tables.
  if not exists (select from pg_roles where rolname = 'auth_admin') then
    create role auth_admin nologin noinherit;
  end if;
  -- The storage service's role: bucket settings, upload bookkeeping and the byte-removal queue.
  if not exists (select from pg_roles where rolname = 'storage_admin') then
    create role storage_admin nologin noinherit;
  end if;
end
$$;
alter role authenticator login noinherit;
alter role service_role bypassrls;
grant anon, authenticated, service_role, auth_admin, storage_admin to authenticator;
-- PostgREST applies these per request (SET LOCAL) for the impersonated role.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role service_role set statement_timeout = '60s';
alter role auth_admin set statement_timeout = '10s';
alter role storage_admin set statement_timeout = '10s';
"#;

/// Lets the request role check readiness without any other privilege.
const READINESS_GRANTS_SQL: &str = "
grant usage on schema server_meta to authenticator;
grant select on server_meta.migrations to authenticator;
";

/// The platform's migrations with the app's copy embedded at build time.
pub const EMBEDDED: SqlBundle<'static> =
    SqlBundle { platform: PLATFORM_MIGRATIONS, app: MIGRATIONS, functions: FUNCTIONS, policies: POLICIES };

/// The platform's migrations alone: no app.
pub const PLATFORM_ONLY: SqlBundle<'static> =
    SqlBundle { platform: PLATFORM_MIGRATIONS, app: &[], functions: &[], policies: &[] };

/// Runs the whole bootstrap with the platform's migrations and the app's embedded copy.
pub async fn bootstrap(admin: &PgConnectOptions) -> Result<MigrationReport, MigrationError> {
    bootstrap_with(admin, EMBEDDED, None).await
}

/// Runs the bootstrap with the given files; sets `authenticator`'s password when given.
pub async fn bootstrap_with(
    admin: &PgConnectOptions,
    files: SqlBundle<'_>,
    authenticator_password: Option<&str>,
) -> Result<MigrationReport, MigrationError> {
    let mut conn = admin.clone().application_name("server-bootstrap").connect().await?;
    sqlx::query("select pg_advisory_lock($1)").bind(BOOTSTRAP_LOCK).execute(&mut conn).await?;
    let result = run_locked(&mut conn, files, authenticator_password).await;
    let _ = sqlx::query("select pg_advisory_unlock($1)").bind(BOOTSTRAP_LOCK).execute(&mut conn).await;
    let _ = conn.close().await;
    result
}

async fn run_locked(
    conn: &mut PgConnection,
    files: SqlBundle<'_>,
    authenticator_password: Option<&str>,
) -> Result<MigrationReport, MigrationError> {
    sqlx::raw_sql(ROLES_SQL)
        .execute(&mut *conn)
        .await
        .map_err(|e| MigrationError::MigrationFailed { file: "(API roles)".into(), message: e.to_string() })?;
    if let Some(password) = authenticator_password {
        // ALTER ROLE takes no parameters: quote the literal with PostgreSQL's own function.
        let statement: String = sqlx::query_scalar("select format('alter role authenticator password %L', $1::text)")
            .bind(password)
            .fetch_one(&mut *conn)
            .await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(statement)).execute(&mut *conn).await?;
    }
    let report = migrations::apply(conn, files).await?;
    sqlx::raw_sql(READINESS_GRANTS_SQL).execute(&mut *conn).await?;
    sqlx::query("select pg_notify('pgrst', 'reload schema')").execute(&mut *conn).await?;
    Ok(report)
}

/// The last migration of each history; `/ready` checks the database has them.
pub fn latest_migrations(files: SqlBundle<'_>) -> Vec<(&'static str, String)> {
    [(migrations::PLATFORM, files.platform), (migrations::APP, files.app)]
        .into_iter()
        .filter_map(|(history, list)| {
            // A migration with no SQL yet is not applied (migrations::apply): /ready does not wait for it.
            list.iter().rev().find(|m| migrations::has_statements(m.sql)).map(|m| (history, m.name.to_string()))
        })
        .collect()
}

/// Creates `database` on the cluster when it does not exist yet.
pub async fn ensure_database(maintenance: &PgConnectOptions, database: &str) -> Result<(), sqlx::Error> {
    let mut conn = maintenance.clone().application_name("server-bootstrap").connect().await?;
    let exists: bool = sqlx::query_scalar("select exists (select from pg_database where datname = $1)")
        .bind(database)
        .fetch_one(&mut conn)
        .await?;
    if !exists {
        let statement: String = sqlx::query_scalar("select format('create database %I', $1::text)")
            .bind(database)
            .fetch_one(&mut conn)
            .await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(statement)).execute(&mut conn).await?;
        tracing::info!(database, "database created");
    }
    conn.close().await
}
