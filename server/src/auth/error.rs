//! The auth service's error table, in GoTrue's codes and messages (wire-api §4.1).
//!
//! A handler answers `{"code": "<error_code>", "message": "…"}` and marks the response; the
//! [`api_version`] layer keeps that shape (echoing `X-Supabase-Api-Version`) for clients that
//! sent the header, and rewrites it to the legacy `{"code": <status>, "error_code", "msg"}`
//! with `x-sb-error-code` for the others. User mistakes are always 4xx: auth-js treats 5xx as
//! network failures and retries them.

use std::borrow::Cow;

use axum::Json;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, StatusCode, header};
use serde_json::{Value, json};

use crate::error::{Cause, ErrorCore};

pub const API_VERSION_HEADER: &str = "x-supabase-api-version";
/// The first version whose errors carry a string `code`.
const API_VERSION_2024: &str = "2024-01-01";

/// An error answered by `/auth/v1`. Boxed, so results stay one pointer wide.
pub struct AuthError(Box<Inner>);

struct Inner {
    core: ErrorCore,
    /// `weak_password` reasons.
    reasons: Option<Vec<&'static str>>,
    hint: Option<&'static str>,
}

/// The status, code, message and cause ([`ErrorCore::status`], `code`, `message`).
impl std::ops::Deref for AuthError {
    type Target = ErrorCore;
    fn deref(&self) -> &ErrorCore {
        &self.0.core
    }
}

/// Marks a response as an auth error, for the [`api_version`] layer.
#[derive(Clone)]
struct Marker {
    code: Cow<'static, str>,
    message: String,
}

impl AuthError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self(Box::new(Inner { core: ErrorCore::new(status, code, message), reasons: None, hint: None }))
    }

    pub fn invalid_credentials() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_credentials", "Invalid login credentials")
    }

    pub fn email_not_confirmed() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "email_not_confirmed", "Email not confirmed")
    }

    pub fn user_already_exists() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "user_already_exists", "User already registered")
    }

    pub fn email_exists() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "email_exists",
            "A user with this email address has already been registered",
        )
    }

    pub fn phone_exists() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "phone_exists",
            "A user with this phone number has already been registered",
        )
    }

    pub fn weak_password(message: String, reasons: Vec<&'static str>) -> Self {
        let mut error = Self::new(StatusCode::UNPROCESSABLE_ENTITY, "weak_password", message);
        error.0.reasons = Some(reasons);
        error
    }

    pub fn same_password() -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "same_password",
            "New password should be different from the old password.",
        )
    }

    /// A password or e-mail change without the proof it needs.
    pub fn reauthentication_needed() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "reauthentication_needed", "Password update requires reauthentication")
    }

    /// A reauthentication nonce that is wrong, spent or expired.
    pub fn reauthentication_not_valid() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "reauthentication_not_valid", "Nonce has expired or is invalid")
    }

    /// A wrong `current_password` (GoTrue's `current_password_invalid`).
    pub fn current_password_invalid() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "current_password_invalid",
            "Current password required when setting new password.",
        )
    }

    pub fn validation(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "validation_failed", message)
    }

    pub fn bad_json(detail: impl std::fmt::Display) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_json", format!("Could not parse request body as JSON: {detail}"))
    }

    pub fn bad_jwt(detail: impl std::fmt::Display) -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "bad_jwt",
            format!("invalid JWT: unable to parse or verify signature, {detail}"),
        )
    }

    pub fn no_authorization() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "no_authorization", "This endpoint requires a valid Bearer token")
    }

    /// A request without a key: hosted Supabase's gateway's message and hint.
    pub fn no_api_key() -> Self {
        let mut error = Self::new(StatusCode::UNAUTHORIZED, "no_api_key", "No API key found in request");
        error.0.hint = Some(crate::error::NO_API_KEY_HINT);
        error
    }

    pub fn invalid_api_key() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "invalid_api_key", "Invalid API key")
    }

    pub fn not_admin() -> Self {
        Self::new(StatusCode::FORBIDDEN, "not_admin", "User not allowed")
    }

    /// A signed-in manager acting on an account that ranks above them (the product's
    /// `auth.can_manage_user`).
    pub fn outranked() -> Self {
        Self::new(StatusCode::FORBIDDEN, "not_admin", "User not allowed to manage an account that ranks above them")
    }

    /// The token's user is gone (`/user`, `/logout`).
    pub fn token_user_missing() -> Self {
        Self::new(StatusCode::FORBIDDEN, "user_not_found", "User from sub claim in JWT does not exist")
    }

    /// An admin lookup found nobody.
    pub fn user_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "user_not_found", "User not found")
    }

    pub fn session_not_found() -> Self {
        Self::new(StatusCode::FORBIDDEN, "session_not_found", "Session from session_id claim in JWT does not exist")
    }

    pub fn refresh_token_not_found() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    }

    pub fn refresh_token_already_used() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
    }

    pub fn user_banned(status: StatusCode) -> Self {
        Self::new(status, "user_banned", "User is banned")
    }

    pub fn signup_disabled() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "signup_disabled", "Signups not allowed for this instance")
    }

    pub fn anonymous_disabled() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "anonymous_provider_disabled", "Anonymous sign-ins are disabled")
    }

    pub fn otp_expired() -> Self {
        Self::new(StatusCode::FORBIDDEN, "otp_expired", "Token has expired or is invalid")
    }

    pub fn over_request_rate_limit(retry_after: u64) -> Self {
        let mut error =
            Self::new(StatusCode::TOO_MANY_REQUESTS, "over_request_rate_limit", "Request rate limit reached");
        error.0.core.retry_after(retry_after.max(1));
        error
    }

    pub fn over_email_send_rate_limit(retry_after: u64) -> Self {
        Self::over_send_rate_limit("over_email_send_rate_limit", retry_after)
    }

    pub fn over_sms_send_rate_limit(retry_after: u64) -> Self {
        Self::over_send_rate_limit("over_sms_send_rate_limit", retry_after)
    }

    /// Another mail or text to the same address or number too soon: when to ask again.
    fn over_send_rate_limit(code: &'static str, retry_after: u64) -> Self {
        let seconds = retry_after.max(1);
        let mut error = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            code,
            format!("For security purposes, you can only request this after {seconds} seconds."),
        );
        error.0.core.retry_after(seconds);
        error
    }

    pub fn phone_disabled() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "phone_provider_disabled", "Phone logins are disabled")
    }

    pub fn email_disabled() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "email_provider_disabled", "Email logins are disabled")
    }

    /// A text that the send-SMS hook (or provider) did not take.
    pub fn sms_send_failed() -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "sms_send_failed", "Error sending sms OTP")
    }

    /// `signInWithOtp({shouldCreateUser: false})` for an address with no account.
    pub fn otp_disabled() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "otp_disabled", "Signups not allowed for otp")
    }

    /// A wrong, spent or expired code (GoTrue's message for codes typed in).
    pub fn otp_invalid() -> Self {
        Self::new(StatusCode::FORBIDDEN, "otp_expired", "Token has expired or is invalid")
    }

    /// A wrong, spent or expired link token.
    pub fn link_invalid() -> Self {
        Self::new(StatusCode::FORBIDDEN, "otp_expired", "Email link is invalid or has expired")
    }

    pub fn flow_state_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "flow_state_not_found", "invalid flow state, no valid flow state found")
    }

    pub fn flow_state_expired() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "flow_state_expired", "invalid flow state, flow state has expired")
    }

    pub fn bad_code_verifier() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "bad_code_verifier",
            "code challenge does not match previously saved code verifier",
        )
    }

    pub fn insufficient_aal(message: &'static str) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "insufficient_aal", message)
    }

    pub fn mfa_factor_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "mfa_factor_not_found", "Factor not found")
    }

    pub fn mfa_verification_failed() -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "mfa_verification_failed", "Invalid TOTP code entered")
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Not found")
    }

    /// A failure of the server itself: logged with its cause, answered generically.
    pub fn internal(cause: impl Into<Cause>) -> Self {
        let mut error = Self::new(StatusCode::INTERNAL_SERVER_ERROR, "unexpected_failure", "Unexpected failure");
        error.0.core.cause = Some(cause.into());
        error
    }

    /// The database cannot serve now (503: clients retry).
    pub fn unavailable(cause: impl Into<Cause>) -> Self {
        let mut error =
            Self::new(StatusCode::SERVICE_UNAVAILABLE, "unexpected_failure", "The service is temporarily unavailable");
        error.0.core.cause = Some(cause.into());
        error
    }
}

impl From<crate::auth::password::WeakPassword> for AuthError {
    fn from(weak: crate::auth::password::WeakPassword) -> Self {
        Self::weak_password(weak.message, weak.reasons)
    }
}

impl std::fmt::Debug for AuthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.core.debug("AuthError", f)
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let Inner { core, reasons, hint } = *self.0;
        core.log("auth request failed");
        let mut body = json!({"code": core.code, "message": core.message});
        if let Some(reasons) = &reasons {
            body["weak_password"] = json!({"reasons": reasons});
        }
        if let Some(hint) = hint {
            body["hint"] = json!(hint);
        }
        let marker = Marker { code: core.code.clone(), message: core.message.to_string() };
        let mut response = core.respond(body);
        response.extensions_mut().insert(marker);
        response
    }
}

/// Echoes `X-Supabase-Api-Version` to clients that sent a version this server speaks, and
/// gives the others the legacy error shape.
pub async fn api_version(request: Request, next: Next) -> Response {
    let modern = request
        .headers()
        .get(API_VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| is_date(v.trim()) && v.trim() >= API_VERSION_2024);
    let mut response = next.run(request).await;
    if modern {
        response
            .headers_mut()
            .insert(HeaderName::from_static(API_VERSION_HEADER), HeaderValue::from_static(API_VERSION_2024));
        return response;
    }
    let Some(marker) = response.extensions_mut().remove::<Marker>() else { return response };
    // A request without a key gets the gateway's words whatever version it asks for.
    if marker.code == "no_api_key" {
        return response;
    }
    let status = response.status();
    let mut body = json!({"code": status.as_u16(), "error_code": marker.code, "msg": marker.message});
    if let Some(value) = weak_password_of(&mut response).await {
        body["weak_password"] = value;
    }
    let mut legacy = (status, Json(body)).into_response();
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            legacy.headers_mut().append(name.clone(), value.clone());
        }
    }
    if let Ok(code) = HeaderValue::from_str(&marker.code) {
        legacy.headers_mut().insert(HeaderName::from_static("x-sb-error-code"), code);
    }
    legacy
}

/// The `weak_password` member of a modern body (read only for that code).
async fn weak_password_of(response: &mut Response) -> Option<Value> {
    let body = std::mem::take(response.body_mut());
    let bytes = axum::body::to_bytes(body, 64 * 1024).await.ok()?;
    let value: Value = serde_json::from_slice(&bytes).ok()?;
    value.get("weak_password").cloned()
}

fn is_date(value: &str) -> bool {
    let bytes = value.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::status_and_json;

    #[test]
    fn versions_are_dates() {
        assert!(is_date("2024-01-01"));
        assert!(!is_date("2024-1-01"));
        assert!(!is_date("latest"));
    }

    #[tokio::test]
    async fn the_body_has_a_string_code_and_the_reasons() {
        let (status, body) = status_and_json(AuthError::weak_password("too short".into(), vec!["length"])).await;
        assert_eq!(status, 422);
        assert_eq!(
            body,
            json!({"code": "weak_password", "message": "too short", "weak_password": {"reasons": ["length"]}})
        );
    }

    #[tokio::test]
    async fn rate_limits_say_when_to_retry() {
        let response = AuthError::over_request_rate_limit(42).into_response();
        assert_eq!(response.status(), 429);
        assert_eq!(response.headers()[header::RETRY_AFTER], "42");
    }
}
