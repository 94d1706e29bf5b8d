//! Everything about reaching PostgreSQL: the embedded cluster, the bootstrap and the pools.

pub mod bootstrap;
pub mod embedded;
pub mod errors;
pub mod listing;
pub mod migrations;
pub mod request_connections;
pub mod request_tx;
pub mod service_tx;
pub mod sql_files;
pub mod wire;

use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

use crate::config::Config;
use crate::startup_error::StartupError;
use embedded::{ClusterOptions, EmbeddedCluster, Lifetime};

/// Where the database comes from.
#[derive(Debug, Clone)]
pub enum DatabaseSource {
    /// A private cluster the server creates and runs inside the data directory.
    Embedded,
    /// Any PostgreSQL reachable by URL.
    External { admin_url: String, authenticator_password: Option<String> },
}

/// The database of the product inside the embedded cluster.
pub const APP_DATABASE: &str = "app";

/// How the server reaches its database once it is up.
#[derive(Debug, Clone)]
pub struct Connections {
    /// A role that may migrate (the cluster superuser, or DATABASE_URL's role).
    pub admin: PgConnectOptions,
    /// The login role of requests (`authenticator`), which switches role per transaction.
    pub requests: PgConnectOptions,
    /// Its password, for the request connections (sqlx's options do not give it back).
    pub requests_password: Option<String>,
    /// This start applied every migration: the database was empty.
    pub fresh: bool,
    /// The app's migrations, functions and policies this start applied (from folders or embedded).
    pub app_sql: sql_files::AppSql,
}

/// The cluster options of the embedded default for `config`.
pub fn embedded_cluster_options(config: &Config) -> ClusterOptions {
    ClusterOptions {
        pgdata: config.data_dir.join("postgres"),
        log_file: config.data_dir.join("postgres.log"),
        bin_dir: config.pg_bin_dir.clone(),
        system_user: config.pg_system_user.clone(),
        lifetime: Lifetime::TiedToServer,
        settings: Vec::new(),
    }
}

/// Starts the embedded cluster when no DATABASE_URL is set. Must run on the main thread:
/// the cluster is told to stop when the thread that started it dies.
pub fn start_embedded_if_needed(config: &Config) -> Result<Option<EmbeddedCluster>, StartupError> {
    match config.database {
        DatabaseSource::External { .. } => Ok(None),
        DatabaseSource::Embedded => EmbeddedCluster::start(&embedded_cluster_options(config)).map(Some),
    }
}

/// Resolves the connection options, creates the product database in the embedded cluster and
/// runs the bootstrap.
pub async fn prepare(config: &Config, cluster: Option<&EmbeddedCluster>) -> Result<Connections, StartupError> {
    let app_sql = load_app_sql(config)?;
    prepare_with(config, cluster, app_sql).await
}

/// [`prepare`] for `serve`: with MIGRATE_ON_START=false nothing is applied, and a database
/// that lacks this server's migrations stops the start (run `server migrate` first).
pub async fn prepare_to_serve(config: &Config, cluster: Option<&EmbeddedCluster>) -> Result<Connections, StartupError> {
    let app_sql = load_app_sql(config)?;
    prepare_as(config, cluster, app_sql, config.migrate_on_start).await
}

/// The app's SQL of `config`: MIGRATIONS_DIR, FUNCTIONS_DIR and POLICIES_DIR, or the embedded
/// copy.
pub fn load_app_sql(config: &Config) -> Result<sql_files::AppSql, StartupError> {
    let app_sql = sql_files::AppSql::load(config.app_dirs()).map_err(StartupError::environment)?;
    tracing::info!(
        migrations = %app_sql.migrations.describe(),
        functions = %app_sql.functions.describe(),
        policies = %app_sql.policies.describe(),
        "the app's SQL"
    );
    Ok(app_sql)
}

/// [`prepare`] with the given app SQL.
pub async fn prepare_with(
    config: &Config,
    cluster: Option<&EmbeddedCluster>,
    app_sql: sql_files::AppSql,
) -> Result<Connections, StartupError> {
    prepare_as(config, cluster, app_sql, true).await
}

async fn prepare_as(
    config: &Config,
    cluster: Option<&EmbeddedCluster>,
    app_sql: sql_files::AppSql,
    migrate: bool,
) -> Result<Connections, StartupError> {
    let connections = match (&config.database, cluster) {
        (DatabaseSource::External { admin_url, authenticator_password }, _) => {
            let admin: PgConnectOptions =
                admin_url.parse().map_err(|e| StartupError::setting("DATABASE_URL", format!("is not usable: {e}")))?;
            let fresh =
                bootstrap_or_explain(&admin, &app_sql, authenticator_password.as_deref(), true, migrate).await?;
            let (requests, requests_password) = match authenticator_password {
                Some(password) => (admin.clone().username("authenticator").password(password), Some(password.clone())),
                None => {
                    tracing::warn!(
                        "AUTHENTICATOR_PASSWORD is not set: requests use DATABASE_URL's role and switch role per transaction"
                    );
                    let password = url::Url::parse(admin_url).ok().and_then(|u| u.password().map(percent_decode));
                    (admin.clone(), password)
                }
            };
            Connections { admin, requests, requests_password, fresh, app_sql }
        }
        (DatabaseSource::Embedded, Some(cluster)) => {
            let maintenance = parse_url(&cluster.url(embedded::SUPERUSER, "postgres"))?;
            bootstrap::ensure_database(&maintenance, APP_DATABASE)
                .await
                .map_err(|e| StartupError::environment(format!("cannot create the product database: {e}")))?;
            let admin = parse_url(&cluster.url(embedded::SUPERUSER, APP_DATABASE))?;
            let requests = parse_url(&cluster.url("authenticator", APP_DATABASE))?;
            let fresh = bootstrap_or_explain(&admin, &app_sql, None, false, migrate).await?;
            Connections { admin, requests, requests_password: None, fresh, app_sql }
        }
        (DatabaseSource::Embedded, None) => {
            return Err(StartupError::environment("the embedded cluster is not running"));
        }
    };
    Ok(connections)
}

/// Runs the bootstrap; true when the database had no migration applied before.
async fn bootstrap_or_explain(
    admin: &PgConnectOptions,
    app_sql: &sql_files::AppSql,
    authenticator_password: Option<&str>,
    external: bool,
    migrate: bool,
) -> Result<bool, StartupError> {
    let files = app_sql.files();
    if !migrate {
        bootstrap::check_migrated(admin, files.bundle())
            .await
            .map_err(|error| StartupError::environment(one_line(&error)))?;
        tracing::info!("MIGRATE_ON_START=false: the database has this server's migrations; nothing applied");
        return Ok(false);
    }
    let report =
        bootstrap::bootstrap_with(admin, files.bundle(), authenticator_password).await.map_err(|error| {
            match (&error, external) {
                (migrations::MigrationError::Database(e), true) => StartupError::setting(
                    "DATABASE_URL",
                    format!("({}) cannot be used: {}", describe(admin), one_line(e)),
                ),
                _ => StartupError::environment(one_line(&error)),
            }
        })?;
    if report.ahead.is_empty() {
        tracing::info!(
            applied = report.applied.len(),
            already_applied = report.already_applied,
            functions = report.functions,
            policies = report.policies,
            "database bootstrap complete"
        );
    }
    Ok(report.already_applied == 0 && report.ahead.is_empty())
}

/// The pool that serves requests. Connections are not pinged before use (one round trip
/// saved per request); a broken connection fails one request and is replaced.
pub fn request_pool(requests: &PgConnectOptions, size: u32) -> PgPool {
    pool_options(size, Duration::from_secs(5))
        .test_before_acquire(false)
        .connect_lazy_with(requests.clone().application_name("server").disable_statement_logging())
}

/// A small pool as the role that migrates (the scheduler, backups, /metrics): the owner of
/// `ops`. Slow statements are not logged (a backup's snapshot reads take their time).
pub fn admin_pool(admin: &PgConnectOptions, size: u32) -> PgPool {
    pool_options(size, Duration::from_secs(10)).connect_lazy_with(
        admin
            .clone()
            .application_name("server-scheduler")
            .log_slow_statements(log::LevelFilter::Off, Duration::from_secs(3600)),
    )
}

/// Up to `size` connections, none kept open when idle (closed after five idle minutes); a
/// request for one waits up to `acquire`.
fn pool_options(size: u32, acquire: Duration) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(size)
        .min_connections(0)
        .acquire_timeout(acquire)
        .idle_timeout(Duration::from_secs(300))
}

/// `%XX` escapes of a URL part decoded (a `+` stays a `+`).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(value)) => {
                out.push(value);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn parse_url(url: &str) -> Result<PgConnectOptions, StartupError> {
    url.parse().map_err(|e| StartupError::environment(format!("bad connection URL {url}: {e}")))
}

/// host:port/database, without credentials.
fn describe(options: &PgConnectOptions) -> String {
    format!("{}:{}/{}", options.get_host(), options.get_port(), options.get_database().unwrap_or("?"))
}

fn one_line(error: &dyn std::fmt::Display) -> String {
    error.to_string().replace('\n', " ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn url_passwords_are_percent_decoded_but_plus_is_kept() {
        assert_eq!(super::percent_decode("p%40ss+w%2Fd"), "p@ss+w/d");
        assert_eq!(super::percent_decode("100%"), "100%");
    }
}
