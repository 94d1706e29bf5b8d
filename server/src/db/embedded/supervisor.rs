//! Keeps the embedded cluster running: when its postmaster dies while the server serves (a
//! `kill -9`, the OOM killer, a crash), PostgreSQL is started again with backoff, and crash
//! recovery replays every committed transaction. Meanwhile requests are answered 503 with
//! `Retry-After` by the pools' own errors, and they serve again as soon as it is back.

use std::process::Child;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::startup_error::StartupError;

/// The first wait before a restart; doubled after each failed attempt up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(200);
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// How often a waiting supervisor looks at the stop flag.
const TICK: Duration = Duration::from_millis(20);

/// Starts PostgreSQL once more and waits until it accepts connections.
pub(super) type Launch = Box<dyn Fn() -> Result<Child, StartupError> + Send>;

/// The thread that waits on the postmaster and restarts it.
#[derive(Debug)]
pub(super) struct Supervisor {
    stopping: Arc<AtomicBool>,
    pid: Arc<AtomicU32>,
    restarts: Arc<AtomicU32>,
    thread: Option<JoinHandle<()>>,
}

impl Supervisor {
    /// Takes over `child` (the running postmaster). The thread that calls `launch` is the
    /// parent of every restarted postmaster: its death-signal ties them to this thread, which
    /// lives until [`Supervisor::stop`].
    pub(super) fn spawn(child: Child, launch: Launch) -> Self {
        let stopping = Arc::new(AtomicBool::new(false));
        let pid = Arc::new(AtomicU32::new(child.id()));
        let restarts = Arc::new(AtomicU32::new(0));
        let thread = std::thread::Builder::new()
            .name("postgres-supervisor".into())
            .spawn({
                let (stopping, pid, restarts) = (stopping.clone(), pid.clone(), restarts.clone());
                move || watch(child, &launch, &stopping, &pid, &restarts)
            })
            .expect("the supervisor thread starts");
        Self { stopping, pid, restarts, thread: Some(thread) }
    }

    /// The postmaster's current pid.
    pub(super) fn pid(&self) -> u32 {
        self.pid.load(Ordering::SeqCst)
    }

    /// How many times the postmaster was started again.
    pub(super) fn restarts(&self) -> u32 {
        self.restarts.load(Ordering::SeqCst)
    }

    /// Fast shutdown (SIGINT) of the postmaster; SIGQUIT when it does not stop within `timeout`.
    pub(super) fn stop(&mut self, timeout: Duration) -> Result<(), StartupError> {
        self.stopping.store(true, Ordering::SeqCst);
        let Some(thread) = self.thread.take() else { return Ok(()) };
        let _ = kill(Pid::from_raw(self.pid() as i32), Signal::SIGINT);
        let deadline = Instant::now() + timeout;
        while !thread.is_finished() {
            if Instant::now() > deadline {
                let _ = kill(Pid::from_raw(self.pid() as i32), Signal::SIGQUIT);
                let _ = thread.join();
                return Err(StartupError::environment("embedded PostgreSQL did not stop in time and was terminated"));
            }
            std::thread::sleep(TICK);
        }
        let _ = thread.join();
        tracing::info!("embedded PostgreSQL stopped");
        Ok(())
    }
}

fn watch(mut child: Child, launch: &Launch, stopping: &AtomicBool, pid: &AtomicU32, restarts: &AtomicU32) {
    loop {
        let status = child.wait();
        if stopping.load(Ordering::SeqCst) {
            return;
        }
        tracing::error!(
            status = %status.map(|s| s.to_string()).unwrap_or_else(|e| e.to_string()),
            "embedded PostgreSQL exited while the server was running; starting it again"
        );
        let Some(next) = restart(launch, stopping) else { return };
        pid.store(next.id(), Ordering::SeqCst);
        restarts.fetch_add(1, Ordering::SeqCst);
        if stopping.load(Ordering::SeqCst) {
            // A stop came while it was starting: stop what was just started.
            let _ = kill(Pid::from_raw(next.id() as i32), Signal::SIGINT);
            child = next;
            let _ = child.wait();
            return;
        }
        tracing::info!(pid = next.id(), "embedded PostgreSQL is running again");
        child = next;
    }
}

/// Launches until it works (or a stop is asked), waiting longer after each failure.
fn restart(launch: &Launch, stopping: &AtomicBool) -> Option<Child> {
    let mut backoff = FIRST_BACKOFF;
    loop {
        if stopping.load(Ordering::SeqCst) {
            return None;
        }
        match launch() {
            Ok(child) => return Some(child),
            Err(error) => {
                tracing::error!(%error, retry_in_ms = backoff.as_millis() as u64, "embedded PostgreSQL did not start");
            }
        }
        let until = Instant::now() + backoff;
        while Instant::now() < until {
            if stopping.load(Ordering::SeqCst) {
                return None;
            }
            std::thread::sleep(TICK);
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}
