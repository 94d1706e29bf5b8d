//! Passwords: the policy a new password must meet, and argon2id hashing and verification.
//!
//! Hashing costs about 19 MiB and ten milliseconds or more of CPU, so it runs on a few
//! dedicated worker threads at the lowest priority (auth/hash_workers.rs), each keeping its
//! working memory: a burst of sign-ins queues for the workers and yields the CPU to every
//! other request instead of starving them. A sign-in for an unknown account verifies against
//! a dummy hash, so it takes as long as a wrong password.

use std::sync::Arc;

use argon2::password_hash::PasswordHasher as _;
use argon2::password_hash::phc::Output;
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, Version};
use tokio::sync::{mpsc, oneshot};

use super::hash_workers::{self, Job};

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
    jobs: mpsc::Sender<Job>,
    /// A real hash of a random password: what unknown accounts are verified against.
    dummy: Arc<str>,
    /// The site's own names, refused with digits and symbols around them.
    site_words: Arc<[String]>,
}

impl Passwords {
    /// `concurrency` hashes may run at once, each on its own worker thread. The workers stop
    /// when the last clone is dropped.
    pub fn new(min_length: usize, concurrency: usize) -> Result<Self, String> {
        let dummy = hash_now(&uuid::Uuid::new_v4().to_string())?;
        let jobs = hash_workers::start(concurrency)?;
        Ok(Self { min_length, jobs, dummy: Arc::from(dummy), site_words: Arc::from(Vec::new()) })
    }

    /// Refuses the site's own words with digits around them too
    /// ([`super::common_passwords::site_words`]).
    pub fn with_site(mut self, site_url: &url::Url, site_name: &str, extra: &[String]) -> Self {
        self.site_words = Arc::from(super::common_passwords::site_words(site_url, site_name, extra));
        self
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
        if super::common_passwords::is_common(password, &self.site_words) {
            return Err(WeakPassword {
                reasons: vec!["pwned"],
                message: "Password is known to be weak and easy to guess, please choose a different one.".into(),
            });
        }
        Ok(())
    }

    /// The PHC string of `password` (argon2id, random salt).
    pub async fn hash(&self, password: String) -> Result<String, String> {
        self.run(move || hash_now(&password)).await?
    }

    /// Whether `password` matches `hash`; with no hash (unknown account, or one without a
    /// password) it spends the same time against the dummy and answers false.
    pub async fn verify(&self, password: String, hash: Option<String>) -> bool {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.dummy.to_string());
        let matched = self.run(move || verify_blocking(&password, &hash)).await.unwrap_or(false);
        known && matched
    }

    /// Runs `job` on a hashing worker and waits for its result.
    async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(job());
        });
        self.jobs.send(job).await.map_err(|_| "the password hashing workers stopped".to_string())?;
        result.await.map_err(|_| "a password hashing job failed".to_string())
    }
}

fn hasher() -> Result<Argon2<'static>, String> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, 1, None).map_err(|e| e.to_string())?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Hashes on the calling thread (the restore check's throwaway account; requests use the
/// workers).
pub fn hash_blocking(password: &str) -> Result<String, String> {
    hash_now(password)
}

fn hash_now(password: &str) -> Result<String, String> {
    hasher()?.hash_password(password.as_bytes()).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// Blocks of memory bigger than this are not kept between verifications (a hash imported
/// with unusual parameters); 64 MiB.
const MAX_KEPT_BLOCKS: usize = 64 * 1024;

thread_local! {
    /// Each thread's argon2 working memory, kept between verifications: allocating and
    /// faulting in 19 MiB for every sign-in costs a fifth of the hash itself.
    static MEMORY: std::cell::RefCell<Vec<Block>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Verifies with the parameters stored in the hash itself, on the calling thread, in the
/// thread's kept working memory. The comparison is constant-time.
pub fn verify_blocking(password: &str, hash: &str) -> bool {
    verify_parsed(password.as_bytes(), hash).unwrap_or(false)
}

fn verify_parsed(password: &[u8], phc: &str) -> Option<bool> {
    let hash = PasswordHash::new(phc).ok()?;
    let (salt, expected) = (hash.salt.as_ref()?, hash.hash.as_ref()?);
    let algorithm = Algorithm::try_from(hash.algorithm.as_str()).ok()?;
    let version = match hash.version {
        Some(version) => Version::try_from(version).ok()?,
        None => Version::default(),
    };
    let params = Params::try_from(&hash).ok()?;
    let blocks = params.block_count();
    let argon2 = Argon2::new(algorithm, version, params);
    let mut computed = vec![0u8; expected.len()];
    let hashed = if blocks > MAX_KEPT_BLOCKS {
        argon2.hash_password_into(password, salt, &mut computed).is_ok()
    } else {
        MEMORY.with_borrow_mut(|memory| {
            if memory.len() < blocks {
                memory.resize(blocks, Block::new());
            }
            argon2.hash_password_into_with_memory(password, salt, &mut computed, &mut memory[..blocks]).is_ok()
        })
    };
    // `Output` compares in constant time.
    Some(hashed && Output::new(&computed).ok()? == *expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_refuses_short_and_overlong_passwords_without_truncating() {
        let passwords = Passwords::new(8, 1).unwrap();
        assert!(passwords.check("kq3#Zp1x").is_ok());
        assert_eq!(passwords.check("12345678").unwrap_err().reasons, ["pwned"]);
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

    #[test]
    fn hashes_with_other_parameters_verify_in_the_kept_memory() {
        let small = Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8 * 1024, 1, 1, None).unwrap());
        let small_hash = small.hash_password(b"small memory").unwrap().to_string();
        let default_hash = hash_now("default memory").unwrap();
        // Small, then large, then small again on one thread: the kept memory grows and is reused.
        assert!(verify_blocking("small memory", &small_hash));
        assert!(verify_blocking("default memory", &default_hash));
        assert!(verify_blocking("small memory", &small_hash));
        assert!(!verify_blocking("small memorY", &small_hash));
        let argon2i = Argon2::new(Algorithm::Argon2i, Version::V0x13, Params::new(8 * 1024, 2, 1, None).unwrap());
        assert!(verify_blocking("old", &argon2i.hash_password(b"old").unwrap().to_string()));
    }
}
