//! Access tokens already verified, so a signed-in client's every request does not pay for the
//! signature and the JSON of its token again (PostgREST's JWT cache does the same). A hit is
//! checked again against the clock (`exp`, `nbf`, `iat` with the usual skew): the signature,
//! audience and issuer of a given token text cannot change, its validity in time can. Only
//! accepted tokens are kept; a refused one is verified (and refused) every time.
//!
//! Bounded: when [`CAPACITY`] tokens are held, the next new one empties the cache first, so
//! a flood of distinct tokens costs what it would without a cache, never memory.

use std::collections::HashMap;
use std::sync::Mutex;

use super::caller::Caller;
use super::jwt::{self, JwtError};

/// Tokens kept at most (a few hundred bytes each, with their claims).
pub const CAPACITY: usize = 4096;

/// The callers of tokens verified with this process's secret and claim rules.
#[derive(Default)]
pub struct VerifiedTokens {
    callers: Mutex<HashMap<Box<str>, Caller>>,
}

impl VerifiedTokens {
    /// The caller of `token`: from the cache when it was verified before (its times checked
    /// again at `now`), else from `verify`, which is kept when it succeeds.
    pub fn get_or_verify(
        &self,
        token: &str,
        now: i64,
        verify: impl FnOnce() -> Result<Caller, JwtError>,
    ) -> Result<Caller, JwtError> {
        let known = self.lock().get(token).cloned();
        if let Some(caller) = known {
            jwt::check_time_claims(&caller.claims, now)?;
            return Ok(caller);
        }
        let caller = verify()?;
        let mut callers = self.lock();
        if callers.len() >= CAPACITY {
            callers.clear();
        }
        callers.insert(token.into(), caller.clone());
        Ok(caller)
    }

    /// How many tokens are held (tests).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Box<str>, Caller>> {
        // The map is always consistent (a panic cannot leave it half-updated): keep using it.
        self.callers.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
