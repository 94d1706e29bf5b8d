//! Settings of the HTTP surface itself: connection limits and per-address request budgets
//! (flattened into the server's [`crate::config::Settings`]).

use std::time::Duration;

use clap::Args;

use super::connections::{ConnectionLimits, MIN_HEADER_BYTES};
use super::rate_limit::RateLimits;
use crate::auth::settings::Limit;
use crate::startup_error::StartupError;

/// The browser origins CORS allows.
#[derive(Debug, Clone)]
pub enum CorsOrigins {
    Any,
    List(Vec<http::HeaderValue>),
}

impl CorsOrigins {
    /// CORS_ALLOWED_ORIGINS: `*` alone, or origins (empty: SITE_URL's origin).
    pub fn parse(raw: &str, site_url: &url::Url) -> Result<Self, StartupError> {
        let items: Vec<&str> = raw.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        if items == ["*"] {
            return Ok(CorsOrigins::Any);
        }
        if items.contains(&"*") {
            return Err(StartupError::setting("CORS_ALLOWED_ORIGINS", "is either * alone or a list of origins"));
        }
        let site_origin = site_url.origin().ascii_serialization();
        let items = if items.is_empty() { vec![site_origin.as_str()] } else { items };
        let mut origins = Vec::with_capacity(items.len());
        for item in items {
            let url = crate::config::parse_http_url(item, "CORS_ALLOWED_ORIGINS")?;
            let origin = url.origin().ascii_serialization();
            let value = http::HeaderValue::from_str(&origin)
                .map_err(|_| StartupError::setting("CORS_ALLOWED_ORIGINS", format!("{item} is not a valid origin")))?;
            origins.push(value);
        }
        Ok(CorsOrigins::List(origins))
    }
}

#[derive(Debug, Clone, Args)]
pub struct HttpArgs {
    /// Seconds a client has to send a request's line and headers; a keep-alive connection idle
    /// that long is closed too.
    #[arg(long, env = "HTTP_HEADER_TIMEOUT_SECONDS", default_value_t = 10, global = true)]
    pub http_header_timeout_seconds: u64,

    /// Seconds a request body may stall between two chunks before the request is answered 408
    /// and its connection closed.
    #[arg(long, env = "HTTP_BODY_IDLE_TIMEOUT_SECONDS", default_value_t = 30, global = true)]
    pub http_body_idle_timeout_seconds: u64,

    /// Most connections open at once; one more is answered 503. 0: three quarters of the
    /// open-file limit left after a reserve of 256, between 16 and 4096.
    #[arg(long, env = "HTTP_MAX_CONNECTIONS", default_value_t = 0, global = true)]
    pub http_max_connections: usize,

    /// Threads that run requests. 0: half the CPUs (at least one) when the server runs its
    /// own PostgreSQL, which does most of each request's work on the same CPUs; every CPU with
    /// DATABASE_URL. Fewer threads than busy connections is the point: a thread that finds
    /// the next request ready never sleeps, and no request waits for another thread to wake.
    #[arg(long, env = "HTTP_WORKER_THREADS", default_value_t = 0, global = true)]
    pub http_worker_threads: usize,

    /// Largest request line plus headers, in bytes (at least 8192); larger ones get 431.
    #[arg(long, env = "HTTP_MAX_HEADER_BYTES", default_value_t = 32 * 1024, global = true)]
    pub http_max_header_bytes: usize,

    /// REST requests allowed per signed-in account (else per client address) per
    /// REST_RATE_LIMIT_WINDOW_SECONDS, counted by each replica (the service key is exempt); 0
    /// turns the budget off.
    #[arg(long, env = "REST_RATE_LIMIT", default_value_t = 1200, global = true)]
    pub rest_rate_limit: u32,

    #[arg(long, env = "REST_RATE_LIMIT_WINDOW_SECONDS", default_value_t = 60, global = true)]
    pub rest_rate_limit_window_seconds: u64,

    /// Anonymous writes (inserts, updates, deletes, calls of volatile functions, visitor push
    /// subscriptions) allowed per client address and table per window, shared by every
    /// replica: `N`, then `table=N` for tables with their own limit; 0 turns it off.
    #[arg(long, env = "ANON_WRITE_RATE_LIMIT", default_value = "30,contact_messages=3", global = true)]
    pub anon_write_rate_limit: String,

    #[arg(long, env = "ANON_WRITE_RATE_LIMIT_WINDOW_SECONDS", default_value_t = 300, global = true)]
    pub anon_write_rate_limit_window_seconds: u64,

    /// The Content-Security-Policy of the web app's pages; `{inline-scripts}` stands for the
    /// hashes of each page's inline scripts. Empty: no policy (frame protection stays).
    #[arg(long, env = "CONTENT_SECURITY_POLICY", default_value = super::page_policy::DEFAULT_POLICY, global = true)]
    pub content_security_policy: String,

    /// Most rows one anonymous insert or upsert may carry (413 beyond); 0 turns it off.
    #[arg(long, env = "ANON_WRITE_MAX_ROWS", default_value_t = 10, global = true)]
    pub anon_write_max_rows: usize,
}

impl HttpArgs {
    pub fn rate_limits(&self) -> Result<RateLimits, StartupError> {
        let window = |seconds: u64, setting: &'static str| {
            if seconds == 0 {
                Err(StartupError::setting(setting, "must be at least 1"))
            } else {
                Ok(Duration::from_secs(seconds))
            }
        };
        let rest_window = window(self.rest_rate_limit_window_seconds, "REST_RATE_LIMIT_WINDOW_SECONDS")?;
        let anon_window = window(self.anon_write_rate_limit_window_seconds, "ANON_WRITE_RATE_LIMIT_WINDOW_SECONDS")?;
        let bad = || StartupError::setting("ANON_WRITE_RATE_LIMIT", "must be N or N,table=N,... (whole numbers)");
        let mut items = self.anon_write_rate_limit.split(',').map(str::trim).filter(|s| !s.is_empty());
        let base: u32 = items.next().unwrap_or("0").parse().map_err(|_| bad())?;
        let mut overrides = Vec::new();
        for item in items {
            let (table, hits) = item.split_once('=').ok_or_else(bad)?;
            overrides.push((table.trim().to_owned(), hits.trim().parse().map_err(|_| bad())?));
        }
        Ok(RateLimits {
            rest: (self.rest_rate_limit > 0).then_some(Limit { hits: self.rest_rate_limit, window: rest_window }),
            anon_writes: (base > 0).then_some(Limit { hits: base, window: anon_window }),
            anon_write_overrides: overrides,
            anon_write_max_rows: (self.anon_write_max_rows > 0).then_some(self.anon_write_max_rows),
        })
    }

    /// The request threads: HTTP_WORKER_THREADS, or its default for a database on this
    /// machine (`embedded`) or elsewhere, with `cpus` CPUs.
    pub fn worker_threads(&self, embedded: bool, cpus: usize) -> usize {
        match self.http_worker_threads {
            0 if embedded => (cpus / 2).max(1),
            0 => cpus.max(1),
            n => n,
        }
    }

    pub fn connection_limits(&self) -> Result<ConnectionLimits, StartupError> {
        if self.http_header_timeout_seconds == 0 {
            return Err(StartupError::setting("HTTP_HEADER_TIMEOUT_SECONDS", "must be at least 1"));
        }
        if self.http_body_idle_timeout_seconds == 0 {
            return Err(StartupError::setting("HTTP_BODY_IDLE_TIMEOUT_SECONDS", "must be at least 1"));
        }
        if self.http_max_header_bytes < MIN_HEADER_BYTES {
            return Err(StartupError::setting("HTTP_MAX_HEADER_BYTES", format!("must be at least {MIN_HEADER_BYTES}")));
        }
        Ok(ConnectionLimits {
            header_read_timeout: Duration::from_secs(self.http_header_timeout_seconds),
            body_idle_timeout: Duration::from_secs(self.http_body_idle_timeout_seconds),
            max_connections: self.http_max_connections,
            max_header_bytes: self.http_max_header_bytes,
        })
    }
}
