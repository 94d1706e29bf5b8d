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
  -- Backups (pg_dump) log in as it: it reads every row, past row-level security, and writes
  -- nothing. Each backup gives it a new password valid for a day.
  if not exists (select from pg_roles where rolname = 'backup_reader') then
    create role backup_reader login inherit bypassrls;
  end if;
end
$$;
alter role backup_reader login inherit bypassrls nosuperuser nocreatedb nocreaterole;
alter role backup_reader set default_transaction_read_only = on;
grant pg_read_all_data to backup_reader;
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
    let mut conn = connect(admin).await?;
    wait_for_lock(&mut conn).await?;
    let result = run_locked(&mut conn, files, authenticator_password).await;
    let _ = sqlx::query("select pg_advisory_unlock($1)").bind(BOOTSTRAP_LOCK).execute(&mut conn).await;
    let _ = conn.close().await;
    result
}

/// The bootstrap's connection. Waiting on the lock is expected (another replica migrates):
/// sqlx's slow-statement warning is off here.
async fn connect(admin: &PgConnectOptions) -> Result<PgConnection, sqlx::Error> {
    admin
        .clone()
        .application_name("server-bootstrap")
        .log_slow_statements(log::LevelFilter::Off, std::time::Duration::from_secs(3600))
        .connect()
        .await
}

/// Takes the bootstrap lock, saying so (once, as information) when another server holds it.
async fn wait_for_lock(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    let free: bool =
        sqlx::query_scalar("select pg_try_advisory_lock($1)").bind(BOOTSTRAP_LOCK).fetch_one(&mut *conn).await?;
    if !free {
        tracing::info!("another server is applying migrations; waiting for it to finish");
        sqlx::query("select pg_advisory_lock($1)").bind(BOOTSTRAP_LOCK).execute(&mut *conn).await?;
        tracing::info!("the other server's migrations are done");
    }
    Ok(())
}

/// MIGRATE_ON_START=false: checks, without applying anything, that the database has every
/// migration of `files` (or is ahead of them, see [`migrations::newer_in_database`]).
pub async fn check_migrated(admin: &PgConnectOptions, files: SqlBundle<'_>) -> Result<(), MigrationError> {
    let mut conn = connect(admin).await?;
    let result = migrations::check_applied(&mut conn, files).await;
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
    let ahead = migrations::newer_in_database(conn, files).await?;
    if !ahead.is_empty() {
        // A newer server migrated this database (a roll-back of the binary, or a replica not
        // yet upgraded). Its migrations, functions and policies stay: this server applies
        // nothing.
        tracing::warn!(
            newer = %ahead.join(", "),
            "the database has migrations of a newer server: starting without applying migrations, functions or policies \
             (a roll-back of the schema is a restore of a backup; see deploy/README.md)"
        );
        return Ok(MigrationReport { ahead, ..MigrationReport::default() });
    }
    let report = migrations::apply(conn, files).await?;
    sqlx::raw_sql(READINESS_GRANTS_SQL).execute(&mut *conn).await?;
    sqlx::query("select pg_notify('pgrst', 'reload schema')").execute(&mut *conn).await?;
    Ok(report)
}

/// Creates the API roles on the cluster when missing (a restore onto a new cluster).
pub async fn ensure_roles(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql(ROLES_SQL).execute(conn).await.map(|_| ())
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
