//! Secrets the auth service keeps in the database (private signing keys, TOTP secrets) are
//! sealed: ChaCha20-Poly1305 under a key derived from JWT_SECRET for this purpose only, with a
//! random nonce and the row's identity as associated data, so a database dump alone reveals
//! none of them and a sealed value cannot be moved to another row.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

const NONCE_BYTES: usize = 12;

/// Seals and opens secrets with a key derived from the server's JWT secret.
#[derive(Clone)]
pub struct Sealer {
    cipher: ChaCha20Poly1305,
}

impl Sealer {
    pub fn new(jwt_secret: &str) -> Self {
        let mut mac = match <Hmac<Sha256> as Mac>::new_from_slice(jwt_secret.as_bytes()) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC accepts keys of any length"),
        };
        mac.update(b"auth-sealed-secrets-v1");
        let key = mac.finalize().into_bytes();
        let key: Key = key;
        Self { cipher: ChaCha20Poly1305::new(&key) }
    }

    /// `nonce || ciphertext`, bound to `context` (the row it belongs to).
    pub fn seal(&self, plain: &[u8], context: &str) -> Vec<u8> {
        let mut nonce = [0u8; NONCE_BYTES];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = match self.cipher.encrypt(&Nonce::from(nonce), Payload { msg: plain, aad: context.as_bytes() }) {
            Ok(sealed) => sealed,
            Err(_) => unreachable!("encryption of an in-memory buffer cannot fail"),
        };
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        out
    }

    /// The plain bytes, or `None` when the value was not sealed by this secret for `context`.
    pub fn open(&self, sealed: &[u8], context: &str) -> Option<Vec<u8>> {
        if sealed.len() < NONCE_BYTES {
            return None;
        }
        let (nonce, body) = sealed.split_at(NONCE_BYTES);
        let nonce: [u8; NONCE_BYTES] = nonce.try_into().ok()?;
        self.cipher.decrypt(&Nonce::from(nonce), Payload { msg: body, aad: context.as_bytes() }).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_open_only_with_the_same_secret_and_context() {
        let sealer = Sealer::new("a-secret-of-at-least-thirty-two-bytes!!");
        let sealed = sealer.seal(b"private", "factor:1");
        assert!(!sealed.windows(7).any(|w| w == b"private"));
        assert_eq!(sealer.open(&sealed, "factor:1").unwrap(), b"private");
        assert!(sealer.open(&sealed, "factor:2").is_none(), "bound to its row");
        assert!(Sealer::new("another-secret-of-thirty-two-bytes!!!!").open(&sealed, "factor:1").is_none());
        assert_ne!(sealer.seal(b"private", "factor:1"), sealed, "a fresh nonce each time");
    }
}
