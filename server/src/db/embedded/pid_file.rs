//! Reads PostgreSQL's `postmaster.pid` and clears the locks a killed cluster leaves behind.

use std::path::Path;
use std::time::{Duration, Instant};

use nix::sys::signal::kill;
use nix::unistd::Pid;

/// The parts of `postmaster.pid` the server uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PidFile {
    pub pid: u32,
    /// Line 8: `starting`, `ready`, `stopping` (PostgreSQL 10 and later).
    pub status: Option<String>,
}

pub fn read_pid_file(pgdata: &Path) -> Option<PidFile> {
    let text = std::fs::read_to_string(pgdata.join("postmaster.pid")).ok()?;
    parse_pid_file(&text)
}

fn parse_pid_file(text: &str) -> Option<PidFile> {
    let mut lines = text.lines();
    let pid = lines.next()?.trim().parse().ok()?;
    let status = lines.nth(6).map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Some(PidFile { pid, status })
}

#[derive(Debug, PartialEq, Eq)]
pub enum PidFileState {
    /// No lock file: a clean start.
    Absent,
    /// The lock belonged to a dead process (or a zombie) and was removed.
    Cleared,
    /// A live PostgreSQL holds the directory.
    Running(u32),
}

/// A postmaster still shutting down after its parent died gets this long to finish.
const DYING_GRACE: Duration = Duration::from_secs(15);

/// Removes `postmaster.pid` and the socket lock when their process is gone. A zombie (empty
/// `/proc/<pid>/cmdline`) counts as gone. A live postmaster gets [`DYING_GRACE`] to exit
/// (it may be shutting down because the previous server was killed).
pub fn clear_stale_lock(pgdata: &Path, socket_dir: &Path, port: u16) -> PidFileState {
    let Some(file) = read_pid_file(pgdata) else {
        if pgdata.join("postmaster.pid").exists() {
            // Unreadable or half-written: PostgreSQL itself wrote nothing useful.
            remove_locks(pgdata, socket_dir, port);
            return PidFileState::Cleared;
        }
        return PidFileState::Absent;
    };
    if is_live_postgres(file.pid) && file.status.as_deref() == Some("ready") {
        // A ready cluster is not dying: confirm once, then report it.
        std::thread::sleep(Duration::from_millis(300));
        let again = read_pid_file(pgdata);
        if is_live_postgres(file.pid)
            && again.is_some_and(|f| f.pid == file.pid && f.status.as_deref() == Some("ready"))
        {
            return PidFileState::Running(file.pid);
        }
    }
    let deadline = Instant::now() + DYING_GRACE;
    while is_live_postgres(file.pid) {
        if Instant::now() > deadline {
            return PidFileState::Running(file.pid);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    remove_locks(pgdata, socket_dir, port);
    PidFileState::Cleared
}

fn remove_locks(pgdata: &Path, socket_dir: &Path, port: u16) {
    let _ = std::fs::remove_file(pgdata.join("postmaster.pid"));
    let _ = std::fs::remove_file(socket_dir.join(format!(".s.PGSQL.{port}.lock")));
    let _ = std::fs::remove_file(socket_dir.join(format!(".s.PGSQL.{port}")));
}

/// True when `pid` is a running (not zombie) process that looks like PostgreSQL.
fn is_live_postgres(pid: u32) -> bool {
    let Ok(raw) = i32::try_from(pid) else { return false };
    if raw <= 0 || kill(Pid::from_raw(raw), None).is_err() {
        return false;
    }
    match std::fs::read(format!("/proc/{pid}/cmdline")) {
        Ok(cmdline) => !cmdline.is_empty() && String::from_utf8_lossy(&cmdline).contains("postgres"),
        // Without /proc, trust the signal probe.
        Err(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pid_and_status_lines_are_read() {
        let text = "4242\n/data/pg\n1700000000\n5432\n/data/pg\n\n  5432001  0\nready   \n";
        assert_eq!(parse_pid_file(text), Some(PidFile { pid: 4242, status: Some("ready".into()) }));
    }

    #[test]
    fn a_lock_of_a_dead_process_is_cleared() {
        let dir = tempfile::tempdir().unwrap();
        // A pid that cannot exist (above pid_max).
        std::fs::write(dir.path().join("postmaster.pid"), "99999999\n").unwrap();
        std::fs::write(dir.path().join(".s.PGSQL.5432.lock"), "x").unwrap();
        assert_eq!(clear_stale_lock(dir.path(), dir.path(), 5432), PidFileState::Cleared);
        assert!(!dir.path().join("postmaster.pid").exists());
        assert!(!dir.path().join(".s.PGSQL.5432.lock").exists());
    }

    #[test]
    fn a_lock_of_a_live_process_that_is_not_postgres_is_cleared() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("postmaster.pid"), format!("{}\n", std::process::id())).unwrap();
        // The test binary's own cmdline does not mention postgres... unless its path does.
        let own = std::fs::read_to_string("/proc/self/cmdline").unwrap_or_default();
        if !own.contains("postgres") {
            assert_eq!(clear_stale_lock(dir.path(), dir.path(), 5432), PidFileState::Cleared);
        }
    }
}
