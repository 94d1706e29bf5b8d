//! `GET /settings` and `GET /health`: what the service offers, and whether it runs.

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::AuthState;
use super::client::Client;
use crate::auth::error::AuthError;

pub async fn settings(State(state): State<AuthState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let settings = &state.auth.settings;
    let signin = &settings.signin;
    Ok(Json(json!({
        "external": {
            "email": signin.email_enabled,
            "phone": signin.phone_enabled,
            "anonymous_users": signin.anonymous_enabled,
        },
        "disable_signup": settings.disable_signup,
        "mailer_autoconfirm": settings.autoconfirm,
        "phone_autoconfirm": signin.sms_autoconfirm,
        "sms_provider": if signin.phone_enabled { "hook" } else { "" },
        "saml_enabled": false,
        "password_min_length": settings.password_min_length,
        "mfa_enabled": signin.mfa_enroll_enabled,
    })))
}

pub async fn health(State(state): State<AuthState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    Ok(Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": "GoTrue-compatible accounts and sessions",
    })))
}

/// Any other path under `/auth/v1`.
pub async fn not_found() -> AuthError {
    AuthError::not_found()
}
