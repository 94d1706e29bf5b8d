//! Realtime's HTTP errors, in Supabase Realtime's shapes: a refused WebSocket handshake is
//! `{"error": "..."}` with 401, 403, 404 or 429 (`UserSocket.handle_error`), the broadcast API
//! answers `{"message": "..."}` (401 Unauthorized) and `{"errors": {...}}` (422).

use axum::Json;
use axum::response::{IntoResponse, Response};
use http::StatusCode;
use serde_json::json;

/// A refused handshake.
pub fn handshake(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"error": message}))).into_response()
}

/// A refused broadcast request.
pub fn message(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"message": message}))).into_response()
}

/// A broadcast request whose body does not say what it must.
pub fn invalid(field: &str, problem: &str) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"errors": {field: [problem]}}))).into_response()
}

/// Realtime is turned off (REALTIME_ENABLED=false).
pub fn disabled() -> Response {
    (StatusCode::NOT_FOUND, Json(json!({"error": "Realtime is not enabled on this server"}))).into_response()
}
