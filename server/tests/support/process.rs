//! Runs the real `server` binary as a child process, the way `make run` does.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// The `server` binary: cargo's when these tests belong to its package, else the one the same
/// build wrote beside the test executable's folder (`target/debug/deps/…` → `target/debug/server`;
/// a workspace test run builds it).
pub fn server_bin() -> PathBuf {
    if let Some(bin) = option_env!("CARGO_BIN_EXE_server") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().expect("the test executable's path");
    let bin = exe.parent().and_then(Path::parent).map(|dir| dir.join("server")).expect("target/<profile>/server");
    assert!(bin.is_file(), "{} is missing: build it first (cargo build --bin server)", bin.display());
    bin
}

/// The project's folder (the workspace root).
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

/// The app's folders of a project: migrations, functions, policies and seed.
pub const APP_FOLDERS: [(&str, &str); 4] = [
    ("MIGRATIONS_DIR", "migrations"),
    ("FUNCTIONS_DIR", "functions"),
    ("POLICIES_DIR", "policies"),
    ("SEED_DIR", "seed"),
];

/// Settings that must not leak from the developer's environment into a test server.
const CLEARED: &[&str] = &[
    "DATABASE_URL",
    "JWT_SECRET",
    "PORT",
    "HOST",
    "DATA_DIR",
    "SITE_URL",
    "STORAGE_BACKEND",
    "STORAGE_DIR",
    "CLIENT_DIR",
    "CORS_ALLOWED_ORIGINS",
    "LOG_FORMAT",
    "LOG_LEVEL",
    "AUTHENTICATOR_PASSWORD",
    "VAPID_PRIVATE_KEY",
    "VAPID_PUBLIC_KEY",
    "VAPID_SUBJECT",
    "PUSH_ALLOWED_HOSTS",
    "PUSH_WORKER",
    "DEMO",
    "MIGRATIONS_DIR",
    "FUNCTIONS_DIR",
    "POLICIES_DIR",
    "SEED_DIR",
    "SITE_NAME",
];

/// Empty app folders, one set per test process (beside the data directories, never in them: a
/// test may give a data directory that cannot be created).
fn no_app() -> &'static Path {
    static NO_APP: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    NO_APP.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("hwt-no-app-{}", std::process::id()));
        for (_, folder) in APP_FOLDERS {
            std::fs::create_dir_all(root.join(folder)).expect("create the empty app folders");
        }
        root
    })
}

/// The binary on `data_dir`, with no app: empty app folders, so the platform's schema alone.
/// [`with_app`] gives it an app.
pub fn server_command(data_dir: &Path) -> Command {
    let no_app = no_app();
    let mut command = Command::new(server_bin());
    for name in CLEARED {
        command.env_remove(name);
    }
    command
        .env("DATA_DIR", data_dir)
        .env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("CLIENT_DIR", data_dir.join("no-client"))
        // A fresh data directory would get the demo content: tests that want it ask for it.
        .env("DEMO", "0")
        .stdin(Stdio::null());
    with_app(&mut command, no_app);
    command
}

/// Points the app's settings at the folders of `app` (`app/migrations`, `app/functions`, …).
pub fn with_app<'c>(command: &'c mut Command, app: &Path) -> &'c mut Command {
    for (setting, folder) in APP_FOLDERS {
        command.env(setting, app.join(folder));
    }
    command
}

/// A running server process.
pub struct ServerProcess {
    child: Child,
    pub address: String,
    pub data_dir: PathBuf,
    /// Time from spawn to the "running at" line (cluster, bootstrap and bind included).
    pub startup: Duration,
    /// Standard output after the "running at" line.
    output: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl ServerProcess {
    pub fn start(data_dir: &Path) -> Self {
        Self::start_command(server_command(data_dir), data_dir)
    }

    pub fn start_command(mut command: Command, data_dir: &Path) -> Self {
        let started = Instant::now();
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn the server binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        // Keep stderr drained (and visible with --nocapture).
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("[server] {line}");
            }
        });
        let deadline = Instant::now() + Duration::from_secs(60);
        let address = loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(remaining) {
                Ok(line) => {
                    if let Some(rest) = line.split("running at ").nth(1) {
                        break rest.trim().to_string();
                    }
                }
                Err(_) => {
                    let status = child.try_wait().ok().flatten();
                    let _ = child.kill();
                    panic!("the server did not start (exit status {status:?})");
                }
            }
        };
        let startup = started.elapsed();
        // Keep the rest of stdout (the banner) and drain it so the child never blocks.
        let output = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = output.clone();
        std::thread::spawn(move || {
            while let Ok(line) = rx.recv() {
                kept.lock().expect("output lock").push(line);
            }
        });
        Self { child, address, data_dir: data_dir.to_path_buf(), startup, output }
    }

    /// Standard output after the "running at" line so far.
    pub fn output(&self) -> Vec<String> {
        self.output.lock().expect("output lock").clone()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        super::http_client().get(format!("{}{path}", self.address)).send().await.expect("request to the server")
    }

    /// SIGTERM, then wait for the process to exit.
    pub fn terminate(self) -> ExitStatus {
        self.stop_with(Signal::SIGTERM)
    }

    /// Sends `signal` (SIGINT is Ctrl-C), then waits for the process to exit.
    pub fn stop_with(mut self, signal: Signal) -> ExitStatus {
        let _ = kill(Pid::from_raw(self.child.id() as i32), signal);
        wait_with_timeout(&mut self.child, Duration::from_secs(60))
    }

    /// `kill -9`: no chance to clean up.
    pub fn kill_hard(mut self) {
        let _ = kill(Pid::from_raw(self.child.id() as i32), Signal::SIGKILL);
        let _ = self.child.wait();
    }
}

fn wait_with_timeout(child: &mut Child, timeout: Duration) -> ExitStatus {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().expect("wait for the server") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the server did not exit within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs the binary to completion (for commands that must fail fast).
pub fn run_to_exit(command: &mut Command) -> Output {
    let child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn the server binary");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(output) => output.expect("collect the output"),
        Err(_) => {
            let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
            panic!("the command did not exit within 60 s");
        }
    }
}

/// Pids of live (non-zombie) PostgreSQL processes whose command line names `dir`, or whose
/// data directory is `dir` (backends rename themselves, so the postmaster is found by pid file).
pub fn postgres_processes_in(dir: &Path) -> Vec<u32> {
    let needle = dir.to_string_lossy().into_owned();
    let mut pids = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else { return pids };
    for entry in entries.filter_map(Result::ok) {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains("postgres") && cmdline.contains(&needle) {
            pids.push(pid);
        }
    }
    pids
}

/// Waits until `condition` holds, polling; false on timeout.
pub fn eventually(timeout: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    condition()
}

/// A superuser connection to the product database of a server whose DATA_DIR is `data_dir`.
pub async fn superuser_of(data_dir: &Path) -> sqlx::PgConnection {
    use sqlx::ConnectOptions;
    let url = server::db::embedded::socket_url(&data_dir.join("postgres"), "postgres", "app");
    url.parse::<sqlx::postgres::PgConnectOptions>()
        .expect("a socket URL")
        .connect()
        .await
        .expect("connect as superuser")
}
