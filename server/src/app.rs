//! Builds the whole HTTP application: routes plus layers. Tests call this directly.

use axum::Router;

use crate::config::CorsOrigins;
use crate::http::middleware::{self, LayerSettings};
use crate::routes::routes;
use crate::state::AppState;

/// Options of the application that are not part of the shared state.
pub struct AppOptions {
    pub cors_origins: CorsOrigins,
    pub max_body_bytes: usize,
}

pub fn build_app(state: AppState, options: AppOptions) -> Router {
    middleware::apply(
        routes(state),
        &LayerSettings { cors_origins: options.cors_origins, max_body_bytes: options.max_body_bytes },
    )
}
