//! `POST /recover`: mails a password-reset link and code (PKCE when the request has a code
//! challenge). The answer is `{}` whether or not the address
//! has an account, and the per-address mail interval applies to both, so nothing is revealed.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::AuthState;
use super::checks::{normalise_email, parse_body, pkce, rate_limit};
use super::client::Client;
use super::links::{LinkOptions, mail_link};
use crate::auth::error::AuthError;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes};
use crate::auth::store::{audit, limits};
use crate::auth::tokens;

#[derive(Deserialize)]
struct Recover {
    email: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn recover(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: Recover = parse_body(&body)?;
    let email = normalise_email(
        request.email.as_deref().ok_or_else(|| AuthError::validation("Password recovery requires an email"))?,
    )?;
    let pkce = pkce(request.code_challenge.as_deref(), request.code_challenge_method.as_deref())?;
    let settings = &state.auth.settings;
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("recover:{}", client.ip), settings.request_limit).await?;
    let per_address = format!("recover_mail:{}", tokens::token_hash(&email));
    if let Err(seconds) = limits::hit(&mut tx, &per_address, 1, settings.mail_interval).await? {
        tx.commit().await?;
        return Err(AuthError::over_email_send_rate_limit(seconds));
    }
    let mut mail_id = None;
    if let Some(user) = users::by_email(&mut tx, &email).await? {
        let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce: pkce.as_ref() };
        mail_id = Some(mail_link(&state, &mut tx, &user, Purpose::Recovery, &email, &options).await?);
        users::update(&mut tx, user.id, &Changes { recovery_sent: true, ..Default::default() }).await?;
        audit::record(
            &mut tx,
            audit::Entry {
                action: "recovery_requested",
                actor: None,
                target: Some(user.id),
                ip: &client.ip,
                details: json!({}),
            },
        )
        .await?;
    }
    tx.commit().await?;
    if let Some(id) = mail_id {
        state.auth.mailer.deliver(&state.connections, id);
    }
    Ok(Json(json!({})))
}
