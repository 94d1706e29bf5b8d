//! Passwords: the policy a new password must meet, and argon2id hashing and verification.
//!
//! Hashing costs about 19 MiB and tens of milliseconds of CPU, so it runs on the blocking pool
//! behind a small semaphore: a burst of sign-ins waits its turn instead of starving every other
//! request. A sign-in for an unknown account verifies against a dummy hash, so it takes as
//! long as a wrong password.

use std::sync::Arc;

use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// argon2id with m = 19 MiB, t = 2, p = 1 (OWASP's minimum for argon2id).
const MEMORY_KIB: u32 = 19 * 1024;
const ITERATIONS: u32 = 2;
/// Longer passwords are refused, never truncated.
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Why a password is refused (GoTrue's `weak_password` reasons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeakPassword {
    pub reasons: Vec<&'static str>,
    pub message: String,
}

#[derive(Clone)]
pub struct Passwords {
    min_length: usize,
    permits: Arc<Semaphore>,
    /// A real hash of a random password: what unknown accounts are verified against.
    dummy: Arc<str>,
}

impl Passwords {
    /// `concurrency` hashes may run at once.
    pub fn new(min_length: usize, concurrency: usize) -> Result<Self, String> {
        let dummy = hash_now(&uuid::Uuid::new_v4().to_string())?;
        Ok(Self { min_length, permits: Arc::new(Semaphore::new(concurrency.max(1))), dummy: Arc::from(dummy) })
    }

    /// Checks a new password against the policy.
    pub fn check(&self, password: &str) -> Result<(), WeakPassword> {
        if password.len() > MAX_PASSWORD_BYTES {
            return Err(WeakPassword {
                reasons: vec!["length"],
                message: format!("Password cannot be longer than {MAX_PASSWORD_BYTES} bytes"),
            });
        }
        if password.chars().count() < self.min_length {
            return Err(WeakPassword {
                reasons: vec!["length"],
                message: format!("Password should be at least {} characters.", self.min_length),
            });
        }
        Ok(())
    }

    /// The PHC string of `password` (argon2id, random salt).
    pub async fn hash(&self, password: String) -> Result<String, String> {
        let _permit = self.permits.acquire().await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(move || hash_now(&password)).await.map_err(|e| e.to_string())?
    }

    /// Whether `password` matches `hash`; with no hash (unknown account, or one without a
    /// password) it spends the same time against the dummy and answers false.
    pub async fn verify(&self, password: String, hash: Option<String>) -> bool {
        let Ok(_permit) = self.permits.acquire().await else { return false };
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.dummy.to_string());
        let matched = tokio::task::spawn_blocking(move || verify_now(&password, &hash)).await.unwrap_or(false);
        known && matched
    }
}

fn hasher() -> Result<Argon2<'static>, String> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, 1, None).map_err(|e| e.to_string())?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

fn hash_now(password: &str) -> Result<String, String> {
    hasher()?.hash_password(password.as_bytes()).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// Verifies with the parameters stored in the hash itself.
fn verify_now(password: &str, hash: &str) -> bool {
    hasher().map(|h| h.verify_password(password.as_bytes(), hash).is_ok()).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_refuses_short_and_overlong_passwords_without_truncating() {
        let passwords = Passwords::new(8, 1).unwrap();
        assert!(passwords.check("12345678").is_ok());
        assert_eq!(passwords.check("1234567").unwrap_err().reasons, ["length"]);
        assert!(passwords.check(&"a".repeat(MAX_PASSWORD_BYTES)).is_ok());
        let long = passwords.check(&"a".repeat(MAX_PASSWORD_BYTES + 1)).unwrap_err();
        assert!(long.message.contains("1024"));
        // Characters, not bytes, count toward the minimum: ಹವ್ಯಕ is 5 characters.
        assert!(passwords.check("ಹವ್ಯಕಹವ್").is_ok());
    }

    #[tokio::test]
    async fn hashes_are_argon2id_salted_and_verify() {
        let passwords = Passwords::new(8, 2).unwrap();
        let first = passwords.hash("correct horse".into()).await.unwrap();
        let second = passwords.hash("correct horse".into()).await.unwrap();
        assert!(first.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{first}");
        assert_ne!(first, second, "each hash has its own salt");
        assert!(passwords.verify("correct horse".into(), Some(first.clone())).await);
        assert!(!passwords.verify("wrong horse".into(), Some(first)).await);
        assert!(!passwords.verify("correct horse".into(), None).await);
        assert!(!passwords.verify("x".into(), Some("not a hash".into())).await);
    }
}
