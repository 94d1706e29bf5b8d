//! `server backup list|create|verify|restore|switch`: the operator's side of backups.

use std::io::Write;
use std::sync::Arc;

use clap::Subcommand;

use super::Backups;
use super::restore::FilesMode;
use super::verify::Summary;
use crate::config::Config;
use crate::startup_error::StartupError;

#[derive(Debug, Clone, Subcommand)]
pub enum BackupCommand {
    /// List the backups, newest first (id, kind, size, tables, rows, files, encryption).
    List,
    /// Make a backup now (and apply retention).
    Create,
    /// Restore a backup (default: the latest) into a scratch database, verify it, drop it, and
    /// record the result as a restore drill.
    Verify {
        /// The backup's id (`server backup list`); default: the latest.
        id: Option<String>,
    },
    /// Restore a backup into a NEW database and verify it; the service keeps running on its
    /// database until `server backup switch` (or --switch).
    Restore {
        /// The backup's id, or `latest`.
        id: String,
        /// The new database's name (default: <database>_restore_<time>).
        #[arg(long)]
        database: Option<String>,
        /// Switch to the restored database right after it verified.
        #[arg(long)]
        switch: bool,
    },
    /// Make a restored database the live one (the live one is kept BACKUP_KEEP_REPLACED_DAYS).
    Switch {
        /// The restored database (printed by `server backup restore`).
        database: String,
    },
}

pub fn run(command: BackupCommand, config: Config) -> Result<(), StartupError> {
    let cluster = crate::db::start_embedded_if_needed(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| StartupError::environment(format!("cannot start the async runtime: {e}")))?;
    let result = runtime.block_on(async {
        let connections = crate::db::prepare(&config, cluster.as_ref()).await?;
        let backups = Arc::new(Backups::from_config(&config, cluster.as_ref())?);
        let pool = crate::db::admin_pool(&connections.admin, 2);
        let result = execute(command, &backups, &pool).await;
        pool.close().await;
        result
    });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

async fn execute(command: BackupCommand, backups: &Backups, pool: &sqlx::PgPool) -> Result<(), StartupError> {
    let fail = |message: String| StartupError::environment(message);
    let mut out = std::io::stdout().lock();
    match command {
        BackupCommand::List => {
            let (list, unreadable) = backups.store.list().await.map_err(|e| fail(format!("backup store: {e}")))?;
            if list.is_empty() {
                let _ = writeln!(out, "No backups yet.");
            }
            for meta in &list {
                let rows: i64 = meta.tables.iter().map(|t| t.rows).sum();
                let _ = writeln!(
                    out,
                    "{}  {:<9}  {:>10} bytes  {:>3} tables  {:>8} rows  {:>5} files  {}",
                    meta.id,
                    meta.kind,
                    meta.dump.size,
                    meta.tables.len(),
                    rows,
                    meta.files.count,
                    if meta.encryption.is_some() { "encrypted" } else { "plain" }
                );
            }
            for (id, reason) in unreadable {
                let _ = writeln!(out, "{id}  unreadable: {reason}");
            }
            Ok(())
        }
        BackupCommand::Create => {
            let meta = backups.create("manual").await.map_err(fail)?;
            record_manual_run(pool, &meta).await;
            let _ = writeln!(
                out,
                "Backup {} made: {} bytes, {} tables, {} files.",
                meta.id,
                meta.dump.size,
                meta.tables.len(),
                meta.files.count
            );
            Ok(())
        }
        BackupCommand::Verify { id } => {
            let (result, summary) = backups.drill_of(pool, id.as_deref()).await;
            if let Some(summary) = &summary {
                print_summary(&mut out, summary);
            }
            result
                .map(|_| {
                    let _ = writeln!(out, "The backup restores and verifies.");
                })
                .map_err(fail)
        }
        BackupCommand::Restore { id, database, switch } => {
            let id = resolve(backups, &id).await.map_err(fail)?;
            let database = database.unwrap_or_else(|| restore_database_name(&backups.database()));
            let summary = backups.restore_into(&id, &database, FilesMode::PutBack).await.map_err(fail)?;
            print_summary(&mut out, &summary);
            if !summary.ok {
                return Err(fail(format!(
                    "the restored copy in database {database} did not verify; the service was not switched (drop it when done: it is kept for inspection)"
                )));
            }
            if switch {
                let switched = backups.switch(&database, None).await.map_err(fail)?;
                let _ = writeln!(
                    out,
                    "Switched: the service now runs on the restored data; the old database is kept as {} until {}.",
                    switched.replaced, switched.drop_after
                );
            } else {
                let _ = writeln!(
                    out,
                    "Restored into {database} and verified. To make it live: server backup switch {database}"
                );
            }
            Ok(())
        }
        BackupCommand::Switch { database } => {
            let switched = backups.switch(&database, None).await.map_err(fail)?;
            let _ = writeln!(
                out,
                "Switched: the service now runs on the restored data; the old database is kept as {} until {}.",
                switched.replaced, switched.drop_after
            );
            Ok(())
        }
    }
}

/// `latest` → the newest backup's id.
async fn resolve(backups: &Backups, id: &str) -> Result<String, String> {
    if id != "latest" {
        return Ok(id.to_string());
    }
    let (list, _) = backups.store.list().await.map_err(|e| format!("backup store: {e}"))?;
    list.first().map(|m| m.id.clone()).ok_or_else(|| "there is no backup yet".to_string())
}

/// `<database>_restore_<UTC time>`, at most 63 bytes.
pub fn restore_database_name(live: &str) -> String {
    let suffix = format!("_restore_{}", chrono::Utc::now().format("%Y%m%d%H%M%S"));
    let keep = 63usize.saturating_sub(suffix.len());
    format!("{}{suffix}", live.chars().take(keep).collect::<String>())
}

pub fn print_summary(out: &mut impl Write, summary: &Summary) {
    let _ = writeln!(out, "Backup {} restored into database {}:", summary.backup_id, summary.database);
    for check in &summary.checks {
        let _ = writeln!(out, "  {} {}: {}", if check.ok { "ok    " } else { "FAILED" }, check.name, check.detail);
    }
    let _ = writeln!(out, "  {} tables, {} rows, {} ms", summary.tables, summary.rows, summary.duration_ms);
}

/// A backup made from the command line counts for the dashboard and /metrics like a scheduled
/// one.
async fn record_manual_run(pool: &sqlx::PgPool, meta: &super::meta::Meta) {
    let detail = serde_json::json!({ "id": meta.id, "size": meta.dump.size, "tables": meta.tables.len(), "files": meta.files.count, "manual": true });
    let _ = sqlx::query(
        "insert into ops.job_runs (job, due_at, instance, finished_at, ok, detail) values ('backup', now(), 'command line', now(), true, $1)",
    )
    .bind(detail)
    .execute(pool)
    .await;
}
