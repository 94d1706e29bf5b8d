//! The `serve` command: database up, bootstrap, HTTP server, graceful shutdown.

use std::io::Write;

use tokio::net::TcpListener;

use crate::app::{AppOptions, build_app};
use crate::auth::service::AuthService;
use crate::config::Config;
use crate::db::DatabaseSource;
use crate::db::request_connections::RequestConnections;
use crate::db::{self, embedded::EmbeddedCluster};
use crate::push::PushService;
use crate::push::keys::{self as vapid, VapidKeys};
use crate::schema_cache::SharedSchemaCache;
use crate::secrets::{self, ApiKeys};
use crate::startup_error::StartupError;
use crate::state::{AppState, Services};
use crate::storage::service::StorageService;

/// Runs until SIGINT or SIGTERM. Call from the main thread (see [`db::start_embedded_if_needed`]).
pub fn serve(config: Config) -> Result<(), StartupError> {
    serve_with(config, false)
}

/// [`serve`], re-applying the app's SQL whenever a file in its folders changes when `watch`
/// (`server db watch`).
pub fn serve_with(config: Config, watch: bool) -> Result<(), StartupError> {
    if watch && (config.migrations_dir.is_none() || config.policies_dir.is_none()) {
        return Err(StartupError::setting(
            "POLICIES_DIR",
            "(and MIGRATIONS_DIR) must name folders to watch: db watch found no ./migrations or ./policies \
             (run it from the project's folder)",
        ));
    }
    let cluster = db::start_embedded_if_needed(&config)?;
    let secret = secrets::jwt_secret(&config)?;
    let keys = ApiKeys::derive(&secret)?;
    let vapid_keys = vapid::resolve(config.push.vapid_keys.as_ref(), &config.data_dir)?;
    let runtime = build_runtime(config.worker_threads)?;
    let result = runtime.block_on(run(&config, cluster.as_ref(), &secret, keys, vapid_keys, watch));
    // Requests are drained and the pool closed: the cluster can stop now.
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

/// The `migrate` command: bootstrap only, then stop.
pub fn migrate(config: Config) -> Result<(), StartupError> {
    let cluster = db::start_embedded_if_needed(&config)?;
    let runtime = build_runtime(config.worker_threads)?;
    let result = runtime.block_on(async { db::prepare(&config, cluster.as_ref()).await.map(|_| ()) });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

/// The `demo` command: bootstrap, then the demo content (once), then stop.
pub fn demo(config: Config) -> Result<(), StartupError> {
    let cluster = db::start_embedded_if_needed(&config)?;
    let runtime = build_runtime(config.worker_threads)?;
    let result = runtime.block_on(async {
        let connections = db::prepare(&config, cluster.as_ref()).await?;
        let backend = crate::storage::backend::Backend::from_config(&config.storage.backend)
            .map_err(|e| StartupError::environment(format!("cannot open the storage backend: {e}")))?;
        let report = crate::seed::apply_configured(&config, &connections.admin, &backend).await?;
        let mut out = std::io::stdout().lock();
        match report {
            Some(report) => {
                let _ = write!(out, "{}", crate::seed::describe(&report));
            }
            None => {
                let _ = writeln!(out, "The database has the demo content already.");
            }
        }
        Ok(())
    });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

/// The `signing-keys` command: lists or rotates the managed signing keys.
pub fn signing_keys(config: Config, command: crate::cli::SigningKeysCommand) -> Result<(), StartupError> {
    use crate::auth::keys::{KeySource, store};
    let cards = matches!(
        command,
        crate::cli::SigningKeysCommand::List { cards: true }
            | crate::cli::SigningKeysCommand::Rotate { cards: true, .. }
    );
    if !cards && config.auth.signin.key_source != KeySource::Managed {
        return Err(StartupError::setting(
            "JWT_KEYS",
            "signing keys are managed by the server only when JWT_KEYS is unset and JWT_ACCESS_TOKEN_ALGORITHM=es256",
        ));
    }
    let cluster = db::start_embedded_if_needed(&config)?;
    let secret = secrets::jwt_secret(&config)?;
    let runtime = build_runtime(1)?;
    let result = runtime.block_on(async {
        let connections = db::prepare(&config, cluster.as_ref()).await?;
        let requests = RequestConnections::new(
            &connections.requests,
            connections.requests_password.as_deref(),
            1,
            std::time::Duration::from_secs(5),
        );
        let sealer = crate::auth::sealed::Sealer::new(&secret);
        let mut out = std::io::stdout().lock();
        let outcome: Result<(), String> = async {
            match command {
                crate::cli::SigningKeysCommand::List { cards: true } => {
                    let cards = crate::cards::store::load(&requests, &sealer).await?;
                    for key in cards.iter().rev() {
                        let status = if key.signs { "signing" } else { "verifying" };
                        let (from, until) = (key.not_before.to_rfc3339(), key.not_after.to_rfc3339());
                        let _ = writeln!(out, "{}\t{status}\t{from}\t{until}", key.kid);
                    }
                }
                crate::cli::SigningKeysCommand::Rotate { now, cards: true } => {
                    let kid = crate::cards::store::rotate(&requests, &sealer, now).await?;
                    let when = if now { "signs now" } else { "signs in a few minutes, once every replica knows it" };
                    let _ = writeln!(out, "new card key {kid}: published now, {when}");
                }
                crate::cli::SigningKeysCommand::List { cards: false } => {
                    // Generates the first key when there is none yet, as a start would.
                    let retention = config.auth.jwt_expiry + std::time::Duration::from_secs(60);
                    store::load(&requests, &sealer, retention).await?;
                    for key in store::list(&requests).await? {
                        let _ = writeln!(out, "{}\t{}\t{}", key.kid, key.status, key.created_at.to_rfc3339());
                    }
                }
                crate::cli::SigningKeysCommand::Rotate { now, cards: false } => {
                    let kid = store::rotate(&requests, &sealer, now).await?;
                    let when = if now { "signs now" } else { "signs in a few minutes, once every replica knows it" };
                    let _ = writeln!(out, "new signing key {kid}: published now, {when}");
                }
            }
            Ok(())
        }
        .await;
        requests.close();
        outcome.map_err(|e| StartupError::environment(format!("signing keys: {e}")))
    });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

/// The `keys` command: prints the anon and service keys and the VAPID public key.
pub fn print_keys(config: &Config) -> Result<(), StartupError> {
    let keys = ApiKeys::derive(&secrets::jwt_secret(config)?)?;
    let vapid_keys = vapid::resolve(config.push.vapid_keys.as_ref(), &config.data_dir)?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "ANON_KEY={}", keys.anon);
    let _ = writeln!(out, "SERVICE_ROLE_KEY={}", keys.service_role);
    let _ = writeln!(out, "VAPID_PUBLIC_KEY={}", vapid_keys.public_base64());
    Ok(())
}

/// The `gen-types` command: applies pending migrations (like `migrate`), reads the schema
/// cache of `schemas` (default DB_SCHEMAS; each must be one of them) and writes the TypeScript
/// types to `out`, or to standard output.
pub fn gen_types(config: &Config, schemas: Vec<String>, out: Option<&std::path::Path>) -> Result<(), StartupError> {
    let schemas = if schemas.is_empty() { config.db_schemas.clone() } else { schemas };
    if let Some(unexposed) = schemas.iter().find(|s| !config.db_schemas.contains(s)) {
        return Err(StartupError::setting(
            "DB_SCHEMAS",
            format!("does not expose the schema {unexposed} given to gen-types --schema"),
        ));
    }
    let cluster = db::start_embedded_if_needed(config)?;
    let runtime = build_runtime(config.worker_threads)?;
    let result = runtime.block_on(async {
        let connections = db::prepare(config, cluster.as_ref()).await?;
        let pool = db::request_pool(&connections.requests, 1);
        let cache = SharedSchemaCache::load(&pool, schemas.clone())
            .await
            .map_err(|e| StartupError::environment(format!("cannot read the database catalogue: {e}")));
        pool.close().await;
        Ok::<_, StartupError>(crate::typegen::typescript(&cache?.get(), &schemas))
    });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    let text = result?;
    match out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| StartupError::environment(format!("cannot write {}: {e}", path.display()))),
        None => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Ok(())
        }
    }
}

/// The `vapid-keys` command: prints a new VAPID key pair.
pub fn print_new_vapid_keys() -> Result<(), StartupError> {
    let keys = VapidKeys::generate();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "VAPID_PRIVATE_KEY={}", keys.private_base64());
    let _ = writeln!(out, "VAPID_PUBLIC_KEY={}", keys.public_base64());
    Ok(())
}

fn build_runtime(worker_threads: usize) -> Result<tokio::runtime::Runtime, StartupError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(worker_threads.max(1))
        .enable_all()
        .build()
        .map_err(|e| StartupError::environment(format!("cannot start the async runtime: {e}")))
}

async fn run(
    config: &Config,
    cluster: Option<&EmbeddedCluster>,
    secret: &str,
    keys: ApiKeys,
    vapid_keys: VapidKeys,
    watch: bool,
) -> Result<(), StartupError> {
    crate::http::connections::raise_open_files_limit();
    let connections = db::prepare_to_serve(config, cluster).await?;
    let pool = db::request_pool(&connections.requests, config.db_pool_size);
    let client_dir = config.client_dir.join("index.html").is_file().then(|| config.client_dir.clone());
    if client_dir.is_none() {
        tracing::info!(dir = %config.client_dir.display(), "no built web app found; serving the API only");
    }
    let schema = SharedSchemaCache::load(&pool, config.db_schemas.clone())
        .await
        .map_err(|e| StartupError::environment(format!("cannot read the database catalogue: {e}")))?;
    let schema_listener = schema.spawn_listener(pool.clone());
    let auth = AuthService::new(config.auth.clone(), secret)
        .map_err(|e| StartupError::environment(format!("cannot start the auth service: {e}")))?;
    let storage = StorageService::new(config.storage.clone(), secret)
        .map_err(|e| StartupError::environment(format!("cannot start the storage service: {e}")))?;
    let push = PushService::new(config.push.clone(), vapid_keys)
        .map_err(|e| StartupError::environment(format!("cannot start the push service: {e}")))?;
    // A fresh embedded data directory starts with the demo content (DEMO=0 turns it off).
    let demo = if config.demo && connections.fresh && matches!(config.database, DatabaseSource::Embedded) {
        crate::seed::apply_configured(config, &connections.admin, &storage.backend).await?
    } else {
        None
    };
    let mut state =
        AppState::new(pool.clone(), schema, secret, keys.clone(), client_dir, Services { auth, storage, push });
    state.max_rows = config.db_max_rows;
    state.aggregates = config.aggregates;
    state.rest = config.rest;
    state.expected_migrations =
        std::sync::Arc::new(db::bootstrap::latest_migrations(connections.app_sql.files().bundle()));
    let watcher = watch.then(|| crate::dev::watch::spawn(config, connections.admin.clone()));
    state.rate_limits = std::sync::Arc::new(config.rate_limits.clone());
    state.page_policy = std::sync::Arc::from(config.page_policy.as_str());
    state.connections = RequestConnections::new(
        &connections.requests,
        connections.requests_password.as_deref(),
        config.db_pool_size,
        std::time::Duration::from_secs(5),
    );
    state
        .auth
        .load_keys(&state.connections)
        .await
        .map_err(|e| StartupError::environment(format!("cannot load the signing keys: {e}")))?;
    let key_reloads =
        std::sync::Arc::clone(&state.auth.keys).spawn_reloads(state.connections.clone(), state.auth.key_retention());
    let card_key_reloads = std::sync::Arc::clone(&state.auth.cards).spawn_reloads(state.connections.clone());
    let mail_retries = state.auth.mailer.spawn_retries(state.connections.clone());
    let ops_pool = db::admin_pool(&connections.admin, 4);
    let backups = std::sync::Arc::new(crate::backup::Backups::from_config(config, cluster)?);
    state.ops = Some(std::sync::Arc::new(crate::backup::api::Ops {
        backups: std::sync::Arc::clone(&backups),
        pool: ops_pool.clone(),
    }));
    let scheduler = crate::scheduler::Scheduler::spawn_in_zone(
        ops_pool.clone(),
        scheduled_jobs(config, &state, &backups)?,
        &config.backup.time_zone,
    )
    .await
    .map_err(|e| StartupError::environment(format!("cannot start the scheduler: {e}")))?;
    let metrics = match config.metrics_addr {
        Some(address) => Some(
            crate::metrics::server::spawn(address, ops_pool.clone(), state.connections.clone())
                .await
                .map_err(|e| StartupError::setting("METRICS_ADDR", format!("{address}: cannot listen: {e}")))?,
        ),
        None => None,
    };
    let storage_sweeper =
        crate::storage::sweeper::spawn(state.storage.clone(), pool.clone(), state.connections.clone());
    let push_worker =
        config.push.worker.then(|| crate::push::worker::spawn(pool.clone(), std::sync::Arc::clone(&state.push)));
    let documents_worker = start_documents(config, &state, &ops_pool)?;
    // Realtime checks changes on connections of its own, apart from the requests'.
    state.realtime = std::sync::Arc::new(crate::realtime::RealtimeService::new(
        config.realtime.clone(),
        RequestConnections::new(
            &connections.requests,
            connections.requests_password.as_deref(),
            config.realtime.db_pool_size,
            std::time::Duration::from_secs(5),
        ),
    ));
    let realtime_tasks = if config.realtime.enabled { state.realtime.spawn(pool.clone()) } else { Vec::new() };
    let app = build_app(
        state.clone(),
        AppOptions { cors_origins: config.cors_origins.clone(), max_body_bytes: config.max_body_bytes },
    );
    let listener = TcpListener::bind(config.listen).await.map_err(|e| {
        let setting = if e.kind() == std::io::ErrorKind::AddrInUse { "PORT" } else { "HOST" };
        StartupError::setting(setting, format!("{}: cannot listen: {e}", config.listen))
    })?;
    let address = listener.local_addr().map_err(|e| StartupError::environment(e.to_string()))?;
    print_banner(config, address, &keys, demo.as_ref());
    if let Some((metrics_address, _)) = &metrics {
        tracing::info!(address = %metrics_address, "metrics at http://{metrics_address}/metrics");
    }

    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let limits = config.connections;
    let server = tokio::spawn(async move {
        crate::http::connections::serve(listener, app, limits, async {
            let _ = stop_rx.await;
        })
        .await;
    });
    crate::shutdown::signal().await;
    state.begin_shutdown();
    if !config.shutdown_drain.is_zero() {
        // `/ready` answers 503 now; requests are still served until the proxy has noticed.
        tracing::info!(seconds = config.shutdown_drain.as_secs(), "draining: not ready, still serving");
        tokio::select! {
            () = tokio::time::sleep(config.shutdown_drain) => {}
            () = crate::shutdown::signal() => tracing::info!("a second signal: draining cut short"),
        }
    }
    let _ = stop_tx.send(());
    // Realtime clients reconnect (to another replica, or to this one when it is back).
    state.realtime.hub.close_all(1001, "the server is restarting");
    match tokio::time::timeout(config.shutdown_grace, server).await {
        Ok(Ok(())) => tracing::info!("all requests finished"),
        Ok(Err(error)) => tracing::error!(%error, "HTTP server task failed"),
        Err(_) => tracing::warn!(
            seconds = config.shutdown_grace.as_secs(),
            "requests still running after the grace period were cut"
        ),
    }
    if let Some(worker) = push_worker {
        worker.stop(config.shutdown_grace).await;
    }
    documents_worker.stop(config.shutdown_grace).await;
    scheduler.stop(config.shutdown_grace).await;
    if let Some((_, task)) = metrics {
        task.abort();
    }
    for task in realtime_tasks {
        task.abort();
    }
    if config.realtime.enabled {
        state.realtime.farewell().await;
    }
    schema_listener.abort();
    if let Some(task) = watcher {
        task.abort();
    }
    if let Some(task) = mail_retries {
        task.abort();
    }
    if let Some(task) = key_reloads {
        task.abort();
    }
    card_key_reloads.abort();
    storage_sweeper.abort();
    state.connections.close();
    pool.close().await;
    ops_pool.close().await;
    Ok(())
}

/// The documents worker (server/src/documents) on the role that migrates, with the app's
/// templates and fonts and its mail templates.
fn start_documents(
    config: &Config,
    state: &AppState,
    ops_pool: &sqlx::PgPool,
) -> Result<crate::shutdown::Stoppable, StartupError> {
    use crate::documents::{TemplateSource, worker};
    let templates = TemplateSource::new(config.document_templates_dir.clone());
    let fonts = templates.fonts().map_err(|e| StartupError::setting("DOCUMENT_TEMPLATES_DIR", e))?;
    let mail = worker::MailSetup {
        templates: state.auth.templates.clone(),
        vars: crate::auth::mail::base_vars(&state.auth.settings),
        site_url: state.auth.settings.site_url.clone(),
        deliver: Some((state.auth.mailer.clone(), state.connections.clone())),
    };
    let documents = worker::Documents {
        pool: ops_pool.clone(),
        backend: state.storage.backend.clone(),
        instance_id: state.storage.instance_id,
        templates,
        fonts,
        mail: Some(mail),
    };
    Ok(worker::spawn(std::sync::Arc::new(documents), config.documents_poll))
}

/// Every job of the scheduler: backups and drills (when scheduled), dropping replaced
/// databases, and the auth service's hourly clean-up.
fn scheduled_jobs(
    config: &Config,
    state: &AppState,
    backups: &std::sync::Arc<crate::backup::Backups>,
) -> Result<Vec<crate::scheduler::Job>, StartupError> {
    let mut jobs = crate::backup::jobs::jobs(backups).map_err(|e| StartupError::setting("SCHEDULER_TIMEZONE", e))?;
    let connections = state.connections.clone();
    let window = state.auth.settings.request_limit.window.max(state.auth.settings.mail_interval);
    let hourly = crate::scheduler::Schedule::parse("0 * * * *", &config.backup.time_zone)
        .map_err(|e| StartupError::setting("SCHEDULER_TIMEZONE", e))?;
    jobs.push(crate::scheduler::Job::new("auth_housekeeping", hourly, move |_| {
        let connections = connections.clone();
        async move {
            crate::auth::housekeeping::sweep(&connections, window)
                .await
                .map(|removed| serde_json::json!({ "removed": removed }))
                .map_err(|e| e.to_string())
        }
    }));
    Ok(jobs)
}

fn print_banner(
    config: &Config,
    address: std::net::SocketAddr,
    keys: &ApiKeys,
    demo: Option<&crate::seed::SeedReport>,
) {
    if config.log_format == crate::logging::LogFormat::Json {
        // Every line is JSON in this mode: the banner is a log event (never the service key).
        let database = match &config.database {
            DatabaseSource::Embedded => config.data_dir.join("postgres").display().to_string(),
            DatabaseSource::External { .. } => "DATABASE_URL".to_string(),
        };
        tracing::info!(
            address = %format!("http://{address}"),
            database = %database,
            anon_key = %keys.anon,
            demo_accounts = demo.is_some(),
            "{} is running at http://{address}",
            config.auth.signin.site_name
        );
        return;
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{} is running at http://{address}", config.auth.signin.site_name);
    match &config.database {
        DatabaseSource::Embedded => {
            let _ =
                writeln!(out, "  database:    embedded PostgreSQL in {}", config.data_dir.join("postgres").display());
            let _ = writeln!(out, "  anon key:    {}", keys.anon);
            // The service key bypasses every policy: shown to a person, never written to logs.
            if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                let _ = writeln!(out, "  service key: {}", keys.service_role);
            } else {
                let _ = writeln!(out, "  service key: not printed (not a terminal); `server keys` prints it");
            }
        }
        DatabaseSource::External { .. } => {
            let _ = writeln!(out, "  database:    DATABASE_URL");
            let _ = writeln!(out, "  keys:        run `server keys` with the same JWT_SECRET");
        }
    }
    if let Some(report) = demo {
        let _ = write!(out, "{}", crate::seed::describe(report));
    }
    let _ = out.flush();
}
