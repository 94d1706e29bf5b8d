//! Finds the installed PostgreSQL server programs.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::startup_error::StartupError;

/// The programs the embedded cluster needs, all from one installation.
#[derive(Debug, Clone)]
pub struct PgBinaries {
    pub bin_dir: PathBuf,
    pub initdb: PathBuf,
    pub postgres: PathBuf,
}

const INSTALL_HINT: &str =
    "install them with `apt-get install postgresql` (Debian/Ubuntu) or point PG_BIN_DIR at their directory";

impl PgBinaries {
    /// Looks in `explicit` (PG_BIN_DIR), then `pg_config --bindir`, then
    /// `/usr/lib/postgresql/<version>/bin` (the cluster's own version first, then the newest),
    /// then every directory of PATH.
    pub fn locate(explicit: Option<&Path>, cluster_version: Option<&str>) -> Result<Self, StartupError> {
        if let Some(dir) = explicit {
            return Self::in_dir(dir).ok_or_else(|| {
                StartupError::setting(
                    "PG_BIN_DIR",
                    format!("({}) does not contain initdb and postgres; {INSTALL_HINT}", dir.display()),
                )
            });
        }
        let mut candidates = Vec::new();
        if let Some(version) = cluster_version {
            candidates.push(PathBuf::from(format!("/usr/lib/postgresql/{version}/bin")));
        }
        if let Some(dir) = pg_config_bindir() {
            candidates.push(dir);
        }
        candidates.extend(debian_bin_dirs());
        if let Some(path) = std::env::var_os("PATH") {
            candidates.extend(std::env::split_paths(&path));
        }
        candidates.iter().find_map(|dir| Self::in_dir(dir)).ok_or_else(|| {
            StartupError::environment(format!(
                "PostgreSQL server programs (initdb, postgres) were not found; {INSTALL_HINT}, or set DATABASE_URL"
            ))
        })
    }

    fn in_dir(dir: &Path) -> Option<Self> {
        let initdb = dir.join("initdb");
        let postgres = dir.join("postgres");
        (is_executable(&initdb) && is_executable(&postgres)).then(|| Self {
            bin_dir: dir.to_path_buf(),
            initdb,
            postgres,
        })
    }

    /// The major version of these binaries, as `PG_VERSION` files spell it ("15").
    pub fn major_version(&self) -> Option<String> {
        let output = Command::new(&self.postgres).arg("--version").output().ok()?;
        let text = String::from_utf8_lossy(&output.stdout);
        // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
        let version = text.split_whitespace().nth(2)?;
        Some(version.split('.').next()?.to_string())
    }
}

fn pg_config_bindir() -> Option<PathBuf> {
    let output = Command::new("pg_config").arg("--bindir").output().ok()?;
    output.status.success().then(|| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

/// `/usr/lib/postgresql/*/bin`, newest version first.
fn debian_bin_dirs() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("/usr/lib/postgresql") else { return Vec::new() };
    let mut versions: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .collect();
    versions.sort_by_key(|(version, _)| std::cmp::Reverse(*version));
    versions.into_iter().map(|(_, dir)| dir).collect()
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explicit_directory_without_programs_names_the_setting() {
        let dir = tempfile::tempdir().unwrap();
        let err = PgBinaries::locate(Some(dir.path()), None).unwrap_err();
        assert_eq!(err.setting_name(), Some("PG_BIN_DIR"));
        assert!(err.to_string().contains("apt-get install postgresql"), "{err}");
    }
}
