//! Settings of the HTTP surface itself: connection limits and per-address request budgets
//! (flattened into the server's [`crate::config::Settings`]).

use std::time::Duration;

use clap::Args;

use super::connections::{ConnectionLimits, MIN_HEADER_BYTES};
use crate::startup_error::StartupError;

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

    /// Largest request line plus headers, in bytes (at least 8192); larger ones get 431.
    #[arg(long, env = "HTTP_MAX_HEADER_BYTES", default_value_t = 32 * 1024, global = true)]
    pub http_max_header_bytes: usize,
}

impl HttpArgs {
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
