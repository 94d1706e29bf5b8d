//! Who is asking: the client address (X-Forwarded-For only from trusted proxies), the API key
//! every endpoint but the mailed links requires, and the bearer token of a signed-in user.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use http::HeaderMap;
use http::request::Parts;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::AuthState;
use crate::auth::error::AuthError;
use crate::auth::jwt;
use crate::auth::settings::IpRange;

/// The request's facts the auth handlers need (the API key is not checked here).
pub struct Client {
    pub ip: String,
    pub user_agent: Option<String>,
    pub headers: HeaderMap,
    pub query: HashMap<String, String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Client
where
    AuthState: FromRef<S>,
{
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AuthState::from_ref(state);
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        let ip = client_address(peer, &parts.headers, &state.auth.settings.trusted_proxies)
            .map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        let query = parts
            .uri
            .query()
            .map(|q| url::form_urlencoded::parse(q.as_bytes()).into_owned().collect())
            .unwrap_or_default();
        let user_agent = parts
            .headers
            .get(http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(512).collect());
        Ok(Self { ip, user_agent, headers: parts.headers.clone(), query })
    }
}

/// The peer, or, when the peer is a trusted proxy, the right-most X-Forwarded-For entry that
/// is not itself a trusted proxy.
pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpRange]) -> Option<IpAddr> {
    let peer = peer?;
    let is_trusted = |ip: IpAddr| trusted.iter().any(|range| range.contains(ip));
    if !is_trusted(peer) {
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|item| item.trim().parse().ok())
        .collect();
    Some(forwarded.into_iter().rev().find(|ip| !is_trusted(*ip)).unwrap_or(peer))
}

impl Client {
    /// The `apikey` header (or `?apikey=`) must be one of the server's keys.
    pub fn require_api_key(&self, state: &AuthState) -> Result<(), AuthError> {
        let key = self
            .headers
            .get("apikey")
            .and_then(|v| v.to_str().ok())
            .or(self.query.get("apikey").map(String::as_str))
            .map(str::trim)
            .filter(|k| !k.is_empty());
        let Some(key) = key else {
            return if state.auth.settings.signin.require_api_key { Err(AuthError::no_api_key()) } else { Ok(()) };
        };
        if key == state.keys.anon || key == state.keys.service_role || is_signed_api_key(key, state) {
            Ok(())
        } else {
            Err(AuthError::invalid_api_key())
        }
    }

    /// The `apikey` the request carries, when it is one of the service role's.
    pub fn api_key_is_service_role(&self, state: &AuthState) -> bool {
        let key = self.headers.get("apikey").and_then(|v| v.to_str().ok()).unwrap_or_default().trim();
        key == state.keys.service_role
            || verified_claims(key, state).is_ok_and(|claims| {
                claims.get("sub").is_none() && claims.get("role").and_then(Value::as_str) == Some("service_role")
            })
    }

    /// The bearer token, GoTrue's way: `(?i)^bearer (\S+)$`.
    pub fn bearer(&self) -> Result<&str, AuthError> {
        let value = self
            .headers
            .get(http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(AuthError::no_authorization)?;
        let (scheme, token) = value.split_once(' ').ok_or_else(AuthError::no_authorization)?;
        if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.contains(char::is_whitespace) {
            return Err(AuthError::no_authorization());
        }
        Ok(token)
    }

    /// Whether the bearer is the service key itself.
    pub fn bearer_is_service_key(&self, state: &AuthState) -> bool {
        self.bearer().is_ok_and(|token| token == state.keys.service_role)
    }

    /// The verified claims of a signed-in user's access token.
    pub fn user_claims(&self, state: &AuthState) -> Result<UserClaims, AuthError> {
        let token = self.bearer()?;
        let claims = verified_claims(token, state)?;
        if claims.get("role").and_then(Value::as_str) != Some("authenticated") {
            return Err(AuthError::bad_jwt("invalid claim: role must be authenticated"));
        }
        let user_id = claims
            .get("sub")
            .and_then(Value::as_str)
            .and_then(|sub| Uuid::parse_str(sub).ok())
            .ok_or_else(|| AuthError::bad_jwt("invalid claim: missing sub claim"))?;
        let session_id = match claims.get("session_id") {
            None | Some(Value::Null) => None,
            Some(value) => Some(
                value
                    .as_str()
                    .and_then(|id| Uuid::parse_str(id).ok())
                    .ok_or_else(|| AuthError::bad_jwt("invalid claim: session_id claim must be a UUID"))?,
            ),
        };
        Ok(UserClaims { user_id, session_id, claims })
    }

    /// A query parameter.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query.get(name).map(String::as_str)
    }
}

/// The signed-in user of a request.
pub struct UserClaims {
    pub user_id: Uuid,
    pub session_id: Option<Uuid>,
    pub claims: Map<String, Value>,
}

/// The verified claims of `token` (any of this server's keys).
pub fn verified_claims(token: &str, state: &AuthState) -> Result<Map<String, Value>, AuthError> {
    let now = chrono::Utc::now().timestamp();
    jwt::verify(token, &state.auth.keys.current(), &state.auth.claim_rules, now).map_err(AuthError::bad_jwt)
}

/// An API key this server did not print but signed (an older key, or one made with the signing
/// key): a token with the role `anon` or `service_role` and no `sub`.
fn is_signed_api_key(key: &str, state: &AuthState) -> bool {
    key.split('.').count() == 3
        && verified_claims(key, state).is_ok_and(|claims| {
            claims.get("sub").is_none()
                && matches!(claims.get("role").and_then(Value::as_str), Some("anon" | "service_role"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", forwarded.parse().unwrap());
        headers
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted = [IpRange::parse("10.0.0.0/24").unwrap()];
        let spoofed = headers("1.2.3.4, 5.6.7.8");
        // Straight from the internet: the header is the client's own invention.
        let direct: IpAddr = "9.9.9.9".parse().unwrap();
        assert_eq!(client_address(Some(direct), &spoofed, &trusted), Some(direct));
        // Behind the proxy: the right-most untrusted hop, not the left-most (forgeable) one.
        assert_eq!(client_address(Some(proxy), &spoofed, &trusted), Some("5.6.7.8".parse().unwrap()));
        assert_eq!(
            client_address(Some(proxy), &headers("1.2.3.4, 10.0.0.7"), &trusted),
            Some("1.2.3.4".parse().unwrap())
        );
        assert_eq!(client_address(Some(proxy), &HeaderMap::new(), &trusted), Some(proxy));
        assert_eq!(client_address(Some(proxy), &spoofed, &[]), Some(proxy), "no trusted proxies configured");
    }
}
