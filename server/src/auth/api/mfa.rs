//! Second factors (TOTP), as auth-js's `mfa` calls them: `POST /factors` (enroll: the secret,
//! its `otpauth://` URI and QR code), `POST /factors/{id}/challenge`, `POST
//! /factors/{id}/verify` (a session at `aal2`, `totp` added to its `amr`), `DELETE
//! /factors/{id}` (unenroll; a verified factor only from an `aal2` session).
//!
//! A code is accepted with one 30-second step of clock skew and never twice (the last step used
//! is kept on the factor); a challenge is answered from the address that made it, within
//! MFA_CHALLENGE_EXPIRY_DURATION; wrong codes count against the client address's limit.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::AuthState;
use super::checks::{parse_body, rate_limit};
use super::client::{Client, UserClaims};
use super::session;
use super::user::signed_in_user;
use crate::auth::error::AuthError;
use crate::auth::store::audit;
use crate::auth::store::factors::{self, Factor};
use crate::auth::store::sessions;
use crate::auth::store::tx::AuthTx;
use crate::auth::totp;

#[derive(Deserialize)]
struct Enroll {
    factor_type: Option<String>,
    friendly_name: Option<String>,
    issuer: Option<String>,
}

/// The signed-in user's claims and current session (a factor needs one).
fn session_claims(state: &AuthState, client: &Client) -> Result<(UserClaims, Uuid), AuthError> {
    client.require_api_key(state)?;
    let claims = client.user_claims(state)?;
    let session = claims.session_id.ok_or_else(AuthError::session_not_found)?;
    Ok((claims, session))
}

fn aal_of(claims: &UserClaims) -> &str {
    claims.claims.get("aal").and_then(Value::as_str).unwrap_or("aal1")
}

fn factor_id(raw: &str) -> Result<Uuid, AuthError> {
    Uuid::parse_str(raw).map_err(|_| AuthError::mfa_factor_not_found())
}

/// A factor's own route (`/factors/{id}…`) without a body: the caller, the claims of its
/// session and the factor's id, checked in that order; a refusal answers as the handler's own
/// error would.
pub struct FactorRoute {
    client: Client,
    claims: UserClaims,
    id: Uuid,
}

impl<S: Send + Sync> FromRequestParts<S> for FactorRoute
where
    AuthState: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let client = Client::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let Path(raw) = Path::<String>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let state = AuthState::from_ref(state);
        let (claims, _) = session_claims(&state, &client).map_err(IntoResponse::into_response)?;
        let id = factor_id(&raw).map_err(IntoResponse::into_response)?;
        Ok(Self { client, claims, id })
    }
}

/// The user's factor `id`, read (and locked) in `tx`; when they have none, `tx` is rolled back
/// and the answer is `mfa_factor_not_found`.
pub(super) async fn factor_of(mut tx: AuthTx, user_id: Uuid, id: Uuid) -> Result<(AuthTx, Factor), AuthError> {
    match factors::find(&mut tx, user_id, id).await? {
        Some(factor) => Ok((tx, factor)),
        None => {
            tx.rollback().await;
            Err(AuthError::mfa_factor_not_found())
        }
    }
}

pub async fn enroll(State(state): State<AuthState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    let (claims, _) = session_claims(&state, &client)?;
    let request: Enroll = parse_body(&body)?;
    let signin = &state.auth.settings.signin;
    match request.factor_type.as_deref() {
        Some("totp") => {}
        Some("phone" | "webauthn") => {
            return Err(AuthError::new(
                http::StatusCode::UNPROCESSABLE_ENTITY,
                "mfa_phone_enroll_not_enabled",
                "MFA enroll is disabled for this factor type",
            ));
        }
        _ => return Err(AuthError::validation("factor_type needs to be totp, phone, or webauthn")),
    }
    if !signin.mfa_enroll_enabled {
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_totp_enroll_not_enabled",
            "MFA enroll is disabled for TOTP",
        ));
    }
    let friendly_name = request.friendly_name.filter(|n| !n.is_empty());
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, true).await?;
    let existing = factors::of_user(&mut tx, user.id).await?;
    if friendly_name.as_deref().is_some_and(|name| existing.iter().any(|f| f.friendly_name.as_deref() == Some(name))) {
        tx.rollback().await;
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_factor_name_conflict",
            format!(
                "A factor with the friendly name {:?} for this user already exists",
                friendly_name.unwrap_or_default()
            ),
        ));
    }
    if existing.len() >= signin.mfa_max_factors as usize {
        tx.rollback().await;
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "too_many_enrolled_mfa_factors",
            "Maximum number of verified factors reached, unenroll to continue",
        ));
    }
    if existing.iter().any(Factor::is_verified) && aal_of(&claims) != "aal2" {
        tx.rollback().await;
        return Err(AuthError::new(
            http::StatusCode::FORBIDDEN,
            "insufficient_aal",
            "AAL2 required to enroll a new factor",
        ));
    }
    let secret = totp::new_secret();
    let id = Uuid::new_v4();
    let sealed = state.auth.keys.sealer().seal(&secret, &format!("factor:{id}"));
    let Some(factor) = factors::insert(&mut tx, id, user.id, friendly_name.as_deref(), &sealed).await? else {
        tx.rollback().await;
        return Err(AuthError::internal("a new factor id collided"));
    };
    let issuer = request.issuer.filter(|i| !i.is_empty()).unwrap_or_else(|| signin.site_name.clone());
    let account = user
        .email
        .clone()
        .filter(|e| !e.is_empty())
        .or_else(|| user.phone.clone())
        .unwrap_or_else(|| user.id.to_string());
    let uri = totp::uri(&secret, &issuer, &account);
    let qr_code = totp::qr_svg(&uri).map_err(|e| AuthError::internal(format!("Error generating QR Code: {e}")))?;
    audit::record(&mut tx, audit::Entry::own("factor_enrolled", user.id, &client.ip, json!({"factor_id": id}))).await?;
    tx.commit().await?;
    Ok(Json(json!({
        "id": factor.id,
        "type": "totp",
        "friendly_name": factor.friendly_name.unwrap_or_default(),
        "totp": {"qr_code": qr_code, "secret": totp::base32(&secret), "uri": uri},
    })))
}

pub async fn challenge(
    State(state): State<AuthState>,
    FactorRoute { client, claims, id }: FactorRoute,
) -> Result<Json<Value>, AuthError> {
    if !state.auth.settings.signin.mfa_verify_enabled {
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_totp_verify_not_enabled",
            "MFA verification is disabled for TOTP",
        ));
    }
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, false).await?;
    let (mut tx, factor) = factor_of(tx, user.id, id).await?;
    let expiry = state.auth.settings.signin.mfa_challenge_expiry.as_secs_f64();
    let (challenge, expires_at) = factors::challenge(&mut tx, factor.id, &client.ip, expiry).await?;
    tx.commit().await?;
    Ok(Json(json!({"id": challenge, "type": factor.factor_type, "expires_at": expires_at})))
}

#[derive(Deserialize)]
struct Verify {
    challenge_id: Option<String>,
    code: Option<String>,
}

pub async fn verify(
    State(state): State<AuthState>,
    client: Client,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let (claims, session_id) = session_claims(&state, &client)?;
    let id = factor_id(&id)?;
    let request: Verify = parse_body(&body)?;
    let code =
        request.code.filter(|c| !c.is_empty()).ok_or_else(|| AuthError::validation("Code needs to be non-empty"))?;
    let challenge_id = request
        .challenge_id
        .as_deref()
        .and_then(|c| Uuid::parse_str(c).ok())
        .ok_or_else(|| AuthError::validation("challenge_id must be a UUID"))?;
    let settings = &state.auth.settings;
    let mut tx = AuthTx::begin(&state.connections).await?;
    if let Err(error) = rate_limit(&mut tx, &format!("mfa_verify:{}", client.ip), settings.request_limit).await {
        tx.commit().await?;
        return Err(error);
    }
    let user = signed_in_user(&mut tx, &claims, true).await?;
    let Some(factor) = factors::find(&mut tx, user.id, id).await? else {
        tx.commit().await?;
        return Err(AuthError::mfa_factor_not_found());
    };
    let not_found = || {
        AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_factor_not_found",
            "MFA factor with the provided challenge ID not found",
        )
    };
    let Some((ip, verified, age)) = factors::find_challenge(&mut tx, factor.id, challenge_id).await? else {
        tx.commit().await?;
        return Err(not_found());
    };
    if verified || ip != client.ip {
        tx.commit().await?;
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_ip_address_mismatch",
            "Challenge and verify IP addresses mismatch.",
        ));
    }
    if age > settings.signin.mfa_challenge_expiry.as_secs_f64() {
        factors::delete_challenge(&mut tx, challenge_id).await?;
        tx.commit().await?;
        return Err(AuthError::new(
            http::StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_challenge_expired",
            format!(
                "MFA challenge {challenge_id} has expired, verify against another challenge or create a new challenge."
            ),
        ));
    }
    let secret = state
        .auth
        .keys
        .sealer()
        .open(&factor.secret, &format!("factor:{}", factor.id))
        .ok_or_else(|| AuthError::internal("a factor's secret cannot be opened: was JWT_SECRET changed?"))?;
    let now = chrono::Utc::now().timestamp();
    let accepted = match totp::matching_step(&secret, &code, now) {
        Some(step) => factors::accept_step(&mut tx, factor.id, step).await?,
        None => false,
    };
    if !accepted {
        audit::record(
            &mut tx,
            audit::Entry::own("factor_verification_failed", user.id, &client.ip, json!({"factor_id": factor.id})),
        )
        .await?;
        tx.commit().await?;
        return Err(AuthError::mfa_verification_failed());
    }
    factors::mark_challenge(&mut tx, challenge_id).await?;
    factors::delete_unverified(&mut tx, user.id).await?;
    let Some(session) = sessions::raise_to_aal2(&mut tx, session_id, factor.id, "totp").await? else {
        tx.rollback().await;
        return Err(AuthError::session_not_found());
    };
    audit::record(
        &mut tx,
        audit::Entry::own(
            "factor_verified",
            user.id,
            &client.ip,
            json!({"factor_id": factor.id, "challenge_id": challenge_id, "first": !factor.is_verified()}),
        ),
    )
    .await?;
    // A new refresh token for the raised session: the old one keeps its family.
    let refresh_token = crate::auth::tokens::random_token();
    sessions::add_refresh_token(&mut tx, &session, &crate::auth::tokens::token_hash(&refresh_token)).await?;
    let answer = session::respond(&state, &mut tx, &user, &session, &refresh_token).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

pub async fn unenroll(
    State(state): State<AuthState>,
    FactorRoute { client, claims, id }: FactorRoute,
) -> Result<Json<Value>, AuthError> {
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = signed_in_user(&mut tx, &claims, true).await?;
    let (mut tx, factor) = factor_of(tx, user.id, id).await?;
    if factor.is_verified() && aal_of(&claims) != "aal2" {
        tx.rollback().await;
        return Err(AuthError::insufficient_aal("AAL2 required to unenroll verified factor"));
    }
    sessions::downgrade_for_factor(&mut tx, factor.id).await?;
    factors::delete(&mut tx, user.id, factor.id).await?;
    audit::record(
        &mut tx,
        audit::Entry::own(
            "factor_unenrolled",
            user.id,
            &client.ip,
            json!({"factor_id": factor.id, "status": factor.status}),
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(json!({"id": factor.id})))
}
