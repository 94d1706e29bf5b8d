//! `GET /cards/v1/keys`: the public keys (anyone, cacheable, so verifiers work offline).
//! `POST /cards/v1/token`: the caller's token, over the claims the app's hook
//! `auth.card_claims()` returns in the caller's request transaction (role and claims set as
//! for REST); the request's body is never read, so no client chooses what is signed.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, HeaderValue, Uri, header};
use serde_json::{Value, json};

use super::{MAX_LIFETIME, secs};
use crate::auth::api::AuthState;
use crate::auth::caller;
use crate::db::request_tx::{self, RequestContext};
use crate::error::{ApiError, ErrorKind};

const PATH: &str = "/cards/v1/token";
/// Claims longer than this would make a QR code too dense to scan: the app's hook is wrong.
const MAX_CLAIMS_BYTES: usize = 400;

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

pub async fn keys(State(state): State<AuthState>) -> Response {
    let mut response = Json(state.auth.cards.current().jwks()).into_response();
    // A new key is published PROMOTE_AFTER before it signs, and a retired one long after.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    response
}

pub async fn token(State(state): State<AuthState>, uri: Uri, headers: HeaderMap) -> Response {
    let result = async {
        let apikey = uri.query().and_then(|q| {
            url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "apikey").map(|(_, v)| v.into_owned())
        });
        let now = now();
        let caller = caller::resolve(&headers, apikey.as_deref(), &state.keys, &state.auth.token_check(), now)?;
        let context = RequestContext {
            caller: &caller,
            method: "POST",
            path: PATH,
            read_only: true,
            search_path: "",
            settings: &[],
        };
        let mut tx = request_tx::begin(&state.connections, &context).await?;
        let (rows, _) = tx.run_then("select auth.card_claims()::text", &[], &[], true).await?;
        let text: Option<String> = match rows.first() {
            Some(row) => row.try_get(0).map_err(ApiError::internal)?,
            None => None,
        };
        let Some(text) = text else {
            return Err(ApiError::new(ErrorKind::NotFound).with_message("No card for this account"));
        };
        let Ok(Value::Object(mut claims)) = serde_json::from_str::<Value>(&text) else {
            return Err(ApiError::internal("auth.card_claims() returned no JSON object"));
        };
        let Some(exp) = claims.get("exp").and_then(Value::as_i64) else {
            return Err(ApiError::internal("auth.card_claims() returned no numeric exp"));
        };
        if exp <= now {
            return Err(ApiError::new(ErrorKind::NotFound).with_message("This card has expired"));
        }
        let keys = state.auth.cards.current();
        let Some((kid, signing)) = keys.signer() else {
            return Err(ApiError::new(ErrorKind::NotReady).with_message("No card key is loaded yet"));
        };
        claims.insert("exp".into(), json!(exp.min(now + secs(MAX_LIFETIME))));
        claims.insert("iat".into(), json!(now));
        claims.insert("k".into(), json!(kid));
        if Value::Object(claims.clone()).to_string().len() > MAX_CLAIMS_BYTES {
            return Err(ApiError::internal("auth.card_claims() returned claims too long for a QR code"));
        }
        let token = super::token::sign(&claims, signing);
        let mut response = Json(json!({"token": token, "claims": claims})).into_response();
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        Ok::<_, ApiError>(response)
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}
