//! The operating-system account that runs the embedded cluster.
//!
//! PostgreSQL refuses to run as root. When the server is root, the cluster runs as an
//! unprivileged system account (created when missing) by setting uid and gid on the child
//! process; otherwise it runs as the server's own user.

use std::ffi::CString;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;

use nix::unistd::{Gid, Uid, User, getgrouplist};

use crate::startup_error::StartupError;

#[derive(Debug, Clone)]
pub struct ClusterAccount {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
    groups: Vec<u32>,
    /// True when the server is root and must switch to this account for the child.
    pub switch_user: bool,
}

impl ClusterAccount {
    /// The account the cluster runs as: `system_user` when we are root, else ourselves.
    pub fn resolve(system_user: &str) -> Result<Self, StartupError> {
        if Uid::effective().is_root() {
            let user = match lookup(system_user)? {
                Some(user) => user,
                None => {
                    create_system_account(system_user)?;
                    lookup(system_user)?.ok_or_else(|| {
                        StartupError::environment(format!("account {system_user} was created but cannot be found"))
                    })?
                }
            };
            if user.uid.is_root() {
                return Err(StartupError::setting("PG_SYSTEM_USER", "must not be a root account"));
            }
            Ok(Self::from_user(&user, true))
        } else {
            let uid = Uid::effective();
            let user = User::from_uid(uid).ok().flatten();
            Ok(match user {
                Some(user) => Self::from_user(&user, false),
                None => Self {
                    name: uid.to_string(),
                    uid: uid.as_raw(),
                    gid: Gid::effective().as_raw(),
                    groups: vec![Gid::effective().as_raw()],
                    switch_user: false,
                },
            })
        }
    }

    fn from_user(user: &User, switch_user: bool) -> Self {
        let groups = CString::new(user.name.as_str())
            .ok()
            .and_then(|name| getgrouplist(&name, user.gid).ok())
            .map(|gids| gids.into_iter().map(Gid::as_raw).collect())
            .unwrap_or_else(|| vec![user.gid.as_raw()]);
        Self { name: user.name.clone(), uid: user.uid.as_raw(), gid: user.gid.as_raw(), groups, switch_user }
    }

    /// Makes `command` run as this account.
    pub fn apply(&self, command: &mut Command) {
        use std::os::unix::process::CommandExt;
        if self.switch_user {
            command.uid(self.uid).gid(self.gid);
        }
    }

    /// Gives `dir` (and everything in it) to this account, mode 0700 on `dir`.
    pub fn take_ownership(&self, dir: &Path) -> Result<(), StartupError> {
        use std::os::unix::fs::PermissionsExt;
        if self.switch_user {
            chown_tree(dir, self.uid, self.gid).map_err(|e| {
                StartupError::environment(format!("cannot give {} to account {}: {e}", dir.display(), self.name))
            })?;
        }
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| StartupError::environment(format!("cannot set mode 0700 on {}: {e}", dir.display())))
    }

    /// Fails with a one-line explanation when some directory above `dir` cannot be traversed
    /// by this account (a data directory below /root, say).
    pub fn check_can_reach(&self, dir: &Path) -> Result<(), StartupError> {
        let mut ancestors: Vec<&Path> = dir.ancestors().skip(1).collect();
        ancestors.reverse();
        for ancestor in ancestors {
            let meta = std::fs::metadata(ancestor)
                .map_err(|e| StartupError::environment(format!("cannot inspect {}: {e}", ancestor.display())))?;
            if !self.may_traverse(meta.uid(), meta.gid(), meta.mode()) {
                return Err(StartupError::environment(format!(
                    "data directory {} is not reachable by the PostgreSQL account {}: {} (mode {:o}, owner uid {}) \
                     cannot be traversed by it; choose a DATA_DIR outside it (for example /var/lib/platform) \
                     or make it traversable (chmod o+x {})",
                    dir.display(),
                    self.name,
                    ancestor.display(),
                    meta.mode() & 0o7777,
                    meta.uid(),
                    ancestor.display()
                )));
            }
        }
        Ok(())
    }

    fn may_traverse(&self, owner: u32, group: u32, mode: u32) -> bool {
        if !self.switch_user && Uid::effective().is_root() {
            return true;
        }
        if owner == self.uid {
            mode & 0o100 != 0
        } else if self.groups.contains(&group) {
            mode & 0o010 != 0
        } else {
            mode & 0o001 != 0
        }
    }
}

fn lookup(name: &str) -> Result<Option<User>, StartupError> {
    User::from_name(name).map_err(|e| StartupError::environment(format!("cannot look up account {name}: {e}")))
}

fn create_system_account(name: &str) -> Result<(), StartupError> {
    tracing::info!(account = name, "creating the system account that runs the embedded PostgreSQL");
    let output = Command::new("useradd")
        .args(["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", name])
        .output()
        .map_err(|e| StartupError::environment(format!("cannot run useradd to create account {name}: {e}")))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(StartupError::environment(format!(
            "useradd could not create account {name}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )))
    }
}

/// Gives `path` and everything below it to `uid:gid`. The directory may belong to a running
/// cluster (another process of the same DATA_DIR started it): a file PostgreSQL removes while
/// the walk runs (statistics, WAL segments being recycled) needs no owner and is skipped.
fn chown_tree(path: &Path, uid: u32, gid: u32) -> std::io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.uid() != uid || meta.gid() != gid {
        std::os::unix::fs::lchown(path, Some(uid), Some(gid))?;
    }
    if meta.is_dir() {
        for entry in std::fs::read_dir(path)? {
            let gone = |e: &std::io::Error| e.kind() == std::io::ErrorKind::NotFound;
            match entry.and_then(|entry| chown_tree(&entry.path(), uid, gid)) {
                Err(e) if gone(&e) => {}
                other => other?,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(uid: u32, groups: Vec<u32>) -> ClusterAccount {
        ClusterAccount { name: "pg".into(), uid, gid: groups[0], groups, switch_user: true }
    }

    #[test]
    fn files_removed_during_the_walk_are_skipped() {
        // A running cluster creates and removes files while another process takes ownership.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let root = dir.path().to_path_buf();
        let churn_root = root.clone();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop_churn = stop.clone();
        let churn = std::thread::spawn(move || {
            let mut n = 0u64;
            while !stop_churn.load(std::sync::atomic::Ordering::Relaxed) {
                let sub = churn_root.join(format!("d{}", n % 8));
                let _ = std::fs::create_dir_all(&sub);
                for i in 0..16 {
                    let _ = std::fs::write(sub.join(format!("f{i}")), b"x");
                }
                let _ = std::fs::remove_dir_all(&sub);
                n += 1;
            }
        });
        let (uid, gid) = (Uid::current().as_raw(), Gid::current().as_raw());
        let mut failures = Vec::new();
        let until = std::time::Instant::now() + std::time::Duration::from_millis(600);
        while std::time::Instant::now() < until {
            if let Err(e) = chown_tree(&root, uid, gid) {
                failures.push(e.to_string());
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        churn.join().expect("the churn thread");
        assert!(failures.is_empty(), "the walk failed on vanishing files: {failures:?}");
    }

    #[test]
    fn a_root_only_directory_is_not_traversable() {
        assert!(!account(101, vec![104]).may_traverse(0, 0, 0o700));
    }

    #[test]
    fn world_group_and_owner_execute_bits_are_honoured() {
        let pg = account(101, vec![104, 103]);
        assert!(pg.may_traverse(0, 0, 0o711));
        assert!(pg.may_traverse(0, 103, 0o710));
        assert!(pg.may_traverse(101, 0, 0o700));
        assert!(!pg.may_traverse(101, 0, 0o077));
    }
}
