//! The PostgreSQL client programs a backup needs (pg_dump, pg_restore): from PG_BIN_DIR, else
//! the newest /usr/lib/postgresql/<version>/bin, else PATH. pg_dump must be at least as new
//! as the server, so the newest installed wins.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use tokio::process::Command;

use super::target::DbTarget;

#[derive(Debug, Clone)]
pub struct PgTools {
    pub pg_dump: PathBuf,
    pub pg_restore: PathBuf,
}

impl PgTools {
    pub fn locate(explicit: Option<&Path>) -> Result<Self, String> {
        let mut candidates: Vec<PathBuf> = Vec::new();
        if let Some(dir) = explicit {
            candidates.push(dir.to_path_buf());
        }
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter_map(|e| {
                        let version = e.file_name().to_string_lossy().parse::<u32>().ok()?;
                        Some((version, e.path().join("bin")))
                    })
                    .collect()
            })
            .unwrap_or_default();
        versions.sort_by_key(|(version, _)| std::cmp::Reverse(*version));
        candidates.extend(versions.into_iter().map(|(_, dir)| dir));
        if let Some(path) = std::env::var_os("PATH") {
            candidates.extend(std::env::split_paths(&path));
        }
        candidates
            .iter()
            .find(|dir| dir.join("pg_dump").is_file() && dir.join("pg_restore").is_file())
            .map(|dir| Self { pg_dump: dir.join("pg_dump"), pg_restore: dir.join("pg_restore") })
            .ok_or_else(|| {
                "pg_dump and pg_restore were not found: install the PostgreSQL client (apt-get install \
                 postgresql-client) or set PG_BIN_DIR"
                    .to_string()
            })
    }

    pub fn dump_command(&self, target: &DbTarget) -> Command {
        let mut command = Command::new(&self.pg_dump);
        apply_env(&mut command, target);
        command
    }

    pub fn restore_command(&self, target: &DbTarget) -> Command {
        let mut command = Command::new(&self.pg_restore);
        apply_env(&mut command, target);
        command
    }

    /// `pg_dump --version`'s words ("pg_dump (PostgreSQL) 15.18").
    pub async fn dump_version(&self) -> String {
        match Command::new(&self.pg_dump).arg("--version").output().await {
            Ok(output) => String::from_utf8_lossy(&output.stdout).trim().to_string(),
            Err(error) => format!("unknown ({error})"),
        }
    }

    /// `pg_restore --list` of an archive: its table of contents, or why it is not one.
    pub async fn list(&self, archive: &Path) -> Result<String, String> {
        let output = Command::new(&self.pg_restore)
            .arg("--list")
            .arg(archive)
            .stdin(Stdio::null())
            .output()
            .await
            .map_err(|e| format!("cannot run pg_restore: {e}"))?;
        if output.status.success() {
            Ok(String::from_utf8_lossy(&output.stdout).into_owned())
        } else {
            Err(first_line(&output.stderr))
        }
    }
}

fn apply_env(command: &mut Command, target: &DbTarget) {
    for name in ["PGHOST", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE", "PGSSLMODE", "PGSERVICE", "PGOPTIONS"] {
        command.env_remove(name);
    }
    command.envs(target.libpq_env());
    command.env("PGAPPNAME", "server-backup");
    command.stdin(Stdio::null());
}

/// The first line of a program's error output.
pub fn first_line(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    text.lines().find(|l| !l.trim().is_empty()).unwrap_or("(no message)").trim().to_string()
}
