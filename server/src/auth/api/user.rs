//! `GET /user` and `PUT /user`: the signed-in user (with their second factors), and the changes
//! a user may make to their own account (password, e-mail address, phone number, their own
//! metadata; never `app_metadata`). An anonymous account becomes permanent once it has a
//! confirmed address or number.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::AuthState;
use super::checks::{metadata, normalise_email, normalise_phone, parse_body, pkce, with_current_providers};
use super::client::{Client, UserClaims};
use super::links::{self, LinkOptions, mail_link};
use super::reauthenticate::{self, Proof};
use crate::auth::error::AuthError;
use crate::auth::mail::Notice;
use crate::auth::store::one_time::{self, Purpose};
use crate::auth::store::sessions::{self, Scope};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes};
use crate::auth::store::{audit, factors};
use crate::auth::templates::language_of;
use crate::auth::user::{User, merge_metadata};

pub async fn get_user(State(state): State<AuthState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let claims = client.user_claims(&state)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, false).await?;
    let factors = factors::json_of_user(&mut tx, user.id).await?;
    tx.commit().await?;
    Ok(Json(user.to_json_with_factors(&factors)))
}

/// `GET /user/identities/authorize` and `DELETE /user/identities/{id}` (auth-js `linkIdentity`,
/// `unlinkIdentity`): manual linking is not offered, GoTrue's answer when it is disabled.
pub async fn identities(State(state): State<AuthState>, client: Client) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    client.user_claims(&state)?;
    Err(AuthError::new(http::StatusCode::NOT_FOUND, "manual_linking_disabled", "Manual linking is disabled"))
}

/// The user of `claims`, provided the token's session still exists.
pub async fn signed_in_user(tx: &mut AuthTx, claims: &UserClaims, lock: bool) -> Result<User, AuthError> {
    let user = users::by_id(tx, claims.user_id, lock).await?.ok_or_else(AuthError::token_user_missing)?;
    if let Some(session_id) = claims.session_id {
        match sessions::find(tx, session_id).await? {
            Some(session) if session.user_id == user.id => {}
            _ => return Err(AuthError::session_not_found()),
        }
    }
    Ok(user)
}

#[derive(Deserialize)]
struct UserUpdate {
    email: Option<String>,
    password: Option<String>,
    data: Option<Value>,
    app_metadata: Option<Value>,
    phone: Option<String>,
    /// The current password: proof for a password or e-mail change.
    current_password: Option<String>,
    /// A code from `GET /reauthenticate`: the other proof.
    nonce: Option<String>,
    channel: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn update_user(
    State(state): State<AuthState>,
    client: Client,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let claims = client.user_claims(&state)?;
    let request: UserUpdate = parse_body(&body)?;
    if request.app_metadata.is_some() {
        return Err(AuthError::not_admin());
    }
    let signin = &state.auth.settings.signin;
    let phone = match request.phone.as_deref().filter(|p| !p.is_empty()) {
        Some(phone) => {
            if !signin.phone_enabled {
                return Err(AuthError::phone_disabled());
            }
            super::signup::check_channel(request.channel.as_deref())?;
            Some(normalise_phone(phone, &signin.default_country_code)?)
        }
        None => None,
    };
    let pkce = pkce(request.code_challenge.as_deref(), request.code_challenge_method.as_deref())?;
    let data = match request.data {
        Some(data) => Some(metadata(Some(data), "data")?),
        None => None,
    };
    let email = request.email.as_deref().map(normalise_email).transpose()?;
    if let Some(password) = &request.password {
        state.auth.passwords.check(password)?;
    }
    let new_password = request.password;

    // Read the current hash first, and decide what proof the change needs: hashing happens
    // outside any transaction.
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, false).await?;
    if new_password.is_some() && user.is_anonymous && user.email.is_none() && user.phone.is_none() {
        tx.commit().await?;
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            "Updating password of an anonymous user without an email or phone is not allowed",
        ));
    }
    let changes_email = email.as_deref().is_some_and(|email| Some(email) != user.email.as_deref());
    // An anonymous account has nothing to prove with: it gains its first address or password.
    let proof = if (new_password.is_some() || changes_email) && !user.is_anonymous {
        match reauthenticate::demand(&mut tx, &state.auth.settings, &claims, request.current_password, request.nonce)
            .await
        {
            Ok(proof) => proof,
            Err(error) => {
                tx.commit().await?;
                return Err(error);
            }
        }
    } else {
        Proof::Exempt
    };
    tx.commit().await?;
    if let Proof::CurrentPassword(current) = &proof
        && !state.auth.passwords.verify(current.clone(), user.password_hash.clone()).await
    {
        return Err(AuthError::current_password_invalid());
    }
    let new_hash = match new_password {
        Some(password) => {
            if state.auth.passwords.verify(password.clone(), user.password_hash.clone()).await {
                return Err(AuthError::same_password());
            }
            Some(state.auth.passwords.hash(password).await.map_err(AuthError::internal)?)
        }
        None => None,
    };

    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, true).await?;
    if let Proof::Nonce(nonce) = &proof
        && !one_time::redeem_nonce(&mut tx, user.id, nonce).await?
    {
        tx.rollback().await;
        return Err(AuthError::reauthentication_not_valid());
    }
    let merged = data.map(|changes| merge_metadata(&user.user_metadata, &changes));
    let mut changes =
        Changes { password_hash: new_hash.as_deref(), user_metadata: merged.as_ref(), ..Default::default() };
    let mut mail_ids = Vec::new();
    let mut email_changed_now = false;
    let new_email = email.filter(|email| Some(email.as_str()) != user.email.as_deref());
    if let Some(new_email) = &new_email {
        if users::by_email(&mut tx, new_email).await?.is_some() {
            tx.rollback().await;
            return Err(AuthError::email_exists());
        }
        if state.auth.settings.autoconfirm {
            changes.email = Some(new_email);
            changes.confirmed = Some(true);
            changes.is_anonymous = Some(false);
            email_changed_now = true;
        } else {
            let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce: pkce.as_ref() };
            mail_ids.push(mail_link(&state, &mut tx, &user, Purpose::EmailChange, new_email, &options).await?);
            changes.email_change = Some(Some(new_email));
            changes.email_change_sent = true;
        }
    }
    let new_phone = phone.filter(|phone| Some(phone.as_str()) != user.phone.as_deref());
    if let Some(new_phone) = &new_phone {
        if users::by_phone(&mut tx, new_phone).await?.is_some() {
            tx.rollback().await;
            return Err(AuthError::phone_exists());
        }
        if signin.sms_autoconfirm {
            changes.phone = Some(new_phone);
            changes.phone_confirmed = Some(true);
            changes.is_anonymous = Some(false);
        } else {
            if let Err(error) = links::sms_interval(&state, &mut tx, new_phone).await {
                tx.commit().await?;
                return Err(error);
            }
            if let Err(error) = links::text_code(&state, &mut tx, &user, Purpose::PhoneChange, new_phone).await {
                tx.rollback().await;
                return Err(error);
            }
            changes.phone_change = Some(Some(new_phone));
            changes.phone_change_sent = true;
        }
    }
    let updated = match users::update(&mut tx, user.id, &changes).await {
        Err(error) if error.is_unique_violation() => {
            tx.rollback().await;
            return Err(AuthError::email_exists());
        }
        other => other?,
    };
    let updated = match with_current_providers(&updated) {
        Some(app) => {
            users::update(&mut tx, user.id, &Changes { app_metadata: Some(&app), ..Default::default() }).await?
        }
        None => updated,
    };
    if new_hash.is_some() {
        // A new password ends every other session and every pending recovery link.
        sessions::end(&mut tx, user.id, claims.session_id, Scope::Others).await?;
        one_time::discard(&mut tx, user.id, Purpose::Recovery).await?;
    }
    let settings = &state.auth.settings;
    // The owner hears of the change at the address they had.
    if let Some(old_email) = user.email.as_deref().filter(|e| !e.is_empty()) {
        let mut notices = Vec::new();
        if new_hash.is_some() && settings.notify_password_changed {
            notices.push(Notice::PasswordChanged);
        }
        if let (true, Some(new_email)) = (email_changed_now && settings.notify_email_changed, new_email.as_deref()) {
            notices.push(Notice::EmailChanged { new_email });
        }
        let language = language_of(&user.user_metadata);
        for notice in notices {
            let letter = notice.letter(settings, &state.auth.templates, language.as_deref());
            mail_ids.push(state.auth.mailer.enqueue(&mut tx, old_email, notice.kind(), &letter).await?);
        }
    }
    let action = if new_hash.is_some() { "password_changed" } else { "user_updated" };
    let fields: Vec<&str> = [
        (new_hash.is_some(), "password"),
        (new_email.is_some(), "email"),
        (new_phone.is_some(), "phone"),
        (merged.is_some(), "user_metadata"),
    ]
    .into_iter()
    .filter_map(|(changed, name)| changed.then_some(name))
    .collect();
    audit::record(&mut tx, audit::Entry::own(action, user.id, &client.ip, json!({"fields": fields}))).await?;
    let factors = factors::json_of_user(&mut tx, user.id).await?;
    tx.commit().await?;
    for id in mail_ids {
        state.auth.mailer.deliver(&state.connections, id);
    }
    Ok(Json(updated.to_json_with_factors(&factors)))
}
