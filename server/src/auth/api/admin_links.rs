//! `POST /invite` (`admin.inviteUserByEmail`) and `POST /admin/generate_link`
//! (`admin.generateLink`): invitations and links made by an administrator (the service role,
//! or a user admitted by the app's `auth.can_manage_users()`).
//!
//! An invitation creates the account (or reuses one not yet confirmed: a second invitation is
//! a resend) and mails a link that signs the person in, so they can set their own password
//! (`updateUser({ password })` needs no other proof in that session). `generate_link` issues
//! the same links without mailing them: `signup`, `invite`, `magiclink` (a new address signs
//! up), `recovery`, `email_change_current` and `email_change_new`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::AuthState;
use super::admin::{authorize, record};
use super::checks::{email_app_metadata, metadata, normalise_email, parse_body};
use super::client::Client;
use super::links::{self, LinkOptions};
use crate::auth::error::AuthError;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::user::User;

#[derive(Deserialize)]
struct Invite {
    email: Option<String>,
    data: Option<Value>,
}

pub async fn invite(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let request: Invite = parse_body(&body)?;
    let email = normalise_email(request.email.as_deref().unwrap_or_default())?;
    let data = metadata(request.data, "data")?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = invited_user(&mut tx, &email, data).await?;
    let options = LinkOptions { redirect_to: client.param("redirect_to"), pkce: None };
    let mail_id = links::mail_link(&state, &mut tx, &user, Purpose::Invite, &email, &options).await?;
    let user =
        users::update(&mut tx, user.id, &Changes { invited: true, confirmation_sent: true, ..Default::default() })
            .await?;
    record(&mut tx, "user_invited", actor.id(), user.id, &client, json!({"email": email})).await?;
    tx.commit().await?;
    state.auth.mailer.deliver(&state.connections, mail_id);
    Ok(Json(user.to_json()))
}

/// The account an invitation goes to: a new one, or one not yet confirmed (a resend). A
/// confirmed account cannot be invited again (`email_exists`).
async fn invited_user(tx: &mut AuthTx, email: &str, data: Map<String, Value>) -> Result<User, AuthError> {
    if let Some(user) = users::by_email(tx, email).await? {
        if user.email_confirmed_at.is_some() {
            return Err(AuthError::email_exists());
        }
        return Ok(user);
    }
    let app_metadata = email_app_metadata(Map::new());
    let user_metadata = Value::Object(data);
    let new_user = NewUser {
        email: Some(email),
        app_metadata: Some(&app_metadata),
        user_metadata: Some(&user_metadata),
        invited: true,
        ..NewUser::default()
    };
    users::insert(tx, &new_user).await?.ok_or_else(AuthError::email_exists)
}

#[derive(Deserialize)]
struct GenerateLink {
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    password: Option<String>,
    new_email: Option<String>,
    data: Option<Value>,
    redirect_to: Option<String>,
}

pub async fn generate_link(
    State(state): State<AuthState>,
    client: Client,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let request: GenerateLink = parse_body(&body)?;
    let email = normalise_email(request.email.as_deref().unwrap_or_default())?;
    let mut kind = request.kind.unwrap_or_default();
    let data = metadata(request.data, "data")?;
    let redirect_to = request.redirect_to.clone().or_else(|| client.param("redirect_to").map(str::to_owned));
    let hash = match (&kind[..], request.password) {
        ("signup", Some(password)) => {
            state.auth.passwords.check(&password)?;
            Some(state.auth.passwords.hash(password).await.map_err(AuthError::internal)?)
        }
        _ => None,
    };
    let mut tx = AuthTx::begin(&state.connections).await?;
    let existing = users::by_email(&mut tx, &email).await?;
    if existing.is_none() {
        match kind.as_str() {
            "magiclink" => kind = "signup".into(),
            "recovery" | "email_change_current" | "email_change_new" => {
                tx.rollback().await;
                return Err(AuthError::new(
                    http::StatusCode::NOT_FOUND,
                    "user_not_found",
                    "User with this email not found",
                ));
            }
            _ => {}
        }
    }
    let (user, purpose, recipient) = match kind.as_str() {
        "signup" => {
            let user = match existing {
                Some(user) if user.email_confirmed_at.is_some() => {
                    tx.rollback().await;
                    return Err(AuthError::email_exists());
                }
                Some(user) => {
                    let merged = crate::auth::user::merge_metadata(&user.user_metadata, &data);
                    users::update(&mut tx, user.id, &Changes { user_metadata: Some(&merged), ..Default::default() })
                        .await?
                }
                None => {
                    let app_metadata = email_app_metadata(Map::new());
                    let user_metadata = Value::Object(data);
                    let new_user = NewUser {
                        email: Some(&email),
                        password_hash: hash.as_deref(),
                        app_metadata: Some(&app_metadata),
                        user_metadata: Some(&user_metadata),
                        ..NewUser::default()
                    };
                    users::insert(&mut tx, &new_user).await?.ok_or_else(AuthError::email_exists)?
                }
            };
            let user =
                users::update(&mut tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
            (user, Purpose::Confirmation, email.clone())
        }
        "invite" => {
            let user = invited_user(&mut tx, &email, data).await?;
            let user = users::update(
                &mut tx,
                user.id,
                &Changes { invited: true, confirmation_sent: true, ..Default::default() },
            )
            .await?;
            (user, Purpose::Invite, email.clone())
        }
        "magiclink" | "recovery" => {
            let Some(user) = existing else { unreachable!("a missing account was handled above") };
            let user = users::update(&mut tx, user.id, &Changes { recovery_sent: true, ..Default::default() }).await?;
            let purpose = if kind == "magiclink" { Purpose::MagicLink } else { Purpose::Recovery };
            (user, purpose, email.clone())
        }
        "email_change_current" | "email_change_new" => {
            let Some(user) = existing else { unreachable!("a missing account was handled above") };
            let new_email = normalise_email(request.new_email.as_deref().unwrap_or_default())?;
            if users::by_email(&mut tx, &new_email).await?.is_some() {
                tx.rollback().await;
                return Err(AuthError::email_exists());
            }
            let changes =
                Changes { email_change: Some(Some(&new_email)), email_change_sent: true, ..Default::default() };
            let user = users::update(&mut tx, user.id, &changes).await?;
            (user, Purpose::EmailChange, new_email)
        }
        other => {
            tx.rollback().await;
            return Err(AuthError::validation(format!("Invalid email action link type requested: {other}")));
        }
    };
    let options = LinkOptions { redirect_to: redirect_to.as_deref(), pkce: None };
    let issued = links::issue(&state, &mut tx, &user, purpose, &recipient, &options).await?;
    record(&mut tx, "admin_link_generated", actor.id(), user.id, &client, json!({"type": kind})).await?;
    tx.commit().await?;
    let mut answer = user.to_json();
    answer["action_link"] = json!(issued.link.as_str());
    answer["email_otp"] = json!(issued.code);
    answer["hashed_token"] = json!(issued.token);
    answer["verification_type"] = json!(kind);
    answer["redirect_to"] = json!(issued.redirect_to.as_str());
    Ok(Json(answer))
}
