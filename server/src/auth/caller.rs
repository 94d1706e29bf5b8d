//! Who is calling: the API key (required), then the bearer token, resolved to one of the
//! three API roles and the verified claims that SQL reads through `auth.jwt()`.
//!
//! Everything here happens before any database work, so a bad key or token never takes a
//! connection.

use std::sync::Arc;

use http::HeaderMap;
use http::header::AUTHORIZATION;
use serde_json::{Map, Value};

use super::jwt::{self, ClaimRules, JwtError};
use super::keys::KeySet;
use super::verified_tokens::VerifiedTokens;
use crate::error::{ApiError, ErrorKind};
use crate::secrets::ApiKeys;

/// The database roles a request may run as. No other role is ever assumed, whatever a
/// token claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiRole {
    Anon,
    Authenticated,
    ServiceRole,
}

impl ApiRole {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Anon => "anon",
            Self::Authenticated => "authenticated",
            Self::ServiceRole => "service_role",
        }
    }

    fn from_claim(role: &str) -> Option<Self> {
        match role {
            "anon" => Some(Self::Anon),
            "authenticated" => Some(Self::Authenticated),
            "service_role" => Some(Self::ServiceRole),
            _ => None,
        }
    }
}

/// The verified caller of one request. Cheap to clone: the claims are shared.
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    pub role: ApiRole,
    /// The verified claims, with `role` set to the effective role.
    pub claims: Arc<Map<String, Value>>,
    /// The claims as JSON text (`request.jwt.claims`), written once.
    claims_text: Arc<str>,
}

impl Caller {
    pub fn new(role: ApiRole, claims: Map<String, Value>) -> Self {
        // A map of strings to JSON values always serialises; the fallback is never taken.
        let claims_text = Arc::from(serde_json::to_string(&claims).unwrap_or_else(|_| "{}".into()));
        Self { role, claims: Arc::new(claims), claims_text }
    }

    /// The caller of an API key (or of a token without a role): only `role` in its claims.
    /// Built once per role and shared.
    fn of_key(role: ApiRole) -> Self {
        static KEY_CALLERS: std::sync::OnceLock<[Caller; 3]> = std::sync::OnceLock::new();
        let callers = KEY_CALLERS.get_or_init(|| {
            [ApiRole::Anon, ApiRole::Authenticated, ApiRole::ServiceRole].map(|role| {
                let mut claims = Map::new();
                claims.insert("role".into(), Value::String(role.as_str().into()));
                Self::new(role, claims)
            })
        });
        callers[role as usize].clone()
    }

    /// The verified claims as JSON text.
    pub fn claims_text(&self) -> &str {
        &self.claims_text
    }

    /// The `sub` claim (the user id of a signed-in user).
    pub fn subject(&self) -> Option<&str> {
        self.claims.get("sub").and_then(Value::as_str)
    }
}

/// How bearer tokens are checked: this process's keys and claim rules, and the tokens already
/// verified with them ([`VerifiedTokens`]; `None` verifies every time).
pub struct TokenCheck<'a> {
    pub keys: Arc<KeySet>,
    pub rules: &'a ClaimRules,
    pub verified: Option<&'a VerifiedTokens>,
}

/// Resolves the caller from the `apikey` header (or `?apikey=`) and the `Authorization` header.
pub fn resolve(
    headers: &HeaderMap,
    query_apikey: Option<&str>,
    keys: &ApiKeys,
    tokens: &TokenCheck<'_>,
    now: i64,
) -> Result<Caller, ApiError> {
    let apikey = headers.get("apikey").and_then(|v| v.to_str().ok()).or(query_apikey).map(str::trim);
    let key_role = match apikey {
        None | Some("") => return Err(ApiError::new(ErrorKind::ApiKeyMissing)),
        Some(key) => role_of_key(key, keys)
            .or_else(|| signed_key_role(key, tokens, now))
            .ok_or_else(|| ApiError::new(ErrorKind::ApiKeyInvalid))?,
    };
    resolve_bearer(headers, key_role, keys, tokens, now)
}

/// Resolves the caller where the API key is optional (the storage API, which checks the token
/// itself, as Supabase Storage does): a given key must be valid; with neither a key nor a
/// bearer token the caller is refused.
pub fn resolve_without_key(
    headers: &HeaderMap,
    keys: &ApiKeys,
    tokens: &TokenCheck<'_>,
    now: i64,
) -> Result<Caller, ApiError> {
    match headers.get("apikey").and_then(|v| v.to_str().ok()).map(str::trim) {
        Some(key) if !key.is_empty() => resolve(headers, None, keys, tokens, now),
        _ if headers.contains_key(AUTHORIZATION) => resolve_bearer(headers, ApiRole::Anon, keys, tokens, now),
        _ => Err(ApiError::new(ErrorKind::ApiKeyMissing)),
    }
}

/// The caller named by the bearer token, or `key_role` when there is none.
fn resolve_bearer(
    headers: &HeaderMap,
    key_role: ApiRole,
    keys: &ApiKeys,
    tokens: &TokenCheck<'_>,
    now: i64,
) -> Result<Caller, ApiError> {
    let Some(authorization) = headers.get(AUTHORIZATION) else {
        return Ok(Caller::of_key(key_role));
    };
    let token = bearer_token(authorization.to_str().unwrap_or_default())
        .ok_or_else(|| jwt_error(JwtError::Invalid("Invalid Authorization header: expected a Bearer token".into())))?;
    // supabase-js sends the API key itself as the bearer when nobody is signed in.
    if let Some(role) = role_of_key(token, keys) {
        return Ok(Caller::of_key(role));
    }
    verified(token, tokens, now).map_err(jwt_error)
}

/// A token's caller, verified through the verified-token cache when there is one.
fn verified(token: &str, tokens: &TokenCheck<'_>, now: i64) -> Result<Caller, JwtError> {
    let verify = || verify_token(token, tokens, now);
    match tokens.verified {
        Some(verified) => verified.get_or_verify(token, now, verify),
        None => verify(),
    }
}

/// The role of an API key that is not one of the keys this server prints but is signed by one
/// of its keys: a token with the role `anon` or `service_role` and no `sub` (keys printed before
/// a change of issuer, or made by the project with its signing key, as the Supabase CLI does).
fn signed_key_role(key: &str, tokens: &TokenCheck<'_>, now: i64) -> Option<ApiRole> {
    if key.split('.').count() != 3 {
        return None;
    }
    let caller = verified(key, tokens, now).ok()?;
    (caller.subject().is_none() && caller.role != ApiRole::Authenticated).then_some(caller.role)
}

/// The caller of a valid user token (one with a `sub`) in the `Authorization` header, verified as
/// [`resolve`] would (through the verified-token cache); `None` for API keys, no token or a
/// token that does not verify.
pub fn signed_in_caller(headers: &HeaderMap, keys: &ApiKeys, tokens: &TokenCheck<'_>, now: i64) -> Option<Caller> {
    let token = bearer_token(headers.get(AUTHORIZATION)?.to_str().ok()?)?;
    if token.is_empty() || role_of_key(token, keys).is_some() {
        return None;
    }
    let caller = verified(token, tokens, now).ok()?;
    caller.subject().is_some().then_some(caller)
}

/// The caller of a user token: its verified claims, with `role` set to the effective role.
fn verify_token(token: &str, tokens: &TokenCheck<'_>, now: i64) -> Result<Caller, JwtError> {
    let mut claims = jwt::verify(token, &tokens.keys, tokens.rules, now)?;
    let role = match claims.get("role") {
        None | Some(Value::Null) => ApiRole::Anon,
        Some(Value::String(role)) => ApiRole::from_claim(role)
            .ok_or_else(|| JwtError::Claims(format!("The JWT role \"{role}\" is not allowed")))?,
        Some(_) => return Err(JwtError::Claims("The JWT 'role' claim must be a string".into())),
    };
    claims.insert("role".into(), Value::String(role.as_str().into()));
    Ok(Caller::new(role, claims))
}

fn role_of_key(key: &str, keys: &ApiKeys) -> Option<ApiRole> {
    if constant_time_eq(key.as_bytes(), keys.anon.as_bytes()) {
        Some(ApiRole::Anon)
    } else if constant_time_eq(key.as_bytes(), keys.service_role.as_bytes()) {
        Some(ApiRole::ServiceRole)
    } else {
        None
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `Bearer <token>`, scheme case-insensitive; an empty token is kept (and refused later).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

fn jwt_error(error: JwtError) -> ApiError {
    let (kind, message) = match error {
        JwtError::Invalid(message) => (ErrorKind::JwtInvalid, message),
        JwtError::Claims(message) => (ErrorKind::JwtClaims, message),
    };
    let challenge =
        format!("Bearer error=\"invalid_token\", error_description=\"{}\"", message.replace(['"', '\\'], "'"));
    let mut error = ApiError::new(kind).with_message(message);
    if let Ok(value) = http::HeaderValue::from_str(&challenge) {
        error = error.with_header(http::header::WWW_AUTHENTICATE, value);
    }
    error
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{EncodingKey, Header, encode};
    use serde_json::json;

    const SECRET: &str = "caller-test-secret-that-is-long-enough";
    const NOW: i64 = 1_800_000_000;

    fn keys() -> ApiKeys {
        ApiKeys::derive(SECRET).unwrap()
    }

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(http::HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
        }
        map
    }

    fn token(claims: Value) -> String {
        encode(&Header::default(), &claims, &EncodingKey::from_secret(SECRET.as_bytes())).unwrap()
    }

    static RULES: ClaimRules = ClaimRules { audience: None, issuers: Vec::new() };

    fn check() -> TokenCheck<'static> {
        TokenCheck { keys: Arc::new(KeySet::from_secret(SECRET)), rules: &RULES, verified: None }
    }

    fn resolve_with(pairs: &[(&str, &str)]) -> Result<Caller, ApiError> {
        resolve(&headers(pairs), None, &keys(), &check(), NOW)
    }

    #[test]
    fn an_api_key_is_required() {
        let error = resolve_with(&[]).unwrap_err();
        assert_eq!(error.status(), 401);
        assert_eq!(error.message(), "No API key found in request");
    }

    #[test]
    fn an_unknown_api_key_is_refused() {
        let error = resolve_with(&[("apikey", "sb_publishable_nope")]).unwrap_err();
        assert_eq!(error.message(), "Invalid authentication credentials");
    }

    #[test]
    fn a_key_signed_with_the_secret_is_an_api_key_whatever_its_issuer() {
        let old_anon = token(json!({"iss": "an-old-issuer", "role": "anon", "exp": NOW + 60}));
        assert_eq!(resolve_with(&[("apikey", &old_anon)]).unwrap().role, ApiRole::Anon);
        let service = token(json!({"iss": "supabase-demo", "role": "service_role", "exp": NOW + 60}));
        assert_eq!(resolve_with(&[("apikey", &service)]).unwrap().role, ApiRole::ServiceRole);
        // A user's token is not an API key, nor is a token signed with another secret.
        let user = token(json!({"sub": "u-1", "role": "authenticated", "exp": NOW + 60}));
        assert_eq!(resolve_with(&[("apikey", &user)]).unwrap_err().message(), "Invalid authentication credentials");
        let foreign = encode(
            &Header::default(),
            &json!({"role": "anon", "exp": NOW + 60}),
            &EncodingKey::from_secret(b"another-secret-0123456789-0123456789"),
        )
        .unwrap();
        assert!(resolve_with(&[("apikey", &foreign)]).is_err());
    }

    #[test]
    fn the_api_key_alone_gives_its_role() {
        let keys = keys();
        assert_eq!(resolve_with(&[("apikey", &keys.anon)]).unwrap().role, ApiRole::Anon);
        assert_eq!(resolve_with(&[("apikey", &keys.service_role)]).unwrap().role, ApiRole::ServiceRole);
        let by_query = resolve(&HeaderMap::new(), Some(&keys.anon), &keys, &check(), NOW).unwrap();
        assert_eq!(by_query.role, ApiRole::Anon);
    }

    #[test]
    fn a_bearer_equal_to_the_key_is_not_parsed_as_a_user_token() {
        let keys = keys();
        let bearer = format!("Bearer {}", keys.anon);
        let caller = resolve_with(&[("apikey", &keys.anon), ("authorization", &bearer)]).unwrap();
        assert_eq!(caller.role, ApiRole::Anon);
        assert_eq!(*caller.claims, json!({"role": "anon"}).as_object().unwrap().clone());
        assert_eq!(caller.claims_text(), r#"{"role":"anon"}"#);
    }

    #[test]
    fn a_user_token_gives_authenticated_with_its_claims() {
        let keys = keys();
        let bearer = format!("bearer {}", token(json!({"sub": "u-1", "role": "authenticated", "exp": NOW + 60})));
        let caller = resolve_with(&[("apikey", &keys.anon), ("authorization", &bearer)]).unwrap();
        assert_eq!(caller.role, ApiRole::Authenticated);
        assert_eq!(caller.subject(), Some("u-1"));
    }

    #[test]
    fn a_token_without_role_is_anonymous() {
        let keys = keys();
        let bearer = format!("Bearer {}", token(json!({"exp": NOW + 60})));
        let caller = resolve_with(&[("apikey", &keys.anon), ("authorization", &bearer)]).unwrap();
        assert_eq!(caller.role, ApiRole::Anon);
        assert_eq!(caller.claims["role"], "anon");
    }

    #[test]
    fn a_token_claiming_another_database_role_is_refused() {
        let keys = keys();
        for role in ["postgres", "authenticator", "pg_read_all_data"] {
            let bearer = format!("Bearer {}", token(json!({"role": role, "exp": NOW + 60})));
            let error = resolve_with(&[("apikey", &keys.anon), ("authorization", &bearer)]).unwrap_err();
            assert_eq!(error.status(), 401, "{role}");
            assert_eq!(error.code(), "PGRST303");
        }
    }

    #[test]
    fn without_a_key_the_bearer_decides() {
        let keys = keys();
        let user = format!("Bearer {}", token(json!({"sub": "u-1", "role": "authenticated", "exp": NOW + 60})));
        let caller = resolve_without_key(&headers(&[("authorization", &user)]), &keys, &check(), NOW).unwrap();
        assert_eq!(caller.role, ApiRole::Authenticated);
        let anon = format!("Bearer {}", keys.anon);
        let caller = resolve_without_key(&headers(&[("authorization", &anon)]), &keys, &check(), NOW).unwrap();
        assert_eq!(caller.role, ApiRole::Anon);
        assert!(resolve_without_key(&headers(&[]), &keys, &check(), NOW).is_err());
        let bad_key = headers(&[("apikey", "nope"), ("authorization", &user)]);
        assert!(resolve_without_key(&bad_key, &keys, &check(), NOW).is_err());
    }

    #[test]
    fn a_bad_token_is_401_with_a_challenge() {
        let keys = keys();
        let error = resolve_with(&[("apikey", &keys.anon), ("authorization", "Bearer not.a.jwt")]).unwrap_err();
        assert_eq!(error.status(), 401);
        assert_eq!(error.code(), "PGRST301");
        let error = resolve_with(&[("apikey", &keys.anon), ("authorization", "Bearer ")]).unwrap_err();
        assert_eq!(error.message(), "Empty JWT is sent in Authorization header");
    }

    fn resolve_cached(verified: &VerifiedTokens, bearer: &str, now: i64) -> Result<Caller, ApiError> {
        let keys = keys();
        let check = TokenCheck { verified: Some(verified), ..check() };
        resolve(&headers(&[("apikey", &keys.anon), ("authorization", bearer)]), None, &keys, &check, now)
    }

    #[test]
    fn a_verified_token_is_remembered_and_its_times_checked_again() {
        let verified = VerifiedTokens::default();
        let bearer = format!("Bearer {}", token(json!({"sub": "u-1", "role": "authenticated", "exp": NOW + 60})));
        let first = resolve_cached(&verified, &bearer, NOW).unwrap();
        assert_eq!(verified.len(), 1);
        let again = resolve_cached(&verified, &bearer, NOW + 10).unwrap();
        assert_eq!(again, first);
        assert_eq!(again.claims_text(), first.claims_text());
        // Past `exp` and the skew, the remembered token is refused as a fresh one would be.
        let late = resolve_cached(&verified, &bearer, NOW + 60 + 31).unwrap_err();
        assert_eq!((late.status().as_u16(), late.code(), late.message()), (401, "PGRST303", "JWT expired"));
    }

    #[test]
    fn a_refused_token_is_not_remembered() {
        let verified = VerifiedTokens::default();
        let forged = format!("Bearer {}x", token(json!({"role": "authenticated", "exp": NOW + 60})));
        assert_eq!(resolve_cached(&verified, &forged, NOW).unwrap_err().code(), "PGRST301");
        let other_role = format!("Bearer {}", token(json!({"role": "postgres", "exp": NOW + 60})));
        assert_eq!(resolve_cached(&verified, &other_role, NOW).unwrap_err().code(), "PGRST303");
        assert!(verified.is_empty());
    }

    #[test]
    fn the_cache_is_emptied_when_full_rather_than_growing() {
        let verified = VerifiedTokens::default();
        for n in 0..=crate::auth::verified_tokens::CAPACITY {
            let bearer = format!("Bearer {}", token(json!({"sub": format!("u-{n}"), "exp": NOW + 60})));
            resolve_cached(&verified, &bearer, NOW).unwrap();
        }
        assert_eq!(verified.len(), 1);
    }
}
