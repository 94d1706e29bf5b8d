//! `POST /logout?scope=global|local|others`: ends sessions; their refresh tokens stop working
//! at once and `/user` answers `session_not_found` for their access tokens.

use axum::extract::State;
use http::StatusCode;
use serde_json::json;

use super::AuthState;
use super::client::Client;
use crate::auth::error::AuthError;
use crate::auth::store::audit;
use crate::auth::store::sessions::{self, Scope};
use crate::auth::store::tx::AuthTx;

pub async fn logout(State(state): State<AuthState>, client: Client) -> Result<StatusCode, AuthError> {
    client.require_api_key(&state)?;
    let scope = match client.param("scope").unwrap_or("global") {
        "global" => Scope::Global,
        "local" => Scope::Local,
        "others" => Scope::Others,
        other => return Err(AuthError::validation(format!("Unsupported logout scope {other:?}"))),
    };
    let claims = client.user_claims(&state)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let ended = sessions::end(&mut tx, claims.user_id, claims.session_id, scope).await?;
    audit::record(
        &mut tx,
        audit::Entry::own(
            "logout",
            claims.user_id,
            &client.ip,
            json!({"scope": format!("{scope:?}").to_lowercase(), "sessions": ended}),
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
