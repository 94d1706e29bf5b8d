//! When to try a delivery again: exponential backoff from the first delay, doubled per attempt
//! up to the longest wait, or the push service's `Retry-After` (seconds or an HTTP date)
//! within the same bounds.

use std::time::{Duration, SystemTime};

/// The wait after failed attempt number `attempt` (1 for the first).
pub fn delay(attempt: u32, retry_after: Option<Duration>, base: Duration, max: Duration) -> Duration {
    match retry_after {
        Some(asked) => asked.max(base.min(Duration::from_secs(1))).min(max),
        None => {
            let doubled = base.saturating_mul(1u32 << attempt.saturating_sub(1).min(20));
            let capped = doubled.min(max);
            // Up to a tenth more, so deliveries that failed together do not retry together.
            let jitter = capped.mul_f64(rand::random_range(0.0..0.1));
            (capped + jitter).min(max)
        }
    }
}

/// A `Retry-After` value: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let date = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let at = SystemTime::UNIX_EPOCH + Duration::from_secs(u64::try_from(date.timestamp()).ok()?);
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: Duration = Duration::from_secs(10);
    const MAX: Duration = Duration::from_secs(3600);

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        for (attempt, low) in [(1, 10), (2, 20), (3, 40), (4, 80), (9, 2560)] {
            let wait = delay(attempt, None, BASE, MAX);
            assert!(
                wait >= Duration::from_secs(low) && wait <= Duration::from_secs(low * 11 / 10),
                "{attempt}: {wait:?}"
            );
        }
        assert_eq!(delay(30, None, BASE, MAX), MAX);
    }

    #[test]
    fn retry_after_is_honoured_within_bounds() {
        assert_eq!(delay(1, Some(Duration::from_secs(120)), BASE, MAX), Duration::from_secs(120));
        assert_eq!(delay(1, Some(Duration::from_secs(999_999)), BASE, MAX), MAX);
        assert_eq!(delay(1, Some(Duration::ZERO), BASE, MAX), Duration::from_secs(1));
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_445_412_420); // Wed, 21 Oct 2015 07:27:00 GMT
        assert_eq!(parse_retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now), Some(Duration::from_secs(60)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:00:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-5", now), None);
    }
}
