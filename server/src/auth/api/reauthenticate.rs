//! Proof for sensitive changes (GoTrue's `SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION`):
//! `GET /reauthenticate` mails the signed-in user a six-digit code, and `PUT /user` changes a
//! password or an e-mail address only with that code (`nonce`) or the current password
//! (`current_password`), unless the session was opened by a recovery or invitation link
//! moments ago. A stolen access token alone cannot take the account over.
//!
//! Each user gets a few attempts per MAILER_OTP_EXP window, codes and passwords together, so
//! neither can be guessed through this endpoint.

use axum::Json;
use axum::extract::State;
use http::StatusCode;
use rand::Rng;
use serde_json::{Value, json};
use uuid::Uuid;

use super::AuthState;
use super::client::{Client, UserClaims};
use super::user::signed_in_user;
use crate::auth::error::AuthError;
use crate::auth::mail;
use crate::auth::settings::AuthSettings;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::{audit, limits, one_time, sessions};
use crate::auth::templates::language_of;

/// Proofs tried per user per MAILER_OTP_EXP window.
pub const MAX_ATTEMPTS: u32 = 5;
/// Sessions opened by these links may set a password without further proof, while young.
const LINK_METHODS: [&str; 2] = ["recovery", "invite"];

pub async fn reauthenticate(State(state): State<AuthState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    // A valid token of nobody (the anon key as the bearer) has no address to mail: GoTrue's answer.
    if let Ok(token) = client.bearer()
        && super::client::verified_claims(token, &state).is_ok_and(|claims| claims.get("sub").is_none())
    {
        return Err(no_address());
    }
    let claims = client.user_claims(&state)?;
    let settings = &state.auth.settings;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, true).await?;
    let Some(email) = user.email.clone().filter(|e| !e.is_empty()) else {
        tx.rollback().await;
        return Err(no_address());
    };
    if user.email_confirmed_at.is_none() {
        tx.rollback().await;
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "email_not_confirmed",
            "Please verify your email first.",
        ));
    }
    if let Err(seconds) =
        limits::hit(&mut tx, &format!("reauthenticate_mail:{}", user.id), 1, settings.mail_interval).await?
    {
        tx.commit().await?;
        return Err(AuthError::over_email_send_rate_limit(seconds));
    }
    let nonce = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    one_time::issue_nonce(&mut tx, user.id, &nonce, &email, settings.otp_expiry).await?;
    let mut vars = mail::base_vars(settings);
    vars.insert("Token", nonce.clone());
    vars.insert("Email", email.clone());
    vars.insert("Minutes", (settings.otp_expiry.as_secs() / 60).to_string());
    let letter = state.auth.templates.mail("reauthentication", language_of(&user.user_metadata).as_deref(), &vars);
    let mail_id = state.auth.mailer.enqueue(&mut tx, &email, "reauthentication", &letter).await?;
    audit::record(&mut tx, audit::Entry::own("reauthentication_requested", user.id, &client.ip, json!({}))).await?;
    tx.commit().await?;
    state.auth.mailer.deliver(&state.connections, mail_id);
    Ok(Json(json!({})))
}

fn no_address() -> AuthError {
    AuthError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "validation_failed",
        "Reauthentication requires the user to have an email or a phone number",
    )
}

/// The proof a change came with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// No proof needed: the setting is off, or a young recovery/invitation session.
    Exempt,
    CurrentPassword(String),
    Nonce(String),
}

/// Decides (inside the request's first transaction) what proof a password or e-mail change
/// needs and counts the attempt; the proof to check, or `reauthentication_needed`.
pub async fn demand(
    tx: &mut AuthTx,
    settings: &AuthSettings,
    claims: &UserClaims,
    current_password: Option<String>,
    nonce: Option<String>,
) -> Result<Proof, AuthError> {
    if !settings.require_reauthentication || opened_by_link(tx, settings, claims.session_id).await? {
        return Ok(Proof::Exempt);
    }
    let proof = match (current_password.filter(|p| !p.is_empty()), nonce.map(|n| n.trim().to_owned())) {
        (Some(password), _) => Proof::CurrentPassword(password),
        (None, Some(nonce)) if !nonce.is_empty() => Proof::Nonce(nonce),
        _ => return Err(AuthError::reauthentication_needed()),
    };
    let bucket = attempts_bucket(claims.user_id);
    if let Err(seconds) = limits::hit(tx, &bucket, MAX_ATTEMPTS, settings.otp_expiry).await? {
        // Too many guesses: the code in flight is spent too.
        one_time::discard_nonce(tx, claims.user_id).await?;
        return Err(AuthError::over_request_rate_limit(seconds));
    }
    Ok(proof)
}

fn attempts_bucket(user_id: Uuid) -> String {
    format!("reauthentication_attempts:{user_id}")
}

/// Whether the session was opened by a recovery or invitation link within the links' lifetime.
async fn opened_by_link(tx: &mut AuthTx, settings: &AuthSettings, session: Option<Uuid>) -> Result<bool, AuthError> {
    let Some(session) = session else { return Ok(false) };
    let Some((amr, age_seconds)) = sessions::origin(tx, session).await? else { return Ok(false) };
    let by_link = amr.as_array().is_some_and(|methods| {
        methods.iter().any(|m| m["method"].as_str().is_some_and(|method| LINK_METHODS.contains(&method)))
    });
    Ok(by_link && age_seconds <= settings.otp_expiry.as_secs_f64())
}
