//! The JWT secret and the two API keys derived from it, and how a generated secret is kept in
//! the data directory ([`kept_secret`], for the VAPID keys too).

use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use jsonwebtoken::{EncodingKey, Header, encode};
use rand::RngCore;
use serde::Serialize;

use crate::config::Config;
use crate::startup_error::StartupError;

/// The shortest JWT_SECRET accepted.
pub const MIN_JWT_SECRET_BYTES: usize = 32;

/// File of the generated secret inside the data directory.
pub const JWT_SECRET_FILE: &str = "jwt_secret";

/// The secret from JWT_SECRET, or the one kept in the data directory (generated on first use:
/// 32 random bytes, hex-encoded, mode 0600).
pub fn jwt_secret(config: &Config) -> Result<String, StartupError> {
    match &config.jwt_secret {
        Some(secret) => Ok(secret.clone()),
        None => load_or_generate(&config.data_dir.join(JWT_SECRET_FILE)),
    }
}

fn load_or_generate(path: &Path) -> Result<String, StartupError> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let generated = hex::encode(bytes);
    match kept_secret(path, &generated, "JWT secret")? {
        None => Ok(generated),
        Some(secret) if secret.len() < MIN_JWT_SECRET_BYTES => Err(StartupError::environment(format!(
            "{} holds a secret shorter than {} bytes; delete it to generate a new one",
            path.display(),
            MIN_JWT_SECRET_BYTES
        ))),
        Some(secret) => Ok(secret),
    }
}

/// A secret kept in the file `path` (its directory is created): the text of the file when it
/// exists (trimmed; a mode wider than 0600 is narrowed), else `None` once `generated` is written
/// to a new file of mode 0600 (`what` names it in the log). A file another replica creates
/// meanwhile is read instead.
pub fn kept_secret(path: &Path, generated: &str, what: &str) -> Result<Option<String>, StartupError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| {
            StartupError::environment(format!("cannot create data directory {}: {e}", parent.display()))
        })?;
    }
    match std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path) {
        Ok(mut file) => {
            file.write_all(generated.as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(|e| StartupError::environment(format!("cannot write {}: {e}", path.display())))?;
            tracing::info!(file = %path.display(), "generated a new {what}");
            Ok(None)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read_existing(path).map(Some),
        Err(e) => Err(StartupError::environment(format!(
            "cannot create {} (is the data directory writable?): {e}",
            path.display()
        ))),
    }
}

fn read_existing(path: &Path) -> Result<String, StartupError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| StartupError::environment(format!("cannot read {}: {e}", path.display())))?;
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| StartupError::environment(format!("cannot set mode 0600 on {}: {e}", path.display())))?;
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| StartupError::environment(format!("cannot read {}: {e}", path.display())))?;
    Ok(text.trim().to_string())
}

/// The public (anon) and private (service_role) API keys: long-lived HS256 JWTs that carry
/// only a role (and `iss: supabase`, as Supabase's keys do). They are derived from the secret
/// alone, so every replica prints the same keys. Keys printed by earlier versions (another
/// `iss`) stay valid: any token signed with the secret that has the role `anon` or
/// `service_role` and no `sub` is accepted as that key (auth/caller.rs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKeys {
    pub anon: String,
    pub service_role: String,
}

#[derive(Serialize)]
struct KeyClaims<'a> {
    iss: &'a str,
    role: &'a str,
    iat: i64,
    exp: i64,
}

/// The issuer the keys name (the wire's convention for API keys).
pub const KEYS_ISSUER: &str = "supabase";

/// 2026-01-01T00:00:00Z and 2036-01-01T00:00:00Z: fixed so the keys depend on the secret only.
const KEYS_ISSUED_AT: i64 = 1_767_225_600;
const KEYS_EXPIRE_AT: i64 = 2_082_758_400;

impl ApiKeys {
    pub fn derive(secret: &str) -> Result<Self, StartupError> {
        Ok(Self { anon: api_key(secret, "anon")?, service_role: api_key(secret, "service_role")? })
    }
}

fn api_key(secret: &str, role: &str) -> Result<String, StartupError> {
    let claims = KeyClaims { iss: KEYS_ISSUER, role, iat: KEYS_ISSUED_AT, exp: KEYS_EXPIRE_AT };
    encode(&Header::default(), &claims, &EncodingKey::from_secret(secret.as_bytes()))
        .map_err(|e| StartupError::environment(format!("cannot sign the {role} key: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_secret_is_kept_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(JWT_SECRET_FILE);
        let first = load_or_generate(&path).unwrap();
        assert!(first.len() >= 64);
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(load_or_generate(&path).unwrap(), first);
    }

    #[test]
    fn a_kept_secret_is_read_trimmed_with_its_mode_narrowed_and_a_short_one_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested").join(JWT_SECRET_FILE);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let kept = "k".repeat(MIN_JWT_SECRET_BYTES);
        std::fs::write(&path, format!("{kept}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(kept_secret(&path, "unused", "test secret").unwrap().as_deref(), Some(kept.as_str()));
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(load_or_generate(&path).unwrap(), kept);
        std::fs::write(&path, "short").unwrap();
        let refused = load_or_generate(&path).unwrap_err().to_string();
        assert!(refused.contains("shorter than 32 bytes"), "{refused}");
    }

    #[test]
    fn keys_depend_only_on_the_secret() {
        let secret = "s".repeat(40);
        let keys = ApiKeys::derive(&secret).unwrap();
        assert_eq!(keys, ApiKeys::derive(&secret).unwrap());
        assert_ne!(keys.anon, keys.service_role);
        assert_ne!(keys, ApiKeys::derive(&"t".repeat(40)).unwrap());
    }

    #[test]
    fn the_anon_key_carries_the_anon_role() {
        let secret = "s".repeat(40);
        let keys = ApiKeys::derive(&secret).unwrap();
        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
        validation.validate_aud = false;
        let data = jsonwebtoken::decode::<serde_json::Value>(
            &keys.anon,
            &jsonwebtoken::DecodingKey::from_secret(secret.as_bytes()),
            &validation,
        )
        .unwrap();
        assert_eq!(data.claims["role"], "anon");
    }
}
