//! The second step of a restore: the service moves to the restored database. The live
//! database is renamed away (kept BACKUP_KEEP_REPLACED_DAYS, then dropped by the scheduler)
//! and the restored one takes its name, so every replica, and every later start, reaches the
//! restored data without a configuration change. Connections to the old database are ended;
//! pools reconnect within a second (requests in that second answer 503 and clients retry).

use chrono::Utc;
use sqlx::{Connection, PgConnection};

use super::{BACKUP_LOCK, Backups, sql};

/// What a switch did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Switched {
    pub database: String,
    /// The old database's new name.
    pub replaced: String,
    pub drop_after: String,
}

impl Backups {
    /// Makes `restored` the live database. `restore_id` is recorded in the restored database's
    /// `ops.restores` (copied from the old one, marked `switched`).
    pub async fn switch(&self, restored: &str, restore_id: Option<uuid::Uuid>) -> Result<Switched, String> {
        let live = self.database();
        if restored == live {
            return Err("that is the live database already".into());
        }
        let mut maintenance = self.maintenance().connect("server-switch").await?;
        if !sql::database_exists(&mut maintenance, restored).await? {
            return Err(format!("there is no database {restored}"));
        }
        // No backup or restore may run against the live database while it moves.
        let mut admin = self.admin.connect("server-switch").await?;
        if !sql::try_lock(&mut admin, BACKUP_LOCK).await? {
            return Err("a backup or restore is running; switch when it has finished".into());
        }
        // What the old database knows and the restored copy does not: the restore itself and
        // the drills since the backup.
        let carried = carry_over(&mut admin, restore_id).await;
        let _ = admin.close().await;
        let replaced = truncate(&format!("{live}_replaced_{}", Utc::now().format("%Y%m%d%H%M%S")));
        rename_away(&mut maintenance, &live, &replaced).await?;
        if let Err(error) = rename(&mut maintenance, restored, &live).await {
            // Put the old one back rather than leave the service without a database.
            let _ = rename(&mut maintenance, &replaced, &live).await;
            let _ = allow_connections(&mut maintenance, &live, true).await;
            return Err(format!("cannot rename {restored} to {live}: {error}"));
        }
        let _ = allow_connections(&mut maintenance, &replaced, true).await;
        let _ = maintenance.close().await;
        let drop_after = Utc::now() + chrono::Duration::from_std(self.settings.keep_replaced).unwrap_or_default();
        let mut admin = self.admin.connect("server-switch").await?;
        record(&mut admin, &replaced, drop_after, restore_id, carried).await.map_err(|e| e.to_string())?;
        let _ = admin.close().await;
        tracing::warn!(database = %live, replaced = %replaced, "the service now runs on the restored database");
        Ok(Switched { database: live, replaced, drop_after: drop_after.to_rfc3339() })
    }
}

fn truncate(name: &str) -> String {
    name.chars().take(63).collect()
}

/// Refuses new connections to `live`, ends the existing ones, and renames it.
async fn rename_away(conn: &mut PgConnection, live: &str, replaced: &str) -> Result<(), String> {
    allow_connections(conn, live, false).await?;
    for attempt in 0..50 {
        sqlx::query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        )
        .bind(live)
        .execute(&mut *conn)
        .await
        .map_err(|e| e.to_string())?;
        match rename(conn, live, replaced).await {
            Ok(()) => return Ok(()),
            Err(error) if attempt < 49 && error.contains("being accessed by other users") => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            Err(error) => {
                let _ = allow_connections(conn, live, true).await;
                return Err(format!("cannot move the live database aside: {error}"));
            }
        }
    }
    let _ = allow_connections(conn, live, true).await;
    Err("cannot move the live database aside: it is still in use".into())
}

async fn rename(conn: &mut PgConnection, from: &str, to: &str) -> Result<(), String> {
    let statement =
        sql::formatted(conn, "select format('alter database %I rename to %I', $1::text, $2::text)", &[from, to])
            .await?;
    sql::execute(conn, statement).await.map_err(|e| e.to_string())
}

async fn allow_connections(conn: &mut PgConnection, database: &str, allow: bool) -> Result<(), String> {
    let format = "select format('alter database %I allow_connections %s', $1::text, $2::text)";
    let statement = sql::formatted(conn, format, &[database, if allow { "true" } else { "false" }]).await?;
    sql::execute(conn, statement).await.map_err(|e| e.to_string())
}

/// The old database's restore row and drills, as JSON, to write into the new one.
async fn carry_over(admin: &mut PgConnection, restore_id: Option<uuid::Uuid>) -> serde_json::Value {
    sqlx::query_scalar(
        "select jsonb_build_object(
           'restores', coalesce((select jsonb_agg(to_jsonb(r)) from ops.restores r where r.id = $1), '[]'),
           'drills', coalesce((select jsonb_agg(to_jsonb(d)) from ops.backup_drills d), '[]'))",
    )
    .bind(restore_id)
    .fetch_one(admin)
    .await
    .unwrap_or_else(|_| serde_json::json!({}))
}

async fn record(
    admin: &mut PgConnection,
    replaced: &str,
    drop_after: chrono::DateTime<Utc>,
    restore_id: Option<uuid::Uuid>,
    carried: serde_json::Value,
) -> Result<(), sqlx::Error> {
    let mut tx = admin.begin().await?;
    sqlx::query(
        "insert into ops.replaced_databases (database_name, drop_after, restore_id) values ($1, $2, $3)
         on conflict (database_name) do update set drop_after = excluded.drop_after",
    )
    .bind(replaced)
    .bind(drop_after)
    .bind(restore_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into ops.restores (id, backup_id, database_name, status, started_by, instance, started_at,
                                   heartbeat_at, finished_at, summary, error)
         select id, backup_id, database_name, 'switched', started_by, instance, started_at, now(), finished_at,
                summary, error
           from jsonb_populate_recordset(null::ops.restores, $1->'restores')
         on conflict (id) do update set status = 'switched'",
    )
    .bind(&carried)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into ops.backup_drills (backup_id, started_at, finished_at, duration_ms, ok, summary, error)
         select d.backup_id, d.started_at, d.finished_at, d.duration_ms, d.ok, d.summary, d.error
           from jsonb_populate_recordset(null::ops.backup_drills, $1->'drills') d
          where not exists (select from ops.backup_drills e where e.finished_at = d.finished_at)",
    )
    .bind(&carried)
    .execute(&mut *tx)
    .await?;
    // The copy's scheduler state is the backup's moment: free any lease it held then.
    sqlx::query("update ops.jobs set running_on = null, lease_until = null, run_id = null where run_id is not null")
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "update ops.job_runs set finished_at = coalesce(finished_at, now()), ok = coalesce(ok, false),
           error = coalesce(error, 'interrupted by the restore of a backup taken while it ran')
          where finished_at is null",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
