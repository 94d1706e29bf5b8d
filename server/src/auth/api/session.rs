//! Opening sessions and answering them (wire-api §4.3), and the checks every handler shares:
//! request bodies, e-mail addresses, metadata and rate limits.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::client::Client;
use crate::auth::error::AuthError;
use crate::auth::settings::Limit;
use crate::auth::store::limits;
use crate::auth::store::sessions::{self, Session};
use crate::auth::store::tx::AuthTx;
use crate::auth::tokens::{self, AccessClaims};
use crate::auth::user::User;
use crate::state::AppState;

/// Longest accepted e-mail address (GoTrue's limit).
const MAX_EMAIL: usize = 255;
/// Largest accepted metadata object, serialised.
const MAX_METADATA_BYTES: usize = 16 * 1024;

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

/// The session object: a fresh access token, the refresh token and the user.
pub fn answer(state: &AppState, user: &User, session: &Session, refresh_token: &str) -> Result<Value, AuthError> {
    let settings = &state.auth.settings;
    let now = chrono::Utc::now().timestamp();
    let expires_in = i64::try_from(settings.jwt_expiry.as_secs()).unwrap_or(3600);
    let access_token = tokens::sign_access_token(
        &AccessClaims {
            issuer: &state.auth.issuer,
            user_id: user.id,
            email: user.email_or_empty(),
            app_metadata: &user.app_metadata,
            user_metadata: &user.user_metadata,
            session_id: session.id,
            aal: &session.aal,
            amr: &session.amr,
            is_anonymous: user.is_anonymous,
            issued_at: now,
            expires_at: now + expires_in,
        },
        state.jwt_secret.as_bytes(),
    )
    .map_err(AuthError::internal)?;
    Ok(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": expires_in,
        "expires_at": now + expires_in,
        "refresh_token": refresh_token,
        "user": user.to_json(),
    }))
}

/// The JSON body as `T`; an empty body reads as `{}`.
pub fn parse_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AuthError> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    serde_json::from_slice(bytes).map_err(AuthError::bad_json)
}

/// A trimmed, lower-cased address, or `validation_failed`.
pub fn normalise_email(raw: &str) -> Result<String, AuthError> {
    let email = raw.trim().to_lowercase();
    let invalid = || AuthError::validation("Unable to validate email address: invalid format");
    if email.len() > MAX_EMAIL || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(invalid());
    }
    let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
    let domain_ok = !domain.contains('@')
        && domain.contains('.')
        && domain.split('.').all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
    if local.is_empty() || !domain_ok {
        return Err(invalid());
    }
    Ok(email)
}

/// A metadata object (absent: `{}`), within the size limit.
pub fn metadata(value: Option<Value>, name: &str) -> Result<Map<String, Value>, AuthError> {
    match value {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(map)) => {
            if Value::Object(map.clone()).to_string().len() > MAX_METADATA_BYTES {
                return Err(AuthError::validation(format!("{name} must be at most {MAX_METADATA_BYTES} bytes")));
            }
            Ok(map)
        }
        Some(_) => Err(AuthError::validation(format!("{name} must be a JSON object"))),
    }
}

/// Counts a request against `limit` in `bucket`, by `clock`; 429 with `Retry-After` beyond it.
pub async fn rate_limit(
    tx: &mut AuthTx,
    bucket: &str,
    limit: Limit,
    clock: &crate::clock::Clock,
) -> Result<(), AuthError> {
    limits::hit(tx, bucket, limit.hits, limit.window, clock.now()).await?.map_err(AuthError::over_request_rate_limit)
}

/// The metadata GoTrue keeps for e-mail accounts: set by the server, never by users.
pub fn email_app_metadata(extra: Map<String, Value>) -> Value {
    let mut app = extra;
    app.insert("provider".into(), json!("email"));
    app.insert("providers".into(), json!(["email"]));
    Value::Object(app)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_normalised_and_checked() {
        assert_eq!(normalise_email("  Asha@Example.ORG ").unwrap(), "asha@example.org");
        for bad in ["", "asha", "@example.org", "asha@", "asha@localhost", "a b@example.org", "a@b@c.org", "a@-x.org"] {
            assert_eq!(normalise_email(bad).unwrap_err().code(), "validation_failed", "{bad}");
        }
        assert!(normalise_email(&format!("{}@example.org", "a".repeat(260))).is_err());
    }

    #[test]
    fn metadata_must_be_a_small_object() {
        assert!(metadata(None, "data").unwrap().is_empty());
        assert!(metadata(Some(json!([1])), "data").is_err());
        assert!(metadata(Some(json!({"bio": "x".repeat(20_000)})), "data").is_err());
        assert_eq!(metadata(Some(json!({"a": 1})), "data").unwrap()["a"], 1);
    }

    #[test]
    fn bodies_parse_and_empty_means_empty_object() {
        let empty: Map<String, Value> = parse_body(b"").unwrap();
        assert!(empty.is_empty());
        assert_eq!(parse_body::<Map<String, Value>>(b"{").unwrap_err().code(), "bad_json");
    }
}
