//! Every setting of the server: parsed by clap from flags and environment variables,
//! then validated into a [`Config`] the rest of the program trusts.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::Args;
use url::Url;

use crate::auth::settings::{AuthArgs, AuthSettings};
use crate::db::DatabaseSource;
use crate::http::connections::ConnectionLimits;
use crate::http::settings::{CorsOrigins, HttpArgs};
use crate::logging::LogFormat;
use crate::push::settings::{PushArgs, PushSettings, user_agent};
use crate::rest::settings::{RestSettings, TxEnd};
use crate::secrets::MIN_JWT_SECRET_BYTES;
use crate::startup_error::StartupError;
use crate::storage::backend::{StorageBackend, StorageConfig};
use crate::storage::settings::{RenderLimits, StorageSettings, UPLOAD_IDLE_TIMEOUT};

/// Settings shared by every subcommand. Each one is a flag and an environment variable.
#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address the HTTP server listens on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1", global = true)]
    pub host: IpAddr,

    /// Port the HTTP server listens on (0 picks a free port).
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,

    /// PostgreSQL connection URL of a role that may create roles, schemas and tables.
    /// When unset, the server runs its own private PostgreSQL cluster inside DATA_DIR.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,

    /// Password of the `authenticator` login role that serves requests on an external
    /// DATABASE_URL. When unset there, requests use DATABASE_URL's own role.
    #[arg(long, env = "AUTHENTICATOR_PASSWORD", global = true, hide_env_values = true)]
    pub authenticator_password: Option<String>,

    /// Directory for everything the server keeps: the embedded cluster, secrets, local files.
    #[arg(long, env = "DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,

    /// HS256 secret (at least 32 bytes) that signs access tokens and API keys. Generated
    /// once and kept in DATA_DIR for the embedded cluster; required with DATABASE_URL.
    #[arg(long, env = "JWT_SECRET", global = true, hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Public address of the web app; e-mail links are built from it, never from requests.
    /// Defaults to http://localhost:PORT.
    #[arg(long, env = "SITE_URL", global = true)]
    pub site_url: Option<String>,

    /// Where uploaded files live: `local` (a directory) or `s3` (any S3-compatible service).
    #[arg(long, env = "STORAGE_BACKEND", value_enum, default_value_t = StorageBackend::Local, global = true)]
    pub storage_backend: StorageBackend,

    /// Directory of the local storage backend. Defaults to DATA_DIR/storage.
    #[arg(long, env = "STORAGE_DIR", global = true)]
    pub storage_dir: Option<PathBuf>,

    /// S3 endpoint URL (for MinIO and other S3-compatible services); empty means AWS.
    #[arg(long, env = "S3_ENDPOINT", global = true)]
    pub s3_endpoint: Option<String>,

    /// S3 region.
    #[arg(long, env = "S3_REGION", default_value = "us-east-1", global = true)]
    pub s3_region: String,

    /// S3 bucket that holds every storage object.
    #[arg(long, env = "S3_BUCKET", global = true)]
    pub s3_bucket: Option<String>,

    /// S3 access key id.
    #[arg(long, env = "S3_ACCESS_KEY_ID", global = true, hide_env_values = true)]
    pub s3_access_key_id: Option<String>,

    /// S3 secret access key.
    #[arg(long, env = "S3_SECRET_ACCESS_KEY", global = true, hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,

    /// Largest file the storage API accepts, in bytes or units ("50MB"); a bucket's own limit
    /// may only lower it.
    #[arg(long, env = "STORAGE_MAX_FILE_SIZE", default_value = "50MB", global = true)]
    pub storage_max_file_size: String,

    /// Most pixels an image may have to be transformed (width × height of the original);
    /// larger images, and decompression bombs, are refused.
    #[arg(long, env = "IMAGE_TRANSFORM_MAX_PIXELS", default_value_t = 40_000_000, global = true)]
    pub image_transform_max_pixels: u64,

    /// Schemas served by the REST API, comma-separated; the first is the default profile.
    #[arg(long, env = "DB_SCHEMAS", default_value = "public", global = true)]
    pub db_schemas: String,

    /// Most rows one REST read returns (Supabase's "Max rows"); 0 means no cap.
    #[arg(long, env = "DB_MAX_ROWS", default_value_t = 1000, global = true)]
    pub db_max_rows: u64,

    /// How REST transactions end: `commit` (the default: `Prefer: tx=rollback` is ignored),
    /// `commit-allow-override`, `rollback` or `rollback-allow-override` (PostgREST's
    /// `db-tx-end`). See docs/security.md before allowing the override.
    #[arg(long, env = "DB_TX_END", value_enum, default_value_t = TxEnd::Commit, global = true)]
    pub db_tx_end: TxEnd,

    /// Serve `Accept: application/vnd.pgrst.plan` (the query's EXPLAIN) on REST requests
    /// (PostgREST's `db-plan-enabled`); off by default: 406.
    #[arg(long, env = "DB_PLAN_ENABLED", default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub db_plan_enabled: bool,

    /// Browser origins allowed by CORS, comma-separated, or `*` for any origin. Empty (the
    /// default): SITE_URL's origin only, the embedded web app's own.
    #[arg(long, env = "CORS_ALLOWED_ORIGINS", default_value = "", global = true)]
    pub cors_allowed_origins: String,

    /// Log format: `text` for people, `json` for log collectors.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,

    /// Log filter in tracing's syntax (for example `info,server=debug`).
    #[arg(long, env = "LOG_LEVEL", default_value = "info,sqlx=warn,tower_http=info", global = true)]
    pub log_level: String,

    /// Largest accepted request body in bytes (file uploads have their own limits).
    #[arg(long, env = "MAX_BODY_BYTES", default_value_t = 10 * 1024 * 1024, global = true)]
    pub max_body_bytes: usize,

    /// Connections in the request pool.
    #[arg(long, env = "DB_POOL_SIZE", default_value_t = 16, global = true)]
    pub db_pool_size: u32,

    /// Directory of the built web app served at `/` (skipped when missing).
    #[arg(long, env = "CLIENT_DIR", default_value = "client/dist", global = true)]
    pub client_dir: PathBuf,

    /// Directory of the PostgreSQL programs (initdb, postgres) for the embedded cluster.
    /// Found through `pg_config --bindir`, /usr/lib/postgresql/*/bin or PATH when unset.
    #[arg(long, env = "PG_BIN_DIR", global = true)]
    pub pg_bin_dir: Option<PathBuf>,

    /// Unprivileged system account that runs the embedded cluster when the server runs as
    /// root (PostgreSQL refuses to run as root). Created when missing.
    #[arg(long, env = "PG_SYSTEM_USER", default_value = "postgres", global = true)]
    pub pg_system_user: String,

    /// Fill a fresh embedded data directory with demo content (events, albums, Sandesha
    /// issues, directory entries and one account per role, whose credentials are printed).
    /// Never applied to an external DATABASE_URL; `server demo` adds it on request.
    #[arg(long, env = "DEMO", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub demo: bool,

    /// Seconds in-flight requests get to finish after SIGINT or SIGTERM.
    #[arg(long, env = "SHUTDOWN_GRACE_SECONDS", default_value_t = 10, global = true)]
    pub shutdown_grace_seconds: u64,

    /// Seconds the server keeps serving after SIGTERM while `/ready` answers 503, so a proxy's
    /// health check moves traffic away before the listener closes (behind a load balancer: a
    /// little more than its health-check interval; alone: 0).
    #[arg(long, env = "SHUTDOWN_DRAIN_SECONDS", default_value_t = 0, global = true)]
    pub shutdown_drain_seconds: u64,

    /// Folder of the app's migrations, read at every start (the platform's own are built in).
    /// Default: ./migrations when it exists, else the copy embedded at build time.
    #[arg(long, env = "MIGRATIONS_DIR", global = true)]
    pub migrations_dir: Option<PathBuf>,

    /// Folder of the app's stored functions, views and triggers (re-applied at every start,
    /// after the migrations and before the policies). Default: ./functions when it exists, else
    /// the copy embedded at build time.
    #[arg(long, env = "FUNCTIONS_DIR", global = true)]
    pub functions_dir: Option<PathBuf>,

    /// Folder of the app's policies (re-applied at every start). Default: ./policies when it
    /// exists, else the copy embedded at build time.
    #[arg(long, env = "POLICIES_DIR", global = true)]
    pub policies_dir: Option<PathBuf>,

    /// Folder of the app's demo community (its *.sql files, applied after the demo accounts
    /// and files). Default: ./seed when it exists, else the copy embedded at build time.
    #[arg(long, env = "SEED_DIR", global = true)]
    pub seed_dir: Option<PathBuf>,

    /// Folder of the app's document templates (*.typ, with their fonts in fonts/), rendered to
    /// PDF by the documents worker (ops.declare_document). Default: ./templates when it exists,
    /// else the copy embedded at build time.
    #[arg(long, env = "DOCUMENT_TEMPLATES_DIR", global = true)]
    pub document_templates_dir: Option<PathBuf>,

    /// How often the documents worker looks for rows to render besides when it is notified.
    #[arg(long, env = "DOCUMENTS_POLL_SECONDS", default_value_t = 60, global = true)]
    pub documents_poll_seconds: u64,

    #[command(flatten)]
    pub auth: AuthArgs,

    #[command(flatten)]
    pub push: PushArgs,

    #[command(flatten)]
    pub http: HttpArgs,

    #[command(flatten)]
    pub rest: crate::rest::settings::RestArgs,

    #[command(flatten)]
    pub realtime: crate::realtime::settings::RealtimeArgs,

    #[command(flatten)]
    pub ops: OpsArgs,

    #[command(flatten)]
    pub backup: crate::backup::settings::BackupArgs,
}

/// Operating the service: metrics and how start-up treats migrations.
#[derive(Debug, Clone, Args)]
pub struct OpsArgs {
    /// Address of the Prometheus endpoint `GET /metrics` (for example 127.0.0.1:9090); unset
    /// (the default): no metrics listener. Never publish it: it is not behind any key.
    #[arg(long, env = "METRICS_ADDR", global = true)]
    pub metrics_addr: Option<SocketAddr>,

    /// Apply the roles, migrations and policies at start (the default). With `false`, `serve`
    /// applies nothing and refuses to start on a database that lacks this server's migrations:
    /// run `server migrate` as a separate step (rolling upgrades, deploy/README.md).
    #[arg(long, env = "MIGRATE_ON_START", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub migrate_on_start: bool,
}

/// Validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub database: DatabaseSource,
    pub data_dir: PathBuf,
    /// From JWT_SECRET; `None` means "use the one kept in the data directory".
    pub jwt_secret: Option<String>,
    pub site_url: Url,
    /// SITE_NAME.
    pub site_name: String,
    pub storage: StorageSettings,
    pub cors_origins: CorsOrigins,
    /// Exposed schemas; the first is the default.
    pub db_schemas: Vec<String>,
    /// The REST read cap; `None` for no cap.
    pub db_max_rows: Option<u64>,
    /// `DB_TX_END` and `DB_PLAN_ENABLED`.
    pub rest: RestSettings,
    pub log_format: LogFormat,
    pub log_level: String,
    pub max_body_bytes: usize,
    pub db_pool_size: u32,
    pub client_dir: PathBuf,
    pub pg_bin_dir: Option<PathBuf>,
    pub pg_system_user: String,
    pub shutdown_grace: std::time::Duration,
    /// How long `/ready` answers 503 before the listener closes (SHUTDOWN_DRAIN_SECONDS).
    pub shutdown_drain: std::time::Duration,
    /// Seed a fresh embedded database with the demo content.
    pub demo: bool,
    /// The app's SQL folders; `None`: the copy embedded at build time.
    pub migrations_dir: Option<PathBuf>,
    pub functions_dir: Option<PathBuf>,
    pub policies_dir: Option<PathBuf>,
    pub seed_dir: Option<PathBuf>,
    pub document_templates_dir: Option<PathBuf>,
    pub documents_poll: std::time::Duration,
    pub auth: AuthSettings,
    pub push: PushSettings,
    /// Header and body timeouts, the connection cap and the header size cap.
    pub connections: ConnectionLimits,
    /// Threads that run requests (HTTP_WORKER_THREADS).
    pub worker_threads: usize,
    /// Per-address budgets of REST requests and anonymous writes.
    pub rate_limits: crate::http::rate_limit::RateLimits,
    /// The web app's pages' Content-Security-Policy (CONTENT_SECURITY_POLICY).
    pub page_policy: String,
    /// Aggregate functions in `select`: allowed or not, and their statement timeout.
    pub aggregates: crate::rest::settings::AggregateSettings,
    /// Realtime's limits.
    pub realtime: crate::realtime::settings::RealtimeSettings,
    /// Backups and restore drills.
    pub backup: crate::backup::settings::BackupSettings,
    /// Where `/metrics` listens (`None`: nowhere).
    pub metrics_addr: Option<SocketAddr>,
    /// Apply migrations at start (`serve`); `false`: they are `server migrate`'s job.
    pub migrate_on_start: bool,
}

impl Settings {
    /// Checks every setting and resolves defaults that depend on others.
    pub fn validate(self) -> Result<Config, StartupError> {
        let data_dir = absolute(&self.data_dir, "DATA_DIR")?;
        let external = self.database_url.as_ref().is_some_and(|url| !url.trim().is_empty());
        let database = match self.database_url.filter(|url| !url.trim().is_empty()) {
            None => DatabaseSource::Embedded,
            Some(url) => {
                validate_database_url(&url)?;
                if self.jwt_secret.is_none() {
                    return Err(StartupError::setting(
                        "JWT_SECRET",
                        "is required when DATABASE_URL is set (every replica must share it)",
                    ));
                }
                DatabaseSource::External {
                    admin_url: url,
                    authenticator_password: self.authenticator_password.filter(|p| !p.is_empty()),
                }
            }
        };
        if let Some(secret) = &self.jwt_secret
            && secret.len() < MIN_JWT_SECRET_BYTES
        {
            return Err(StartupError::setting(
                "JWT_SECRET",
                format!("must be at least {MIN_JWT_SECRET_BYTES} bytes long (got {})", secret.len()),
            ));
        }
        let site_url = match &self.site_url {
            Some(raw) => parse_http_url(raw, "SITE_URL")?,
            None => parse_http_url(&format!("http://localhost:{}", self.port), "SITE_URL")?,
        };
        let backend = match self.storage_backend {
            StorageBackend::Local => StorageConfig::Local {
                root: match &self.storage_dir {
                    Some(dir) => absolute(dir, "STORAGE_DIR")?,
                    None => data_dir.join("storage"),
                },
            },
            StorageBackend::S3 => StorageConfig::S3 {
                endpoint: match self.s3_endpoint.filter(|e| !e.is_empty()) {
                    Some(endpoint) => Some(parse_http_url(&endpoint, "S3_ENDPOINT")?.to_string()),
                    None => None,
                },
                region: self.s3_region,
                bucket: required(self.s3_bucket, "S3_BUCKET", "STORAGE_BACKEND=s3")?,
                access_key_id: required(self.s3_access_key_id, "S3_ACCESS_KEY_ID", "STORAGE_BACKEND=s3")?,
                secret_access_key: required(self.s3_secret_access_key, "S3_SECRET_ACCESS_KEY", "STORAGE_BACKEND=s3")?,
            },
        };
        let max_file_size = crate::storage::size::parse(&self.storage_max_file_size)
            .ok_or_else(|| StartupError::setting("STORAGE_MAX_FILE_SIZE", "must be a size such as 50MB or 52428800"))?;
        if self.image_transform_max_pixels < 1_000_000 {
            return Err(StartupError::setting("IMAGE_TRANSFORM_MAX_PIXELS", "must be at least 1000000"));
        }
        let storage = StorageSettings {
            backend,
            max_file_size,
            render: RenderLimits { max_input_pixels: self.image_transform_max_pixels, ..RenderLimits::default() },
            upload_idle_timeout: UPLOAD_IDLE_TIMEOUT,
        };
        if self.max_body_bytes == 0 {
            return Err(StartupError::setting("MAX_BODY_BYTES", "must be greater than 0"));
        }
        if self.db_pool_size == 0 {
            return Err(StartupError::setting("DB_POOL_SIZE", "must be greater than 0"));
        }
        if self.pg_system_user.is_empty() || self.pg_system_user == "root" {
            return Err(StartupError::setting(
                "PG_SYSTEM_USER",
                "must name an unprivileged account (PostgreSQL refuses to run as root)",
            ));
        }
        tracing_subscriber::EnvFilter::try_new(&self.log_level)
            .map_err(|e| StartupError::setting("LOG_LEVEL", format!("is not a valid filter: {e}")))?;
        let backup = self.backup.validate(&data_dir, &storage.backend)?;
        if let Some(metrics) = self.ops.metrics_addr
            && metrics.port() != 0
            && metrics.port() == self.port
            && (metrics.ip() == self.host || metrics.ip().is_unspecified() || self.host.is_unspecified())
        {
            return Err(StartupError::setting("METRICS_ADDR", "must not be the HTTP server's own address (PORT)"));
        }
        let auth = self.auth.validate(&site_url)?;
        Ok(Config {
            backup,
            metrics_addr: self.ops.metrics_addr,
            migrate_on_start: self.ops.migrate_on_start,
            listen: SocketAddr::new(self.host, self.port),
            database,
            data_dir,
            jwt_secret: self.jwt_secret,
            storage,
            cors_origins: CorsOrigins::parse(&self.cors_allowed_origins, &site_url)?,
            db_schemas: parse_schemas(&self.db_schemas)?,
            db_max_rows: (self.db_max_rows > 0).then_some(self.db_max_rows),
            rest: RestSettings { tx_end: self.db_tx_end, plan_enabled: self.db_plan_enabled },
            log_format: self.log_format,
            log_level: self.log_level,
            max_body_bytes: self.max_body_bytes,
            db_pool_size: self.db_pool_size,
            client_dir: self.client_dir,
            pg_bin_dir: self.pg_bin_dir,
            pg_system_user: self.pg_system_user,
            shutdown_grace: std::time::Duration::from_secs(self.shutdown_grace_seconds),
            shutdown_drain: std::time::Duration::from_secs(self.shutdown_drain_seconds),
            demo: self.demo,
            migrations_dir: app_sql_dir(self.migrations_dir.as_deref(), "migrations", "MIGRATIONS_DIR")?,
            functions_dir: app_sql_dir(self.functions_dir.as_deref(), "functions", "FUNCTIONS_DIR")?,
            policies_dir: app_sql_dir(self.policies_dir.as_deref(), "policies", "POLICIES_DIR")?,
            seed_dir: app_sql_dir(self.seed_dir.as_deref(), "seed", "SEED_DIR")?,
            document_templates_dir: app_sql_dir(
                self.document_templates_dir.as_deref(),
                "templates",
                "DOCUMENT_TEMPLATES_DIR",
            )?,
            documents_poll: std::time::Duration::from_secs(self.documents_poll_seconds.max(1)),
            push: PushSettings {
                user_agent: user_agent(&auth.signin.site_name),
                ..self.push.validate(&site_url, external)?
            },
            site_name: auth.signin.site_name.clone(),
            auth,
            connections: self.http.connection_limits()?,
            worker_threads: self
                .http
                .worker_threads(!external, std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)),
            rate_limits: self.http.rate_limits()?,
            page_policy: self.http.content_security_policy.clone(),
            aggregates: self.rest.aggregates(),
            realtime: self.realtime.validate()?,
            site_url,
        })
    }
}

impl Config {
    /// The app's SQL folders (`None`: the embedded copy).
    pub fn app_dirs(&self) -> crate::db::sql_files::AppDirs<'_> {
        crate::db::sql_files::AppDirs {
            migrations: self.migrations_dir.as_deref(),
            functions: self.functions_dir.as_deref(),
            policies: self.policies_dir.as_deref(),
        }
    }
}

fn required(value: Option<String>, setting: &'static str, because: &str) -> Result<String, StartupError> {
    value.filter(|v| !v.is_empty()).ok_or_else(|| StartupError::setting(setting, format!("is required when {because}")))
}

/// A set folder must exist; unset, the project's folder (`default`, relative to the working
/// directory) is used when it exists, else `None` (the embedded copy).
fn app_sql_dir(
    setting: Option<&std::path::Path>,
    default: &str,
    name: &'static str,
) -> Result<Option<PathBuf>, StartupError> {
    match setting.filter(|dir| !dir.as_os_str().is_empty()) {
        Some(dir) => {
            let dir = absolute(dir, name)?;
            if dir.is_dir() {
                Ok(Some(dir))
            } else {
                Err(StartupError::setting(name, format!("{} is not a directory", dir.display())))
            }
        }
        None => Ok(absolute(std::path::Path::new(default), name)?).map(|dir| dir.is_dir().then_some(dir)),
    }
}

fn absolute(path: &std::path::Path, setting: &'static str) -> Result<PathBuf, StartupError> {
    std::path::absolute(path).map_err(|e| StartupError::setting(setting, format!("cannot be resolved: {e}")))
}

pub(crate) fn parse_http_url(raw: &str, setting: &'static str) -> Result<Url, StartupError> {
    let url = Url::parse(raw).map_err(|e| StartupError::setting(setting, format!("is not a valid URL: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(StartupError::setting(setting, "must be an http:// or https:// URL with a host"));
    }
    Ok(url)
}

fn validate_database_url(raw: &str) -> Result<(), StartupError> {
    let url = Url::parse(raw).map_err(|e| StartupError::setting("DATABASE_URL", format!("is not a valid URL: {e}")))?;
    if !matches!(url.scheme(), "postgres" | "postgresql") {
        return Err(StartupError::setting(
            "DATABASE_URL",
            format!("must start with postgres:// or postgresql:// (got {}://)", url.scheme()),
        ));
    }
    raw.parse::<sqlx::postgres::PgConnectOptions>()
        .map_err(|e| StartupError::setting("DATABASE_URL", format!("is not usable: {e}")))?;
    Ok(())
}

fn parse_schemas(raw: &str) -> Result<Vec<String>, StartupError> {
    let schemas: Vec<String> = raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
    if schemas.is_empty() {
        return Err(StartupError::setting("DB_SCHEMAS", "must name at least one schema"));
    }
    if let Some(bad) = schemas
        .iter()
        .find(|s| s.starts_with("pg_") || ["information_schema", "server_meta", "push", "ops"].contains(&s.as_str()))
    {
        return Err(StartupError::setting("DB_SCHEMAS", format!("must not expose the internal schema {bad}")));
    }
    Ok(schemas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        settings: Settings,
    }

    fn settings(args: &[&str]) -> Settings {
        let mut argv = vec!["server"];
        argv.extend_from_slice(args);
        Probe::try_parse_from(argv).expect("arguments parse").settings
    }

    #[test]
    fn an_external_database_without_jwt_secret_is_refused() {
        let err = settings(&["--database-url", "postgres://u@h/db"]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("JWT_SECRET"));
    }

    #[test]
    fn a_short_jwt_secret_is_refused() {
        let err = settings(&["--jwt-secret", "short"]).validate().unwrap_err();
        assert!(err.to_string().contains("at least 32 bytes"), "{err}");
    }

    #[test]
    fn a_database_url_of_another_scheme_is_refused() {
        let secret = "x".repeat(40);
        let err = settings(&["--database-url", "mysql://h/db", "--jwt-secret", &secret]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("DATABASE_URL"));
    }

    #[test]
    fn s3_storage_needs_a_bucket() {
        let err = settings(&["--storage-backend", "s3"]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("S3_BUCKET"));
    }

    #[test]
    fn the_storage_file_limit_takes_units() {
        let config = settings(&["--storage-max-file-size", "5MB"]).validate().unwrap();
        assert_eq!(config.storage.max_file_size, 5 * 1024 * 1024);
        let err = settings(&["--storage-max-file-size", "lots"]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("STORAGE_MAX_FILE_SIZE"));
    }

    #[test]
    fn cors_origins_are_normalised_to_origins() {
        let config =
            settings(&["--cors-allowed-origins", "https://a.example/path, http://b.example:81"]).validate().unwrap();
        match config.cors_origins {
            CorsOrigins::List(list) => {
                assert_eq!(list, ["https://a.example", "http://b.example:81"]);
            }
            CorsOrigins::Any => panic!("expected a list"),
        }
    }

    #[test]
    fn cors_allows_only_the_site_by_default_and_any_origin_on_request() {
        let config = settings(&["--site-url", "https://site.example/app"]).validate().unwrap();
        match config.cors_origins {
            CorsOrigins::List(list) => assert_eq!(list, ["https://site.example"]),
            CorsOrigins::Any => panic!("the default must not be *"),
        }
        let open = settings(&["--cors-allowed-origins", "*"]).validate().unwrap();
        assert!(matches!(open.cors_origins, CorsOrigins::Any));
        let mixed = settings(&["--cors-allowed-origins", "*, https://a.example"]).validate().unwrap_err();
        assert_eq!(mixed.setting_name(), Some("CORS_ALLOWED_ORIGINS"));
    }

    #[test]
    fn internal_schemas_cannot_be_exposed() {
        for schema in ["push", "public,push", "server_meta", "pg_catalog", "ops"] {
            let err = settings(&["--db-schemas", schema]).validate().unwrap_err();
            assert_eq!(err.setting_name(), Some("DB_SCHEMAS"), "{schema}");
        }
    }

    #[test]
    fn rest_transactions_commit_and_plans_are_off_unless_set() {
        let config = settings(&[]).validate().unwrap();
        assert_eq!(config.rest, RestSettings { tx_end: TxEnd::Commit, plan_enabled: false });
        let config =
            settings(&["--db-tx-end", "rollback-allow-override", "--db-plan-enabled", "true"]).validate().unwrap();
        assert_eq!(config.rest, RestSettings { tx_end: TxEnd::RollbackAllowOverride, plan_enabled: true });
        assert!(Probe::try_parse_from(["server", "--db-tx-end", "sometimes"]).is_err());
    }

    #[test]
    fn site_url_defaults_to_localhost_on_the_port() {
        let config = settings(&["--port", "9123"]).validate().unwrap();
        assert_eq!(config.site_url.as_str(), "http://localhost:9123/");
        assert!(matches!(config.database, DatabaseSource::Embedded));
    }

    #[test]
    fn request_threads_leave_an_embedded_database_half_the_cpus() {
        let args = |extra: &[&str]| settings(extra).http;
        assert_eq!(args(&[]).worker_threads(true, 2), 1);
        assert_eq!(args(&[]).worker_threads(true, 1), 1);
        assert_eq!(args(&[]).worker_threads(true, 8), 4);
        assert_eq!(args(&[]).worker_threads(false, 8), 8);
        assert_eq!(args(&["--http-worker-threads", "3"]).worker_threads(true, 2), 3);
        let cpus = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        assert_eq!(settings(&[]).validate().unwrap().worker_threads, (cpus / 2).max(1));
    }

    #[test]
    fn rate_limits_and_connection_limits_are_read_and_checked() {
        let config = settings(&[]).validate().unwrap();
        assert_eq!(config.rate_limits.anon_write_limit("contact_messages").map(|l| l.hits), Some(3));
        assert_eq!(config.rate_limits.anon_write_limit("pwa_analytics").map(|l| l.hits), Some(30));
        assert_eq!(config.rate_limits.rest.map(|l| l.hits), Some(1200));
        assert_eq!(config.rate_limits.anon_write_max_rows, Some(10));
        assert_eq!(config.connections.max_header_bytes, 32 * 1024);
        let off = settings(&["--rest-rate-limit", "0", "--anon-write-rate-limit", "0", "--anon-write-max-rows", "0"])
            .validate()
            .unwrap();
        assert!(off.rate_limits.rest.is_none() && off.rate_limits.anon_write_limit("x").is_none());
        assert!(off.rate_limits.anon_write_max_rows.is_none());
        let err = settings(&["--anon-write-rate-limit", "ten"]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("ANON_WRITE_RATE_LIMIT"));
        let err = settings(&["--http-max-header-bytes", "100"]).validate().unwrap_err();
        assert_eq!(err.setting_name(), Some("HTTP_MAX_HEADER_BYTES"));
    }
}
