//! `/verify`: redeeming a mailed link or a code. `POST` (auth-js `verifyOtp`) takes a link's
//! `token_hash`, or a `token` (the code) with the `email` or `phone` it was sent to, and
//! answers a session; `GET` (the link itself) redirects to `redirect_to` with the session in the
//! URL fragment, or with `?code=` for a PKCE flow, or with the error.
//!
//! A wrong code counts against the code sent (OTP_MAX_ATTEMPTS spends it); every attempt counts
//! against the client address's limit. Unknown addresses and numbers get the same answer as
//! wrong codes.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use super::AuthState;
use super::checks::{normalise_email, normalise_phone, parse_body, rate_limit, with_current_providers};
use super::client::Client;
use super::links;
use super::session;
use crate::auth::error::AuthError;
use crate::auth::mail::Notice;
use crate::auth::store::audit;
use crate::auth::store::one_time::{self, Purpose, Redeemed};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes};
use crate::auth::templates::language_of;
use crate::auth::tokens;

#[derive(Deserialize)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token_hash: Option<String>,
    token: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    redirect_to: Option<String>,
}

/// What is presented: a link's token, or a code with where it was sent.
enum Presented {
    Link(String),
    EmailCode { email: String, code: String },
    PhoneCode { phone: String, code: String },
}

pub async fn verify_post(
    State(state): State<AuthState>,
    client: Client,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: VerifyBody = parse_body(&body)?;
    let kind = request
        .kind
        .filter(|k| !k.is_empty())
        .ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let token = request.token.filter(|t| !t.is_empty());
    let token_hash = request.token_hash.filter(|t| !t.is_empty());
    let email = request.email.filter(|e| !e.is_empty());
    let phone = request.phone.filter(|p| !p.is_empty());
    let presented = match (token, token_hash) {
        (None, Some(hash)) => {
            if email.is_some() || phone.is_some() || request.redirect_to.as_deref().is_some_and(|r| !r.is_empty()) {
                return Err(AuthError::validation("Only the token_hash and type should be provided"));
            }
            Presented::Link(hash)
        }
        (Some(code), None) => match (email, phone) {
            (None, Some(phone)) => Presented::PhoneCode {
                phone: normalise_phone(&phone, &state.auth.settings.signin.default_country_code)?,
                code,
            },
            (Some(email), None) => Presented::EmailCode {
                email: normalise_email(&email).map_err(|_| {
                    AuthError::new(http::StatusCode::UNPROCESSABLE_ENTITY, "validation_failed", "Invalid email format")
                })?,
                code,
            },
            _ => {
                return Err(AuthError::validation(
                    "Only an email address or phone number should be provided on verify",
                ));
            }
        },
        _ => return Err(AuthError::validation("Verify requires either a token or a token hash")),
    };
    let (session, _) = redeem::<AuthError>(&state, &client, &kind, presented, false).await?;
    Ok(Json(session.unwrap_or_else(|| json!({}))))
}

pub async fn verify_get(State(state): State<AuthState>, client: Client) -> Response {
    let target = state.auth.settings.redirect_target(client.param("redirect_to"));
    let (Some(kind), Some(token)) = (client.param("type"), client.param("token").filter(|t| !t.is_empty())) else {
        return redirect_with_error(target, &AuthError::validation("Verify requires a token or a token hash"), false);
    };
    match redeem::<(AuthError, bool)>(&state, &client, kind, Presented::Link(token.to_owned()), true).await {
        Ok((_, Outcome::Code(code))) => {
            let mut url = target;
            url.query_pairs_mut().append_pair("code", &code);
            Redirect::to(url.as_str()).into_response()
        }
        Ok((Some(session), Outcome::Session(verify_type))) => {
            let mut fragment = url::form_urlencoded::Serializer::new(String::new());
            for key in ["access_token", "expires_at", "expires_in", "refresh_token", "token_type"] {
                let value = match &session[key] {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                fragment.append_pair(key, &value);
            }
            fragment.append_pair("type", verify_type).append_pair("sb", "");
            let mut url = target;
            url.set_fragment(Some(&fragment.finish()));
            Redirect::to(url.as_str()).into_response()
        }
        Ok((None, _)) => Redirect::to(target.as_str()).into_response(),
        Err((error, pkce)) => redirect_with_error(target, &error, pkce),
    }
}

fn redirect_with_error(mut target: Url, error: &AuthError, pkce: bool) -> Response {
    let name = match error.status().as_u16() {
        400 => Some("invalid_request"),
        401 => Some("unauthorized_client"),
        403 => Some("access_denied"),
        500 => Some("server_error"),
        503 => Some("temporarily_unavailable"),
        _ => None,
    };
    if pkce {
        let mut query = target.query_pairs_mut();
        if let Some(name) = name {
            query.append_pair("error", name);
        }
        query.append_pair("error_code", error.code()).append_pair("error_description", error.message());
    }
    let mut fragment = url::form_urlencoded::Serializer::new(String::new());
    if let Some(name) = name {
        fragment.append_pair("error", name);
    }
    fragment
        .append_pair("error_code", error.code())
        .append_pair("error_description", error.message())
        .append_pair("sb", "");
    target.set_fragment(Some(&fragment.finish()));
    Redirect::to(target.as_str()).into_response()
}

/// The purposes a `type` may redeem.
fn purposes(kind: &str) -> Result<&'static [Purpose], AuthError> {
    Ok(match kind {
        "signup" | "invite" => &[Purpose::Confirmation, Purpose::Invite],
        "recovery" | "magiclink" => &[Purpose::Recovery, Purpose::MagicLink],
        "email" => &[Purpose::Confirmation, Purpose::MagicLink, Purpose::Invite, Purpose::Recovery],
        "email_change" => &[Purpose::EmailChange],
        "sms" => &[Purpose::PhoneConfirmation],
        "phone_change" => &[Purpose::PhoneChange],
        _ => return Err(AuthError::validation("Unsupported verification type")),
    })
}

/// What a verified link leads to.
enum Outcome {
    /// A session, and the `type` to tell the client.
    Session(&'static str),
    /// A PKCE flow's auth code.
    Code(String),
}

/// A code presented for an account (`None`: no such account, so nothing is redeemed).
async fn redeem_code_of(
    tx: &mut AuthTx,
    user: Option<uuid::Uuid>,
    purposes: &[Purpose],
    code: &str,
    max_attempts: u32,
) -> Result<Option<Redeemed>, AuthError> {
    let Some(user) = user else { return Ok(None) };
    one_time::redeem_code(tx, user, purposes, code, max_attempts).await.map_err(AuthError::from)
}

/// Redeems what was presented and opens a session (or, for a PKCE link followed in a browser,
/// hands out the flow's auth code). The error says whether it belongs to a PKCE flow.
async fn redeem<E: From<AuthError> + WithPkce>(
    state: &AuthState,
    client: &Client,
    kind: &str,
    presented: Presented,
    link_in_browser: bool,
) -> Result<(Option<Value>, Outcome), E> {
    let purposes = purposes(kind)?;
    let settings = &state.auth.settings;
    let mut tx = AuthTx::begin(&state.connections).await.map_err(AuthError::from)?;
    if let Err(error) = rate_limit(&mut tx, &format!("verify:{}", client.ip), settings.request_limit).await {
        tx.commit().await.map_err(AuthError::from)?;
        return Err(error.into());
    }
    let max_attempts = settings.signin.otp_max_attempts;
    let redeemed = match &presented {
        Presented::Link(token) => {
            one_time::redeem(&mut tx, &tokens::token_hash(token), purposes).await.map_err(AuthError::from)?
        }
        Presented::EmailCode { email, code } => {
            let user = if kind == "email_change" {
                users::by_email_or_change(&mut tx, email).await
            } else {
                users::by_email(&mut tx, email).await
            }
            .map_err(AuthError::from)?;
            redeem_code_of(&mut tx, user.map(|u| u.id), purposes, code, max_attempts).await?
        }
        Presented::PhoneCode { phone, code } => {
            let user = if kind == "phone_change" {
                users::by_phone_change(&mut tx, phone).await
            } else {
                users::by_phone(&mut tx, phone).await
            }
            .map_err(AuthError::from)?;
            redeem_code_of(&mut tx, user.map(|u| u.id), purposes, code, max_attempts).await?
        }
    };
    let invalid = || match presented {
        Presented::Link(_) => AuthError::link_invalid(),
        _ => AuthError::otp_invalid(),
    };
    let Some(redeemed) = redeemed else {
        tx.commit().await.map_err(AuthError::from)?;
        return Err(invalid().into());
    };
    let pkce = redeemed.flow_state_id.is_some();
    match apply(state, client, &mut tx, redeemed, link_in_browser).await {
        Ok(done) => {
            tx.commit().await.map_err(AuthError::from)?;
            if let Some(id) = done.notice {
                state.auth.mailer.deliver(&state.connections, id);
            }
            Ok((done.session, done.outcome))
        }
        Err(error) => {
            tx.rollback().await;
            Err(E::with_pkce(error, pkce))
        }
    }
}

/// Errors that can say whether they ended a PKCE flow (the browser's link shows them in the query).
trait WithPkce: Sized {
    fn with_pkce(error: AuthError, pkce: bool) -> Self;
}

impl WithPkce for AuthError {
    fn with_pkce(error: AuthError, _pkce: bool) -> Self {
        error
    }
}

impl WithPkce for (AuthError, bool) {
    fn with_pkce(error: AuthError, pkce: bool) -> Self {
        (error, pkce)
    }
}

impl From<AuthError> for (AuthError, bool) {
    fn from(error: AuthError) -> Self {
        (error, false)
    }
}

struct Applied {
    session: Option<Value>,
    outcome: Outcome,
    notice: Option<i64>,
}

async fn apply(
    state: &AuthState,
    client: &Client,
    tx: &mut AuthTx,
    redeemed: Redeemed,
    link_in_browser: bool,
) -> Result<Applied, AuthError> {
    let Some(user) = users::by_id(tx, redeemed.user_id, true).await? else { return Err(AuthError::otp_invalid()) };
    if user.is_banned(chrono::Utc::now()) {
        return Err(AuthError::user_banned(http::StatusCode::FORBIDDEN));
    }
    let Redeemed { purpose, relates_to, flow_state_id, .. } = redeemed;
    let mut changes = Changes::default();
    let old_email = user.email.clone().filter(|e| !e.is_empty());
    match purpose {
        Purpose::EmailChange => {
            if user.email_change.as_deref() != Some(relates_to.as_str()) {
                return Err(AuthError::otp_invalid());
            }
            changes.email = Some(&relates_to);
            changes.email_change = Some(None);
            changes.confirmed = Some(true);
            changes.is_anonymous = Some(false);
        }
        Purpose::PhoneChange => {
            if user.phone_change.as_deref() != Some(relates_to.as_str()) {
                return Err(AuthError::otp_invalid());
            }
            changes.phone = Some(&relates_to);
            changes.phone_change = Some(None);
            changes.phone_confirmed = Some(true);
            changes.is_anonymous = Some(false);
        }
        Purpose::PhoneConfirmation => {
            changes.phone_confirmed = Some(true);
            changes.is_anonymous = Some(false);
        }
        _ => changes.confirmed = Some(true),
    }
    let user = match users::update(tx, user.id, &changes).await {
        Err(error) if error.is_unique_violation() => {
            return Err(if purpose == Purpose::PhoneChange {
                AuthError::phone_exists()
            } else {
                AuthError::email_exists()
            });
        }
        other => other?,
    };
    let user = match with_current_providers(&user) {
        Some(app) => users::update(tx, user.id, &Changes { app_metadata: Some(&app), ..Default::default() }).await?,
        None => user,
    };
    let action = match purpose {
        Purpose::Recovery => "recovery_verified",
        Purpose::EmailChange => "email_changed",
        Purpose::PhoneChange => "phone_changed",
        _ => "user_confirmed",
    };
    audit::record(tx, audit::Entry::own(action, user.id, &client.ip, json!({}))).await?;
    let mut notice = None;
    if let (Purpose::EmailChange, Some(old_email)) = (purpose, old_email.as_deref())
        && state.auth.settings.notify_email_changed
        && old_email != relates_to
    {
        let letter = Notice::EmailChanged { new_email: &relates_to }.letter(
            &state.auth.settings,
            &state.auth.templates,
            language_of(&user.user_metadata).as_deref(),
        );
        notice = Some(state.auth.mailer.enqueue(tx, old_email, "email_changed_notification", &letter).await?);
    }
    if link_in_browser && let Some(flow) = flow_state_id {
        let code = links::auth_code(tx, flow).await?.ok_or_else(AuthError::flow_state_not_found)?;
        return Ok(Applied { session: None, outcome: Outcome::Code(code), notice });
    }
    let method = match purpose {
        Purpose::Confirmation => "email/signup",
        Purpose::PhoneConfirmation | Purpose::PhoneChange => "otp",
        other => other.as_str(),
    };
    let (user, grant) = session::open(tx, client, &user, method).await?;
    let answer = session::respond(state, tx, &user, &grant.session, &grant.refresh_token).await?;
    Ok(Applied { session: Some(answer), outcome: Outcome::Session(purpose.verify_type()), notice })
}
