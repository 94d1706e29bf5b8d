//! `POST /otp` (`signInWithOtp`): a sign-in code and link by e-mail, or a code by SMS.
//!
//! An address or number without a confirmed account is signed up first (unless `create_user`
//! is false): with auto-confirmation it gets a sign-in code at once, otherwise the confirmation
//! (whose code signs in too). Every request for an address or number counts against its mail or
//! SMS interval, account or not. With `create_user: false`, GoTrue answers an unknown address
//! with `otp_disabled`, which tells that it has no account; this server answers `{}` and sends
//! nothing unless OTP_REVEAL_UNKNOWN_ACCOUNTS asks for GoTrue's answer.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::AuthState;
use super::checks::{
    Pkce, metadata, normalise_email, normalise_phone, parse_body, pkce, provider_metadata, rate_limit,
};
use super::client::Client;
use super::links::{self, LinkOptions};
use super::signup::{check_channel, resend_confirmation};
use crate::auth::error::AuthError;
use crate::auth::settings::Limit;
use crate::auth::store::audit;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::user::User;

#[derive(Deserialize)]
struct OtpRequest {
    email: Option<String>,
    phone: Option<String>,
    create_user: Option<bool>,
    data: Option<Value>,
    channel: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn otp(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: OtpRequest = parse_body(&body)?;
    let has = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.is_empty());
    if has(&request.email) && has(&request.phone) {
        return Err(AuthError::validation("Only an email address or phone number should be provided"));
    }
    if has(&request.email) && has(&request.channel) {
        return Err(AuthError::validation("Channel should only be specified with Phone OTP"));
    }
    let pkce = pkce(request.code_challenge.as_deref(), request.code_challenge_method.as_deref())?;
    let create_user = request.create_user.unwrap_or(true);
    let data = Value::Object(metadata(request.data, "data")?);
    let limit =
        Limit { hits: state.auth.settings.signin.otp_request_limit, window: state.auth.settings.request_limit.window };
    match (request.email.filter(|e| !e.is_empty()), request.phone.filter(|p| !p.is_empty())) {
        (Some(email), _) => {
            let email = normalise_email(&email)?;
            if !state.auth.settings.signin.email_enabled {
                return Err(AuthError::email_disabled());
            }
            let mut tx = AuthTx::begin(&state.connections).await?;
            rate_limit(&mut tx, &format!("otp:{}", client.ip), limit).await?;
            let outcome = email_code(&state, &mut tx, &client, &email, create_user, &data, pkce.as_ref()).await;
            if let Some(id) = end(tx, outcome).await? {
                state.auth.mailer.deliver(&state.connections, id);
            }
            Ok(Json(json!({})))
        }
        (None, Some(phone)) => {
            let phone = normalise_phone(&phone, &state.auth.settings.signin.default_country_code)?;
            check_channel(request.channel.as_deref())?;
            if !state.auth.settings.signin.phone_enabled {
                return Err(AuthError::new(
                    http::StatusCode::BAD_REQUEST,
                    "phone_provider_disabled",
                    "Unsupported phone provider",
                ));
            }
            let mut tx = AuthTx::begin(&state.connections).await?;
            rate_limit(&mut tx, &format!("otp:{}", client.ip), limit).await?;
            let outcome = sms_code(&state, &mut tx, &client, &phone, create_user, &data).await;
            Ok(Json(match end(tx, outcome).await? {
                Some(id) => json!({"message_id": id}),
                None => json!({}),
            }))
        }
        (None, None) => Err(AuthError::validation("One of email or phone must be set")),
    }
}

/// Ends the request's transaction: committed when it went well. Of a failure, a limit hit is
/// kept; anything else is undone (a failed mail or text leaves no account behind).
async fn end<T>(tx: AuthTx, outcome: Result<T, AuthError>) -> Result<T, AuthError> {
    match outcome {
        Ok(value) => {
            tx.commit().await?;
            Ok(value)
        }
        Err(error) => {
            if error.status() == http::StatusCode::TOO_MANY_REQUESTS {
                tx.commit().await?;
            } else {
                tx.rollback().await;
            }
            Err(error)
        }
    }
}

/// For an unknown address or number with `create_user: false`: GoTrue's refusal, or silence.
fn unknown(state: &AuthState) -> Result<Option<i64>, AuthError> {
    if state.auth.settings.signin.reveal_unknown_accounts { Err(AuthError::otp_disabled()) } else { Ok(None) }
}

async fn email_code(
    state: &AuthState,
    tx: &mut AuthTx,
    client: &Client,
    email: &str,
    create_user: bool,
    data: &Value,
    pkce: Option<&Pkce>,
) -> Result<Option<i64>, AuthError> {
    let settings = &state.auth.settings;
    let existing = users::by_email(tx, email).await?;
    if existing.is_none() && !create_user {
        links::mail_interval(state, tx, "otp", email).await?;
        return unknown(state);
    }
    if existing.is_none() && settings.disable_signup {
        return Err(AuthError::signup_disabled());
    }
    links::mail_interval(state, tx, "otp", email).await?;
    let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce };
    let user = match existing {
        Some(user) => user,
        None => {
            let new_user = NewUser { email: Some(email), confirmed: settings.autoconfirm, ..NewUser::default() };
            sign_up(tx, client, "email", new_user, data).await?
        }
    };
    if user.is_banned(chrono::Utc::now()) {
        return Ok(None);
    }
    if user.email_confirmed_at.is_none() && !settings.autoconfirm {
        return resend_confirmation(state, tx, &user, &options).await;
    }
    let user = if user.email_confirmed_at.is_none() {
        users::update(tx, user.id, &Changes { confirmed: Some(true), ..Default::default() }).await?
    } else {
        user
    };
    let mail_id = links::mail_link(state, tx, &user, Purpose::MagicLink, email, &options).await?;
    users::update(tx, user.id, &Changes { recovery_sent: true, ..Default::default() }).await?;
    audit::record(
        tx,
        audit::Entry {
            action: "user_recovery_requested",
            actor: None,
            target: Some(user.id),
            ip: &client.ip,
            details: json!({"channel": "email"}),
        },
    )
    .await?;
    Ok(Some(mail_id))
}

async fn sms_code(
    state: &AuthState,
    tx: &mut AuthTx,
    client: &Client,
    phone: &str,
    create_user: bool,
    data: &Value,
) -> Result<Option<String>, AuthError> {
    let settings = &state.auth.settings;
    let existing = users::by_phone(tx, phone).await?;
    links::sms_interval(state, tx, phone).await?;
    if existing.is_none() && !create_user {
        return unknown(state).map(|_| None);
    }
    if existing.is_none() && settings.disable_signup {
        return Err(AuthError::signup_disabled());
    }
    let user = match existing {
        Some(user) => user,
        None => sign_up(tx, client, "phone", NewUser { phone: Some(phone), ..NewUser::default() }, data).await?,
    };
    if user.is_banned(chrono::Utc::now()) {
        return Ok(None);
    }
    let message_id = links::text_code(state, tx, &user, Purpose::PhoneConfirmation, phone).await?;
    users::update(tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
    Ok(message_id)
}

/// A new account for a code sign-in (`provider`: `email` or `phone`), recorded as signed up.
async fn sign_up(
    tx: &mut AuthTx,
    client: &Client,
    provider: &str,
    new_user: NewUser<'_>,
    data: &Value,
) -> Result<User, AuthError> {
    let app_metadata = provider_metadata(Map::new(), provider, &[provider]);
    let new_user = NewUser { app_metadata: Some(&app_metadata), user_metadata: Some(data), ..new_user };
    let user =
        users::insert(tx, &new_user).await?.ok_or_else(|| AuthError::internal("an account appeared meanwhile"))?;
    audit::record(
        tx,
        audit::Entry::own("user_signedup", user.id, &client.ip, json!({"provider": provider, "via": "otp"})),
    )
    .await?;
    Ok(user)
}
