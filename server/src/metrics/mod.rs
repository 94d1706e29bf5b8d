//! The service's numbers for Prometheus: `GET /metrics` on METRICS_ADDR (a port of its own,
//! off unless set, never behind the public proxy). Counters and histograms are kept in memory
//! per replica; the database-wide values (queues, backups, drills) are read at each scrape.
//! docs/metrics.md names every series; a test checks that the two agree.

pub mod http;
pub mod scrape;
pub mod server;

use std::sync::OnceLock;
use std::sync::atomic::AtomicU64;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

type Labels = Vec<(String, String)>;

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect()
}

fn histogram() -> Histogram {
    // 1 ms to about 33 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

/// Every series this process keeps.
pub struct Metrics {
    pub registry: Registry,
    http_requests: Family<Labels, Counter>,
    http_duration: Family<Labels, Histogram, fn() -> Histogram>,
    pool_acquire: Histogram,
    pool_acquire_timeouts: Counter,
    statement_timeouts: Counter,
    rate_limit_refusals: Family<Labels, Counter>,
    push_sends: Family<Labels, Counter>,
    job_runs: Family<Labels, Counter>,
    job_duration: Family<Labels, Histogram, fn() -> Histogram>,
    pub(crate) realtime_connections: Gauge,
    pub(crate) realtime_channels: Gauge,
    pub(crate) realtime_messages_sent: Counter,
    pub(crate) realtime_messages_dropped: Counter,
    pub(crate) realtime_slow_clients: Counter,
    /// Brought up to the logger's count at each scrape.
    pub(crate) log_lines_dropped: Counter,
    /// Set at each scrape.
    pub(crate) gauges: scrape::DatabaseGauges,
    pub(crate) pool_connections: Family<Labels, Gauge>,
    pub(crate) pool_size: Gauge,
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::default();
        let http_requests = Family::<Labels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route group and status", http_requests.clone());
        let http_duration = Family::<Labels, Histogram, fn() -> Histogram>::new_with_constructor(histogram);
        registry.register("http_request_duration_seconds", "Time to answer, by route group", http_duration.clone());
        let pool_acquire = histogram();
        registry.register(
            "db_pool_acquire_seconds",
            "Time requests waited for a database connection",
            pool_acquire.clone(),
        );
        let pool_acquire_timeouts = Counter::default();
        registry.register(
            "db_pool_acquire_timeouts",
            "Requests that found no database connection in time (answered 503)",
            pool_acquire_timeouts.clone(),
        );
        let pool_connections = Family::<Labels, Gauge>::default();
        registry.register(
            "db_pool_connections",
            "Request connections open, by state (idle, in_use)",
            pool_connections.clone(),
        );
        let pool_size = Gauge::default();
        registry.register("db_pool_max_connections", "Most request connections this replica opens", pool_size.clone());
        let statement_timeouts = Counter::default();
        registry.register(
            "db_statement_timeouts",
            "Statements cancelled by statement_timeout (SQLSTATE 57014)",
            statement_timeouts.clone(),
        );
        let rate_limit_refusals = Family::<Labels, Counter>::default();
        registry.register(
            "rate_limit_refusals",
            "Requests refused with 429, by limit (auth, rest, anon_write)",
            rate_limit_refusals.clone(),
        );
        let push_sends = Family::<Labels, Counter>::default();
        registry.register(
            "push_sends",
            "Push deliveries attempted by this replica, by outcome (sent, retry, gone, failed)",
            push_sends.clone(),
        );
        let job_runs = Family::<Labels, Counter>::default();
        registry.register("scheduler_job_runs", "Scheduled job runs by job and outcome (ok, failed)", job_runs.clone());
        let job_duration = Family::<Labels, Histogram, fn() -> Histogram>::new_with_constructor(histogram);
        registry.register("scheduler_job_duration_seconds", "Time a scheduled job ran, by job", job_duration.clone());
        let realtime_connections = Gauge::default();
        registry.register(
            "realtime_connections",
            "Realtime WebSockets open on this replica",
            realtime_connections.clone(),
        );
        let realtime_channels = Gauge::default();
        registry.register("realtime_channels", "Realtime channels joined on this replica", realtime_channels.clone());
        let realtime_messages_sent = Counter::default();
        registry.register(
            "realtime_messages_sent",
            "Realtime frames queued to clients (changes, broadcasts, presence, replies)",
            realtime_messages_sent.clone(),
        );
        let realtime_messages_dropped = Counter::default();
        registry.register(
            "realtime_messages_dropped",
            "Realtime frames not delivered: the client was gone or cut off for reading too slowly",
            realtime_messages_dropped.clone(),
        );
        let realtime_slow_clients = Counter::default();
        registry.register(
            "realtime_slow_clients_dropped",
            "Realtime clients disconnected for reading slower than their messages came",
            realtime_slow_clients.clone(),
        );
        let log_lines_dropped = Counter::default();
        registry.register(
            "log_lines_dropped",
            "Log lines dropped because standard error could not keep up (logging/batched.rs)",
            log_lines_dropped.clone(),
        );
        let gauges = scrape::DatabaseGauges::register(&mut registry);
        Self {
            registry,
            http_requests,
            http_duration,
            pool_acquire,
            pool_acquire_timeouts,
            statement_timeouts,
            rate_limit_refusals,
            push_sends,
            job_runs,
            job_duration,
            realtime_connections,
            realtime_channels,
            realtime_messages_sent,
            realtime_messages_dropped,
            realtime_slow_clients,
            log_lines_dropped,
            gauges,
            pool_connections,
            pool_size,
        }
    }

    pub fn request(&self, group: &str, status: u16, seconds: f64) {
        let status = status.to_string();
        self.http_requests.get_or_create(&labels(&[("group", group), ("status", &status)])).inc();
        self.http_duration.get_or_create(&labels(&[("group", group)])).observe(seconds);
    }

    pub fn pool_acquired(&self, seconds: f64) {
        self.pool_acquire.observe(seconds);
    }

    pub fn pool_timeout(&self) {
        self.pool_acquire_timeouts.inc();
    }

    pub fn statement_timeout(&self) {
        self.statement_timeouts.inc();
    }

    pub fn rate_limited(&self, limit: &str) {
        self.rate_limit_refusals.get_or_create(&labels(&[("limit", limit)])).inc();
    }

    pub fn push_send(&self, outcome: &str) {
        self.push_sends.get_or_create(&labels(&[("outcome", outcome)])).inc();
    }

    pub fn job_finished(&self, job: &str, ok: bool, seconds: f64) {
        let outcome = if ok { "ok" } else { "failed" };
        self.job_runs.get_or_create(&labels(&[("job", job), ("outcome", outcome)])).inc();
        self.job_duration.get_or_create(&labels(&[("job", job)])).observe(seconds);
    }

    /// A realtime socket opened (`1`) or closed (`-1`).
    pub fn realtime_connection(&self, change: i64) {
        self.realtime_connections.inc_by(change);
    }

    /// A realtime channel joined (`1`) or left (`-1`).
    pub fn realtime_channel(&self, change: i64) {
        self.realtime_channels.inc_by(change);
    }

    /// A frame queued to a realtime client (`true`) or not delivered (`false`).
    pub fn realtime_message(&self, sent: bool) {
        if sent {
            self.realtime_messages_sent.inc()
        } else {
            self.realtime_messages_dropped.inc()
        };
    }

    /// Brings `log_lines_dropped_total` up to `dropped` (the logger's own count).
    pub fn log_lines_dropped(&self, dropped: u64) {
        let seen = self.log_lines_dropped.get();
        if dropped > seen {
            self.log_lines_dropped.inc_by(dropped - seen);
        }
    }

    /// A realtime client cut off for reading too slowly.
    pub fn realtime_slow_client(&self) {
        self.realtime_slow_clients.inc();
    }
}

/// The process's metrics (created on first use).
pub fn global() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

/// The route group of a path, a small fixed set (never the path itself: labels stay bounded).
pub fn route_group(path: &str) -> &'static str {
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    match first {
        "rest" => "rest",
        "auth" => "auth",
        "storage" => "storage",
        "realtime" => "realtime",
        "api" if path.starts_with("/api/admin/") => "admin",
        "api" => "api",
        "health" | "ready" | "live" => "health",
        _ => "static",
    }
}

/// A float gauge (timestamps, ages, sizes).
pub type FloatGauge = Gauge<f64, AtomicU64>;

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/metrics.md names every series the server exposes, and only those.
    #[test]
    fn the_documented_series_are_the_exposed_series() {
        let metrics = global();
        metrics.request("rest", 200, 0.01);
        metrics.rate_limited("rest");
        metrics.push_send("sent");
        metrics.job_finished("backup", true, 1.0);
        metrics.pool_connections.get_or_create(&labels(&[("state", "idle")])).set(1);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &metrics.registry).unwrap();
        let exposed: std::collections::BTreeSet<String> = text
            .lines()
            .filter_map(|line| line.strip_prefix("# TYPE "))
            .filter_map(|rest| {
                let (name, kind) = rest.split_once(' ')?;
                Some(if kind == "counter" { format!("{name}_total") } else { name.to_string() })
            })
            .collect();
        let docs = include_str!("../../../docs/metrics.md");
        let documented: std::collections::BTreeSet<String> = docs
            .lines()
            .filter(|line| ["| counter |", "| gauge |", "| histogram |"].iter().any(|kind| line.contains(kind)))
            .filter_map(|line| line.strip_prefix("| `"))
            .filter_map(|rest| rest.split_once('`').map(|(name, _)| name.to_string()))
            .collect();
        assert_eq!(exposed, documented, "docs/metrics.md and the registry disagree");
    }

    #[test]
    fn paths_fall_into_a_few_groups() {
        assert_eq!(route_group("/rest/v1/members"), "rest");
        assert_eq!(route_group("/auth/v1/token"), "auth");
        assert_eq!(route_group("/storage/v1/object/a/b"), "storage");
        assert_eq!(route_group("/api/admin/backups"), "admin");
        assert_eq!(route_group("/api/push-subscription"), "api");
        assert_eq!(route_group("/ready"), "health");
        assert_eq!(route_group("/events/12"), "static");
    }
}
