//! Per-address budgets: a general one for REST requests (in this replica's memory: counting
//! every read in the database would cost a write per read) and one for anonymous writes
//! (counted in `auth.rate_limits`, shared by every replica, like the auth limits). The client
//! address is the TCP peer, or X-Forwarded-For from a trusted proxy (`TRUSTED_PROXIES`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request};
use http::{HeaderValue, StatusCode, header};

use crate::auth::settings::Limit;
use crate::error::ApiError;
use crate::state::AppState;

/// The limits; `None` turns one off.
#[derive(Debug, Clone, Default)]
pub struct RateLimits {
    /// REST requests per client address and window (the service role is exempt).
    pub rest: Option<Limit>,
    /// Anonymous writes per client address, table (or function) and window.
    pub anon_writes: Option<Limit>,
    /// Tables or functions with a limit of their own (same window).
    pub anon_write_overrides: Vec<(String, u32)>,
    /// Most rows one anonymous insert or upsert may carry.
    pub anon_write_max_rows: Option<usize>,
}

impl RateLimits {
    /// The anonymous-write limit of `target` (a table or function name).
    pub fn anon_write_limit(&self, target: &str) -> Option<Limit> {
        let base = self.anon_writes?;
        let hits = self.anon_write_overrides.iter().find(|(name, _)| name == target).map_or(base.hits, |(_, n)| *n);
        Some(Limit { hits, window: base.window })
    }
}

/// The client's address, put in the request's extensions by [`super::rest_budget`].
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress(pub IpAddr);

/// Fixed-window counters per address, in memory.
#[derive(Default)]
pub struct RequestBudget {
    windows: Mutex<HashMap<BudgetKey, (Instant, u32)>>,
}

/// Whose budget a request spends: a signed-in user's own, else its address's (many people
/// share one address: a carrier's CGNAT, a hall's Wi-Fi).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BudgetKey {
    Address(IpAddr),
    Account(Box<str>),
}

/// Above this many addresses, finished windows are dropped.
const SWEEP_ABOVE: usize = 10_000;

impl RequestBudget {
    /// Counts one request of `key`; `Err(seconds)` until the window ends when over `limit`.
    pub fn hit(&self, key: BudgetKey, limit: Limit) -> Result<(), u64> {
        let now = Instant::now();
        let Ok(mut windows) = self.windows.lock() else { return Ok(()) };
        if windows.len() > SWEEP_ABOVE {
            windows.retain(|_, (start, _)| now.duration_since(*start) < limit.window);
        }
        let entry = windows.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        if entry.1 > limit.hits {
            let left = limit.window.saturating_sub(now.duration_since(entry.0));
            return Err(left.as_secs().max(1));
        }
        Ok(())
    }
}

/// 429 with `Retry-After`.
pub fn too_many_requests(retry_after: u64, message: String) -> ApiError {
    let mut error = ApiError::custom(StatusCode::TOO_MANY_REQUESTS, "over_request_rate_limit", message);
    if let Ok(value) = HeaderValue::from_str(&retry_after.to_string()) {
        error = error.with_header(header::RETRY_AFTER, value);
    }
    error.with_hint(format!("Retry in {retry_after} s"))
}

/// The client address of a request (see the module documentation).
pub fn client_of(state: &AppState, request: &Request) -> Option<IpAddr> {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
    crate::auth::api::client::client_address(peer, request.headers(), &state.auth.settings.trusted_proxies)
}

/// How many rows a write body carries: the length of a JSON array, else one (CSV: its lines
/// after the header).
pub fn rows_in_body(body: &[u8]) -> usize {
    let text = body.trim_ascii_start();
    match text.first() {
        Some(b'[') => serde_json::from_slice::<Vec<serde::de::IgnoredAny>>(text).map_or(1, |rows| rows.len()),
        Some(b'{') | None => 1,
        Some(_) => text.split(|b| *b == b'\n').filter(|line| !line.trim_ascii().is_empty()).count().saturating_sub(1),
    }
}

/// Window length of a per-window limit, for messages.
pub fn window_seconds(limit: Limit) -> u64 {
    limit.window.as_secs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_budget_refuses_past_its_limit_and_says_when_to_retry() {
        let budget = RequestBudget::default();
        let limit = Limit { hits: 2, window: Duration::from_secs(60) };
        let ip = BudgetKey::Address("192.0.2.1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0])));
        assert_eq!(budget.hit(ip.clone(), limit), Ok(()));
        assert_eq!(budget.hit(ip.clone(), limit), Ok(()));
        let retry = budget.hit(ip, limit).unwrap_err();
        assert!((59..=60).contains(&retry), "{retry}");
        let other = BudgetKey::Address("192.0.2.2".parse().unwrap_or(IpAddr::from([0, 0, 0, 0])));
        assert_eq!(budget.hit(other, limit), Ok(()));
    }

    #[test]
    fn accounts_have_budgets_of_their_own() {
        let budget = RequestBudget::default();
        let limit = Limit { hits: 1, window: Duration::from_secs(60) };
        assert_eq!(budget.hit(BudgetKey::Account("a".into()), limit), Ok(()));
        assert!(budget.hit(BudgetKey::Account("a".into()), limit).is_err());
        assert_eq!(budget.hit(BudgetKey::Account("b".into()), limit), Ok(()), "another account, the same address");
    }

    #[test]
    fn rows_are_counted_in_arrays_objects_and_csv() {
        assert_eq!(rows_in_body(b" [{}, {}, {}]"), 3);
        assert_eq!(rows_in_body(b"{\"a\": 1}"), 1);
        assert_eq!(rows_in_body(b"a,b\n1,2\n3,4\n"), 2);
    }

    #[test]
    fn a_table_may_have_its_own_anonymous_write_limit() {
        let limits = RateLimits {
            anon_writes: Some(Limit { hits: 30, window: Duration::from_secs(300) }),
            anon_write_overrides: vec![("contact_messages".into(), 3)],
            ..RateLimits::default()
        };
        assert_eq!(limits.anon_write_limit("contact_messages").map(|l| l.hits), Some(3));
        assert_eq!(limits.anon_write_limit("pwa_analytics").map(|l| l.hits), Some(30));
        assert_eq!(RateLimits::default().anon_write_limit("x"), None);
    }
}
