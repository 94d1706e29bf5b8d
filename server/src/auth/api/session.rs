//! Opening sessions and answering them (wire-api §4.3): the session object every sign-in
//! returns. The checks handlers share (bodies, addresses, numbers, PKCE, metadata, rate
//! limits) are in [`super::checks`].

use serde_json::{Value, json};

use super::AuthState;
use super::client::Client;
use crate::auth::error::AuthError;
use crate::auth::store::factors;
use crate::auth::store::sessions::{self, Session};
use crate::auth::store::tx::AuthTx;
use crate::auth::tokens::{self, AccessClaims};
use crate::auth::user::User;

/// A new session: the row and the refresh token only the client will ever see.
pub struct Grant {
    pub session: Session,
    pub refresh_token: String,
}

/// Opens a session for `user` established by `method` (`password`, `recovery`…), records the
/// sign-in and updates `last_sign_in_at`; returns the fresh user too.
pub async fn open(tx: &mut AuthTx, client: &Client, user: &User, method: &str) -> Result<(User, Grant), AuthError> {
    let refresh_token = tokens::random_token();
    let amr = json!([{"method": method, "timestamp": chrono::Utc::now().timestamp()}]);
    let token_hash = tokens::token_hash(&refresh_token);
    let (user, session) =
        sessions::open(tx, user.id, &amr, &token_hash, client.user_agent.as_deref(), &client.ip).await?;
    Ok((user, Grant { session, refresh_token }))
}

/// The session object, with the user's second factors read in `tx`.
pub async fn respond(
    state: &AuthState,
    tx: &mut AuthTx,
    user: &User,
    session: &Session,
    refresh_token: &str,
) -> Result<Value, AuthError> {
    let factors = factors::json_of_user(tx, user.id).await?;
    answer(state, user, &factors, session, refresh_token)
}

/// The session object: a fresh access token, the refresh token and the user.
pub fn answer(
    state: &AuthState,
    user: &User,
    factors: &[Value],
    session: &Session,
    refresh_token: &str,
) -> Result<Value, AuthError> {
    let settings = &state.auth.settings;
    let now = chrono::Utc::now().timestamp();
    let expires_in = i64::try_from(settings.jwt_expiry.as_secs()).unwrap_or(3600);
    let access_token = tokens::sign_access_token(
        &AccessClaims {
            issuer: &state.auth.issuer,
            user_id: user.id,
            email: user.email_or_empty(),
            phone: user.phone_or_empty(),
            app_metadata: &user.app_metadata,
            user_metadata: &user.user_metadata,
            session_id: session.id,
            aal: &session.aal,
            amr: &session.amr,
            is_anonymous: user.is_anonymous,
            issued_at: now,
            expires_at: now + expires_in,
        },
        &state.auth.keys.current(),
    )
    .map_err(AuthError::internal)?;
    Ok(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": expires_in,
        "expires_at": now + expires_in,
        "refresh_token": refresh_token,
        "user": user.to_json_with_factors(factors),
    }))
}
