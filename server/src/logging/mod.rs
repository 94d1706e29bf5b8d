//! Structured logs on standard error, as text for people or JSON for collectors. Colours only
//! when standard error is a terminal (a log file or journald gets plain text); in JSON mode
//! every line is one JSON object, the start banner included (`serve.rs`).
//!
//! Lines leave the request's path: a request formats its one access line and appends it to a
//! bounded batch; a thread of its own writes the batch to standard error about every 100 ms
//! (`batched.rs`). When the writer falls behind (a slow terminal, a full pipe) new lines are
//! dropped and counted (`log_lines_dropped_total` in /metrics), never waited for: a log must
//! not slow the service it describes. [`flush`] writes what is queued before the process exits.

mod batched;

use std::io::IsTerminal;
use std::sync::{Mutex, OnceLock};

use tracing_subscriber::EnvFilter;

pub use batched::{BatchedWriter, FlushGuard, batched};

/// LOG_FORMAT: `text` for people, `json` for log collectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Lines the batch holds before new ones are dropped (a burst of a few seconds at full load).
pub const BUFFERED_LINES: usize = 65_536;

static GUARD: Mutex<Option<FlushGuard>> = Mutex::new(None);
static WRITER: OnceLock<BatchedWriter> = OnceLock::new();

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat, filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let (writer, guard) = batched(std::io::stderr(), BUFFERED_LINES);
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer.clone());
    let installed = match format {
        LogFormat::Text => builder.with_target(false).with_ansi(std::io::stderr().is_terminal()).try_init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_ansi(false).try_init(),
    };
    if installed.is_ok() {
        let _ = WRITER.set(writer);
        if let Ok(mut slot) = GUARD.lock() {
            *slot = Some(guard);
        }
    }
}

/// Lines dropped because the writer fell behind, since the start.
pub fn dropped_lines() -> u64 {
    WRITER.get().map_or(0, BatchedWriter::dropped_lines)
}

/// Writes the queued lines and stops the writer thread (at exit; later lines are lost).
pub fn flush() {
    let guard = GUARD.lock().ok().and_then(|mut slot| slot.take());
    drop(guard);
}
