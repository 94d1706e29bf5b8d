//! The route table: every URL the server answers, in one place.

use axum::Router;
use axum::routing::get;

use crate::http::{health, static_files};
use crate::state::AppState;

pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/health", get(health::health))
        .route("/ready", get(health::ready))
        .fallback(static_files::serve_client)
        .with_state(state)
}
