//! `POST /token?grant_type=password|refresh_token`: signing in, and rotating refresh tokens.
//!
//! Sign-in: an unknown address and a wrong password take the same time (a dummy hash is
//! verified) and give the same answer. Failures in a row per address (known or not) slow the
//! next attempts down exponentially.
//!
//! Refresh: the token's row is locked, so concurrent refreshes of one token queue. The first
//! rotates it; the others find it rotated a moment ago and get the same successor back (it is
//! derived from the token they hold, see [`tokens::successor_token`]). Presenting a rotated
//! token after the reuse interval is treated as theft: the whole session is revoked.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

use super::AuthState;
use super::checks::{normalise_email, normalise_phone, parse_body, rate_limit};
use super::client::Client;
use super::session;
use crate::auth::error::AuthError;
use crate::auth::store::sessions::{self, RefreshToken};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::{audit, flows, limits, sign_in, users};
use crate::auth::tokens;
use crate::auth::user::User;

/// Failures in a row allowed before the backoff starts.
const FREE_FAILURES: i32 = 5;
/// The longest wait the backoff imposes.
const MAX_BACKOFF_SECONDS: f64 = 900.0;
/// How far a chain of successors is followed within the reuse interval.
const MAX_CHAIN: usize = 8;

#[derive(Deserialize)]
struct PasswordGrant {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
}

#[derive(Deserialize)]
struct RefreshGrant {
    refresh_token: Option<String>,
}

#[derive(Deserialize)]
struct PkceGrant {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

pub async fn token(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    match client.param("grant_type") {
        Some("password") => password(&state, &client, parse_body(&body)?).await,
        Some("refresh_token") => refresh(&state, &client, parse_body(&body)?).await,
        Some("pkce") => exchange(&state, &client, parse_body(&body)?).await,
        // No identity providers here: GoTrue's answer for one that is not enabled.
        Some("id_token") => Err(id_token_disabled(&parse_body(&body)?)),
        Some(other) => Err(AuthError::validation(format!("Unsupported grant_type {other}"))),
        None => Err(AuthError::validation("grant_type is required")),
    }
}

async fn password(state: &AuthState, client: &Client, request: PasswordGrant) -> Result<Json<Value>, AuthError> {
    let signin = &state.auth.settings.signin;
    let password = request.password.unwrap_or_default();
    let (email, phone) = match (request.email.filter(|e| !e.is_empty()), request.phone.filter(|p| !p.is_empty())) {
        (Some(email), _) => {
            if !signin.email_enabled {
                return Err(AuthError::new(
                    StatusCode::BAD_REQUEST,
                    "email_provider_disabled",
                    "Email logins are disabled",
                ));
            }
            // A malformed address cannot belong to anyone: the same answer as a wrong password.
            (Some(normalise_email(&email).unwrap_or_else(|_| email.trim().to_lowercase())), None)
        }
        (None, Some(phone)) => {
            if !signin.phone_enabled {
                return Err(AuthError::phone_disabled());
            }
            (
                None,
                Some(normalise_phone(&phone, &signin.default_country_code).unwrap_or_else(|_| phone.trim().to_owned())),
            )
        }
        (None, None) => return Err(AuthError::validation("missing email or phone")),
    };
    let identifier = email.clone().or_else(|| phone.clone()).unwrap_or_default();
    let failures_bucket = format!("signin_failures:{}", tokens::token_hash(&identifier));

    let limit = state.auth.settings.request_limit;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let address_bucket = format!("signin:{}", client.ip);
    let found = sign_in::lookup(
        &mut tx,
        &address_bucket,
        limit.hits,
        limit.window,
        &failures_bucket,
        email.as_deref(),
        phone.as_deref(),
    )
    .await?;
    tx.commit().await?;
    found.rate.map_err(AuthError::over_request_rate_limit)?;
    if let Some((failures, seconds_since)) = found.failures {
        let wait = backoff_seconds(failures) - seconds_since;
        if wait > 0.0 {
            return Err(AuthError::over_request_rate_limit(wait.ceil() as u64));
        }
    }
    let user = found.user;

    let hash = user.as_ref().and_then(|u| u.password_hash.clone());
    let matched = state.auth.passwords.verify(password, hash).await;

    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = match (matched, user) {
        (true, Some(user)) => user,
        (_, user) => {
            limits::record_failure(&mut tx, &failures_bucket).await?;
            let target = user.as_ref().map(|u| u.id);
            audit::record(
                &mut tx,
                audit::Entry {
                    action: "login_failed",
                    actor: None,
                    target,
                    ip: &client.ip,
                    details: json!({"email": email, "phone": phone}),
                },
            )
            .await?;
            tx.commit().await?;
            return Err(AuthError::invalid_credentials());
        }
    };
    if found.failures.is_some() {
        limits::clear(&mut tx, &failures_bucket).await?;
    }
    if email.is_some() && user.email_confirmed_at.is_none() {
        tx.commit().await?;
        return Err(AuthError::email_not_confirmed());
    }
    if phone.is_some() && user.phone_confirmed_at.is_none() {
        tx.commit().await?;
        return Err(AuthError::new(StatusCode::BAD_REQUEST, "phone_not_confirmed", "Phone not confirmed"));
    }
    if user.is_banned(chrono::Utc::now()) {
        tx.commit().await?;
        return Err(AuthError::user_banned(StatusCode::BAD_REQUEST));
    }
    let (user, grant) = session::open(&mut tx, client, &user, "password").await?;
    let answer = session::respond(state, &mut tx, &user, &grant.session, &grant.refresh_token).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// `grant_type=pkce`: a PKCE flow's auth code and the verifier of its challenge, once.
async fn exchange(state: &AuthState, client: &Client, request: PkceGrant) -> Result<Json<Value>, AuthError> {
    let (Some(code), Some(verifier)) =
        (request.auth_code.filter(|c| !c.is_empty()), request.code_verifier.filter(|v| !v.is_empty()))
    else {
        return Err(AuthError::validation("invalid request: both auth code and code verifier should be non-empty"));
    };
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("verify:{}", client.ip), state.auth.settings.request_limit).await?;
    let Some(flow) = flows::take(&mut tx, &tokens::token_hash(&code)).await? else {
        tx.commit().await?;
        return Err(AuthError::flow_state_not_found());
    };
    let Some(user_id) = flow.user_id else {
        tx.commit().await?;
        return Err(AuthError::flow_state_not_found());
    };
    if flow.code_age_seconds > super::links::AUTH_CODE_LIFETIME.as_secs_f64() {
        tx.commit().await?;
        return Err(AuthError::flow_state_expired());
    }
    let expected = match flow.code_challenge_method.as_str() {
        "plain" => verifier.clone(),
        _ => base64::Engine::encode(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD,
            <sha2::Sha256 as sha2::Digest>::digest(verifier.as_bytes()),
        ),
    };
    if !constant_time_eq(expected.as_bytes(), flow.code_challenge.as_bytes()) {
        // The flow is spent either way: a wrong verifier cannot be retried.
        tx.commit().await?;
        return Err(AuthError::bad_code_verifier());
    }
    let Some(user) = users::by_id(&mut tx, user_id, false).await? else {
        tx.commit().await?;
        return Err(AuthError::flow_state_not_found());
    };
    if user.is_banned(chrono::Utc::now()) {
        tx.commit().await?;
        return Err(AuthError::user_banned(StatusCode::BAD_REQUEST));
    }
    let method = match flow.authentication_method.as_str() {
        "signup" => "email/signup",
        other => other,
    }
    .to_owned();
    let (user, grant) = session::open(&mut tx, client, &user, &method).await?;
    let answer = session::respond(state, &mut tx, &user, &grant.session, &grant.refresh_token).await?;
    audit::record(
        &mut tx,
        audit::Entry::own("login", user.id, &client.ip, json!({"grant_type": "pkce", "flow": flow.id})),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(answer))
}

fn id_token_disabled(body: &Value) -> AuthError {
    let issuer = match body.get("provider").and_then(Value::as_str).unwrap_or_default() {
        "google" => "https://accounts.google.com",
        "apple" => "https://appleid.apple.com",
        "azure" => "https://login.microsoftonline.com",
        "facebook" => "https://www.facebook.com",
        "kakao" => "https://kauth.kakao.com",
        other => other,
    };
    AuthError::new(StatusCode::BAD_REQUEST, "provider_disabled", format!("Provider (issuer {issuer:?}) is not enabled"))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Seconds to wait after `failures` failed sign-ins in a row: none for the first few, then
/// 1, 2, 4… up to a quarter of an hour.
fn backoff_seconds(failures: i32) -> f64 {
    if failures < FREE_FAILURES {
        return 0.0;
    }
    let doublings = (failures - FREE_FAILURES).min(20);
    f64::from(1u32 << doublings).min(MAX_BACKOFF_SECONDS)
}

async fn refresh(state: &AuthState, client: &Client, request: RefreshGrant) -> Result<Json<Value>, AuthError> {
    let presented = request.refresh_token.filter(|t| !t.is_empty()).ok_or_else(AuthError::refresh_token_not_found)?;
    let settings = &state.auth.settings;
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("refresh:{}", client.ip), settings.refresh_limit).await?;
    let Some(token) = sessions::lock_token(&mut tx, &tokens::token_hash(&presented)).await? else {
        tx.commit().await?;
        return Err(AuthError::refresh_token_not_found());
    };
    let user = users::by_id(&mut tx, token.user_id, false).await?;
    let Some(user) = user else {
        tx.commit().await?;
        return Err(AuthError::refresh_token_not_found());
    };
    if user.is_banned(chrono::Utc::now()) {
        tx.commit().await?;
        return Err(AuthError::user_banned(StatusCode::BAD_REQUEST));
    }
    let Some(session) = sessions::find(&mut tx, token.session_id).await? else {
        tx.commit().await?;
        return Err(AuthError::session_not_found());
    };
    let continuation = if token.revoked {
        match continuation(state, &mut tx, &token, &presented).await? {
            Some(successor) => successor,
            None => {
                revoke_for_reuse(&mut tx, &user, &token, client).await?;
                tx.commit().await?;
                return Err(AuthError::refresh_token_already_used());
            }
        }
    } else {
        let salt = tokens::random_salt();
        let successor = tokens::successor_token(state.jwt_secret.as_bytes(), &presented, &salt);
        sessions::rotate(&mut tx, &token, &tokens::token_hash(&successor), &salt).await?;
        successor
    };
    let answer = session::respond(state, &mut tx, &user, &session, &continuation).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// The live successor of a token rotated within the reuse interval (following successors that
/// were themselves rotated within it), or `None` when this is a reuse.
async fn continuation(
    state: &AuthState,
    tx: &mut AuthTx,
    token: &RefreshToken,
    presented: &str,
) -> Result<Option<String>, AuthError> {
    let interval = chrono::Duration::from_std(state.auth.settings.refresh_reuse_interval).unwrap_or_default();
    let now = chrono::Utc::now();
    let (mut current_id, mut rotated_at, mut current_token) = (token.id, token.updated_at, presented.to_owned());
    for _ in 0..MAX_CHAIN {
        if rotated_at + interval < now {
            return Ok(None);
        }
        let Some(next) = sessions::successor(tx, current_id).await? else { return Ok(None) };
        let derived = tokens::successor_token(state.jwt_secret.as_bytes(), &current_token, &next.salt);
        if tokens::token_hash(&derived) != next.token_hash {
            return Ok(None);
        }
        if !next.token.revoked {
            return Ok(Some(derived));
        }
        (current_id, rotated_at, current_token) = (next.token.id, next.token.updated_at, derived);
    }
    Ok(None)
}

/// A rotated token came back too late: someone else may hold the family. End the session.
async fn revoke_for_reuse(
    tx: &mut AuthTx,
    user: &User,
    token: &RefreshToken,
    client: &Client,
) -> Result<(), AuthError> {
    sessions::end(tx, user.id, Some(token.session_id), sessions::Scope::Local).await?;
    audit::record(
        tx,
        audit::Entry::own(
            "token_revoked",
            user.id,
            &client.ip,
            json!({"reason": "refresh_token_reused", "session_id": token.session_id}),
        ),
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_starts_after_five_failures_and_is_capped() {
        assert_eq!(backoff_seconds(4), 0.0);
        assert_eq!(backoff_seconds(5), 1.0);
        assert_eq!(backoff_seconds(7), 4.0);
        assert_eq!(backoff_seconds(100), MAX_BACKOFF_SECONDS);
    }
}
