//! Issuing one-time tokens: a mailed link with its code (the link token and the code redeem the
//! same row; only their hashes are stored), or a code by SMS. One live token per user and
//! purpose. The words are the app's templates ([`crate::auth::templates`]).

use std::time::Duration;

use serde_json::Value;
use url::Url;
use uuid::Uuid;

use super::AuthState;
use super::checks::Pkce;
use crate::auth::error::AuthError;
use crate::auth::mail;
use crate::auth::sms::{SmsError, Text};
use crate::auth::store::one_time::{self, Issue, Purpose};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::{flows, limits};
use crate::auth::templates::language_of;
use crate::auth::tokens;
use crate::auth::user::User;

/// A token issued for a link: what `generate_link` answers, and what a mail carries.
pub struct Issued {
    /// The link token (`hashed_token` in GoTrue's answer: what the link carries).
    pub token: String,
    /// The short code sent with it (`email_otp`).
    pub code: String,
    pub link: Url,
    pub redirect_to: Url,
}

/// Where a link should land, and the PKCE flow it belongs to.
#[derive(Default)]
pub struct LinkOptions<'a> {
    pub redirect_to: Option<&'a str>,
    pub pkce: Option<&'a Pkce>,
}

/// Issues a link token and code for `purpose`, sent to `recipient` (not mailed).
pub async fn issue(
    state: &AuthState,
    tx: &mut AuthTx,
    user: &User,
    purpose: Purpose,
    recipient: &str,
    options: &LinkOptions<'_>,
) -> Result<Issued, AuthError> {
    let settings = &state.auth.settings;
    let flow_state_id = match options.pkce {
        Some(pkce) => Some(flows::create(tx, user.id, purpose.verify_type(), &pkce.challenge, &pkce.method).await?),
        None => None,
    };
    let token = tokens::random_token();
    let code = one_time::new_code(settings.signin.mailer_otp_length);
    let code_hash = one_time::code_hash(user.id, &code);
    let token_hash = tokens::token_hash(&token);
    one_time::issue(
        tx,
        &Issue {
            user_id: user.id,
            purpose,
            token_hash: &token_hash,
            code_hash: Some(&code_hash),
            relates_to: recipient,
            lifetime: settings.otp_expiry,
            flow_state_id,
        },
    )
    .await?;
    let redirect_to = settings.redirect_target(options.redirect_to);
    let link = mail::link(settings, &token, purpose.verify_type(), &redirect_to);
    Ok(Issued { token, code, link, redirect_to })
}

/// Issues a link and code for `purpose` and mails them to `recipient`; the mail's id, for
/// [`crate::auth::mail::Mailer::deliver`] once committed.
pub async fn mail_link(
    state: &AuthState,
    tx: &mut AuthTx,
    user: &User,
    purpose: Purpose,
    recipient: &str,
    options: &LinkOptions<'_>,
) -> Result<i64, AuthError> {
    let issued = issue(state, tx, user, purpose, recipient, options).await?;
    let settings = &state.auth.settings;
    let mut vars = mail::base_vars(settings);
    vars.insert("ConfirmationURL", issued.link.to_string());
    vars.insert("Token", issued.code.clone());
    vars.insert("TokenHash", issued.token.clone());
    vars.insert("Email", user.email_or_empty().to_owned());
    vars.insert("NewEmail", recipient.to_owned());
    vars.insert("RedirectTo", issued.redirect_to.to_string());
    vars.insert("Minutes", (settings.otp_expiry.as_secs() / 60).to_string());
    let letter = state.auth.templates.mail(purpose.template(), language_of(&user.user_metadata).as_deref(), &vars);
    Ok(state.auth.mailer.enqueue(tx, recipient, purpose.as_str(), &letter).await?)
}

/// One mail per address per MAILER_SEND_INTERVAL (and kind), whether or not it has an account.
pub async fn mail_interval(state: &AuthState, tx: &mut AuthTx, kind: &str, address: &str) -> Result<(), AuthError> {
    let bucket = format!("mail:{kind}:{}", tokens::token_hash(&address.to_lowercase()));
    limits::hit(tx, &bucket, 1, state.auth.settings.mail_interval).await?.map_err(AuthError::over_email_send_rate_limit)
}

/// One text per number per SMS_SEND_INTERVAL, whether or not it has an account.
pub async fn sms_interval(state: &AuthState, tx: &mut AuthTx, phone: &str) -> Result<(), AuthError> {
    let bucket = format!("sms:{}", tokens::token_hash(phone));
    limits::hit(tx, &bucket, 1, state.auth.settings.signin.sms_interval)
        .await?
        .map_err(AuthError::over_sms_send_rate_limit)
}

/// Issues a code for `purpose` and texts it to `phone` (no text to a test number of
/// SMS_TEST_OTP, whose fixed code is stored instead); the outbox id as GoTrue's `message_id`.
pub async fn text_code(
    state: &AuthState,
    tx: &mut AuthTx,
    user: &User,
    purpose: Purpose,
    phone: &str,
) -> Result<Option<String>, AuthError> {
    let signin = &state.auth.settings.signin;
    let test_code = signin.sms_test_otp.get(phone).cloned();
    let code = test_code.clone().unwrap_or_else(|| one_time::new_code(signin.sms_otp_length));
    let code_hash = one_time::code_hash(user.id, &code);
    let token_hash = tokens::token_hash(&tokens::random_token());
    one_time::issue(
        tx,
        &Issue {
            user_id: user.id,
            purpose,
            token_hash: &token_hash,
            code_hash: Some(&code_hash),
            relates_to: phone,
            lifetime: signin.sms_otp_expiry,
            flow_state_id: None,
        },
    )
    .await?;
    if test_code.is_some() {
        return Ok(None);
    }
    let mut vars = mail::base_vars(&state.auth.settings);
    vars.insert("Code", code.clone());
    let message = state.auth.templates.sms("otp", language_of(&user.user_metadata).as_deref(), &vars);
    let sms_type = match purpose {
        Purpose::PhoneChange => "phone_change",
        _ if user.phone_confirmed_at.is_none() => "signup",
        _ => "sms",
    };
    let user_json: Value = user.to_json();
    let text = Text { phone, otp: &code, sms_type, message: &message, user: &user_json };
    match state.auth.sms.send(tx, &text).await {
        Ok(id) => Ok(Some(id.to_string())),
        Err(SmsError::Db(error)) => Err(error.into()),
        Err(SmsError::NoProvider) => Err(AuthError::phone_disabled()),
        Err(SmsError::Hook(error)) => {
            tracing::warn!(%error, "a text could not be sent");
            Err(AuthError::sms_send_failed())
        }
    }
}

/// The id a PKCE flow's auth code is handed out under.
pub async fn auth_code(tx: &mut AuthTx, flow: Uuid) -> Result<Option<String>, AuthError> {
    let code = Uuid::new_v4().to_string();
    Ok(flows::issue_code(tx, flow, &tokens::token_hash(&code)).await?.then_some(code))
}

/// How long an auth code may wait for its exchange (GoTrue's flow-state expiry).
pub const AUTH_CODE_LIFETIME: Duration = Duration::from_secs(300);
