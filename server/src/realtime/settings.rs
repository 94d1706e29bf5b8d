//! Realtime settings: flags and environment variables (flattened into the server's
//! [`crate::config::Settings`]) and their validated form. The defaults follow Supabase
//! Realtime's (Free plan: 200 clients, 100 messages per second, 100 channels per client).

use std::time::Duration;

use clap::Args;

use crate::startup_error::StartupError;

#[derive(Debug, Clone, Args)]
pub struct RealtimeArgs {
    /// Serves `/realtime/v1` (WebSocket channels and the broadcast API). Off: 404.
    #[arg(long, env = "REALTIME_ENABLED", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub realtime_enabled: bool,

    /// Realtime sockets one client address may hold open at once.
    #[arg(long, env = "REALTIME_MAX_CLIENTS_PER_ADDRESS", default_value_t = 100, global = true)]
    pub realtime_max_clients_per_address: usize,

    /// Realtime sockets one signed-in account may hold open at once (counted by the token's
    /// `sub`; API-key sockets count per address only).
    #[arg(long, env = "REALTIME_MAX_CLIENTS_PER_ACCOUNT", default_value_t = 20, global = true)]
    pub realtime_max_clients_per_account: usize,

    /// Realtime sockets this replica holds open at once.
    #[arg(long, env = "REALTIME_MAX_CLIENTS", default_value_t = 10_000, global = true)]
    pub realtime_max_clients: usize,

    /// Channels one socket may have joined at once.
    #[arg(long, env = "REALTIME_MAX_CHANNELS_PER_CLIENT", default_value_t = 100, global = true)]
    pub realtime_max_channels_per_client: usize,

    /// Messages a socket may send per second (heartbeats aside); past it the channel that
    /// received the message is closed with a system message.
    #[arg(long, env = "REALTIME_MAX_EVENTS_PER_SECOND", default_value_t = 100, global = true)]
    pub realtime_max_events_per_second: u32,

    /// Joins a socket may make per second.
    #[arg(long, env = "REALTIME_MAX_JOINS_PER_SECOND", default_value_t = 10, global = true)]
    pub realtime_max_joins_per_second: u32,

    /// Largest broadcast or presence payload, in bytes or units ("256KB"); a change whose row
    /// is larger is sent with its short values only and the error `Error 413: Payload Too Large`.
    #[arg(long, env = "REALTIME_MAX_PAYLOAD_SIZE", default_value = "256KB", global = true)]
    pub realtime_max_payload_size: String,

    /// Bytes waiting to be written to one socket; a client that reads slower than its
    /// messages come is disconnected when it is passed.
    #[arg(long, env = "REALTIME_MAX_BUFFERED", default_value = "4MB", global = true)]
    pub realtime_max_buffered: String,

    /// Seconds a socket may stay silent (clients send a heartbeat every 25 s) before it is
    /// closed.
    #[arg(long, env = "REALTIME_IDLE_TIMEOUT_SECONDS", default_value_t = 60, global = true)]
    pub realtime_idle_timeout_seconds: u64,

    /// Database connections this replica uses to authorise changes and joins.
    #[arg(long, env = "REALTIME_DB_POOL_SIZE", default_value_t = 4, global = true)]
    pub realtime_db_pool_size: u32,
}

/// Validated realtime settings.
#[derive(Debug, Clone)]
pub struct RealtimeSettings {
    pub enabled: bool,
    pub max_clients_per_address: usize,
    pub max_clients_per_account: usize,
    pub max_clients: usize,
    pub max_channels_per_client: usize,
    pub max_events_per_second: u32,
    pub max_joins_per_second: u32,
    pub max_payload_bytes: usize,
    pub max_buffered_bytes: usize,
    pub idle_timeout: Duration,
    pub db_pool_size: u32,
    /// Presence track/untrack calls per client per window (as Supabase: 5 per 30 s... raised
    /// to 20: a page that re-tracks on every state change is common).
    pub presence_calls_per_window: u32,
    pub presence_window: Duration,
}

impl Default for RealtimeSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            max_clients_per_address: 100,
            max_clients_per_account: 20,
            max_clients: 10_000,
            max_channels_per_client: 100,
            max_events_per_second: 100,
            max_joins_per_second: 10,
            max_payload_bytes: 256 * 1024,
            max_buffered_bytes: 4 * 1024 * 1024,
            idle_timeout: Duration::from_secs(60),
            db_pool_size: 4,
            presence_calls_per_window: 20,
            presence_window: Duration::from_secs(30),
        }
    }
}

impl RealtimeArgs {
    pub fn validate(&self) -> Result<RealtimeSettings, StartupError> {
        let size = |value: &str, name: &'static str| {
            crate::storage::size::parse(value)
                .and_then(|bytes| usize::try_from(bytes).ok())
                .filter(|bytes| *bytes >= 1024)
                .ok_or_else(|| StartupError::setting(name, "must be a size of at least 1KB, such as 256KB"))
        };
        let positive = |value: usize, name: &'static str| {
            if value == 0 { Err(StartupError::setting(name, "must be greater than 0")) } else { Ok(value) }
        };
        if self.realtime_idle_timeout_seconds < 30 {
            return Err(StartupError::setting(
                "REALTIME_IDLE_TIMEOUT_SECONDS",
                "must be at least 30 (clients send a heartbeat every 25 s)",
            ));
        }
        Ok(RealtimeSettings {
            enabled: self.realtime_enabled,
            max_clients_per_address: positive(
                self.realtime_max_clients_per_address,
                "REALTIME_MAX_CLIENTS_PER_ADDRESS",
            )?,
            max_clients_per_account: positive(
                self.realtime_max_clients_per_account,
                "REALTIME_MAX_CLIENTS_PER_ACCOUNT",
            )?,
            max_clients: positive(self.realtime_max_clients, "REALTIME_MAX_CLIENTS")?,
            max_channels_per_client: positive(
                self.realtime_max_channels_per_client,
                "REALTIME_MAX_CHANNELS_PER_CLIENT",
            )?,
            max_events_per_second: positive(
                self.realtime_max_events_per_second as usize,
                "REALTIME_MAX_EVENTS_PER_SECOND",
            )? as u32,
            max_joins_per_second: positive(
                self.realtime_max_joins_per_second as usize,
                "REALTIME_MAX_JOINS_PER_SECOND",
            )? as u32,
            max_payload_bytes: size(&self.realtime_max_payload_size, "REALTIME_MAX_PAYLOAD_SIZE")?,
            max_buffered_bytes: size(&self.realtime_max_buffered, "REALTIME_MAX_BUFFERED")?,
            idle_timeout: Duration::from_secs(self.realtime_idle_timeout_seconds),
            db_pool_size: positive(self.realtime_db_pool_size as usize, "REALTIME_DB_POOL_SIZE")? as u32,
            ..RealtimeSettings::default()
        })
    }
}
