//! `server db watch`: while the server runs, a change to a file in POLICIES_DIR or
//! MIGRATIONS_DIR re-applies the policies (and applies new migrations) under the bootstrap
//! lock; the schema cache reloads. A failure is reported and the server keeps serving with
//! what was there before (the policies are applied in one transaction).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use sqlx::postgres::PgConnectOptions;

use crate::config::Config;
use crate::db::bootstrap::{self, SqlBundle};
use crate::db::sql_files::{AppSql, PLATFORM_MIGRATIONS};

/// How often the folders are looked at.
const POLL: Duration = Duration::from_millis(300);
/// Editors write a file in steps: wait this long after a change before reading it.
const SETTLE: Duration = Duration::from_millis(150);

pub fn spawn(config: &Config, admin: PgConnectOptions) -> tokio::task::JoinHandle<()> {
    let folders: Vec<PathBuf> =
        [config.migrations_dir.clone(), config.policies_dir.clone()].into_iter().flatten().collect();
    let (migrations_dir, policies_dir) = (config.migrations_dir.clone(), config.policies_dir.clone());
    let names: Vec<String> = folders.iter().map(|f| f.display().to_string()).collect();
    say(&format!("db watch: watching {}", names.join(" and ")));
    // Taken now, before the server announces itself: a change made once it has (however soon
    // the task first runs) differs from it.
    let mut last = snapshot(&folders);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(POLL).await;
            if snapshot(&folders) == last {
                continue;
            }
            tokio::time::sleep(SETTLE).await;
            last = snapshot(&folders);
            let line = match reapply(&admin, migrations_dir.as_deref(), policies_dir.as_deref()).await {
                Ok(line) => line,
                Err(error) => format!("db watch: error: {error} (the server keeps running with what was applied)"),
            };
            say(&line);
        }
    })
}

async fn reapply(
    admin: &PgConnectOptions,
    migrations_dir: Option<&std::path::Path>,
    policies_dir: Option<&std::path::Path>,
) -> Result<String, String> {
    let app = AppSql::load(migrations_dir, policies_dir)?;
    let (migrations, policies) = (app.migrations.files(), app.policies.files());
    let files = SqlBundle { platform: PLATFORM_MIGRATIONS, app: &migrations, policies: &policies };
    let report = bootstrap::bootstrap_with(admin, files, None).await.map_err(|e| e.to_string())?;
    let applied =
        if report.applied.is_empty() { String::new() } else { format!("applied {}; ", report.applied.join(", ")) };
    Ok(format!("db watch: {applied}{} policy files re-applied", report.policies))
}

/// Name, modification time and length of every `.sql` file directly in the folders.
fn snapshot(folders: &[PathBuf]) -> Vec<(PathBuf, Option<SystemTime>, u64)> {
    let mut files = Vec::new();
    for folder in folders {
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
