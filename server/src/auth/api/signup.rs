//! `POST /signup`: a new e-mail account. With auto-confirmation the answer is a session;
//! otherwise a confirmation link is mailed and the answer is the user. An address already
//! registered gives `user_already_exists` when accounts are auto-confirmed (the session would
//! reveal it anyway), and an indistinguishable fake user when they are not.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::client::Client;
use super::links::mail_link;
use super::session::{self, email_app_metadata, metadata, normalise_email, parse_body, rate_limit};
use crate::auth::error::AuthError;
use crate::auth::store::audit;
use crate::auth::store::one_time::Purpose;
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::user::{User, timestamp};
use crate::state::AppState;

#[derive(Deserialize)]
struct SignUp {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    /// `options.data`: the user's own metadata.
    data: Option<Value>,
}

pub async fn sign_up(State(state): State<AppState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    client.require_api_key(&state)?;
    let request: SignUp = parse_body(&body)?;
    let settings = &state.auth.settings;
    if settings.disable_signup {
        return Err(AuthError::signup_disabled());
    }
    if request.phone.as_deref().is_some_and(|p| !p.is_empty()) {
        return Err(AuthError::new(
            http::StatusCode::BAD_REQUEST,
            "phone_provider_disabled",
            "Phone signups are disabled",
        ));
    }
    let (email, password) = match (request.email, request.password) {
        (None, None) => return Err(AuthError::anonymous_disabled()),
        (None, Some(_)) => return Err(AuthError::validation("To signup, please provide your email")),
        (Some(_), None) => return Err(AuthError::validation("Signup requires a valid password")),
        (Some(email), Some(password)) => (normalise_email(&email)?, password),
    };
    state.auth.passwords.check(&password)?;
    let user_metadata = Value::Object(metadata(request.data, "data")?);

    // Count the attempt before spending a hash on it.
    let mut tx = AuthTx::begin(&state.connections).await?;
    rate_limit(&mut tx, &format!("signup:{}", client.ip), settings.request_limit, &state.auth.clock).await?;
    tx.commit().await?;
    let hash = state.auth.passwords.hash(password).await.map_err(AuthError::internal)?;

    let mut tx = AuthTx::begin(&state.connections).await?;
    let app_metadata = email_app_metadata(serde_json::Map::new());
    let new_user = NewUser {
        id: None,
        email: &email,
        password_hash: Some(&hash),
        confirmed: settings.autoconfirm,
        app_metadata: &app_metadata,
        user_metadata: &user_metadata,
        banned_until: None,
    };
    let Some(user) = users::insert(&mut tx, &new_user).await? else {
        tx.commit().await?;
        return if settings.autoconfirm {
            Err(AuthError::user_already_exists())
        } else {
            Ok(Json(fake_user(&email, &user_metadata)))
        };
    };
    audit::record(
        &mut tx,
        audit::Entry {
            action: "user_signedup",
            actor: Some(user.id),
            target: Some(user.id),
            ip: &client.ip,
            details: json!({}),
        },
    )
    .await?;
    if settings.autoconfirm {
        let (user, grant) = session::open(&mut tx, &client, &user, "password").await?;
        tx.commit().await?;
        return Ok(Json(session::answer(&state, &user, &grant.session, &grant.refresh_token)?));
    }
    let (user, mail_id) = send_confirmation(&state, &mut tx, &user, client.param("redirect_to")).await?;
    tx.commit().await?;
    state.auth.mailer.deliver(&state.connections, mail_id);
    Ok(Json(user.to_json()))
}

/// Issues a confirmation token and queues its mail; the updated user and the mail's id.
async fn send_confirmation(
    state: &AppState,
    tx: &mut AuthTx,
    user: &User,
    redirect_to: Option<&str>,
) -> Result<(User, i64), AuthError> {
    let mail_id = mail_link(state, tx, user.id, Purpose::Confirmation, user.email_or_empty(), redirect_to).await?;
    let user = users::update(tx, user.id, &Changes { confirmation_sent: true, ..Default::default() }).await?;
    Ok((user, mail_id))
}

/// What a new unconfirmed account looks like, for an address that already has one: a random
/// id and no identities, so the answer reveals nothing.
fn fake_user(email: &str, user_metadata: &Value) -> Value {
    let now = timestamp(chrono::Utc::now());
    json!({
        "id": uuid::Uuid::new_v4(),
        "aud": "authenticated",
        "role": "authenticated",
        "email": email,
        "phone": "",
        "confirmation_sent_at": now,
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": user_metadata,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}
