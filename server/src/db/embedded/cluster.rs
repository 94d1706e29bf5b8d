//! The private PostgreSQL cluster of the embedded default: created on first start, started on
//! every start, stopped on shutdown, and recovered after the server (or both processes) were
//! killed; supervised while the server runs (supervisor.rs restarts a postmaster that died).

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use sha2::{Digest, Sha256};

use super::account::ClusterAccount;
use super::binaries::PgBinaries;
use super::pid_file::{PidFileState, clear_stale_lock, read_pid_file};
use super::supervisor::Supervisor;
use crate::startup_error::StartupError;

/// The port only names the socket file; the cluster does not listen on TCP.
pub const SOCKET_PORT: u16 = 5432;
/// The superuser created by initdb.
pub const SUPERUSER: &str = "postgres";
/// Unix socket paths are limited to 107 bytes (sun_path).
const MAX_SOCKET_PATH: usize = 107;
const READY_TIMEOUT: Duration = Duration::from_secs(60);
const STOP_TIMEOUT: Duration = Duration::from_secs(30);

/// How long the cluster lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifetime {
    /// Stopped with the server; told to shut down (SIGINT) if the server dies.
    TiedToServer,
    /// Left running for other processes (the test harness shares one cluster per run);
    /// an already running cluster in the same directory is reused.
    Detached,
}

#[derive(Debug, Clone)]
pub struct ClusterOptions {
    /// The cluster directory (PGDATA).
    pub pgdata: PathBuf,
    /// The file that receives the cluster's log (opened by the server itself).
    pub log_file: PathBuf,
    pub bin_dir: Option<PathBuf>,
    pub system_user: String,
    pub lifetime: Lifetime,
    /// Extra `-c name=value` settings.
    pub settings: Vec<(String, String)>,
}

#[derive(Debug)]
pub struct EmbeddedCluster {
    pgdata: PathBuf,
    socket_dir: PathBuf,
    /// Tied to the server: the thread that owns the postmaster and restarts it if it dies.
    supervisor: Option<Supervisor>,
    /// Detached: the running postmaster's pid.
    pid: u32,
    lifetime: Lifetime,
}

impl EmbeddedCluster {
    /// Creates the cluster if needed, starts it and waits until it accepts connections.
    pub fn start(options: &ClusterOptions) -> Result<Self, StartupError> {
        let pgdata = &options.pgdata;
        let account = ClusterAccount::resolve(&options.system_user)?;
        prepare_directory(pgdata, &account)?;
        let cluster_version = std::fs::read_to_string(pgdata.join("PG_VERSION")).ok().map(|v| v.trim().to_string());
        let binaries = PgBinaries::locate(options.bin_dir.as_deref(), cluster_version.as_deref())?;
        let socket_dir = socket_dir_for(pgdata, &account)?;

        match &cluster_version {
            None => initdb(&binaries, pgdata, &account, &options.log_file)?,
            Some(version) => check_version(&binaries, version, pgdata)?,
        }

        match clear_stale_lock(pgdata, &socket_dir, SOCKET_PORT) {
            PidFileState::Running(pid) if options.lifetime == Lifetime::Detached => {
                wait_until_ready(pgdata, pid, None, &options.log_file, 0)?;
                tracing::debug!(pid, "reusing the running embedded cluster");
                return Ok(Self {
                    pgdata: pgdata.clone(),
                    socket_dir,
                    supervisor: None,
                    pid,
                    lifetime: options.lifetime,
                });
            }
            PidFileState::Running(pid) => {
                return Err(StartupError::environment(format!(
                    "the PostgreSQL cluster in {} is already running (pid {pid}); is another server using this DATA_DIR?",
                    pgdata.display()
                )));
            }
            PidFileState::Absent | PidFileState::Cleared => {}
        }

        let started = Instant::now();
        let child = launch(&binaries, options, &socket_dir, &account)?;
        let pid = child.id();
        tracing::info!(pid, dir = %pgdata.display(), elapsed_ms = started.elapsed().as_millis() as u64, "embedded PostgreSQL is ready");
        let supervisor = match options.lifetime {
            Lifetime::TiedToServer => {
                let (options, socket_dir) = (options.clone(), socket_dir.clone());
                Some(Supervisor::spawn(child, Box::new(move || launch(&binaries, &options, &socket_dir, &account))))
            }
            // Left running on purpose: nobody waits on it.
            Lifetime::Detached => None,
        };
        Ok(Self { pgdata: pgdata.clone(), socket_dir, supervisor, pid, lifetime: options.lifetime })
    }

    pub fn socket_dir(&self) -> &Path {
        &self.socket_dir
    }

    pub fn pgdata(&self) -> &Path {
        &self.pgdata
    }

    /// The postmaster's pid (a new one after a restart).
    pub fn pid(&self) -> u32 {
        self.supervisor.as_ref().map_or(self.pid, Supervisor::pid)
    }

    /// How many times the supervisor started PostgreSQL again after it died.
    pub fn restarts(&self) -> u32 {
        self.supervisor.as_ref().map_or(0, Supervisor::restarts)
    }

    /// A connection URL for `user` on `database` over the cluster's Unix socket.
    pub fn url(&self, user: &str, database: &str) -> String {
        socket_url(&self.socket_dir, user, database)
    }

    /// Fast shutdown: open sessions are disconnected, the cluster stops cleanly.
    /// A detached cluster is left running.
    pub fn stop(mut self) -> Result<(), StartupError> {
        self.stop_inner()
    }

    fn stop_inner(&mut self) -> Result<(), StartupError> {
        match self.supervisor.as_mut() {
            Some(supervisor) => supervisor.stop(STOP_TIMEOUT),
            None => Ok(()),
        }
    }
}

impl Drop for EmbeddedCluster {
    fn drop(&mut self) {
        if self.lifetime == Lifetime::TiedToServer
            && let Err(error) = self.stop_inner()
        {
            tracing::warn!(%error, "stopping the embedded cluster");
        }
    }
}

/// Stops a detached cluster by its pid file (used by the test harness and scripts).
pub fn stop_detached(pgdata: &Path) -> bool {
    let Some(pid) = read_pid_file(pgdata).map(|p| p.pid) else { return false };
    let target = Pid::from_raw(pid as i32);
    if kill(target, Signal::SIGINT).is_err() {
        return false;
    }
    let deadline = Instant::now() + STOP_TIMEOUT;
    while Instant::now() < deadline {
        if kill(target, None).is_err() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

pub fn socket_url(socket_dir: &Path, user: &str, database: &str) -> String {
    let host: String = url::form_urlencoded::byte_serialize(socket_dir.to_string_lossy().as_bytes()).collect();
    format!("postgres://{user}@localhost:{SOCKET_PORT}/{database}?host={host}")
}

fn prepare_directory(pgdata: &Path, account: &ClusterAccount) -> Result<(), StartupError> {
    let parent = pgdata.parent().unwrap_or(Path::new("/"));
    std::fs::create_dir_all(parent)
        .map_err(|e| StartupError::environment(format!("cannot create data directory {}: {e}", parent.display())))?;
    match std::fs::create_dir(pgdata) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(StartupError::environment(format!(
                "cannot create {} (is the data directory writable?): {e}",
                pgdata.display()
            )));
        }
    }
    account.check_can_reach(pgdata)?;
    account.take_ownership(pgdata)
}

/// The cluster's own directory when the socket path fits, else a short private directory in /tmp.
fn socket_dir_for(pgdata: &Path, account: &ClusterAccount) -> Result<PathBuf, StartupError> {
    let in_pgdata = pgdata.join(format!(".s.PGSQL.{SOCKET_PORT}"));
    if in_pgdata.as_os_str().len() <= MAX_SOCKET_PATH {
        return Ok(pgdata.to_path_buf());
    }
    let digest = Sha256::digest(pgdata.as_os_str().as_encoded_bytes());
    let dir = PathBuf::from(format!("/tmp/.pg-{}", &hex::encode(digest)[..16]));
    std::fs::create_dir_all(&dir)
        .map_err(|e| StartupError::environment(format!("cannot create socket directory {}: {e}", dir.display())))?;
    account.take_ownership(&dir)?;
    Ok(dir)
}

fn initdb(binaries: &PgBinaries, pgdata: &Path, account: &ClusterAccount, log_file: &Path) -> Result<(), StartupError> {
    let is_empty = std::fs::read_dir(pgdata).map(|mut d| d.next().is_none()).unwrap_or(false);
    if !is_empty {
        return Err(StartupError::environment(format!(
            "{} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away or choose another DATA_DIR",
            pgdata.display()
        )));
    }
    tracing::info!(dir = %pgdata.display(), "creating the embedded PostgreSQL cluster");
    let mut command = Command::new(&binaries.initdb);
    command
        .arg("-D")
        .arg(pgdata)
        .args(["-U", SUPERUSER, "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8"])
        .args(["--locale=C", "--no-sync", "--no-instructions"])
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(open_log(log_file)?)
        .stderr(Stdio::piped());
    account.apply(&mut command);
    let output = command
        .output()
        .map_err(|e| StartupError::environment(format!("cannot run {}: {e}", binaries.initdb.display())))?;
    if output.status.success() {
        Ok(())
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no output");
        Err(StartupError::environment(format!("initdb failed for {}: {}", pgdata.display(), last.trim())))
    }
}

fn check_version(binaries: &PgBinaries, cluster_version: &str, pgdata: &Path) -> Result<(), StartupError> {
    match binaries.major_version() {
        Some(version) if version != cluster_version => Err(StartupError::environment(format!(
            "the cluster in {} was created by PostgreSQL {cluster_version} but the programs in {} are version {version}; \
             install postgresql-{cluster_version} or move the data directory away",
            pgdata.display(),
            binaries.bin_dir.display()
        ))),
        _ => Ok(()),
    }
}

fn open_log(log_file: &Path) -> Result<std::fs::File, StartupError> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_file)
        .map_err(|e| StartupError::environment(format!("cannot open log file {}: {e}", log_file.display())))
}

fn spawn_postgres(
    binaries: &PgBinaries,
    options: &ClusterOptions,
    socket_dir: &Path,
    account: &ClusterAccount,
) -> Result<Child, StartupError> {
    let log = open_log(&options.log_file)?;
    let log_err = log
        .try_clone()
        .map_err(|e| StartupError::environment(format!("cannot open log file {}: {e}", options.log_file.display())))?;
    let mut command = Command::new(&binaries.postgres);
    command.arg("-D").arg(&options.pgdata).arg("-k").arg(socket_dir).args(["-p", &SOCKET_PORT.to_string()]).args([
        "-c",
        "listen_addresses=",
        "-c",
        "unix_socket_permissions=0700",
        "-c",
        "max_connections=200",
    ]);
    for (name, value) in &options.settings {
        command.arg("-c").arg(format!("{name}={value}"));
    }
    command.env("LC_ALL", "C").env_remove("PGDATA").stdin(Stdio::null()).stdout(log).stderr(log_err);
    account.apply(&mut command);
    {
        use std::os::unix::process::CommandExt;
        // Its own process group: Ctrl-C in a terminal reaches the server, which drains
        // requests and then stops the cluster, instead of both stopping at once.
        command.process_group(0);
    }
    if options.lifetime == Lifetime::TiedToServer {
        super::parent_death::stop_when_parent_dies(&mut command);
    }
    command.spawn().map_err(|e| StartupError::environment(format!("cannot start {}: {e}", binaries.postgres.display())))
}

/// Starts the postmaster (clearing a dead one's lock first) and waits until it is ready,
/// retrying while a killed postmaster's backends still hold its shared memory.
fn launch(
    binaries: &PgBinaries,
    options: &ClusterOptions,
    socket_dir: &Path,
    account: &ClusterAccount,
) -> Result<Child, StartupError> {
    let pgdata = &options.pgdata;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let _ = clear_stale_lock(pgdata, socket_dir, SOCKET_PORT);
        let log_offset = std::fs::metadata(&options.log_file).map(|m| m.len()).unwrap_or(0);
        let mut child = spawn_postgres(binaries, options, socket_dir, account)?;
        let pid = child.id();
        match wait_until_ready(pgdata, pid, Some(&mut child), &options.log_file, log_offset) {
            Ok(()) => return Ok(child),
            Err(error) if attempt < 20 && is_transient_start_failure(&error) => {
                std::thread::sleep(Duration::from_millis(250));
            }
            Err(error) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(error);
            }
        }
    }
}

fn wait_until_ready(
    pgdata: &Path,
    pid: u32,
    mut child: Option<&mut Child>,
    log_file: &Path,
    log_offset: u64,
) -> Result<(), StartupError> {
    let deadline = Instant::now() + READY_TIMEOUT;
    loop {
        if let Some(child) = child.as_deref_mut()
            && let Ok(Some(status)) = child.try_wait()
        {
            return Err(StartupError::environment(format!(
                "embedded PostgreSQL exited during start-up ({status}): {}",
                last_log_line(log_file, log_offset)
            )));
        }
        if let Some(file) = read_pid_file(pgdata)
            && file.pid == pid
            && file.status.as_deref() == Some("ready")
        {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(StartupError::environment(format!(
                "embedded PostgreSQL did not become ready within {} s: {}",
                READY_TIMEOUT.as_secs(),
                last_log_line(log_file, log_offset)
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn is_transient_start_failure(error: &StartupError) -> bool {
    let text = error.to_string();
    text.contains("lock file")
        || text.contains("shared memory block is still in use")
        || text.contains("Address already in use")
}

/// The last meaningful line PostgreSQL wrote since `offset`.
fn last_log_line(log_file: &Path, offset: u64) -> String {
    let mut text = String::new();
    if let Ok(mut file) = std::fs::File::open(log_file) {
        let _ = file.seek(SeekFrom::Start(offset));
        let _ = file.take(64 * 1024).read_to_string(&mut text);
    }
    text.lines()
        .rev()
        .find(|line| line.contains("FATAL") || line.contains("ERROR") || line.contains("PANIC"))
        .or_else(|| text.lines().rev().find(|l| !l.trim().is_empty()))
        .map(|line| format!("{} (see {})", line.trim(), log_file.display()))
        .unwrap_or_else(|| format!("see {}", log_file.display()))
}
