//! Passwords: the policy a new password must meet, and argon2id hashing and verification.
//!
//! Hashing costs about 19 MiB and tens of milliseconds of CPU, so it runs on a few dedicated
//! worker threads at a lowered CPU priority (nice 10): a burst of sign-ins queues for the
//! workers and yields the CPU to every other request instead of starving them. A sign-in for
//! an unknown account verifies against a dummy hash, so it takes as long as a wrong password.

use std::sync::{Arc, Mutex};

use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::{mpsc, oneshot};

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

/// Nice value of the hashing threads: above the default 0, so request handling and
/// PostgreSQL win the CPU when both want it.
const WORKER_NICE: libc::c_int = 10;
/// Hashes waiting for a worker before callers wait to enqueue.
const QUEUE: usize = 1024;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Clone)]
pub struct Passwords {
    min_length: usize,
    jobs: mpsc::Sender<Job>,
    /// A real hash of a random password: what unknown accounts are verified against.
    dummy: Arc<str>,
}

impl Passwords {
    /// `concurrency` hashes may run at once, each on its own worker thread. The workers stop
    /// when the last clone is dropped.
    pub fn new(min_length: usize, concurrency: usize) -> Result<Self, String> {
        let dummy = hash_now(&uuid::Uuid::new_v4().to_string())?;
        let (jobs, queue) = mpsc::channel::<Job>(QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..concurrency.max(1) {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("password-hash-{index}"))
                .spawn(move || work(&queue))
                .map_err(|e| format!("cannot start a password hashing thread: {e}"))?;
        }
        Ok(Self { min_length, jobs, dummy: Arc::from(dummy) })
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

/// A worker's life: lower its own priority, then run jobs until the queue closes.
fn work(queue: &Mutex<mpsc::Receiver<Job>>) {
    lower_this_threads_priority();
    loop {
        let job = match queue.lock() {
            Ok(mut queue) => queue.blocking_recv(),
            Err(_) => None,
        };
        match job {
            Some(job) => job(),
            None => return,
        }
    }
}

/// On Linux the nice value belongs to the thread, so only the hashing workers slow down.
#[allow(unsafe_code, reason = "setpriority has no safe wrapper in nix or std")]
fn lower_this_threads_priority() {
    let thread_id = nix::unistd::gettid().as_raw() as libc::id_t;
    // SAFETY: setpriority only reads its three integer arguments.
    let result = unsafe { libc::setpriority(libc::PRIO_PROCESS, thread_id, WORKER_NICE) };
    if result != 0 {
        tracing::debug!(error = %std::io::Error::last_os_error(), "cannot lower the password hashing priority");
    }
}

fn hasher() -> Result<Argon2<'static>, String> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, 1, None).map_err(|e| e.to_string())?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

fn hash_now(password: &str) -> Result<String, String> {
    hasher()?.hash_password(password.as_bytes()).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// Verifies with the parameters stored in the hash itself, on the calling thread (the
/// benchmark's raw rate; the server goes through [`Passwords::verify`]).
pub fn verify_blocking(password: &str, hash: &str) -> bool {
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
