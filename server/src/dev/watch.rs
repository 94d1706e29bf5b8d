//! `server db watch`: while the server runs, a change to a file in POLICIES_DIR,
//! FUNCTIONS_DIR or MIGRATIONS_DIR re-applies the functions and policies (and applies new
//! migrations) under the bootstrap lock; the schema cache reloads. A failure is reported and
//! the server keeps serving with what was there before (functions and policies are applied in
//! one transaction).
//!
//! A new migration is applied once, and never again: so it waits until it holds SQL and has
//! been left unchanged for [`QUIET`] (`server db new` writes a file of comments only, and an
//! editor saves a file many times while it is written). Migrations after one that waits, wait
//! with it. An applied migration edited afterwards is refused with the way out (a new
//! migration, or `server db reset`).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sqlx::ConnectOptions;
use sqlx::postgres::PgConnectOptions;

use crate::config::Config;
use crate::db::bootstrap;
use crate::db::migrations::{self, has_statements};
use crate::db::sql_files::{AppDirs, AppSql};

/// How often the folders are looked at.
const POLL: Duration = Duration::from_millis(300);
/// Editors write a file in steps: wait this long after a change before reading it.
const SETTLE: Duration = Duration::from_millis(150);
/// How long a new migration must stay unchanged before it is applied.
pub const QUIET: Duration = Duration::from_secs(2);

/// The app's folders, owned by the watcher.
struct Folders {
    migrations: Option<PathBuf>,
    functions: Option<PathBuf>,
    policies: Option<PathBuf>,
}

impl Folders {
    fn dirs(&self) -> AppDirs<'_> {
        AppDirs {
            migrations: self.migrations.as_deref(),
            functions: self.functions.as_deref(),
            policies: self.policies.as_deref(),
        }
    }

    fn all(&self) -> impl Iterator<Item = &PathBuf> {
        [&self.migrations, &self.functions, &self.policies].into_iter().flatten()
    }
}

pub fn spawn(config: &Config, admin: PgConnectOptions) -> tokio::task::JoinHandle<()> {
    let folders = Folders {
        migrations: config.migrations_dir.clone(),
        functions: config.functions_dir.clone(),
        policies: config.policies_dir.clone(),
    };
    let names: Vec<String> = folders.all().map(|f| f.display().to_string()).collect();
    say(&format!("db watch: watching {}", names.join(", ")));
    // Taken now, before the server announces itself: a change made once it has (however soon
    // the task first runs) differs from it.
    let mut last = snapshot(&folders);
    tokio::spawn(async move {
        let mut applied = applied_migrations(&admin).await;
        let mut waiting: Option<(String, Waiting)> = None;
        loop {
            tokio::time::sleep(POLL).await;
            let mut due = false;
            if snapshot(&folders) != last {
                tokio::time::sleep(SETTLE).await;
                last = snapshot(&folders);
                due = true;
            }
            let Some(migrations_dir) = &folders.migrations else { continue };
            let (ready, wait) = pending(migrations_dir, &applied, SystemTime::now());
            if wait != waiting {
                if let Some((name, Waiting::Empty)) = &wait {
                    say(&format!(
                        "db watch: {name} has no SQL yet; it is applied once it has some and has been left unchanged for {} s",
                        QUIET.as_secs()
                    ));
                }
                waiting = wait;
            }
            if !due && ready.is_empty() {
                continue;
            }
            let line = match reapply(&admin, &folders, &applied, &ready).await {
                Ok((line, newly)) => {
                    applied.extend(newly);
                    line
                }
                Err(error) => format!("db watch: error: {error} (the server keeps running with what was applied)"),
            };
            say(&line);
        }
    })
}

/// Why the first new migration is not applied yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Waiting {
    /// It holds comments only.
    Empty,
    /// It changed less than [`QUIET`] ago.
    Changing,
}

/// The new migrations (not in `applied`) that may be applied now, in name order, and the first
/// one that must wait, with the reason: every later one waits with it.
fn pending(dir: &Path, applied: &BTreeSet<String>, now: SystemTime) -> (Vec<String>, Option<(String, Waiting)>) {
    let mut ready = Vec::new();
    for path in super::sql_files_in(dir, |_| true) {
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
        if applied.contains(&name) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if !has_statements(&text) {
            return (ready, Some((name, Waiting::Empty)));
        }
        let changed = std::fs::metadata(&path).and_then(|m| m.modified()).unwrap_or(now);
        if now.duration_since(changed).unwrap_or_default() < QUIET {
            return (ready, Some((name, Waiting::Changing)));
        }
        ready.push(name);
    }
    (ready, None)
}

/// The app's migrations the database has applied (empty when it cannot be read: the first
/// change then applies whatever is due).
async fn applied_migrations(admin: &PgConnectOptions) -> BTreeSet<String> {
    let Ok(mut conn) = admin.clone().application_name("server-db-watch").connect().await else {
        return BTreeSet::new();
    };
    let names: Vec<String> = sqlx::query_scalar("select name from server_meta.migrations where history = $1")
        .bind(migrations::APP)
        .fetch_all(&mut conn)
        .await
        .unwrap_or_default();
    names.into_iter().collect()
}

/// Applies the migrations in `applied` and `ready` (no other new one), then the functions and
/// policies; the line to print and the migrations this run applied.
async fn reapply(
    admin: &PgConnectOptions,
    folders: &Folders,
    applied: &BTreeSet<String>,
    ready: &[String],
) -> Result<(String, Vec<String>), String> {
    let mut app = AppSql::load(folders.dirs())?;
    app.migrations.retain(|name| applied.contains(name) || ready.iter().any(|r| r == name));
    let report = bootstrap::bootstrap_with(admin, app.files().bundle(), None).await.map_err(|e| e.to_string())?;
    let migrations =
        if report.applied.is_empty() { String::new() } else { format!("applied {}; ", report.applied.join(", ")) };
    let line =
        format!("db watch: {migrations}{} function and {} policy files re-applied", report.functions, report.policies);
    Ok((line, report.applied))
}

/// Name, modification time and length of every `.sql` file directly in the folders.
fn snapshot(folders: &Folders) -> Vec<(PathBuf, Option<SystemTime>, u64)> {
    let mut files = Vec::new();
    for folder in folders.all() {
        for path in super::sql_files_in(folder, |_| true) {
            let meta = std::fs::metadata(&path).ok();
            files.push((path, meta.as_ref().and_then(|m| m.modified().ok()), meta.map_or(0, |m| m.len())));
        }
    }
    files
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_migration_waits_for_sql_and_for_quiet() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("0010_old.sql"), "create table a (id int);").unwrap();
        std::fs::write(dir.path().join("0011_new.sql"), "-- add venues\n--\n/* to do */\n").unwrap();
        std::fs::write(dir.path().join("0012_later.sql"), "create table c (id int);").unwrap();
        let applied: BTreeSet<String> = ["0010_old.sql".to_string()].into();
        let later = SystemTime::now() + QUIET * 2;

        let (ready, waiting) = pending(dir.path(), &applied, later);
        assert!(ready.is_empty(), "a migration after one that waits waits too: {ready:?}");
        assert_eq!(waiting, Some(("0011_new.sql".to_string(), Waiting::Empty)));

        std::fs::write(dir.path().join("0011_new.sql"), "-- add venues\ncreate table b (id int);\n").unwrap();
        let (ready, waiting) = pending(dir.path(), &applied, SystemTime::now());
        assert!(ready.is_empty());
        assert_eq!(waiting, Some(("0011_new.sql".to_string(), Waiting::Changing)));

        let (ready, waiting) = pending(dir.path(), &applied, later);
        assert_eq!(ready, ["0011_new.sql", "0012_later.sql"]);
        assert_eq!(waiting, None);
    }
}
