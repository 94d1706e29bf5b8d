//! Repeated identical errors are logged once per window: a database outage made every failed
//! request log the same lines (700 MB in seven minutes under load). The first occurrence is
//! logged; the next ones within [`WINDOW`] are only counted, and the first one after it is
//! logged with "N more like this in the last M s".

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

pub const WINDOW: Duration = Duration::from_secs(10);

/// Distinct messages remembered at once; beyond, the oldest windows are forgotten.
const REMEMBERED: usize = 1024;

/// Whether to log an occurrence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Log it; `suppressed` identical ones were dropped in the window before.
    Log {
        suppressed: u64,
    },
    Suppress,
}

pub struct Throttle {
    window: Duration,
    seen: Mutex<HashMap<String, (Instant, u64)>>,
}

impl Throttle {
    pub fn new(window: Duration) -> Self {
        Self { window, seen: Mutex::new(HashMap::new()) }
    }

    /// Counts one occurrence of `key` at `now`.
    pub fn check(&self, key: &str, now: Instant) -> Verdict {
        let Ok(mut seen) = self.seen.lock() else { return Verdict::Log { suppressed: 0 } };
        if seen.len() >= REMEMBERED && !seen.contains_key(key) {
            let window = self.window;
            seen.retain(|_, (start, _)| now.duration_since(*start) < window);
            if seen.len() >= REMEMBERED {
                seen.clear();
            }
        }
        match seen.get_mut(key) {
            Some((start, suppressed)) if now.duration_since(*start) < self.window => {
                *suppressed += 1;
                Verdict::Suppress
            }
            Some(entry) => {
                let suppressed = entry.1;
                *entry = (now, 0);
                Verdict::Log { suppressed }
            }
            None => {
                seen.insert(key.to_owned(), (now, 0));
                Verdict::Log { suppressed: 0 }
            }
        }
    }
}

static ERRORS: LazyLock<Throttle> = LazyLock::new(|| Throttle::new(WINDOW));

/// Logs a failed request at ERROR (`what`: "request failed", "auth request failed"...), once
/// per identical failure and window.
pub fn request_failed(what: &str, code: &str, error: &str) {
    match ERRORS.check(&format!("{what} {code} {error}"), Instant::now()) {
        Verdict::Suppress => {}
        Verdict::Log { suppressed: 0 } => tracing::error!(%code, %error, "{what}"),
        Verdict::Log { suppressed } => {
            tracing::error!(%code, %error, "{what} ({suppressed} more like this in the last {} s)", WINDOW.as_secs());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_is_logged_the_rest_counted_and_reported_after_the_window() {
        let throttle = Throttle::new(Duration::from_secs(10));
        let start = Instant::now();
        assert_eq!(throttle.check("db down", start), Verdict::Log { suppressed: 0 });
        for i in 1..=500 {
            assert_eq!(throttle.check("db down", start + Duration::from_millis(i)), Verdict::Suppress);
        }
        assert_eq!(throttle.check("other", start), Verdict::Log { suppressed: 0 });
        let later = start + Duration::from_secs(11);
        assert_eq!(throttle.check("db down", later), Verdict::Log { suppressed: 500 });
        assert_eq!(throttle.check("db down", later), Verdict::Suppress);
    }
}
