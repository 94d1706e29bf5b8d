//! The scheduled jobs of backups: the backup itself, the restore drill, and dropping the
//! databases a restore replaced once their keep period is over.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use super::Backups;
use super::drill::raise_alert;
use crate::scheduler::{Job, JobContext, Schedule};

/// Long jobs hold their lease this long between renewals (renewed every third of it).
const LEASE: Duration = Duration::from_secs(300);

pub fn jobs(backups: &Arc<Backups>) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    if let Some(schedule) = backups.settings.schedule.clone() {
        let b = Arc::clone(backups);
        jobs.push(
            Job::new("backup", schedule, move |context: JobContext| {
                let b = Arc::clone(&b);
                async move {
                    match b.create("scheduled").await {
                        Ok(meta) => Ok(json!({
                            "id": meta.id, "size": meta.dump.size, "tables": meta.tables.len(),
                            "rows": meta.tables.iter().map(|t| t.rows).sum::<i64>(), "files": meta.files.count,
                        })),
                        Err(error) => {
                            raise_alert(
                                &context.pool,
                                "backup_failed",
                                &format!("The backup failed: {error}"),
                                json!({}),
                            )
                            .await;
                            Err(error)
                        }
                    }
                }
            })
            .with_lease(LEASE),
        );
    }
    if let Some(schedule) = backups.settings.drill_schedule.clone() {
        let b = Arc::clone(backups);
        jobs.push(
            Job::new("backup_drill", schedule, move |context: JobContext| {
                let b = Arc::clone(&b);
                async move { b.drill(&context.pool).await }
            })
            .with_lease(LEASE),
        );
    }
    let zone = backups.settings.time_zone.clone();
    let b = Arc::clone(backups);
    jobs.push(Job::new(
        "drop_replaced_databases",
        Schedule::parse("15 3 * * *", &zone)?,
        move |context: JobContext| {
            let b = Arc::clone(&b);
            async move { b.drop_replaced(&context.pool).await }
        },
    ));
    Ok(jobs)
}

impl Backups {
    /// Drops the databases a restore replaced whose keep period is over.
    pub async fn drop_replaced(&self, pool: &sqlx::PgPool) -> Result<serde_json::Value, String> {
        let due: Vec<String> =
            sqlx::query_scalar("select database_name from ops.replaced_databases where drop_after < now() order by 1")
                .fetch_all(pool)
                .await
                .map_err(|e| e.to_string())?;
        for database in &due {
            self.drop_database(database).await?;
            sqlx::query("delete from ops.replaced_databases where database_name = $1")
                .bind(database)
                .execute(pool)
                .await
                .map_err(|e| e.to_string())?;
            tracing::info!(%database, "dropped a database replaced by a restore");
        }
        Ok(json!({ "dropped": due }))
    }
}
