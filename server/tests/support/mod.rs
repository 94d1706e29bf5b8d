//! Test harness: one private PostgreSQL cluster per test run (shared by every test process
//! through a lock file), a template database per set of SQL (the platform's migrations alone
//! for the engine's tests; an app's tests name theirs), a fresh database per test cloned from
//! it, and the server spawned on port 0.
//!
//! The app's own tests (the `app-tests` package) include this harness and add the app's SQL.
//! Set TEST_DATABASE_URL (a superuser URL) to use another cluster instead.

#![allow(dead_code, reason = "each test binary uses a different part of the harness")]

pub mod auth;
pub mod catalog;
pub mod process;
pub mod push;
pub mod rest;
pub mod s3;
pub mod smtp;
pub mod storage;

use std::fs::OpenOptions;
use std::path::PathBuf;
use std::sync::OnceLock;

use nix::fcntl::{Flock, FlockArg};
use server::app::{AppOptions, build_app};
use server::auth::service::AuthService;
use server::auth::settings::AuthSettings;
use server::db::bootstrap::{self, SqlBundle};
use server::db::embedded::{ClusterOptions, EmbeddedCluster, Lifetime};
use server::http::connections::ConnectionLimits;
use server::http::settings::CorsOrigins;
use server::push::PushService;
use server::push::keys::VapidKeys;
use server::push::settings::PushSettings;
use server::schema_cache::SharedSchemaCache;
use server::secrets::ApiKeys;
use server::state::{AppState, Services};
use server::storage::service::StorageService;
use server::storage::settings::StorageSettings;
use sha2::{Digest, Sha256};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection};

/// The REST engine's fixture schema.
pub const REST_FIXTURE: &str = include_str!("../fixtures/rest_schema.sql");
/// Its rows.
pub const REST_DATA: &str = include_str!("../fixtures/rest_data.sql");

/// Signs claims with the test secret (HS256).
pub fn sign(claims: &serde_json::Value) -> String {
    let key = jsonwebtoken::EncodingKey::from_secret(TEST_JWT_SECRET.as_bytes());
    jsonwebtoken::encode(&jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256), claims, &key).expect("sign")
}

/// An HTTP client for tests (the process's TLS provider installed first: the server's HTTP
/// client stack needs one).
pub fn http_client() -> reqwest::Client {
    server::app::install_tls_provider();
    reqwest::Client::new()
}

/// The fixture app (`tests/fixtures/app`): the smallest app the engine's tests apply.
pub fn fixture_app_dir() -> PathBuf {
    process::project_root().join("server/tests/fixtures/app")
}

/// The platform's migrations and the fixture app's SQL.
pub fn fixture_app() -> SqlBundle<'static> {
    app_in(&fixture_app_dir())
}

/// The platform's migrations and the SQL of the app in `dir` (its `migrations`, `functions` and
/// `policies` folders), read as the server reads them at start, once per process.
pub fn app_in(dir: &std::path::Path) -> SqlBundle<'static> {
    use server::db::sql_files::{AppDirs, AppFiles, AppSql};
    static LOADED: std::sync::Mutex<Vec<(PathBuf, SqlBundle<'static>)>> = std::sync::Mutex::new(Vec::new());
    let mut loaded = LOADED.lock().expect("the loaded apps");
    if let Some((_, bundle)) = loaded.iter().find(|(loaded, _)| loaded == dir) {
        return *bundle;
    }
    let (migrations, functions, policies) = (dir.join("migrations"), dir.join("functions"), dir.join("policies"));
    let dirs = AppDirs { migrations: Some(&migrations), functions: Some(&functions), policies: Some(&policies) };
    let sql: &'static AppSql = Box::leak(Box::new(AppSql::load(dirs).expect("the app's SQL loads")));
    let files: &'static AppFiles<'static> = Box::leak(Box::new(sql.files()));
    loaded.push((dir.to_path_buf(), files.bundle()));
    files.bundle()
}

/// SITE_URL of test apps: mailed links point here (tests follow them on the app's address).
pub fn test_site_url() -> url::Url {
    url::Url::parse("http://localhost:3000/").expect("a valid URL")
}

pub const TEST_JWT_SECRET: &str = "test-secret-that-is-long-enough-for-hs256-signing";

/// Where the shared test cluster lives: HWT_TEST_CLUSTER_DIR (set by `make test`, which stops
/// and removes it at the end), else a fixed directory in /tmp, outside the repository so its
/// parents are always traversable by the PostgreSQL account.
pub fn shared_cluster_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("HWT_TEST_CLUSTER_DIR") {
        return PathBuf::from(dir);
    }
    let digest = Sha256::digest(process::project_root().to_string_lossy().as_bytes());
    let uid = nix::unistd::Uid::effective().as_raw();
    std::env::temp_dir().join(format!("hwt-test-pg-{uid}-{}", &hex::encode(digest)[..12]))
}

struct SharedCluster {
    /// Superuser options on the maintenance database.
    superuser: PgConnectOptions,
    /// Superuser URL (for tests that need a URL).
    superuser_url: String,
    /// The authenticator options without a database.
    authenticator: PgConnectOptions,
    /// The platform's migrations only (the generic engine's tests bring their own fixtures).
    template: String,
}

static SHARED: OnceLock<SharedCluster> = OnceLock::new();

fn shared() -> &'static SharedCluster {
    SHARED.get_or_init(|| {
        let (superuser_url, authenticator_url) = match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.is_empty() => (url.clone(), url),
            _ => {
                let dir = shared_cluster_dir();
                std::fs::create_dir_all(&dir).expect("create the test cluster directory");
                let _lock = lock(&dir);
                let cluster = EmbeddedCluster::start(&ClusterOptions {
                    pgdata: dir.join("pgdata"),
                    log_file: dir.join("postgres.log"),
                    bin_dir: std::env::var_os("PG_BIN_DIR").map(PathBuf::from),
                    system_user: std::env::var("PG_SYSTEM_USER").unwrap_or_else(|_| "postgres".into()),
                    lifetime: Lifetime::Detached,
                    settings: vec![
                        ("fsync".into(), "off".into()),
                        ("synchronous_commit".into(), "off".into()),
                        ("full_page_writes".into(), "off".into()),
                    ],
                })
                .unwrap_or_else(|e| panic!("cannot start the test cluster: {e}"));
                (cluster.url("postgres", "postgres"), cluster.url("authenticator", "postgres"))
            }
        };
        let superuser: PgConnectOptions = superuser_url.parse().expect("a valid superuser URL");
        let authenticator: PgConnectOptions = authenticator_url.parse().expect("a valid authenticator URL");
        let template = run_blocking(ensure_template(superuser.clone(), bootstrap::PLATFORM_ONLY));
        SharedCluster { superuser, superuser_url, authenticator, template }
    })
}

fn lock(dir: &std::path::Path) -> Flock<std::fs::File> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("lock"))
        .expect("open the test cluster lock");
    Flock::lock(file, FlockArg::LockExclusive).map_err(|(_, e)| e).expect("lock the test cluster")
}

/// Runs a future to completion on a private runtime (the harness is set up from sync code).
fn run_blocking<T: Send + 'static>(future: impl std::future::Future<Output = T> + Send + 'static) -> T {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime").block_on(future)
    })
    .join()
    .expect("the setup thread finished")
}

/// A name that changes whenever one of the template's files changes.
fn template_name(files: SqlBundle<'_>) -> String {
    let mut hasher = Sha256::new();
    for file in files.platform.iter().chain(files.app).chain(files.functions).chain(files.policies) {
        hasher.update(file.name.as_bytes());
        hasher.update(file.sql.as_bytes());
    }
    let prefix = if files.app.is_empty() { "tpl" } else { "tpl_app" };
    format!("{prefix}_{}", &hex::encode(hasher.finalize())[..16])
}

/// Templates this process made or found already.
static TEMPLATES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

async fn ensure_template(superuser: PgConnectOptions, files: SqlBundle<'static>) -> String {
    let name = template_name(files);
    if TEMPLATES.lock().expect("templates lock").contains(&name) {
        return name;
    }
    let mut conn = superuser.connect().await.expect("connect to the test cluster");
    // Serialise template creation across test processes.
    sqlx::query("select pg_advisory_lock(4242)").execute(&mut conn).await.expect("lock");
    let exists: bool = sqlx::query_scalar("select exists (select from pg_database where datname = $1)")
        .bind(&name)
        .fetch_one(&mut conn)
        .await
        .expect("look up the template");
    if !exists {
        let building = format!("{name}_building");
        exec(&mut conn, &format!("drop database if exists \"{building}\"")).await;
        exec(&mut conn, &format!("create database \"{building}\"")).await;
        bootstrap::bootstrap_with(&superuser.clone().database(&building), files, None)
            .await
            .unwrap_or_else(|e| panic!("bootstrap of the template failed: {e}"));
        exec(&mut conn, &format!("alter database \"{building}\" rename to \"{name}\"")).await;
    }
    sqlx::query("select pg_advisory_unlock(4242)").execute(&mut conn).await.expect("unlock");
    let _ = conn.close().await;
    TEMPLATES.lock().expect("templates lock").push(name.clone());
    name
}

async fn exec(conn: &mut PgConnection, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(conn).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// A fresh database of its own for one test.
pub struct TestDb {
    pub name: String,
    /// Superuser on this database.
    pub admin: PgConnectOptions,
    /// The request role (`authenticator`) on this database.
    pub requests: PgConnectOptions,
}

impl TestDb {
    /// A database cloned from the template with the platform's migrations (no product tables).
    pub async fn migrated() -> Self {
        let shared = tokio::task::spawn_blocking(shared).await.expect("harness set-up");
        Self::create(Some(&shared.template)).await
    }

    /// A database cloned from a template with `files` applied (an app's SQL), made once per
    /// set of files and kept on the cluster.
    pub async fn with_sql(files: SqlBundle<'static>) -> Self {
        let shared = tokio::task::spawn_blocking(shared).await.expect("harness set-up");
        let template = ensure_template(shared.superuser.clone(), files).await;
        Self::create(Some(&template)).await
    }

    /// An empty database (for bootstrap tests).
    pub async fn empty() -> Self {
        tokio::task::spawn_blocking(shared).await.expect("harness set-up");
        Self::create(None).await
    }

    async fn create(template: Option<&str>) -> Self {
        let shared = shared();
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        let mut conn = shared.superuser.connect().await.expect("connect to the test cluster");
        let statement = match template {
            Some(template) => format!("create database \"{name}\" template \"{template}\""),
            None => format!("create database \"{name}\""),
        };
        // Copying a template fails while another session is still leaving it: retry briefly.
        let mut attempts = 0;
        loop {
            match sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone())).execute(&mut conn).await {
                Ok(_) => break,
                Err(e) if attempts < 50 && e.to_string().contains("being accessed by other users") => {
                    attempts += 1;
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
                Err(e) => panic!("{statement}: {e}"),
            }
        }
        let _ = conn.close().await;
        Self {
            admin: shared.superuser.clone().database(&name),
            requests: shared.authenticator.clone().database(&name),
            name,
        }
    }

    pub async fn admin_connection(&self) -> PgConnection {
        self.admin.connect().await.expect("connect as superuser")
    }

    /// The superuser URL of the shared cluster (maintenance database).
    pub fn cluster_superuser_url() -> String {
        shared().superuser_url.clone()
    }
}

/// Backups of `db` kept in `dir/backups`, with the stored files in `dir/files` and scratch
/// space in `dir/data`.
pub fn test_backups(
    db: &TestDb,
    dir: &std::path::Path,
    recipients: Vec<age::x25519::Recipient>,
    identity_file: Option<PathBuf>,
) -> server::backup::Backups {
    use server::backup::settings::{BackupSettings, Retention};
    let settings = BackupSettings {
        schedule: None,
        drill_schedule: None,
        time_zone: "Asia/Kolkata".into(),
        store: server::storage::backend::StorageConfig::Local { root: dir.join("backups") },
        prefix: String::new(),
        recipients,
        identity_file,
        retention: Retention { daily: 7, weekly: 4, monthly: 12 },
        keep_replaced: std::time::Duration::from_secs(7 * 86_400),
        dump_lock_wait: server::backup::settings::DUMP_LOCK_WAIT,
    };
    server::backup::Backups {
        store: server::backup::store::BackupStore::open(&settings.store, "").expect("the backup directory"),
        settings,
        files: server::storage::backend::Backend::local(&dir.join("files")).expect("the file directory"),
        admin: server::backup::target::DbTarget::parse(&TestDb::cluster_superuser_url())
            .expect("the cluster URL")
            .with_database(&db.name),
        authenticator_password: None,
        requests_as_admin: false,
        tools: server::backup::tools::PgTools::locate(std::env::var_os("PG_BIN_DIR").map(PathBuf::from).as_deref()),
        data_dir: dir.join("data"),
        schemas: vec!["public".into()],
    }
}

/// A push service on `settings` (default: the defaults on the test SITE_URL), with its VAPID
/// keys or a new pair.
pub fn test_push_service(settings: Option<PushSettings>) -> PushService {
    let settings = settings.unwrap_or_else(|| PushSettings::defaults(&test_site_url(), None));
    let keys = settings.vapid_keys.clone().unwrap_or_else(VapidKeys::generate);
    PushService::new(settings, keys).expect("the push service starts")
}

/// The app, served over loopback on a free port, on a fresh migrated database.
pub struct TestApp {
    pub address: String,
    /// The local storage directory (removed with the app).
    pub storage_dir: tempfile::TempDir,
    pub client: reqwest::Client,
    pub db: TestDb,
    pub keys: ApiKeys,
    pub state: AppState,
}

pub struct TestAppOptions {
    pub client_dir: Option<PathBuf>,
    /// SQL run as superuser before the schema cache loads.
    pub fixture: Option<&'static str>,
    pub max_rows: Option<u64>,
    /// `DB_TX_END` and `DB_PLAN_ENABLED`.
    pub rest: server::rest::settings::RestSettings,
    pub cors_origins: CorsOrigins,
    pub max_body_bytes: usize,
    /// Auth settings; `None`: the defaults on SITE_URL http://localhost:3000.
    pub auth: Option<AuthSettings>,
    /// Storage settings; `None`: a local directory of the test's own ([`TestApp::storage_dir`]).
    pub storage: Option<StorageSettings>,
    /// Push settings; `None`: the defaults with a new VAPID key pair.
    pub push: Option<PushSettings>,
    /// An app's SQL (else the platform's migrations only): its template database, and the
    /// migrations `/ready` waits for.
    pub app: Option<SqlBundle<'static>>,
    /// Connections serving requests.
    pub pool_size: u32,
    /// Header and body timeouts, the connection cap and the header size cap.
    pub connections: ConnectionLimits,
    /// Per-address budgets (off by default: tests send many requests from one address).
    pub rate_limits: server::http::rate_limit::RateLimits,
    /// Aggregate functions in `select` (off by default, as in the server).
    pub aggregates: server::rest::settings::AggregateSettings,
    /// `/api/admin/backups` set up (backups in the storage directory's `backups/`).
    pub backups: bool,
}

impl Default for TestAppOptions {
    fn default() -> Self {
        Self {
            client_dir: None,
            fixture: None,
            max_rows: Some(1000),
            rest: server::rest::settings::RestSettings::default(),
            cors_origins: CorsOrigins::Any,
            max_body_bytes: 1024 * 1024,
            auth: None,
            storage: None,
            push: None,
            app: None,
            pool_size: 4,
            connections: ConnectionLimits::default(),
            rate_limits: server::http::rate_limit::RateLimits::default(),
            aggregates: server::rest::settings::AggregateSettings::default(),
            backups: false,
        }
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(TestAppOptions::default()).await
    }

    pub async fn spawn_with(options: TestAppOptions) -> Self {
        // Server logs (internal errors' causes included) appear in a failing test's output.
        let _ = tracing_subscriber::fmt().with_env_filter("warn").with_test_writer().try_init();
        let db = match options.app {
            Some(files) => TestDb::with_sql(files).await,
            None => TestDb::migrated().await,
        };
        if let Some(fixture) = options.fixture {
            let mut conn = db.admin_connection().await;
            exec(&mut conn, fixture).await;
            let _ = conn.close().await;
        }
        let pool = server::db::request_pool(&db.requests, options.pool_size);
        let keys = ApiKeys::derive(TEST_JWT_SECRET).expect("keys");
        let schema = SharedSchemaCache::load(&pool, vec!["public".into()]).await.expect("load the schema cache");
        let settings = options.auth.unwrap_or_else(|| AuthSettings::defaults(test_site_url()));
        let auth = AuthService::new(settings, TEST_JWT_SECRET).expect("the auth service starts");
        let storage_dir = tempfile::tempdir().expect("a storage directory");
        let storage_settings =
            options.storage.unwrap_or_else(|| StorageSettings::local(storage_dir.path().to_path_buf()));
        let storage = StorageService::new(storage_settings, TEST_JWT_SECRET).expect("the storage service starts");
        let push = test_push_service(options.push);
        let mut state = AppState::new(
            pool.clone(),
            schema,
            TEST_JWT_SECRET,
            keys.clone(),
            options.client_dir,
            Services { auth, storage, push },
        );
        state.max_rows = options.max_rows;
        state.rest = options.rest;
        state.rate_limits = std::sync::Arc::new(options.rate_limits);
        state.aggregates = options.aggregates;
        if let Some(files) = options.app {
            state.expected_migrations = std::sync::Arc::new(bootstrap::latest_migrations(files));
        }
        state.auth.load_keys(&state.connections).await.expect("the signing keys load");
        if options.backups {
            let mut backups = test_backups(&db, storage_dir.path(), Vec::new(), None);
            backups.files = state.storage.backend.clone();
            state.ops = Some(std::sync::Arc::new(server::backup::api::Ops {
                backups: std::sync::Arc::new(backups),
                pool: server::db::admin_pool(&db.admin, 2),
            }));
        }
        let app = build_app(
            state.clone(),
            AppOptions { cors_origins: options.cors_origins, max_body_bytes: options.max_body_bytes },
        );
        server::storage::sweeper::spawn(state.storage.clone(), pool, state.connections.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind a free port");
        let address = format!("http://{}", listener.local_addr().expect("local address"));
        tokio::spawn(server::http::connections::serve(listener, app, options.connections, std::future::pending()));
        Self { address, storage_dir, client: http_client(), db, keys, state }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// A plain `GET` of `path`, as a browser's first request makes it.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("the server answers")
    }

    /// The app with the default auth settings (SITE_URL http://localhost:3000) changed by `adjust`.
    pub async fn with_auth(adjust: impl FnOnce(&mut AuthSettings)) -> Self {
        let mut settings = AuthSettings::defaults(test_site_url());
        adjust(&mut settings);
        Self::spawn_with(TestAppOptions { auth: Some(settings), ..TestAppOptions::default() }).await
    }

    /// The app on the REST fixture schema (`tests/fixtures/rest_schema.sql`).
    pub async fn with_rest_fixture() -> Self {
        let app = Self::with_fixture(REST_FIXTURE).await;
        app.sql(REST_DATA).await;
        app
    }

    /// Runs SQL as superuser on the app's database (test data).
    pub async fn sql(&self, sql: &str) {
        let mut conn = self.db.admin_connection().await;
        exec(&mut conn, sql).await;
        let _ = conn.close().await;
    }

    /// A request to `/rest/v1{path}` with the given API key as `apikey` (and no bearer).
    pub fn rest(&self, method: reqwest::Method, path: &str, key: &str) -> reqwest::RequestBuilder {
        self.client.request(method, self.url(&format!("/rest/v1{path}"))).header("apikey", key)
    }

    /// A signed user token for the `authenticated` role.
    pub fn user_token(&self, user_id: &str) -> String {
        sign(&serde_json::json!({
            "sub": user_id,
            "role": "authenticated",
            "aud": "authenticated",
            "email": format!("{user_id}@example.org"),
            "exp": 4_000_000_000u64,
            "iat": 1_700_000_000u64,
        }))
    }
}
