//! `/verify`: redeeming a mailed link. `POST` (auth-js `verifyOtp({type, token_hash})`)
//! answers a session; `GET` (the link itself) redirects to `redirect_to` with the session in
//! the URL fragment, or with the error there.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use super::client::Client;
use super::session::{self, parse_body, rate_limit};
use crate::auth::error::AuthError;
use crate::auth::mail::Notice;
use crate::auth::store::audit;
use crate::auth::store::one_time::{self, Purpose, Redeemed};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes};
use crate::auth::tokens;
use crate::state::AppState;

#[derive(Deserialize)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token_hash: Option<String>,
    token: Option<String>,
}

pub async fn verify_post(State(state): State<AppState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: VerifyBody = parse_body(&body)?;
    let kind = request.kind.ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let token = request
        .token_hash
        .or(request.token)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| AuthError::validation("Verify requires either a token or a token hash"))?;
    let (session, _) = redeem(&state, &client, &kind, &token).await?;
    Ok(Json(session))
}

pub async fn verify_get(State(state): State<AppState>, client: Client) -> Response {
    let target = state.auth.settings.redirect_target(client.param("redirect_to"));
    let (Some(kind), Some(token)) = (client.param("type"), client.param("token")) else {
        return redirect_with_error(target, &AuthError::validation("Verify requires a token and a type"));
    };
    match redeem(&state, &client, kind, token).await {
        Ok((session, verify_type)) => {
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
        Err(error) => redirect_with_error(target, &error),
    }
}

fn redirect_with_error(mut target: Url, error: &AuthError) -> Response {
    let fragment = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("error", if error.status().as_u16() == 429 { "too_many_requests" } else { "access_denied" })
        .append_pair("error_code", error.code())
        .append_pair(
            "error_description",
            if error.code() == "otp_expired" { "Email link is invalid or has expired" } else { error.message() },
        )
        .append_pair("sb", "")
        .finish();
    target.set_fragment(Some(&fragment));
    Redirect::to(target.as_str()).into_response()
}

/// The purposes a `type` may redeem.
fn purposes(kind: &str) -> Result<&'static [Purpose], AuthError> {
    Ok(match kind {
        "signup" => &[Purpose::Confirmation],
        "recovery" => &[Purpose::Recovery],
        "invite" => &[Purpose::Invite],
        "magiclink" => &[Purpose::MagicLink],
        "email_change" => &[Purpose::EmailChange],
        "email" => &[Purpose::Confirmation, Purpose::MagicLink, Purpose::Invite],
        other => return Err(AuthError::validation(format!("Verify requires a valid type, not {other:?}"))),
    })
}

/// Redeems the token and opens a session; the session object and the `type` for redirects.
async fn redeem(
    state: &AppState,
    client: &Client,
    kind: &str,
    token: &str,
) -> Result<(Value, &'static str), AuthError> {
    let purposes = purposes(kind)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("verify:{}", client.ip), state.auth.settings.request_limit, &state.auth.clock).await?;
    let Some(redeemed) = one_time::redeem(&mut tx, &tokens::token_hash(token), purposes).await? else {
        tx.commit().await?;
        return Err(AuthError::otp_expired());
    };
    let Some(user) = users::by_id(&mut tx, redeemed.user_id, true).await? else {
        tx.commit().await?;
        return Err(AuthError::otp_expired());
    };
    if user.is_banned(chrono::Utc::now()) {
        tx.commit().await?;
        return Err(AuthError::user_banned(http::StatusCode::FORBIDDEN));
    }
    let Redeemed { purpose, relates_to, .. } = redeemed;
    let mut changes = Changes { confirmed: Some(true), ..Default::default() };
    let old_email = user.email.clone().filter(|e| !e.is_empty());
    if purpose == Purpose::EmailChange {
        if user.email_change.as_deref() != Some(relates_to.as_str()) {
            tx.commit().await?;
            return Err(AuthError::otp_expired());
        }
        changes.email = Some(&relates_to);
        changes.email_change = Some(None);
    }
    let user = match users::update(&mut tx, user.id, &changes).await {
        Err(error) if error.is_unique_violation() => {
            tx.rollback().await;
            return Err(AuthError::email_exists());
        }
        other => other?,
    };
    let action = match purpose {
        Purpose::Recovery => "recovery_verified",
        Purpose::EmailChange => "email_changed",
        _ => "user_confirmed",
    };
    audit::record(
        &mut tx,
        audit::Entry { action, actor: Some(user.id), target: Some(user.id), ip: &client.ip, details: json!({}) },
    )
    .await?;
    let mut notice_id = None;
    if let (Purpose::EmailChange, Some(old_email)) = (purpose, old_email.as_deref())
        && state.auth.settings.notify_email_changed
        && old_email != relates_to
    {
        let notice = Notice::EmailChanged { new_email: &relates_to };
        let letter = notice.letter(&state.auth.settings.site_url);
        notice_id = Some(state.auth.mailer.enqueue_kind(&mut tx, old_email, notice.kind(), &letter).await?);
    }
    let method = match purpose {
        Purpose::Confirmation => "email/signup",
        other => other.as_str(),
    };
    let (user, grant) = session::open(&mut tx, client, &user, method).await?;
    tx.commit().await?;
    if let Some(id) = notice_id {
        state.auth.mailer.deliver(&state.connections, id);
    }
    let answer = session::answer(state, &user, &grant.session, &grant.refresh_token)?;
    Ok((answer, purpose.verify_type()))
}
