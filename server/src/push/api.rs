//! `/api/push-public-key` and `/api/push-subscription`: the key browsers subscribe with, and
//! saving or removing a browser's subscription.
//!
//! Subscriptions are written in the request transaction with the caller's role, through the
//! two `security definer` functions of `server/migrations/0004_push.sql` (the tables themselves grant
//! nothing to the API roles): a signed-in caller's device is linked to them (the JWT `sub`), a
//! visitor's (anon key only) to nobody.

use crate::http::anon_writes::WriteLimits;
use crate::http::rate_limit::ClientAddress;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use serde::de::DeserializeOwned;
use serde_json::json;

use super::subscription::{self, EndpointBody, Invalid, SubscriptionBody};
use crate::auth::caller::{self, Caller};
use crate::db::request_tx::{self, RequestContext};
use crate::error::{ApiError, ErrorKind};

const PATH: &str = "/api/push-subscription";

/// What the push endpoints use: the service, the connections, and the keys and token checks
/// that name the caller.
#[derive(Clone)]
pub struct PushState {
    pub push: std::sync::Arc<super::PushService>,
    pub auth: std::sync::Arc<crate::auth::service::AuthService>,
    pub keys: std::sync::Arc<crate::secrets::ApiKeys>,
    pub connections: crate::db::request_connections::RequestConnections,
    /// The budgets of anonymous writes (visitors subscribe too).
    pub rate_limits: std::sync::Arc<crate::http::rate_limit::RateLimits>,
}

const SAVE_SQL: &str = "select id, user_id::text, created from push.save_subscription($1, $2, $3, $4, $5)";
const DELETE_SQL: &str = "select push.delete_subscription($1)";

/// `GET /api/push-public-key`: `{"publicKey": "<base64url uncompressed P-256 point>"}`, the
/// `applicationServerKey` of `pushManager.subscribe`. Public: no API key needed.
pub async fn public_key(State(state): State<PushState>) -> Response {
    let mut response = Json(json!({"publicKey": state.push.keys.public_base64()})).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response
}

/// `POST /api/push-subscription` with the browser's `PushSubscription` JSON: 201 with the
/// stored subscription when new, 200 when the endpoint was known (keys and owner updated).
pub async fn subscribe(
    State(state): State<PushState>,
    client: Option<axum::Extension<ClientAddress>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let result = async {
        let caller = resolve_caller(&state, &headers, uri.query())?;
        let client = client.map(|axum::Extension(ClientAddress(ip))| ip);
        // Visitors subscribe too: a signed-in caller is counted by account.
        let limits = WriteLimits { rate_limits: &state.rate_limits, connections: &state.connections };
        crate::http::anon_writes::check_for(&limits, &caller, client, true, "push_subscriptions", None).await?;
        let body: SubscriptionBody = parse(&body)?;
        let checked = subscription::check(&body, state.push.policy()).map_err(|invalid| match invalid {
            Invalid::Endpoint(message) => ApiError::new(ErrorKind::PushEndpointInvalid).with_message(message),
            Invalid::Keys(message) => ApiError::new(ErrorKind::PushKeysInvalid).with_message(message),
        })?;
        let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let max_devices = i32::try_from(state.push.settings.max_devices_per_user).unwrap_or(i32::MAX);
        let endpoint = checked.endpoint.url.as_str().to_owned();
        let mut tx = request_tx::begin(&state.connections, &context(&caller, "POST")).await?;
        let (rows, _) = tx
            .run_then(SAVE_SQL, &[], &[&endpoint, &checked.p256dh, &checked.auth, &user_agent, &max_devices], true)
            .await?;
        let row = rows.first().ok_or_else(|| ApiError::internal("push.save_subscription returned no row"))?;
        let id: i64 = row.try_get(0).map_err(ApiError::internal)?;
        let user_id: Option<String> = row.try_get(1).map_err(ApiError::internal)?;
        let created: bool = row.try_get(2).map_err(ApiError::internal)?;
        let status = if created { StatusCode::CREATED } else { StatusCode::OK };
        Ok::<_, ApiError>((status, Json(json!({"id": id, "endpoint": endpoint, "userId": user_id}))).into_response())
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

/// `DELETE /api/push-subscription` with `{"endpoint": "..."}`: 204 whether or not it was
/// stored (the endpoint itself is the browser's secret; presenting it is enough).
pub async fn unsubscribe(State(state): State<PushState>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let result = async {
        let caller = resolve_caller(&state, &headers, uri.query())?;
        let body: EndpointBody = parse(&body)?;
        let mut tx = request_tx::begin(&state.connections, &context(&caller, "DELETE")).await?;
        tx.run_then(DELETE_SQL, &[], &[&body.endpoint], true).await?;
        Ok::<_, ApiError>(StatusCode::NO_CONTENT.into_response())
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

fn context<'a>(caller: &'a Caller, method: &'a str) -> RequestContext<'a> {
    RequestContext { caller, method, path: PATH, read_only: false, search_path: "public", settings: &[] }
}

/// The caller from `apikey` (header or query parameter) and the bearer token.
fn resolve_caller(state: &PushState, headers: &HeaderMap, query: Option<&str>) -> Result<Caller, ApiError> {
    let apikey = query.and_then(|q| {
        url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "apikey").map(|(_, v)| v.into_owned())
    });
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    caller::resolve(headers, apikey.as_deref(), &state.keys, &state.auth.token_check(), now)
}

fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::new(ErrorKind::InvalidBody).with_message(format!("Invalid push subscription: {e}")))
}
