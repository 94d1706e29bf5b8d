//! `POST /resend`: a new confirmation (`signup`), e-mail change (`email_change`) or SMS code
//! (`sms`, `phone_change`). The answer is `{}` whether or not anything was sent (GoTrue's
//! behaviour: nothing tells whether the address has an account), and the mail or SMS interval
//! applies to the address either way.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::AuthState;
use super::checks::{normalise_email, normalise_phone, parse_body, pkce, rate_limit};
use super::client::Client;
use super::links::{self, LinkOptions};
use crate::auth::error::AuthError;
use crate::auth::settings::Limit;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes};

#[derive(Deserialize)]
struct Resend {
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn resend(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: Resend = parse_body(&body)?;
    let signin = &state.auth.settings.signin;
    let kind = request.kind.unwrap_or_default();
    let pkce = match kind.as_str() {
        "signup" | "email_change" => pkce(request.code_challenge.as_deref(), request.code_challenge_method.as_deref())?,
        "sms" | "phone_change" => None,
        _ => return Err(AuthError::validation("Missing one of these types: signup, email_change, sms, phone_change")),
    };
    let email = request.email.filter(|e| !e.is_empty());
    let phone = request.phone.filter(|p| !p.is_empty());
    if email.is_none() && kind == "signup" {
        return Err(AuthError::validation("Type provided requires an email address"));
    }
    if phone.is_none() && kind == "sms" {
        return Err(AuthError::validation("Type provided requires a phone number"));
    }
    let limit = Limit { hits: signin.otp_request_limit, window: state.auth.settings.request_limit.window };
    let mut tx = AuthTx::begin(&state.connections).await?;
    let outcome = match (email, phone) {
        (Some(_), Some(_)) => Err(AuthError::validation("Only an email address or phone number should be provided.")),
        (Some(email), None) => {
            if !signin.email_enabled {
                return Err(AuthError::new(
                    http::StatusCode::BAD_REQUEST,
                    "email_provider_disabled",
                    "Email logins are disabled",
                ));
            }
            let email = normalise_email(&email)?;
            rate_limit(&mut tx, &format!("otp:{}", client.ip), limit).await?;
            by_email(&state, &mut tx, &client, &kind, &email, pkce.as_ref()).await.map(|id| (id, None))
        }
        (None, Some(phone)) => {
            if !signin.phone_enabled {
                return Err(AuthError::phone_disabled());
            }
            let phone = normalise_phone(&phone, &signin.default_country_code)?;
            rate_limit(&mut tx, &format!("otp:{}", client.ip), limit).await?;
            by_phone(&state, &mut tx, &kind, &phone).await.map(|message| (None, message))
        }
        (None, None) => Err(AuthError::validation("Missing email address or phone number")),
    };
    match outcome {
        Ok((mail_id, message_id)) => {
            tx.commit().await?;
            if let Some(id) = mail_id {
                state.auth.mailer.deliver(&state.connections, id);
            }
            Ok(Json(match message_id {
                Some(id) => json!({"message_id": id}),
                None => json!({}),
            }))
        }
        Err(error) if error.status() == http::StatusCode::TOO_MANY_REQUESTS => {
            tx.commit().await?;
            Err(error)
        }
        Err(error) => {
            tx.rollback().await;
            Err(error)
        }
    }
}

async fn by_email(
    state: &AuthState,
    tx: &mut AuthTx,
    client: &Client,
    kind: &str,
    email: &str,
    pkce: Option<&super::checks::Pkce>,
) -> Result<Option<i64>, AuthError> {
    links::mail_interval(state, tx, kind, email).await?;
    let Some(user) = users::by_email(tx, email).await? else { return Ok(None) };
    let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce };
    match kind {
        "signup" if user.email_confirmed_at.is_none() => {
            let id = links::mail_link(state, tx, &user, Purpose::Confirmation, email, &options).await?;
            users::update(tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
            Ok(Some(id))
        }
        "email_change" => match user.email_change.clone() {
            Some(new_email) => {
                let id = links::mail_link(state, tx, &user, Purpose::EmailChange, &new_email, &options).await?;
                users::update(tx, user.id, &Changes { email_change_sent: true, ..Default::default() }).await?;
                Ok(Some(id))
            }
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

async fn by_phone(state: &AuthState, tx: &mut AuthTx, kind: &str, phone: &str) -> Result<Option<String>, AuthError> {
    links::sms_interval(state, tx, phone).await?;
    let user = match kind {
        "phone_change" => users::by_phone_change(tx, phone).await?,
        _ => users::by_phone(tx, phone).await?,
    };
    let Some(user) = user else { return Ok(None) };
    match kind {
        "sms" if user.phone_confirmed_at.is_none() => {
            links::text_code(state, tx, &user, Purpose::PhoneConfirmation, phone).await
        }
        "phone_change" if user.phone_change.is_some() => {
            links::text_code(state, tx, &user, Purpose::PhoneChange, phone).await
        }
        _ => Ok(None),
    }
}
