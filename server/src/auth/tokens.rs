//! What the auth service hands out: access tokens (JWTs with GoTrue's claims, signed by the
//! current key, [`super::keys`]),
//! refresh tokens (random, rotated) and one-time tokens for mailed links. Only SHA-256 hashes
//! of refresh and one-time tokens are stored.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// Bytes of randomness in refresh and one-time tokens (256 bits).
const TOKEN_BYTES: usize = 32;
/// Bytes of a rotation salt.
pub const SALT_BYTES: usize = 16;

/// The claims of one access token.
pub struct AccessClaims<'a> {
    pub issuer: &'a str,
    pub user_id: Uuid,
    pub email: &'a str,
    pub phone: &'a str,
    pub app_metadata: &'a Value,
    pub user_metadata: &'a Value,
    pub session_id: Uuid,
    pub aal: &'a str,
    pub amr: &'a Value,
    pub is_anonymous: bool,
    pub issued_at: i64,
    pub expires_at: i64,
}

/// Signs an access token with the current key (`typ: JWT`, `kid` when asymmetric).
pub fn sign_access_token(
    claims: &AccessClaims<'_>,
    keys: &super::keys::KeySet,
) -> Result<String, jsonwebtoken::errors::Error> {
    let body = json!({
        "iss": claims.issuer,
        "sub": claims.user_id,
        "aud": "authenticated",
        "exp": claims.expires_at,
        "iat": claims.issued_at,
        "email": claims.email,
        "phone": claims.phone,
        "app_metadata": claims.app_metadata,
        "user_metadata": claims.user_metadata,
        "role": "authenticated",
        "aal": claims.aal,
        "amr": claims.amr,
        "session_id": claims.session_id,
        "is_anonymous": claims.is_anonymous,
    });
    keys.sign(&body)
}

/// A new random token (URL-safe base64, 43 characters).
pub fn random_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A new random rotation salt.
pub fn random_salt() -> [u8; SALT_BYTES] {
    let mut salt = [0u8; SALT_BYTES];
    rand::rng().fill_bytes(&mut salt);
    salt
}

/// The token that succeeds `parent` when rotated with `salt`: HMAC-SHA256 under the server's
/// secret. Whoever presents `parent` again within the reuse interval gets this same token back,
/// although the server keeps only hashes; without the secret and the stored salt nobody can
/// compute it.
pub fn successor_token(secret: &[u8], parent: &str, salt: &[u8]) -> String {
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    };
    mac.update(b"refresh-token-rotation\0");
    mac.update(parent.as_bytes());
    mac.update(salt);
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// The stored form of a refresh or one-time token: SHA-256, hex.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::jwt;

    #[test]
    fn access_tokens_carry_gotrue_claims_and_verify() {
        let user_id = Uuid::new_v4();
        let session_id = Uuid::new_v4();
        let app = json!({"provider": "email", "providers": ["email"]});
        let user = json!({"name": "Asha"});
        let amr = json!([{"method": "password", "timestamp": 1_800_000_000}]);
        let claims = AccessClaims {
            issuer: "http://localhost/auth/v1",
            user_id,
            email: "asha@example.org",
            phone: "",
            app_metadata: &app,
            user_metadata: &user,
            session_id,
            aal: "aal1",
            amr: &amr,
            is_anonymous: false,
            issued_at: 1_800_000_000,
            expires_at: 1_800_003_600,
        };
        let keys = crate::auth::keys::KeySet::from_secret("a-secret-of-at-least-thirty-two-bytes!!");
        let token = sign_access_token(&claims, &keys).unwrap();
        let verified = jwt::verify(&token, &keys, &jwt::ClaimRules::default(), 1_800_000_100).unwrap();
        assert_eq!(verified["sub"], user_id.to_string());
        assert_eq!(verified["session_id"], session_id.to_string());
        assert_eq!(verified["role"], "authenticated");
        assert_eq!(verified["aud"], "authenticated");
        assert_eq!(verified["phone"], "");
        assert_eq!(verified["exp"], 1_800_003_600);
        assert_eq!(verified["app_metadata"], app);
        assert_eq!(verified["amr"], amr);
    }

    #[test]
    fn tokens_are_random_and_hashes_are_stable() {
        let a = random_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, random_token());
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_eq!(token_hash("abc").len(), 64);
    }

    #[test]
    fn successors_depend_on_the_secret_the_parent_and_the_salt() {
        let salt = random_salt();
        let child = successor_token(b"secret-one", "parent", &salt);
        assert_eq!(child, successor_token(b"secret-one", "parent", &salt));
        assert_ne!(child, successor_token(b"secret-two", "parent", &salt));
        assert_ne!(child, successor_token(b"secret-one", "other", &salt));
        assert_ne!(child, successor_token(b"secret-one", "parent", &random_salt()));
    }
}
