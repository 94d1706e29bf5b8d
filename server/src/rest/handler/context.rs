//! What every REST request needs before planning: the verified caller, the schema (profile),
//! the preferences, the accepted media type and the decoded query. All of it is checked
//! without a database connection.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use http::{HeaderMap, Method};

use crate::auth::caller::{self, Caller};
use crate::error::{ApiError, ErrorKind};
use crate::rest::plan::RootPage;
use crate::rest::request::media::{PlanRequest, negotiate_plan};
use crate::rest::request::query_string::{API_KEY_PARAM, decode_pairs};
use crate::rest::request::range::{RangeRequest, parse_range_header};
use crate::rest::request::{MediaType, Preferences};
use crate::schema_cache::SchemaCache;
use crate::state::AppState;

pub struct RestContext {
    pub method: Method,
    pub caller: Caller,
    pub cache: Arc<SchemaCache>,
    /// The schema the request addresses.
    pub schema: String,
    pub preferences: Preferences,
    pub media: MediaType,
    /// The decoded query without `apikey`.
    pub pairs: Vec<(String, String)>,
    /// The `Range` header (reads) and the row cap: what narrows a read's root.
    pub page: RootPage,
    /// The request path and query, echoed in `Content-Location`.
    pub path: String,
    pub query: Option<String>,
    /// Whether to echo `Content-Profile` (several schemas are exposed).
    pub echo_profile: bool,
    /// The client's address, when known (for the anonymous write limits).
    pub client: Option<std::net::IpAddr>,
    /// Whether a read-write transaction ends with ROLLBACK (`DB_TX_END`, `Prefer: tx=`).
    pub rollback: bool,
    /// `Accept: application/vnd.pgrst.plan…` (with `DB_PLAN_ENABLED`): answer the EXPLAIN of
    /// the statement built for [`Self::media`].
    pub plan: Option<PlanRequest>,
    /// The `Accept` header as sent (a function's media type handler is picked from it).
    pub accept: Option<String>,
    /// The engine's own types did not satisfy `Accept` ([`Negotiation::WithHandlers`] only):
    /// the call or read answers 406 unless a handler serves a type that does.
    pub unacceptable: bool,
}

/// Which media types may satisfy `Accept`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Negotiation {
    /// The engine's own types only: anything else is 406 at once.
    Engine,
    /// For `/rpc` and reads, where a function's media type handler (or a handler aggregate of
    /// the rows) may accept what the engine's own types do not: 406 is then decided once the
    /// function or relation is known.
    WithHandlers,
}

impl RestContext {
    /// The engine's own negotiation again, for its 406 error.
    pub fn negotiation_error(&self, state: &AppState) -> ApiError {
        match negotiate_plan(self.accept.as_deref(), state.rest.plan_enabled) {
            Err(error) => error,
            Ok(_) => ApiError::new(ErrorKind::NotAcceptable),
        }
    }

    /// The context of a request, checked without a connection.
    pub fn new(
        state: &AppState,
        method: Method,
        headers: &HeaderMap,
        path: &str,
        query: Option<&str>,
        negotiation: Negotiation,
    ) -> Result<Self, ApiError> {
        let raw = query.unwrap_or("");
        // Decoded once: `apikey` is the key, every other pair belongs to the REST grammar.
        let (keys, pairs): (Vec<_>, Vec<_>) = decode_pairs(raw).into_iter().partition(|(k, _)| k == API_KEY_PARAM);
        let apikey = keys.into_iter().next().map(|(_, v)| v);
        let caller = caller::resolve(headers, apikey.as_deref(), &state.keys, &state.token_check(), now())?;

        let cache = state.schema.get();
        let reading = method == Method::GET || method == Method::HEAD;
        let profile_header = if reading { "accept-profile" } else { "content-profile" };
        let schema = match header(headers, profile_header) {
            None => cache.schemas.first().cloned().unwrap_or_else(|| "public".into()),
            Some(schema) if cache.schemas.iter().any(|s| s == schema) => schema.to_owned(),
            Some(schema) => {
                return Err(ApiError::new(ErrorKind::SchemaNotExposed)
                    .with_message(format!("Invalid schema: {schema}"))
                    .with_hint(format!("Only the following schemas are exposed: {}", cache.schemas.join(", "))));
            }
        };

        let mut preferences = Preferences::parse(headers.get_all("prefer").iter().filter_map(|v| v.to_str().ok()));
        preferences.check_strict()?;
        // A `tx=` the settings do not let clients choose is ignored, and so not echoed.
        if !state.rest.tx_end.allows_override() {
            preferences.tx = None;
        }
        let accept = header(headers, "accept");
        let (media, plan, unacceptable) = match negotiate_plan(accept, state.rest.plan_enabled) {
            Ok((media, plan)) => (media, plan, false),
            Err(_) if negotiation == Negotiation::WithHandlers => (MediaType::Json, None, true),
            Err(error) => return Err(error),
        };
        // An execution plan (EXPLAIN ANALYZE runs the statement) never keeps its writes.
        let rollback = state.rest.tx_end.rolls_back(preferences.tx) || plan.is_some();
        let range = if reading {
            header(headers, "range").map(parse_range_header).unwrap_or(RangeRequest::All)
        } else {
            RangeRequest::All
        };
        Ok(Self {
            method,
            caller,
            echo_profile: cache.schemas.len() > 1,
            cache,
            schema,
            preferences,
            media,
            pairs,
            page: RootPage { requested: range, max_rows: state.max_rows },
            path: path.to_owned(),
            query: query.map(str::to_owned),
            client: None,
            rollback,
            plan,
            accept: accept.map(str::to_owned),
            unacceptable,
        })
    }

    pub fn is_head(&self) -> bool {
        self.method == Method::HEAD
    }

    pub fn singular(&self) -> bool {
        matches!(self.media, MediaType::SingleObject { .. })
    }
}

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX)).unwrap_or(0)
}
