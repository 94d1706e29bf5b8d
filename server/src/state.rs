//! State shared by every request handler, and the part of it each service's handlers take
//! (`FromRef`): a handler names the sub-state it needs ([`AuthState`], [`StorageState`],
//! [`PushState`], [`RealtimeState`], [`OpsState`]), which its own service defines; only the
//! REST engine and the HTTP layers take the whole [`AppState`].

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::FromRef;
use sqlx::PgPool;

use crate::auth::api::AuthState;
use crate::auth::service::AuthService;
use crate::backup::api::OpsState;
use crate::db::request_connections::RequestConnections;
use crate::http::rate_limit::{RateLimits, RequestBudget};
use crate::push::PushService;
use crate::push::api::PushState;
use crate::realtime::RealtimeState;
use crate::schema_cache::SharedSchemaCache;
use crate::secrets::ApiKeys;
use crate::storage::StorageState;
use crate::storage::service::StorageService;

/// The services behind `/auth`, `/storage` and `/api/push-*`, built from their settings.
pub struct Services {
    pub auth: AuthService,
    pub storage: StorageService,
    pub push: PushService,
}

/// What every handler shares, behind one `Arc`: axum clones the state for each extractor and
/// each stateful middleware of a request, and one reference count is cheaper than the dozen
/// of the fields (measured: 5 % of a primary-key read's CPU, bench/README.md, issue 22).
/// Fields are read through `Deref`; set-up code assigns them through `DerefMut` before the
/// state is shared (a shared state is copied first, so no handler ever sees a change).
#[derive(Clone)]
pub struct AppState(Arc<AppStateInner>);

impl std::ops::Deref for AppState {
    type Target = AppStateInner;
    fn deref(&self) -> &AppStateInner {
        &self.0
    }
}

impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut AppStateInner {
        Arc::make_mut(&mut self.0)
    }
}

#[derive(Clone)]
pub struct AppStateInner {
    /// General-purpose pool (health checks, schema reloads, listeners).
    pub pool: PgPool,
    /// The connections REST transactions run on (same login, no release ping).
    pub connections: RequestConnections,
    pub schema: SharedSchemaCache,
    pub keys: Arc<ApiKeys>,
    pub jwt_secret: Arc<str>,
    /// The built web app, when there is one.
    pub client_dir: Option<Arc<PathBuf>>,
    /// The web app's pages' Content-Security-Policy (`CONTENT_SECURITY_POLICY`).
    pub page_policy: Arc<str>,
    /// The most rows one REST read returns (`None`: no cap).
    pub max_rows: Option<u64>,
    /// `DB_TX_END` and `DB_PLAN_ENABLED`.
    pub rest: crate::rest::settings::RestSettings,
    /// The auth service's settings, password workers and mailer.
    pub auth: Arc<AuthService>,
    /// The file service's settings, byte store and signing key.
    pub storage: Arc<StorageService>,
    /// Web push: settings, the VAPID keys and TLS to push services.
    pub push: Arc<PushService>,
    /// The last migration of each history (platform, app): `/ready` waits until both are
    /// applied. Defaults to the platform's alone; `serve` sets the files it applied.
    pub expected_migrations: Arc<Vec<(&'static str, String)>>,
    /// Per-address budgets (off unless set: [`crate::http::rate_limit`]).
    pub rate_limits: Arc<RateLimits>,
    /// This replica's REST request counters per address.
    pub rest_budget: Arc<RequestBudget>,
    /// Aggregate functions in `select` (off unless set: `DB_AGGREGATES_ENABLED`).
    pub aggregates: crate::rest::settings::AggregateSettings,
    /// Realtime: its settings, this replica's channels and the change reader's checker.
    pub realtime: Arc<crate::realtime::RealtimeService>,
    /// Backups and restores for `/api/admin/backups` (`None`: not set up, 503).
    pub ops: Option<Arc<crate::backup::api::Ops>>,
    stopping: Arc<AtomicBool>,
}

impl AppState {
    pub fn new(
        pool: PgPool,
        schema: SharedSchemaCache,
        jwt_secret: &str,
        keys: ApiKeys,
        client_dir: Option<PathBuf>,
        services: Services,
    ) -> Self {
        let Services { auth, storage, push } = services;
        let connections = RequestConnections::new(
            &pool.connect_options(),
            None,
            pool.options().get_max_connections(),
            pool.options().get_acquire_timeout(),
        );
        let realtime = Arc::new(crate::realtime::RealtimeService::new(
            crate::realtime::settings::RealtimeSettings::default(),
            connections.clone(),
        ));
        Self(Arc::new(AppStateInner {
            pool,
            connections,
            schema,
            keys: Arc::new(keys),
            jwt_secret: Arc::from(jwt_secret),
            client_dir: client_dir.map(Arc::new),
            page_policy: Arc::from(crate::http::page_policy::DEFAULT_POLICY),
            max_rows: Some(1000),
            rest: crate::rest::settings::RestSettings::default(),
            auth: Arc::new(auth),
            storage: Arc::new(storage),
            push: Arc::new(push),
            expected_migrations: Arc::new(crate::db::bootstrap::latest_migrations(crate::db::bootstrap::PLATFORM_ONLY)),
            rate_limits: Arc::new(RateLimits::default()),
            rest_budget: Arc::new(RequestBudget::default()),
            aggregates: crate::rest::settings::AggregateSettings::default(),
            realtime,
            ops: None,
            stopping: Arc::new(AtomicBool::new(false)),
        }))
    }

    /// How this server checks bearer tokens: its secret, claim rules and verified tokens.
    pub fn token_check(&self) -> crate::auth::caller::TokenCheck<'_> {
        self.auth.token_check()
    }

    /// Marks the server as draining: `/ready` answers 503 so load balancers move away.
    pub fn begin_shutdown(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }
}

impl FromRef<AppState> for AuthState {
    fn from_ref(state: &AppState) -> Self {
        Self {
            auth: Arc::clone(&state.auth),
            keys: Arc::clone(&state.keys),
            connections: state.connections.clone(),
            jwt_secret: Arc::clone(&state.jwt_secret),
        }
    }
}

impl FromRef<AppState> for StorageState {
    fn from_ref(state: &AppState) -> Self {
        Self {
            storage: Arc::clone(&state.storage),
            auth: Arc::clone(&state.auth),
            keys: Arc::clone(&state.keys),
            connections: state.connections.clone(),
        }
    }
}

impl FromRef<AppState> for PushState {
    fn from_ref(state: &AppState) -> Self {
        Self {
            push: Arc::clone(&state.push),
            auth: Arc::clone(&state.auth),
            keys: Arc::clone(&state.keys),
            connections: state.connections.clone(),
            rate_limits: Arc::clone(&state.rate_limits),
        }
    }
}

impl FromRef<AppState> for RealtimeState {
    fn from_ref(state: &AppState) -> Self {
        Self { realtime: Arc::clone(&state.realtime), auth: Arc::clone(&state.auth) }
    }
}

impl FromRef<AppState> for OpsState {
    fn from_ref(state: &AppState) -> Self {
        Self {
            ops: state.ops.clone(),
            auth: Arc::clone(&state.auth),
            keys: Arc::clone(&state.keys),
            connections: state.connections.clone(),
        }
    }
}

impl FromRef<AppState> for Arc<ApiKeys> {
    fn from_ref(state: &AppState) -> Self {
        Arc::clone(&state.keys)
    }
}
