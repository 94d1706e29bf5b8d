//! The time the auth service decides by (rate-limit windows, the back-off after failed
//! sign-ins, the refresh-token reuse interval): the system clock, which tests move forward
//! instead of sleeping through a window.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

/// The system clock plus an offset (zero outside tests); clones share the offset.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_micros: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + chrono::Duration::microseconds(self.offset_micros.load(Ordering::Relaxed))
    }

    /// Moves this clock (and its clones) forward: what tests do instead of waiting.
    pub fn advance(&self, by: std::time::Duration) {
        let micros = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        self.offset_micros.fetch_add(micros, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_advanced_clock_runs_ahead_and_its_clones_with_it() {
        let clock = Clock::default();
        let clone = clock.clone();
        let before = Utc::now();
        clock.advance(std::time::Duration::from_secs(90));
        let ahead = clone.now() - before;
        assert!(ahead >= chrono::Duration::seconds(90) && ahead < chrono::Duration::seconds(100), "{ahead}");
    }
}
