//! `GET /settings` and `GET /health`: what the service offers, and whether it runs.

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::client::Client;
use crate::auth::error::AuthError;
use crate::state::AppState;

pub async fn settings(State(state): State<AppState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let settings = &state.auth.settings;
    Ok(Json(json!({
        "external": {"email": true, "phone": false, "anonymous_users": false},
        "disable_signup": settings.disable_signup,
        "mailer_autoconfirm": settings.autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
        "password_min_length": settings.password_min_length,
    })))
}

pub async fn health(State(state): State<AppState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    Ok(Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": format!("GoTrue-compatible accounts and sessions of {}", state.auth.settings.site_name),
    })))
}

/// Any other path under `/auth/v1`.
pub async fn not_found() -> AuthError {
    AuthError::not_found()
}
