//! Who a socket or a channel acts as: a verified token (an API key or a user's access token)
//! resolved to one of the API roles and its claims, which row-level security reads when
//! changes and private channels are authorised.
//!
//! As Supabase Realtime requires, the token is a JWT signed with this server's secret that
//! carries `role` and `exp`; its role must be one of the API roles.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::auth::caller::ApiRole;
use crate::auth::jwt::{self, ClaimRules, JwtError};
use crate::auth::keys::KeySet;

/// A verified token's role and claims.
#[derive(Debug, Clone, PartialEq)]
pub struct Identity {
    pub role: ApiRole,
    /// The verified claims (with `role`), as JSON text: `request.jwt.claims`.
    pub claims: Arc<str>,
    /// `sub`: the signed-in user, when there is one.
    pub subject: Option<Arc<str>>,
    /// `exp`, seconds since the epoch.
    pub expires_at: i64,
    /// Subscribers whose keys are equal see the same rows: their claims but the ones that
    /// only date the token (`exp`, `iat`, `nbf`, `jti`).
    pub group: Arc<str>,
}

/// Why a token was refused, in Supabase Realtime's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    Malformed,
    Signature,
    MissingClaims,
    /// Seconds since it expired.
    Expired(i64),
    Role(String),
    Other(String),
}

impl TokenError {
    /// The reason a client is told.
    pub fn message(&self) -> String {
        match self {
            Self::Malformed => "The token provided is not a valid JWT".into(),
            Self::Signature => "Failed to validate JWT signature".into(),
            Self::MissingClaims => "Fields `role` and `exp` are required in JWT".into(),
            Self::Expired(seconds) => format!("Token has expired {seconds} seconds ago"),
            Self::Role(role) => format!("The JWT role \"{role}\" is not allowed"),
            Self::Other(message) => message.clone(),
        }
    }

    /// The code Realtime logs and prefixes join errors with.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Malformed => "MalformedJWT",
            Self::Signature => "JwtSignatureError",
            Self::MissingClaims | Self::Expired(_) | Self::Role(_) | Self::Other(_) => "InvalidJWTToken",
        }
    }
}

/// Verifies `token` at `now` (seconds since the epoch).
pub fn verify(token: &str, keys: &KeySet, rules: &ClaimRules, now: i64) -> Result<Identity, TokenError> {
    let token = token.trim();
    if token.split('.').count() != 3 {
        return Err(TokenError::Malformed);
    }
    let claims = match jwt::verify(token, keys, rules, now) {
        Ok(claims) => claims,
        Err(JwtError::Invalid(message)) if message.contains("cryptographic") => return Err(TokenError::Signature),
        Err(JwtError::Invalid(_)) => return Err(TokenError::Malformed),
        Err(JwtError::Claims(message)) => {
            return Err(match message.as_str() {
                "The JWT 'exp' claim is required" => TokenError::MissingClaims,
                "JWT expired" => TokenError::Expired(now - exp_of(&expired_claims(token)).unwrap_or(now)),
                _ => TokenError::Other(message),
            });
        }
    };
    from_claims(claims)
}

/// The claims of a token already known to be authentic but expired (for the message only).
fn expired_claims(token: &str) -> Map<String, Value> {
    use base64::Engine;
    token
        .split('.')
        .nth(1)
        .and_then(|part| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(part.trim_end_matches('=')).ok())
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

fn exp_of(claims: &Map<String, Value>) -> Option<i64> {
    claims.get("exp").and_then(|exp| exp.as_i64().or_else(|| exp.as_f64().map(|f| f as i64)))
}

/// The identity of verified claims.
pub fn from_claims(mut claims: Map<String, Value>) -> Result<Identity, TokenError> {
    let role = match claims.get("role") {
        Some(Value::String(role)) => match role.as_str() {
            "anon" => ApiRole::Anon,
            "authenticated" => ApiRole::Authenticated,
            "service_role" => ApiRole::ServiceRole,
            other => return Err(TokenError::Role(other.to_owned())),
        },
        _ => return Err(TokenError::MissingClaims),
    };
    let expires_at = exp_of(&claims).ok_or(TokenError::MissingClaims)?;
    let subject = claims.get("sub").and_then(Value::as_str).filter(|s| !s.is_empty()).map(Arc::from);
    claims.insert("role".into(), Value::String(role.as_str().into()));
    let text = Value::Object(claims.clone()).to_string();
    for dating in ["exp", "iat", "nbf", "jti"] {
        claims.remove(dating);
    }
    let group = format!("{}\u{0}{}", role.as_str(), Value::Object(claims));
    Ok(Identity { role, claims: Arc::from(text), subject, expires_at, group: Arc::from(group) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{EncodingKey, Header, encode};
    use serde_json::json;

    const SECRET: &[u8] = b"a-realtime-test-secret-long-enough-0123";
    const NOW: i64 = 1_800_000_000;

    fn sign(claims: Value) -> String {
        encode(&Header::default(), &claims, &EncodingKey::from_secret(SECRET)).unwrap()
    }

    fn check(token: &str) -> Result<Identity, TokenError> {
        verify(token, &KeySet::from_secret(std::str::from_utf8(SECRET).unwrap()), &ClaimRules::default(), NOW)
    }

    #[test]
    fn a_user_token_gives_its_role_claims_and_expiry() {
        let token = sign(json!({"role": "authenticated", "sub": "u1", "exp": NOW + 60, "iat": NOW}));
        let identity = check(&token).unwrap();
        assert_eq!(identity.role, ApiRole::Authenticated);
        assert_eq!(identity.subject.as_deref(), Some("u1"));
        assert_eq!(identity.expires_at, NOW + 60);
        let claims: Value = serde_json::from_str(&identity.claims).unwrap();
        assert_eq!(claims["sub"], "u1");
    }

    #[test]
    fn two_tokens_of_one_session_share_a_group_and_other_users_do_not() {
        let first = check(&sign(json!({"role": "authenticated", "sub": "u1", "exp": NOW + 60, "iat": NOW}))).unwrap();
        let later =
            check(&sign(json!({"role": "authenticated", "sub": "u1", "exp": NOW + 600, "iat": NOW + 5}))).unwrap();
        let other = check(&sign(json!({"role": "authenticated", "sub": "u2", "exp": NOW + 60, "iat": NOW}))).unwrap();
        assert_eq!(first.group, later.group);
        assert_ne!(first.group, other.group);
    }

    #[test]
    fn refusals_say_why_in_realtimes_words() {
        assert_eq!(check("not-a-jwt").unwrap_err().message(), "The token provided is not a valid JWT");
        let expired = sign(json!({"role": "anon", "exp": NOW - 100}));
        assert_eq!(check(&expired).unwrap_err(), TokenError::Expired(100));
        let no_exp = sign(json!({"role": "anon"}));
        assert_eq!(check(&no_exp).unwrap_err().message(), "Fields `role` and `exp` are required in JWT");
        let no_role = sign(json!({"exp": NOW + 10}));
        assert_eq!(check(&no_role).unwrap_err(), TokenError::MissingClaims);
        let postgres = sign(json!({"role": "postgres", "exp": NOW + 10}));
        assert!(matches!(check(&postgres).unwrap_err(), TokenError::Role(_)));
        let forged = encode(
            &Header::default(),
            &json!({"role": "service_role", "exp": NOW + 10}),
            &EncodingKey::from_secret(b"another-secret-that-is-long-enough-xx"),
        )
        .unwrap();
        assert_eq!(check(&forged).unwrap_err(), TokenError::Signature);
    }
}
