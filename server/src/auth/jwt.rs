//! Verifying access tokens: three parts, a valid signature (HS256 with JWT_SECRET, or ES256/RS256
//! by the key its `kid` names, [`super::keys`]), and a numeric `exp`, with PostgREST's 30-second
//! clock skew for `exp`, `nbf` and `iat`; a token that names an audience must name JWT_AUD
//! (PostgREST's `jwt-aud`). A user's token (one with a `sub`) that names an issuer must name one
//! this server accepts (JWT_ISSUER and JWT_ACCEPTED_ISSUERS); tokens without a `sub` are API keys
//! and role tokens, whose issuer says nothing the signature does not (so keys signed before the
//! issuer became a setting stay valid).

use jsonwebtoken::{Validation, decode, decode_header};

use super::keys::KeySet;
use serde_json::{Map, Value};

/// Allowed clock difference between token issuers and this server.
pub const CLOCK_SKEW_SECONDS: i64 = 30;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    /// The token cannot be decoded or its signature is wrong (PGRST301).
    #[error("{0}")]
    Invalid(String),
    /// The token is authentic but its claims refuse it (PGRST303).
    #[error("{0}")]
    Claims(String),
}

/// What a token's `aud` and `iss` must say when it carries them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClaimRules {
    /// JWT_AUD: a present `aud` (a string or an array) must contain it. `None`: not checked.
    pub audience: Option<String>,
    /// A user token's present `iss` must be one of these. Empty: not checked.
    pub issuers: Vec<String>,
}

impl ClaimRules {
    /// The rules of this server: `audience` (JWT_AUD, empty for none), and the issuers it
    /// accepts on users' tokens (its own first).
    pub fn new(audience: &str, issuers: Vec<String>) -> Self {
        Self { audience: Some(audience.to_owned()).filter(|a| !a.is_empty()), issuers }
    }
}

/// Verifies `token` with `keys` at time `now` (seconds since the epoch) and returns its claims.
pub fn verify(token: &str, keys: &KeySet, rules: &ClaimRules, now: i64) -> Result<Map<String, Value>, JwtError> {
    if token.is_empty() {
        return Err(JwtError::Invalid("Empty JWT is sent in Authorization header".into()));
    }
    let parts = token.split('.').count();
    if parts != 3 {
        return Err(JwtError::Invalid(format!("Expected 3 parts in JWT; got {parts}")));
    }
    let header = decode_header(token).map_err(|_| JwtError::Invalid("JWT cryptographic operation failed".into()))?;
    let key = keys.verifying_key(header.alg, header.kid.as_deref())?;
    let mut validation = Validation::new(header.alg);
    // Claims are checked below, with PostgREST's messages.
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.validate_aud = false;
    validation.required_spec_claims.clear();
    let data = decode::<Map<String, Value>>(token, key, &validation)
        .map_err(|_| JwtError::Invalid("JWT cryptographic operation failed".into()))?;
    let claims = data.claims;
    check_time_claims(&claims, now)?;
    check_audience_and_issuer(&claims, rules)?;
    Ok(claims)
}

fn check_audience_and_issuer(claims: &Map<String, Value>, rules: &ClaimRules) -> Result<(), JwtError> {
    if let Some(audience) = &rules.audience {
        let named = match claims.get("aud") {
            None | Some(Value::Null) => true,
            Some(Value::String(aud)) => aud == audience,
            Some(Value::Array(auds)) => auds.is_empty() || auds.iter().any(|aud| aud.as_str() == Some(audience)),
            Some(_) => {
                return Err(JwtError::Claims("The JWT 'aud' claim must be a string or an array of strings".into()));
            }
        };
        if !named {
            return Err(JwtError::Claims("JWT not in audience".into()));
        }
    }
    let user_token = claims.get("sub").is_some_and(|sub| !sub.is_null());
    if user_token && !rules.issuers.is_empty() {
        match claims.get("iss") {
            None | Some(Value::Null) => {}
            Some(Value::String(iss)) if rules.issuers.iter().any(|allowed| allowed == iss) => {}
            Some(Value::String(_)) => return Err(JwtError::Claims("JWT issuer not accepted".into())),
            Some(_) => return Err(JwtError::Claims("The JWT 'iss' claim must be a string".into())),
        }
    }
    Ok(())
}

/// `exp` (required), `nbf` and `iat` against `now`, with [`CLOCK_SKEW_SECONDS`].
pub fn check_time_claims(claims: &Map<String, Value>, now: i64) -> Result<(), JwtError> {
    let number = |name: &str| -> Result<Option<i64>, JwtError> {
        match claims.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n
                .as_i64()
                .or_else(|| n.as_f64().map(|f| f as i64))
                .map(Some)
                .ok_or_else(|| JwtError::Claims(format!("The JWT '{name}' claim must be a number"))),
            Some(_) => Err(JwtError::Claims(format!("The JWT '{name}' claim must be a number"))),
        }
    };
    match number("exp")? {
        None => return Err(JwtError::Claims("The JWT 'exp' claim is required".into())),
        Some(exp) if now > exp + CLOCK_SKEW_SECONDS => return Err(JwtError::Claims("JWT expired".into())),
        Some(_) => {}
    }
    if let Some(nbf) = number("nbf")?
        && now + CLOCK_SKEW_SECONDS < nbf
    {
        return Err(JwtError::Claims("JWT not yet valid".into()));
    }
    if let Some(iat) = number("iat")?
        && now + CLOCK_SKEW_SECONDS < iat
    {
        return Err(JwtError::Claims("JWT issued at future".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
    use serde_json::json;

    const SECRET: &[u8] = b"a-test-secret-that-is-long-enough-0123";

    fn keys() -> KeySet {
        KeySet::from_secret(std::str::from_utf8(SECRET).unwrap())
    }
    const NOW: i64 = 1_800_000_000;

    fn sign(claims: Value) -> String {
        encode(&Header::default(), &claims, &EncodingKey::from_secret(SECRET)).unwrap()
    }

    #[test]
    fn a_valid_token_gives_its_claims() {
        let claims = verify(
            &sign(json!({"sub": "u1", "role": "authenticated", "exp": NOW + 60})),
            &keys(),
            &ClaimRules::default(),
            NOW,
        )
        .unwrap();
        assert_eq!(claims["role"], "authenticated");
    }

    #[test]
    fn refusals_carry_postgrest_messages() {
        let cases: Vec<(String, JwtError)> = vec![
            (String::new(), JwtError::Invalid("Empty JWT is sent in Authorization header".into())),
            ("abc".into(), JwtError::Invalid("Expected 3 parts in JWT; got 1".into())),
            (sign(json!({"exp": NOW - 31})), JwtError::Claims("JWT expired".into())),
            (sign(json!({"role": "anon"})), JwtError::Claims("The JWT 'exp' claim is required".into())),
            (sign(json!({"exp": "9999999999"})), JwtError::Claims("The JWT 'exp' claim must be a number".into())),
            (sign(json!({"exp": NOW + 60, "nbf": NOW + 120})), JwtError::Claims("JWT not yet valid".into())),
            (sign(json!({"exp": NOW + 600, "iat": NOW + 300})), JwtError::Claims("JWT issued at future".into())),
        ];
        for (token, expected) in cases {
            assert_eq!(verify(&token, &keys(), &ClaimRules::default(), NOW).unwrap_err(), expected, "{token}");
        }
    }

    #[test]
    fn audience_and_issuer_are_checked_when_present() {
        let rules = ClaimRules::new("authenticated", vec!["https://site.example/auth/v1".into(), "old-issuer".into()]);
        let ok = |claims: Value| verify(&sign(claims), &keys(), &rules, NOW);
        for claims in [
            json!({"exp": NOW + 60}),
            json!({"exp": NOW + 60, "sub": "u", "aud": "authenticated", "iss": "https://site.example/auth/v1"}),
            json!({"exp": NOW + 60, "sub": "u", "aud": ["other", "authenticated"], "iss": "old-issuer"}),
            json!({"exp": NOW + 60, "aud": [], "iss": null}),
            // API keys and role tokens: their issuer is not asked.
            json!({"exp": NOW + 60, "role": "anon", "iss": "anything"}),
        ] {
            assert!(ok(claims.clone()).is_ok(), "{claims}");
        }
        let refused = [
            (json!({"exp": NOW + 60, "aud": "another-app"}), "JWT not in audience"),
            (json!({"exp": NOW + 60, "aud": ["another-app"]}), "JWT not in audience"),
            (json!({"exp": NOW + 60, "aud": 7}), "The JWT 'aud' claim must be a string or an array of strings"),
            (json!({"exp": NOW + 60, "sub": "u", "iss": "https://evil.example/auth/v1"}), "JWT issuer not accepted"),
            (json!({"exp": NOW + 60, "sub": "u", "iss": 1}), "The JWT 'iss' claim must be a string"),
        ];
        for (claims, message) in refused {
            assert_eq!(ok(claims.clone()).unwrap_err(), JwtError::Claims(message.into()), "{claims}");
        }
        // With JWT_AUD empty, any audience passes.
        let open = ClaimRules::new("", vec!["https://site.example/auth/v1".into()]);
        assert!(verify(&sign(json!({"exp": NOW + 60, "aud": "another-app"})), &keys(), &open, NOW).is_ok());
    }

    #[test]
    fn expiry_allows_thirty_seconds_of_clock_skew() {
        assert!(verify(&sign(json!({"exp": NOW - 29})), &keys(), &ClaimRules::default(), NOW).is_ok());
    }

    #[test]
    fn a_wrong_key_is_refused() {
        let token = encode(&Header::default(), &json!({"exp": NOW + 60}), &EncodingKey::from_secret(b"another-secret"))
            .unwrap();
        assert!(matches!(verify(&token, &keys(), &ClaimRules::default(), NOW), Err(JwtError::Invalid(_))));
    }

    #[test]
    fn alg_none_and_other_algorithms_are_refused() {
        let body = URL_SAFE_NO_PAD.encode(json!({"role": "service_role", "exp": NOW + 60}).to_string());
        let none = format!("{}.{body}.", URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#));
        assert!(matches!(verify(&none, &keys(), &ClaimRules::default(), NOW), Err(JwtError::Invalid(_))));
        let hs512 =
            encode(&Header::new(Algorithm::HS512), &json!({"exp": NOW + 60}), &EncodingKey::from_secret(SECRET))
                .unwrap();
        assert!(matches!(verify(&hs512, &keys(), &ClaimRules::default(), NOW), Err(JwtError::Invalid(_))));
    }

    #[test]
    fn a_tampered_payload_is_refused() {
        let token = sign(json!({"role": "authenticated", "exp": NOW + 60}));
        let mut parts: Vec<String> = token.split('.').map(String::from).collect();
        parts[1] = URL_SAFE_NO_PAD.encode(json!({"role": "service_role", "exp": NOW + 60}).to_string());
        assert!(matches!(verify(&parts.join("."), &keys(), &ClaimRules::default(), NOW), Err(JwtError::Invalid(_))));
    }
}
