//! Signed URLs: a token scoped to one object (`{bucket}/{name}`) and one operation (download
//! or upload), with an expiry of at most seven days.
//!
//! Tokens are HS256 JWTs, as on Supabase, but signed with a key derived from the JWT secret
//! for this one purpose: a signed-URL token can never pass as an access token, nor an access
//! token as a signed URL.

use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::error::StorageError;

/// Longest validity of a signed URL (seven days).
pub const MAX_EXPIRY_SECONDS: i64 = 7 * 24 * 3600;
/// Validity of a signed upload URL (as on Supabase: two hours).
pub const UPLOAD_EXPIRY_SECONDS: i64 = 2 * 3600;

/// What a signed URL allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SignedOperation {
    Download,
    Upload,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SignedClaims {
    /// `{bucket}/{name}`.
    pub url: String,
    pub op: SignedOperation,
    pub iat: i64,
    pub exp: i64,
    /// Upload: the user who asked for the URL (the object's owner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Upload: whether an existing object may be replaced.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub upsert: bool,
    /// Download: image transformation options the URL is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transform: Option<serde_json::Value>,
    /// Download: who signed it (`sub`, `role`), so that using the URL checks again that they
    /// may still read the object; absent for the service role (and for URLs signed before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signer: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The key signed URLs are signed with.
pub struct SigningKey([u8; 32]);

impl SigningKey {
    pub fn derive(jwt_secret: &str) -> Self {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(jwt_secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(b"storage signed URLs v1");
        Self(mac.finalize().into_bytes().into())
    }

    pub fn sign(&self, claims: &SignedClaims) -> Result<String, StorageError> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(&self.0))
            .map_err(StorageError::internal)
    }

    /// The claims of `token` when it is authentic, unexpired, and for `url` and `op`.
    pub fn verify(&self, token: &str, url: &str, op: SignedOperation, now: i64) -> Result<SignedClaims, StorageError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.required_spec_claims.clear();
        let claims = jsonwebtoken::decode::<SignedClaims>(token, &DecodingKey::from_secret(&self.0), &validation)
            .map_err(|_| StorageError::invalid_signature("Invalid signature"))?
            .claims;
        if claims.exp <= now {
            return Err(StorageError::invalid_signature("jwt expired"));
        }
        if claims.op != op || claims.url != url {
            return Err(StorageError::invalid_signature("The signature is for another object or operation"));
        }
        Ok(claims)
    }
}

/// Validity of a signed URL when the request names none (spec §9: 3600 s).
pub const DEFAULT_EXPIRY_SECONDS: i64 = 3600;

/// `expiresIn` of a sign request: whole seconds from 1 to seven days; absent, an hour.
pub fn expires_in(value: Option<&serde_json::Value>) -> Result<i64, StorageError> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(DEFAULT_EXPIRY_SECONDS);
    };
    let seconds = value.as_i64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()));
    match seconds {
        Some(seconds) if (1..=MAX_EXPIRY_SECONDS).contains(&seconds) => Ok(seconds),
        _ => Err(StorageError::invalid_request(format!(
            "expiresIn must be a whole number of seconds from 1 to {MAX_EXPIRY_SECONDS}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn claims(url: &str, op: SignedOperation) -> SignedClaims {
        SignedClaims {
            url: url.into(),
            op,
            iat: NOW,
            exp: NOW + 60,
            owner: None,
            upsert: false,
            transform: None,
            signer: None,
        }
    }

    #[test]
    fn a_token_opens_its_own_object_for_its_operation_only() {
        let key = SigningKey::derive("a-secret-that-is-long-enough-for-hs256!!");
        let token = key.sign(&claims("docs/a.pdf", SignedOperation::Download)).unwrap();
        assert!(key.verify(&token, "docs/a.pdf", SignedOperation::Download, NOW).is_ok());
        assert!(key.verify(&token, "docs/b.pdf", SignedOperation::Download, NOW).is_err());
        assert!(key.verify(&token, "docs/a.pdf", SignedOperation::Upload, NOW).is_err());
        let expired = key.verify(&token, "docs/a.pdf", SignedOperation::Download, NOW + 60).unwrap_err();
        assert_eq!(expired.message(), "jwt expired");
    }

    #[test]
    fn tampered_tokens_and_other_keys_are_refused() {
        let key = SigningKey::derive("a-secret-that-is-long-enough-for-hs256!!");
        let token = key.sign(&claims("docs/a.pdf", SignedOperation::Download)).unwrap();
        let mut parts: Vec<String> = token.split('.').map(String::from).collect();
        let forged = {
            use base64::Engine;
            let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let mut payload: serde_json::Value = serde_json::from_slice(&engine.decode(&parts[1]).unwrap()).unwrap();
            payload["url"] = "docs/secret.pdf".into();
            engine.encode(payload.to_string())
        };
        parts[1] = forged;
        assert!(key.verify(&parts.join("."), "docs/secret.pdf", SignedOperation::Download, NOW).is_err());
        let other = SigningKey::derive("another-secret-that-is-long-enough-too!!");
        assert!(other.verify(&token, "docs/a.pdf", SignedOperation::Download, NOW).is_err());
    }

    #[test]
    fn an_access_token_is_not_a_signed_url() {
        let secret = "a-secret-that-is-long-enough-for-hs256!!";
        let access = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims("docs/a.pdf", SignedOperation::Download),
            &EncodingKey::from_secret(secret.as_bytes()),
        )
        .unwrap();
        assert!(SigningKey::derive(secret).verify(&access, "docs/a.pdf", SignedOperation::Download, NOW).is_err());
    }

    #[test]
    fn expiry_is_bounded() {
        assert_eq!(expires_in(Some(&serde_json::json!(60))).unwrap(), 60);
        assert_eq!(expires_in(Some(&serde_json::json!("3600"))).unwrap(), 3600);
        for bad in [
            serde_json::json!(0),
            serde_json::json!(-5),
            serde_json::json!(MAX_EXPIRY_SECONDS + 1),
            serde_json::json!(1.5),
        ] {
            assert!(expires_in(Some(&bad)).is_err(), "{bad}");
        }
        assert_eq!(expires_in(None).unwrap(), DEFAULT_EXPIRY_SECONDS);
    }
}
