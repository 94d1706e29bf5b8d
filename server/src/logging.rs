//! Structured logs on standard error, as text for people or JSON for collectors. Colours only
//! when standard error is a terminal (a log file or journald gets plain text); in JSON mode
//! every line is one JSON object, the start banner included (`serve.rs`).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat, filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.with_target(false).with_ansi(std::io::stderr().is_terminal()).try_init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_ansi(false).try_init(),
    };
}
