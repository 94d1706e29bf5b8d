//! The application server's VAPID key pair (RFC 8292): a P-256 key whose public half browsers
//! subscribe with and whose private half signs every push request. From VAPID_PRIVATE_KEY, or
//! generated once and kept in the data directory (mode 0600) like the JWT secret.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::SecretKey;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use rand::RngCore;

use crate::startup_error::StartupError;

/// File of the generated private key inside the data directory.
pub const VAPID_KEY_FILE: &str = "vapid_private_key";

/// A VAPID key pair. The private key never leaves this type except to sign.
#[derive(Clone)]
pub struct VapidKeys {
    private: [u8; 32],
    public: [u8; 65],
}

impl std::fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKeys").field("public", &self.public_base64()).finish_non_exhaustive()
    }
}

impl VapidKeys {
    /// The pair of a private key given as base64url (padding and the standard alphabet are
    /// tolerated).
    pub fn from_private(encoded: &str) -> Result<Self, String> {
        let bytes = decode_base64(encoded).ok_or("is not base64url")?;
        let private: [u8; 32] =
            bytes.try_into().map_err(|_| "must be 32 bytes (a P-256 private key, base64url)".to_string())?;
        Self::from_bytes(private).ok_or_else(|| "is not a valid P-256 private key".to_string())
    }

    fn from_bytes(private: [u8; 32]) -> Option<Self> {
        let secret = SecretKey::from_slice(&private).ok()?;
        let point = secret.public_key().to_encoded_point(false);
        let public: [u8; 65] = point.as_bytes().try_into().ok()?;
        Some(Self { private, public })
    }

    /// A new random pair.
    pub fn generate() -> Self {
        loop {
            let mut private = [0u8; 32];
            rand::rng().fill_bytes(&mut private);
            // A random 32-byte string is a valid scalar except with probability about 2^-32.
            if let Some(keys) = Self::from_bytes(private) {
                return keys;
            }
        }
    }

    pub fn private_base64(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.private)
    }

    /// The uncompressed public point, base64url: the `applicationServerKey` browsers
    /// subscribe with and the `k` of every VAPID header.
    pub fn public_base64(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.public)
    }
}

/// Base64url or standard base64, with or without padding.
pub fn decode_base64(encoded: &str) -> Option<Vec<u8>> {
    let normalized: String = encoded
        .trim()
        .trim_end_matches('=')
        .chars()
        .map(|c| {
            if c == '+' {
                '-'
            } else if c == '/' {
                '_'
            } else {
                c
            }
        })
        .collect();
    URL_SAFE_NO_PAD.decode(normalized).ok()
}

/// The configured pair, or the one kept in `data_dir` (generated on first use).
pub fn resolve(configured: Option<&VapidKeys>, data_dir: &Path) -> Result<VapidKeys, StartupError> {
    match configured {
        Some(keys) => Ok(keys.clone()),
        None => load_or_generate(&data_dir.join(VAPID_KEY_FILE)),
    }
}

fn load_or_generate(path: &Path) -> Result<VapidKeys, StartupError> {
    let generated = VapidKeys::generate();
    match crate::secrets::kept_secret(path, &generated.private_base64(), "VAPID key pair")? {
        None => Ok(generated),
        Some(text) => VapidKeys::from_private(&text).map_err(|e| {
            StartupError::environment(format!(
                "{} {e}; delete it to generate a new pair (browsers then subscribe again)",
                path.display()
            ))
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn a_generated_pair_is_kept_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = resolve(None, dir.path()).unwrap();
        let path = dir.path().join(VAPID_KEY_FILE);
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let second = resolve(None, dir.path()).unwrap();
        assert_eq!(first.public_base64(), second.public_base64());
    }

    #[test]
    fn the_public_key_is_an_uncompressed_point_derived_from_the_private_key() {
        // The test vector of the web-push crate.
        let keys = VapidKeys::from_private("IQ9Ur0ykXoHS9gzfYX0aBjy9lvdrjx_PFUXmie9YRcY").unwrap();
        let public = URL_SAFE_NO_PAD.decode(keys.public_base64()).unwrap();
        assert_eq!(public.len(), 65);
        assert_eq!(public[0], 4);
        assert_eq!(VapidKeys::from_private(&keys.private_base64()).unwrap().public_base64(), keys.public_base64());
    }

    #[test]
    fn bad_private_keys_are_refused() {
        assert!(VapidKeys::from_private("short").is_err());
        assert!(VapidKeys::from_private("!!!").is_err());
        let zero = URL_SAFE_NO_PAD.encode([0u8; 32]);
        assert!(VapidKeys::from_private(&zero).is_err(), "zero is no scalar");
    }

    #[test]
    fn both_base64_alphabets_decode() {
        assert_eq!(decode_base64("-_8="), Some(vec![0xfb, 0xff]));
        assert_eq!(decode_base64("+/8"), Some(vec![0xfb, 0xff]));
    }
}
