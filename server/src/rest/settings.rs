//! Settings of the REST engine's optional features (flattened into the server's
//! [`crate::config::Settings`]).

use std::time::Duration;

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct RestArgs {
    /// Allow aggregate functions in `select` (`count()`, `amount.sum()`, …), as PostgREST's
    /// `db-aggregates-enabled`. Off by default: an aggregate over a large table is costly.
    #[arg(long, env = "DB_AGGREGATES_ENABLED", default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new(), global = true)]
    pub db_aggregates_enabled: bool,

    /// Milliseconds a read using aggregate functions may run (its statement timeout, unless the
    /// role's own is lower); 0: only the role's own timeout.
    #[arg(long, env = "DB_AGGREGATES_STATEMENT_TIMEOUT_MS", default_value_t = 3000, global = true)]
    pub db_aggregates_statement_timeout_ms: u64,
}

impl RestArgs {
    pub fn aggregates(&self) -> AggregateSettings {
        AggregateSettings {
            enabled: self.db_aggregates_enabled,
            timeout: (self.db_aggregates_statement_timeout_ms > 0)
                .then(|| Duration::from_millis(self.db_aggregates_statement_timeout_ms)),
        }
    }
}

/// Whether aggregates are allowed, and the statement timeout of the reads that use them: the
/// guard against costly statements (PostgREST leaves it to the `pg_plan_filter` extension).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AggregateSettings {
    pub enabled: bool,
    pub timeout: Option<Duration>,
}
