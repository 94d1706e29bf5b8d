//! `GET /api/client-config`: what the web app needs to talk to this server, read at run time
//! so one build of `client/` works against any data directory or secret.
//!
//! The anon key is public by design (it carries only the `anon` role, and row-level security
//! decides what it reaches); `make run` prints it too. The service-role key is never here.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};
use serde_json::json;

use std::sync::Arc;

use crate::secrets::ApiKeys;

/// `{"anonKey": "<the anon API key>"}`, revalidated on every load (a new secret changes it).
pub async fn client_config(State(keys): State<Arc<ApiKeys>>) -> Response {
    let mut response = Json(json!({"anonKey": keys.anon})).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
