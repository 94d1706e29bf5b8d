//! The keys that sign and verify access tokens.
//!
//! * By default access tokens are signed with ES256 by a key the server generates and keeps in
//!   `auth.signing_keys` (its private half sealed with JWT_SECRET, [`crate::auth::sealed`]), so
//!   every replica signs with the same key. `server signing-keys rotate` adds a key that every
//!   replica publishes and accepts within a minute and that signs a little later
//!   ([`store::PROMOTE_AFTER`]); the previous ones keep verifying until the last token they
//!   signed has expired.
//! * `JWT_KEYS` (GoTrue's setting: a JSON array of JWKs, `oct`/`EC`/`RSA`) replaces them: the
//!   key whose `key_ops` has `sign` signs, the others verify.
//! * `JWT_ACCESS_TOKEN_ALGORITHM=HS256` keeps signing with JWT_SECRET, as before.
//!
//! Whatever signs, JWT_SECRET (HS256) keeps verifying: the API keys are signed with it, and so
//! are tokens issued before asymmetric keys (Supabase's migration keeps the legacy secret valid
//! the same way). Asymmetric tokens name their key in `kid`; a token whose `kid` is unknown is
//! refused. The public keys are served at `/auth/v1/.well-known/jwks.json`.

pub mod jwk;
pub mod store;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header};
use serde_json::{Value, json};

use super::jwt::JwtError;
use super::sealed::Sealer;
use crate::db::request_connections::RequestConnections;

/// What signs access tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// ES256 keys generated and rotated by the server (the default).
    Managed,
    /// JWT_KEYS.
    Imported(Vec<Value>),
    /// JWT_SECRET alone (HS256).
    Secret,
}

/// The signing key and every verifying key, at one moment.
pub struct KeySet {
    signer: (Algorithm, Option<String>, EncodingKey),
    by_kid: HashMap<String, (Algorithm, DecodingKey)>,
    secret: DecodingKey,
    jwks: Value,
}

impl KeySet {
    /// HS256 with the secret only.
    pub fn from_secret(secret: &str) -> Self {
        Self {
            signer: (Algorithm::HS256, None, EncodingKey::from_secret(secret.as_bytes())),
            by_kid: HashMap::new(),
            secret: DecodingKey::from_secret(secret.as_bytes()),
            jwks: json!({"keys": []}),
        }
    }

    /// The set of `keys` (one of which signs), beside the secret.
    fn from_keys(secret: &str, keys: Vec<jwk::Key>) -> Result<Self, String> {
        let mut set = Self::from_secret(secret);
        let mut signer = None;
        let mut public = Vec::new();
        for key in keys {
            if key.signs {
                if signer.is_some() {
                    return Err("more than one key has \"sign\" in key_ops".into());
                }
                match &key.encoding {
                    Some(encoding) => signer = Some((key.alg, key.kid.clone(), encoding.clone())),
                    None => return Err("a key with \"sign\" in key_ops has no private part".into()),
                }
            }
            if let Some(jwk) = key.public_jwk {
                public.push(jwk);
            }
            match key.kid {
                Some(kid) => {
                    set.by_kid.insert(kid, (key.alg, key.decoding));
                }
                None if key.alg == Algorithm::HS256 => set.secret = key.decoding,
                None => return Err("an asymmetric key needs a \"kid\"".into()),
            }
        }
        set.signer = signer.ok_or("no key has \"sign\" in key_ops")?;
        set.jwks = json!({"keys": public});
        Ok(set)
    }

    /// Signs `claims` with the current key (its `kid` in the header).
    pub fn sign(&self, claims: &Value) -> Result<String, jsonwebtoken::errors::Error> {
        let (alg, kid, key) = &self.signer;
        let mut header = Header::new(*alg);
        header.kid.clone_from(kid);
        jsonwebtoken::encode(&header, claims, key)
    }

    /// The key that verifies a token of `alg` naming `kid`.
    pub fn verifying_key(&self, alg: Algorithm, kid: Option<&str>) -> Result<&DecodingKey, JwtError> {
        let unsupported = || JwtError::Invalid("Wrong or unsupported encoding algorithm".into());
        if !matches!(alg, Algorithm::HS256 | Algorithm::ES256 | Algorithm::RS256) {
            return Err(unsupported());
        }
        match kid.and_then(|kid| self.by_kid.get(kid)) {
            Some((key_alg, key)) if *key_alg == alg => Ok(key),
            Some(_) => Err(unsupported()),
            None if alg == Algorithm::HS256 => Ok(&self.secret),
            None => Err(JwtError::Invalid("No suitable key or wrong key type".into())),
        }
    }

    /// Whether a token naming `kid` could be verified.
    pub fn knows(&self, kid: &str) -> bool {
        self.by_kid.contains_key(kid)
    }

    /// The public keys, as `/.well-known/jwks.json` serves them.
    pub fn jwks(&self) -> &Value {
        &self.jwks
    }

    /// The algorithm and `kid` that sign.
    pub fn signing(&self) -> (Algorithm, Option<&str>) {
        (self.signer.0, self.signer.1.as_deref())
    }
}

/// How long a replica keeps a key set before reading the database again (managed keys).
const RELOAD_EVERY: Duration = Duration::from_secs(60);

/// The current key set, shared by every request, reloaded from the database.
pub struct SigningKeys {
    current: RwLock<Arc<KeySet>>,
    source: KeySource,
    secret: String,
    sealer: Sealer,
}

impl SigningKeys {
    /// The keys of `source`; managed keys start as the secret until [`Self::load`] reads them.
    pub fn new(source: KeySource, secret: &str) -> Result<Self, String> {
        let set = match &source {
            KeySource::Imported(keys) => {
                KeySet::from_keys(secret, keys.iter().map(jwk::parse).collect::<Result<Vec<_>, _>>()?)?
            }
            KeySource::Managed | KeySource::Secret => KeySet::from_secret(secret),
        };
        Ok(Self { current: RwLock::new(Arc::new(set)), source, secret: secret.to_owned(), sealer: Sealer::new(secret) })
    }

    pub fn current(&self) -> Arc<KeySet> {
        Arc::clone(&self.current.read().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    pub fn source(&self) -> &KeySource {
        &self.source
    }

    pub fn sealer(&self) -> &Sealer {
        &self.sealer
    }

    /// Reads the managed keys (generating the first one); nothing for other sources.
    pub async fn load(&self, connections: &RequestConnections, retention: Duration) -> Result<(), String> {
        if self.source != KeySource::Managed {
            return Ok(());
        }
        let keys = store::load(connections, &self.sealer, retention).await?;
        let set = KeySet::from_keys(&self.secret, keys)?;
        *self.current.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(set);
        Ok(())
    }

    /// Reloads managed keys every minute while the server runs.
    pub fn spawn_reloads(
        self: Arc<Self>,
        connections: RequestConnections,
        retention: Duration,
    ) -> Option<tokio::task::JoinHandle<()>> {
        (self.source == KeySource::Managed).then(|| {
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(RELOAD_EVERY).await;
                    if let Err(error) = self.load(&connections, retention).await {
                        tracing::warn!(%error, "cannot reload the signing keys");
                    }
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::jwt::{ClaimRules, verify};

    const SECRET: &str = "keys-test-secret-that-is-long-enough-0123";

    #[test]
    fn a_secret_only_set_signs_hs256_without_kid() {
        let set = KeySet::from_secret(SECRET);
        let token = set.sign(&json!({"exp": 2_000_000_000})).unwrap();
        assert!(jsonwebtoken::decode_header(&token).unwrap().kid.is_none());
        assert!(verify(&token, &set, &ClaimRules::default(), 1_900_000_000).is_ok());
    }

    #[test]
    fn an_ec_key_signs_es256_with_its_kid_and_the_secret_still_verifies() {
        let d = [9u8; 32];
        let mut private = jwk::ec_public_jwk(&d, "k-1").unwrap();
        private["d"] = json!(base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, d));
        private["key_ops"] = json!(["sign", "verify"]);
        let set = SigningKeys::new(KeySource::Imported(vec![private]), SECRET).unwrap().current();
        let token = set.sign(&json!({"exp": 2_000_000_000})).unwrap();
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!((header.alg, header.kid.as_deref()), (Algorithm::ES256, Some("k-1")));
        assert!(verify(&token, &set, &ClaimRules::default(), 1_900_000_000).is_ok());
        assert_eq!(set.jwks()["keys"][0]["kid"], "k-1");
        assert!(set.jwks()["keys"][0].get("d").is_none(), "never the private part");
        let legacy = KeySet::from_secret(SECRET).sign(&json!({"exp": 2_000_000_000})).unwrap();
        assert!(verify(&legacy, &set, &ClaimRules::default(), 1_900_000_000).is_ok());
        // A token naming an unknown kid is refused, whatever its algorithm says.
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some("unknown".into());
        let other =
            jsonwebtoken::encode(&header, &json!({"exp": 2_000_000_000}), &jwk::ec_encoding_key(&[3u8; 32]).unwrap())
                .unwrap();
        assert!(verify(&other, &set, &ClaimRules::default(), 1_900_000_000).is_err());
    }

    #[test]
    fn a_set_needs_exactly_one_signing_key() {
        let verify_only = json!({"kty": "oct", "k": "c2VjcmV0", "kid": "a", "key_ops": ["verify"]});
        assert!(SigningKeys::new(KeySource::Imported(vec![verify_only]), SECRET).is_err());
        let signer = json!({"kty": "oct", "k": "c2VjcmV0", "kid": "a", "key_ops": ["sign"]});
        assert!(SigningKeys::new(KeySource::Imported(vec![signer.clone(), signer]), SECRET).is_err());
    }
}
