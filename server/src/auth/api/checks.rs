//! The checks every auth handler shares: request bodies, e-mail addresses, phone numbers,
//! PKCE challenges, metadata, the providers of app metadata and rate limits.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::auth::error::AuthError;
use crate::auth::settings::Limit;
use crate::auth::store::limits;
use crate::auth::store::tx::AuthTx;
use crate::auth::user::User;

/// Longest accepted e-mail address (GoTrue's limit).
const MAX_EMAIL: usize = 255;
/// Largest accepted metadata object, serialised.
const MAX_METADATA_BYTES: usize = 16 * 1024;

/// A number as GoTrue keeps it: E.164 digits without `+` or spaces. Numbers written with `+` or
/// `00` are international; one with a trunk `0`, or of at most ten digits, is national and gets
/// SMS_DEFAULT_COUNTRY_CODE (`98450 12345` → `919845012345`).
pub fn normalise_phone(raw: &str, default_country: &str) -> Result<String, AuthError> {
    let invalid = || AuthError::validation("Invalid phone number format (E.164 required)");
    let trimmed = raw.trim();
    let international = trimmed.starts_with('+') || trimmed.starts_with("00");
    let mut digits = String::new();
    for (i, c) in trimmed.chars().enumerate() {
        match c {
            '0'..='9' => digits.push(c),
            '+' if i == 0 => {}
            ' ' | '-' | '(' | ')' | '.' if !digits.is_empty() || c == '(' => {}
            _ => return Err(invalid()),
        }
    }
    let number = if international {
        digits.trim_start_matches("00").to_owned()
    } else if digits.starts_with('0') {
        format!("{default_country}{}", digits.trim_start_matches('0'))
    } else if digits.len() <= 10 {
        format!("{default_country}{digits}")
    } else {
        digits
    };
    let valid = (7..=15).contains(&number.len()) && !number.starts_with('0');
    if valid { Ok(number) } else { Err(invalid()) }
}

/// A PKCE request's challenge (GoTrue's validatePKCEParams).
pub struct Pkce {
    pub challenge: String,
    /// `s256` or `plain`.
    pub method: String,
}

/// The PKCE challenge of a request, when it has one.
pub fn pkce(challenge: Option<&str>, method: Option<&str>) -> Result<Option<Pkce>, AuthError> {
    let challenge = challenge.filter(|c| !c.is_empty());
    let method = method.filter(|m| !m.is_empty());
    match (challenge, method) {
        (None, None) => Ok(None),
        (Some(challenge), Some(method)) => {
            if !(43..=128).contains(&challenge.len()) {
                return Err(AuthError::validation("code challenge has to be between 43 and 128 characters"));
            }
            if !challenge.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '~' | '-')) {
                return Err(AuthError::validation(
                    "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
                ));
            }
            let method = method.to_ascii_lowercase();
            if method != "s256" && method != "plain" {
                return Err(AuthError::validation("code challenge method not supported"));
            }
            Ok(Some(Pkce { challenge: challenge.to_owned(), method }))
        }
        _ => Err(AuthError::validation("PKCE flow requires code_challenge_method and code_challenge")),
    }
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
    // GoTrue's address rule: RFC 5322 atoms before the @, DNS labels after it.
    let local_ok =
        !local.is_empty() && local.chars().all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    let domain_ok = domain.contains('.')
        && domain.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    if !local_ok || !domain_ok {
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

/// Counts a request against `limit` in `bucket`; 429 with `Retry-After` beyond it.
pub async fn rate_limit(tx: &mut AuthTx, bucket: &str, limit: Limit) -> Result<(), AuthError> {
    limits::hit(tx, bucket, limit.hits, limit.window).await?.map_err(AuthError::over_request_rate_limit)
}

/// The metadata GoTrue keeps for e-mail accounts: set by the server, never by users.
pub fn email_app_metadata(extra: Map<String, Value>) -> Value {
    provider_metadata(extra, "email", &["email"])
}

/// App metadata naming how the account signs in (`provider`, `providers`).
pub fn provider_metadata(extra: Map<String, Value>, provider: &str, providers: &[&str]) -> Value {
    let mut app = extra;
    app.insert("provider".into(), json!(provider));
    app.insert("providers".into(), json!(providers));
    Value::Object(app)
}

/// The app metadata of `user` with `providers` matching its identities now (GoTrue's
/// UpdateAppMetaDataProviders): an anonymous account that gained an address becomes an e-mail
/// account, one that gained a number a phone account.
pub fn with_current_providers(user: &User) -> Option<Value> {
    let mut providers = Vec::new();
    if user.email.as_deref().is_some_and(|e| !e.is_empty()) {
        providers.push("email");
    }
    if user.phone.as_deref().is_some_and(|p| !p.is_empty()) {
        providers.push("phone");
    }
    let current: Vec<&str> = user.app_metadata["providers"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if providers.is_empty() || current == providers {
        return None;
    }
    let provider =
        user.app_metadata["provider"].as_str().filter(|p| providers.contains(p)).unwrap_or(providers[0]).to_owned();
    Some(provider_metadata(user.app_metadata.as_object().cloned().unwrap_or_default(), &provider, &providers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_normalised_and_checked() {
        assert_eq!(normalise_email("  Asha@Example.ORG ").unwrap(), "asha@example.org");
        for bad in [
            "",
            "asha",
            "@example.org",
            "asha@",
            "asha@localhost",
            "a b@example.org",
            "a@b@c.org",
            "a@-x.org",
            "xx:;x@x.x",
        ] {
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
    fn phones_become_e164_digits_with_the_default_country() {
        assert_eq!(normalise_phone("+91 98450 12345", "91").unwrap(), "919845012345");
        assert_eq!(normalise_phone("98450-12345", "91").unwrap(), "919845012345");
        assert_eq!(normalise_phone("098450 12345", "91").unwrap(), "919845012345");
        assert_eq!(normalise_phone("0091 98450 12345", "91").unwrap(), "919845012345");
        assert_eq!(normalise_phone("12025550123", "91").unwrap(), "12025550123");
        for bad in ["", "+", "abc", "12345-invalid", "+0123456789", "1234"] {
            assert_eq!(
                normalise_phone(bad, "91").unwrap_err().message(),
                "Invalid phone number format (E.164 required)",
                "{bad}"
            );
        }
    }

    #[test]
    fn pkce_needs_both_parts_and_a_well_formed_challenge() {
        assert!(pkce(None, None).unwrap().is_none());
        assert!(pkce(Some("a".repeat(43).as_str()), None).is_err());
        assert!(pkce(Some("short"), Some("s256")).is_err());
        assert_eq!(pkce(Some("a".repeat(43).as_str()), Some("S256")).unwrap().unwrap().method, "s256");
    }

    #[test]
    fn bodies_parse_and_empty_means_empty_object() {
        let empty: Map<String, Value> = parse_body(b"").unwrap();
        assert!(empty.is_empty());
        assert_eq!(parse_body::<Map<String, Value>>(b"{").unwrap_err().code(), "bad_json");
    }
}
