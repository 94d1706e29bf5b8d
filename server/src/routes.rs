//! The route table: every URL the server answers, in one place.

use axum::Router;
use axum::routing::{any, get};

use crate::http::{health, static_files};
use crate::rest::handler as rest;
use crate::state::AppState;

pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/health", get(health::health))
        .route("/ready", get(health::ready))
        .route("/rest/v1/", get(rest::root))
        .route("/rest/v1", get(rest::root))
        .route("/rest/v1/rpc/{function}", any(rest::function))
        .route("/rest/v1/{relation}", any(rest::relation))
        .fallback(static_files::serve_client)
        .with_state(state)
}
