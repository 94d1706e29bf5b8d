//! Tokens the app hands its users to show offline (`/cards/v1`): compact ES256 tokens
//! ([`token`]) signed by keys the server keeps and rotates yearly ([`store`]), over claims
//! that only the app's SQL hook `auth.card_claims()` chooses, for the caller of the request.
//! Anyone verifies them with the public keys of `GET /cards/v1/keys`, offline too.

pub mod api;
pub mod store;
pub mod token;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use p256::ecdsa::{SigningKey, VerifyingKey};
use serde_json::{Value, json};

use crate::auth::sealed::Sealer;
use crate::db::request_connections::RequestConnections;

const DAY: u64 = 24 * 60 * 60;
/// How long a key signs.
pub const SIGNS_FOR: Duration = Duration::from_secs(365 * DAY);
/// The next key is made this long before the current one stops signing.
pub const ROTATE_BEFORE: Duration = Duration::from_secs(30 * DAY);
/// The longest a token lives (its `exp` is cut to this); a key verifies this long after it
/// stopped signing.
pub const MAX_LIFETIME: Duration = Duration::from_secs(400 * DAY);
/// How often a replica reads the keys again.
const RELOAD_EVERY: Duration = Duration::from_secs(60);

/// The keys at one moment: the one that signs, and every one that verifies.
#[derive(Default)]
pub struct CardKeySet {
    signer: Option<(String, SigningKey)>,
    verifying: HashMap<String, VerifyingKey>,
    jwks: Vec<Value>,
}

impl CardKeySet {
    fn from_stored(stored: Vec<store::Stored>) -> Result<Self, String> {
        let mut set = Self::default();
        for key in stored {
            let signing = SigningKey::from_slice(&key.d).map_err(|_| format!("card key {} is not P-256", key.kid))?;
            let mut jwk = crate::auth::keys::jwk::ec_public_jwk(&key.d, &key.kid)?;
            jwk["nbf"] = json!(key.not_before.timestamp());
            jwk["signs_until"] = json!(key.not_after.timestamp());
            jwk["exp"] = json!(key.not_after.timestamp() + secs(MAX_LIFETIME));
            set.jwks.push(jwk);
            set.verifying.insert(key.kid.clone(), *signing.verifying_key());
            if key.signs {
                set.signer = Some((key.kid, signing));
            }
        }
        Ok(set)
    }

    /// `{"keys": [...]}`: the public JWKs, each with `nbf`, `signs_until` and `exp` (when it
    /// stops verifying), seconds since the epoch.
    pub fn jwks(&self) -> Value {
        json!({"keys": self.jwks})
    }

    /// The key that signs and its id.
    pub fn signer(&self) -> Option<(&str, &SigningKey)> {
        self.signer.as_ref().map(|(kid, key)| (kid.as_str(), key))
    }

    pub fn verifying_key(&self, kid: &str) -> Option<&VerifyingKey> {
        self.verifying.get(kid)
    }
}

fn secs(duration: Duration) -> i64 {
    i64::try_from(duration.as_secs()).unwrap_or(i64::MAX)
}

/// The current key set, shared by every request, reloaded every minute.
pub struct CardKeys {
    current: RwLock<Arc<CardKeySet>>,
    sealer: Sealer,
}

impl CardKeys {
    pub fn new(jwt_secret: &str) -> Self {
        Self { current: RwLock::new(Arc::new(CardKeySet::default())), sealer: Sealer::new(jwt_secret) }
    }

    pub fn current(&self) -> Arc<CardKeySet> {
        Arc::clone(&self.current.read().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    pub fn sealer(&self) -> &Sealer {
        &self.sealer
    }

    /// Reads the keys (making the first and the next one).
    pub async fn load(&self, connections: &RequestConnections) -> Result<(), String> {
        let set = CardKeySet::from_stored(store::load(connections, &self.sealer).await?)?;
        *self.current.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(set);
        Ok(())
    }

    /// Reloads the keys every minute while the server runs.
    pub fn spawn_reloads(self: Arc<Self>, connections: RequestConnections) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RELOAD_EVERY).await;
                if let Err(error) = self.load(&connections).await {
                    tracing::warn!(%error, "cannot reload the card keys");
                }
            }
        })
    }
}
