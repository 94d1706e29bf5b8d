//! What the unit tests in `src/` share.

use axum::response::IntoResponse;
use http::StatusCode;
use serde_json::Value;

/// A response's status and its body read as JSON.
pub async fn status_and_json(response: impl IntoResponse) -> (StatusCode, Value) {
    let response = response.into_response();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}
