//! The restore drill: the latest backup restored into a scratch database, verified, and
//! dropped; the result goes to `ops.backup_drills` (the admin dashboard's "Last verified
//! restore: N days ago"), and a failure raises an alert in `ops.alerts`.

use serde_json::{Value, json};
use sqlx::PgPool;

use super::Backups;
use super::restore::FilesMode;
use super::verify::Summary;

impl Backups {
    /// Runs a drill and records it; the summary as JSON, or why it failed.
    pub async fn drill(&self, pool: &PgPool) -> Result<Value, String> {
        self.drill_of(pool, None).await.0
    }

    /// A drill of backup `id` (default: the latest); the JSON result and the summary.
    pub async fn drill_of(&self, pool: &PgPool, id: Option<&str>) -> (Result<Value, String>, Option<Summary>) {
        let started = chrono::Utc::now();
        let clock = std::time::Instant::now();
        let (backup_id, outcome) = self.drill_once(id).await;
        let duration_ms = i64::try_from(clock.elapsed().as_millis()).unwrap_or(i64::MAX);
        let (ok, summary, error) = match &outcome {
            Ok(summary) if summary.ok => (true, serde_json::to_value(summary).unwrap_or_default(), None),
            Ok(summary) => {
                let failed: Vec<String> =
                    summary.checks.iter().filter(|c| !c.ok).map(|c| format!("{}: {}", c.name, c.detail)).collect();
                (false, serde_json::to_value(summary).unwrap_or_default(), Some(failed.join("; ")))
            }
            Err(error) => (false, json!({}), Some(error.clone())),
        };
        let recorded = sqlx::query(
            "insert into ops.backup_drills (backup_id, started_at, finished_at, duration_ms, ok, summary, error)
             values ($1, $2, now(), $3, $4, $5, $6)",
        )
        .bind(&backup_id)
        .bind(started)
        .bind(duration_ms)
        .bind(ok)
        .bind(&summary)
        .bind(&error)
        .execute(pool)
        .await;
        let summary = outcome.ok();
        if let Err(recording) = recorded {
            return (Err(format!("cannot record the drill: {recording}")), summary);
        }
        let result = match error {
            None => Ok(json!({ "backup_id": backup_id, "duration_ms": duration_ms, "ok": true })),
            Some(error) => {
                let message = match &backup_id {
                    Some(id) => format!("The restore drill of backup {id} failed: {error}"),
                    None => format!("The restore drill failed: {error}"),
                };
                raise_alert(pool, "backup_drill_failed", &message, json!({ "backup_id": backup_id })).await;
                Err(message)
            }
        };
        (result, summary)
    }

    async fn drill_once(&self, id: Option<&str>) -> (Option<String>, Result<Summary, String>) {
        let latest = match self.store.list().await {
            Ok((backups, _)) => backups.into_iter().find(|b| id.is_none_or(|id| b.id == id)),
            Err(error) => return (None, Err(format!("cannot list backups: {error}"))),
        };
        let Some(latest) = latest else {
            return (id.map(str::to_string), Err(format!("there is no backup {}", id.unwrap_or("to restore"))));
        };
        let scratch: String = format!("{}_drill", self.database()).chars().take(63).collect();
        if let Err(error) = self.drop_database(&scratch).await {
            return (Some(latest.id), Err(error));
        }
        let outcome = self.restore_into(&latest.id, &scratch, FilesMode::CheckOnly).await;
        if let Err(error) = self.drop_database(&scratch).await {
            tracing::warn!(%error, database = %scratch, "cannot drop the drill's scratch database");
        }
        (Some(latest.id), outcome)
    }
}

/// Records an alert; the app's trigger on `ops.alerts` tells people (a push to super admins).
pub async fn raise_alert(pool: &PgPool, kind: &str, message: &str, detail: Value) {
    tracing::error!(kind, message, "operations alert");
    if let Err(error) = sqlx::query("insert into ops.alerts (kind, message, detail) values ($1, $2, $3)")
        .bind(kind)
        .bind(message)
        .bind(detail)
        .execute(pool)
        .await
    {
        tracing::error!(%error, "cannot record an operations alert");
    }
}
