//! `POST /signup`: a new account by e-mail or phone number, or an anonymous one (no address,
//! no password: `signInAnonymously`, off unless EXTERNAL_ANONYMOUS_USERS_ENABLED).
//!
//! With auto-confirmation (MAILER_AUTOCONFIRM, SMS_AUTOCONFIRM) the answer is a session;
//! otherwise a confirmation link and code are mailed (or a code texted) and the answer is the
//! user. An address or number already registered gives `user_already_exists` when accounts are
//! auto-confirmed (the session would reveal it anyway), and an indistinguishable fake user when
//! they are not.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::AuthState;
use super::checks::{metadata, normalise_email, normalise_phone, parse_body, pkce, provider_metadata, rate_limit};
use super::client::Client;
use super::links::{self, LinkOptions};
use super::session;
use crate::auth::error::AuthError;
use crate::auth::settings::Limit;
use crate::auth::store::audit;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::user::{User, timestamp};

#[derive(Deserialize)]
pub(super) struct SignUp {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    /// `options.data`: the user's own metadata.
    data: Option<Value>,
    channel: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

/// Who signs up.
enum Identity {
    Email(String),
    Phone(String),
}

pub async fn sign_up(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: SignUp = parse_body(&body)?;
    let settings = &state.auth.settings;
    let signin = &settings.signin;
    let has = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.is_empty());
    if has(&request.email) && has(&request.phone) {
        return Err(AuthError::validation("Only an email address or phone number should be provided on signup."));
    }
    if !has(&request.email) && !has(&request.phone) {
        return anonymous(&state, &client, request.data).await;
    }
    if settings.disable_signup {
        return Err(AuthError::signup_disabled());
    }
    let identity = match (request.email.as_deref().filter(|e| !e.is_empty()), request.phone.as_deref()) {
        (Some(email), _) => {
            if !signin.email_enabled {
                return Err(AuthError::new(
                    http::StatusCode::UNPROCESSABLE_ENTITY,
                    "email_provider_disabled",
                    "Email signups are disabled",
                ));
            }
            Identity::Email(normalise_email(email)?)
        }
        (None, Some(phone)) => {
            if !signin.phone_enabled {
                return Err(AuthError::new(
                    http::StatusCode::BAD_REQUEST,
                    "phone_provider_disabled",
                    "Phone signups are disabled",
                ));
            }
            check_channel(request.channel.as_deref())?;
            Identity::Phone(normalise_phone(phone, &signin.default_country_code)?)
        }
        (None, None) => unreachable!("one of them is present"),
    };
    let password = request
        .password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| AuthError::validation("Signup requires a valid password"))?;
    state.auth.passwords.check(&password)?;
    let pkce = pkce(request.code_challenge.as_deref(), request.code_challenge_method.as_deref())?;
    let user_metadata = Value::Object(metadata(request.data, "data")?);

    // Count the attempt before spending a hash on it.
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("signup:{}", client.ip), settings.request_limit).await?;
    tx.commit().await?;
    let hash = state.auth.passwords.hash(password).await.map_err(AuthError::internal)?;

    let (autoconfirm, provider) = match &identity {
        Identity::Email(_) => (settings.autoconfirm, "email"),
        Identity::Phone(_) => (signin.sms_autoconfirm, "phone"),
    };
    let app_metadata = provider_metadata(Map::new(), provider, &[provider]);
    let mut tx = AuthTx::begin(&state.connections).await?;
    let new_user = NewUser {
        email: match &identity {
            Identity::Email(email) => Some(email),
            Identity::Phone(_) => None,
        },
        phone: match &identity {
            Identity::Phone(phone) => Some(phone),
            Identity::Email(_) => None,
        },
        password_hash: Some(&hash),
        confirmed: autoconfirm && provider == "email",
        phone_confirmed: autoconfirm && provider == "phone",
        app_metadata: Some(&app_metadata),
        user_metadata: Some(&user_metadata),
        ..NewUser::default()
    };
    let Some(user) = users::insert(&mut tx, &new_user).await? else {
        tx.commit().await?;
        return if autoconfirm {
            Err(AuthError::user_already_exists())
        } else {
            Ok(Json(fake_user(&identity, &user_metadata)))
        };
    };
    audit::record(&mut tx, audit::Entry::own("user_signedup", user.id, &client.ip, json!({"provider": provider})))
        .await?;
    if autoconfirm {
        let (user, grant) = session::open(&mut tx, &client, &user, "password").await?;
        let answer = session::respond(&state, &mut tx, &user, &grant.session, &grant.refresh_token).await?;
        tx.commit().await?;
        return Ok(Json(answer));
    }
    match &identity {
        Identity::Email(email) => {
            let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce: pkce.as_ref() };
            let mail_id = links::mail_link(&state, &mut tx, &user, Purpose::Confirmation, email, &options).await?;
            let user =
                users::update(&mut tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
            tx.commit().await?;
            state.auth.mailer.deliver(&state.connections, mail_id);
            Ok(Json(user.to_json()))
        }
        Identity::Phone(phone) => {
            if let Err(error) = links::text_code(&state, &mut tx, &user, Purpose::PhoneConfirmation, phone).await {
                tx.rollback().await;
                return Err(error);
            }
            let user =
                users::update(&mut tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
            tx.commit().await?;
            Ok(Json(user.to_json()))
        }
    }
}

/// `sms` (the default) or `whatsapp`, which the send-SMS hook may route.
pub(super) fn check_channel(channel: Option<&str>) -> Result<(), AuthError> {
    match channel.unwrap_or("sms") {
        "" | "sms" | "whatsapp" => Ok(()),
        _ => Err(AuthError::validation("Invalid channel, supported values are 'sms' or 'whatsapp'")),
    }
}

/// `signInAnonymously`: an account with no address, `is_anonymous` in its tokens, its own
/// per-address limit; made permanent later by adding an e-mail address or phone number.
async fn anonymous(state: &AuthState, client: &Client, data: Option<Value>) -> Result<Json<Value>, AuthError> {
    let settings = &state.auth.settings;
    if !settings.signin.anonymous_enabled {
        return Err(AuthError::anonymous_disabled());
    }
    let user_metadata = Value::Object(metadata(data, "data")?);
    let mut tx = AuthTx::begin(&state.connections).await?;
    let limit = Limit { hits: settings.signin.anonymous_limit, window: std::time::Duration::from_secs(3600) };
    rate_limit(&mut tx, &format!("anonymous:{}", client.ip), limit).await?;
    let app_metadata = json!({});
    let new_user = NewUser {
        app_metadata: Some(&app_metadata),
        user_metadata: Some(&user_metadata),
        is_anonymous: true,
        ..NewUser::default()
    };
    let user =
        users::insert(&mut tx, &new_user).await?.ok_or_else(|| AuthError::internal("a new anonymous id collided"))?;
    audit::record(&mut tx, audit::Entry::own("user_signedup", user.id, &client.ip, json!({"provider": "anonymous"})))
        .await?;
    let (user, grant) = session::open(&mut tx, client, &user, "anonymous").await?;
    let answer = session::respond(state, &mut tx, &user, &grant.session, &grant.refresh_token).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// What a new unconfirmed account looks like, for an address or number that already has one: a
/// random id and no identities, so the answer reveals nothing.
fn fake_user(identity: &Identity, user_metadata: &Value) -> Value {
    let now = timestamp(chrono::Utc::now());
    let (email, phone, provider) = match identity {
        Identity::Email(email) => (email.as_str(), "", "email"),
        Identity::Phone(phone) => ("", phone.as_str(), "phone"),
    };
    json!({
        "id": uuid::Uuid::new_v4(),
        "aud": "authenticated",
        "role": "authenticated",
        "email": email,
        "phone": phone,
        "confirmation_sent_at": now,
        "app_metadata": {"provider": provider, "providers": [provider]},
        "user_metadata": user_metadata,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}

/// An account that exists but is not confirmed yet gets a new confirmation (used by `/otp`).
pub(super) async fn resend_confirmation(
    state: &AuthState,
    tx: &mut AuthTx,
    user: &User,
    options: &LinkOptions<'_>,
) -> Result<Option<i64>, AuthError> {
    let Some(email) = user.email.clone() else { return Ok(None) };
    let mail_id = links::mail_link(state, tx, user, Purpose::Confirmation, &email, options).await?;
    users::update(tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
    Ok(Some(mail_id))
}
