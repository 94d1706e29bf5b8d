//! Structured logs on standard error, as text for people or JSON for collectors. Colours only
//! when standard error is a terminal (a log file or journald gets plain text); in JSON mode
//! every line is one JSON object, the start banner included (`serve.rs`).
//!
//! Lines leave the request's path: a request formats its one access line and hands it to a
//! bounded queue; a thread of its own writes the queue to standard error. When the writer
//! falls behind (a slow terminal, a full pipe) new lines are dropped and counted
//! (`log_lines_dropped_total` in /metrics), never waited for: a log must not slow the service
//! it describes. [`flush`] writes what is queued before the process exits.

use std::io::IsTerminal;
use std::sync::{Mutex, OnceLock};

use tracing_appender::non_blocking::{ErrorCounter, NonBlocking, NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

/// LOG_FORMAT: `text` for people, `json` for log collectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Lines the queue holds before new ones are dropped (a burst of a few seconds at full load).
pub const BUFFERED_LINES: usize = 65_536;

static GUARD: Mutex<Option<WorkerGuard>> = Mutex::new(None);
static DROPPED: OnceLock<ErrorCounter> = OnceLock::new();

/// A writer of `inner` on its own thread that holds at most `lines` lines and drops (and
/// counts) the rest; dropping the guard writes what is queued.
pub fn lossy_writer<W: std::io::Write + Send + 'static>(inner: W, lines: usize) -> (NonBlocking, WorkerGuard) {
    NonBlockingBuilder::default().lossy(true).buffered_lines_limit(lines).thread_name("log-writer").finish(inner)
}

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat, filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let (writer, guard) = lossy_writer(std::io::stderr(), BUFFERED_LINES);
    let counter = writer.error_counter();
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    let installed = match format {
        LogFormat::Text => builder.with_target(false).with_ansi(std::io::stderr().is_terminal()).try_init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_ansi(false).try_init(),
    };
    if installed.is_ok() {
        let _ = DROPPED.set(counter);
        if let Ok(mut slot) = GUARD.lock() {
            *slot = Some(guard);
        }
    }
}

/// Lines dropped because the writer fell behind, since the start.
pub fn dropped_lines() -> u64 {
    DROPPED.get().map_or(0, |counter| u64::try_from(counter.dropped_lines()).unwrap_or(u64::MAX))
}

/// Writes the queued lines and stops the writer thread (at exit; later lines are lost).
pub fn flush() {
    let guard = GUARD.lock().ok().and_then(|mut slot| slot.take());
    drop(guard);
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::Arc;
    use std::sync::mpsc;

    use super::*;

    /// A sink that writes nothing until it is released, as a stuck terminal or a full pipe.
    struct Stuck {
        release: Arc<Mutex<mpsc::Receiver<()>>>,
        written: mpsc::Sender<usize>,
    }

    impl Write for Stuck {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let _ = self.release.lock().map(|r| r.recv());
            let _ = self.written.send(buf.len());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_stuck_writer_drops_and_counts_lines_instead_of_blocking_the_caller() {
        let (release, released) = mpsc::channel();
        let (written, lines_written) = mpsc::channel();
        let sink = Stuck { release: Arc::new(Mutex::new(released)), written };
        let (mut writer, guard) = lossy_writer(sink, 8);
        // 1,000 lines against a sink that accepts none: had the caller waited, this would hang.
        for n in 0..1000 {
            writer.write_all(format!("line {n}\n").as_bytes()).unwrap();
        }
        let dropped = writer.error_counter().dropped_lines();
        // The queue holds 8, the writer thread holds at most one more in its hand.
        assert!((1000 - 9..=1000 - 8).contains(&dropped), "dropped {dropped}");
        for _ in 0..1000 {
            let _ = release.send(());
        }
        drop(guard);
        let kept = lines_written.try_iter().count();
        assert_eq!(kept + dropped, 1000, "every line is either written or counted as dropped");
    }
}
