//! Builds the whole HTTP application: routes plus layers. Tests call this directly.

use axum::Router;

use crate::http::middleware::{self, LayerSettings};
use crate::http::settings::CorsOrigins;
use crate::routes::routes;
use crate::state::AppState;

/// Options of the application that are not part of the shared state.
pub struct AppOptions {
    pub cors_origins: CorsOrigins,
    pub max_body_bytes: usize,
}

pub fn build_app(state: AppState, options: AppOptions) -> Router {
    install_tls_provider();
    middleware::apply(routes(state, options.max_body_bytes), &LayerSettings { cors_origins: options.cors_origins })
}

/// Makes `ring` the process's rustls provider (HTTP clients such as the S3 backend's take the
/// process default; installing it again is harmless).
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
