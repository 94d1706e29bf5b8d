//! Removing bytes nobody refers to, on every replica, exactly once:
//!
//! - versions queued in `storage.orphaned_versions` (objects removed or overwritten, from the
//!   API or any SQL), claimed with `FOR UPDATE SKIP LOCKED`; `NOTIFY storage_orphans` wakes
//!   the sweeper;
//! - uploads in `storage.pending_uploads` whose server died mid-write (its advisory lock is
//!   free), found at start-up and every few minutes.
//!
//! Bytes are removed inside the transaction that deletes their bookkeeping row, so a crash at
//! any point leaves the row, and the next sweep finishes the job.

use std::sync::Arc;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;

use super::service::StorageService;
use super::tx::StorageTx;
use crate::db::request_connections::RequestConnections;

/// Class of the advisory locks that mark live storage instances ("stor").
pub const INSTANCE_LOCK_CLASS: i32 = 0x7374_6f72;
const CHANNEL: &str = "storage_orphans";
/// A full sweep runs this often even without notices.
const SWEEP_INTERVAL: Duration = Duration::from_secs(300);
/// Versions handled per transaction.
const BATCH: i64 = 100;

pub fn spawn(
    service: Arc<StorageService>,
    pool: PgPool,
    connections: RequestConnections,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !pool.is_closed() {
            let mut listener = match listen(&pool, service.instance_id).await {
                Ok(listener) => listener,
                Err(error) => {
                    tracing::warn!(%error, "storage sweeper cannot connect; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            sweep_all(&service, &connections, &mut listener).await;
            loop {
                match tokio::time::timeout(SWEEP_INTERVAL, listener.try_recv()).await {
                    Ok(Ok(Some(_))) => sweep_orphans(&service, &connections).await,
                    // Reconnected (the instance lock went with the old connection): start over.
                    Ok(Ok(None)) | Ok(Err(_)) => break,
                    Err(_) => sweep_all(&service, &connections, &mut listener).await,
                }
            }
        }
    })
}

/// A listening connection that holds this instance's lock.
async fn listen(pool: &PgPool, instance_id: i32) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.ignore_pool_close_event(true);
    sqlx::query("select pg_advisory_lock($1, $2)")
        .bind(INSTANCE_LOCK_CLASS)
        .bind(instance_id)
        .execute(&mut listener)
        .await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

async fn sweep_all(service: &StorageService, connections: &RequestConnections, listener: &mut PgListener) {
    if let Err(error) = sweep_dead_uploads(service, connections, listener).await {
        tracing::warn!(%error, "cannot sweep interrupted uploads");
    }
    sweep_orphans(service, connections).await;
}

async fn sweep_orphans(service: &StorageService, connections: &RequestConnections) {
    loop {
        match remove_orphan_batch(service, connections).await {
            Ok(n) if n < BATCH as usize => return,
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, "cannot remove orphaned bytes; will retry");
                return;
            }
        }
    }
}

async fn remove_orphan_batch(service: &StorageService, connections: &RequestConnections) -> Result<usize, String> {
    let mut tx = StorageTx::begin(connections).await.map_err(|e| e.to_string())?;
    let rows = tx
        .query(
            "select version from storage.orphaned_versions order by queued_at limit $1 for update skip locked",
            &[&BATCH],
        )
        .await
        .map_err(|e| e.to_string())?;
    let versions: Vec<String> = rows.iter().map(|row| row.get(0)).collect();
    for version in &versions {
        service.backend.remove_version(version).await.map_err(|e| e.to_string())?;
    }
    tx.execute("delete from storage.orphaned_versions where version = any($1)", &[&versions])
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    if !versions.is_empty() {
        tracing::debug!(count = versions.len(), "removed orphaned bytes");
    }
    Ok(versions.len())
}

/// Uploads of instances that no longer hold their lock, and this instance's own uploads older
/// than a day (a request that vanished without cleaning up).
async fn sweep_dead_uploads(
    service: &StorageService,
    connections: &RequestConnections,
    listener: &mut PgListener,
) -> Result<(), String> {
    let instances: Vec<i64> = {
        let mut tx = StorageTx::begin(connections).await.map_err(|e| e.to_string())?;
        let rows = tx
            .query("select distinct instance_id from storage.pending_uploads", &[])
            .await
            .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
        rows.iter().map(|row| row.get(0)).collect()
    };
    for instance in instances {
        let Ok(instance) = i32::try_from(instance) else { continue };
        if instance == service.instance_id {
            continue;
        }
        let dead: bool = sqlx::query_scalar("select pg_try_advisory_lock($1, $2)")
            .bind(INSTANCE_LOCK_CLASS)
            .bind(instance)
            .fetch_one(&mut *listener)
            .await
            .map_err(|e| e.to_string())?;
        if dead {
            let swept = remove_pending(service, connections, "instance_id = $1", instance).await;
            let _ = sqlx::query("select pg_advisory_unlock($1, $2)")
                .bind(INSTANCE_LOCK_CLASS)
                .bind(instance)
                .execute(&mut *listener)
                .await;
            swept?;
        }
    }
    remove_pending(
        service,
        connections,
        "instance_id = $1 and started_at < now() - interval '1 day'",
        service.instance_id,
    )
    .await
}

async fn remove_pending(
    service: &StorageService,
    connections: &RequestConnections,
    condition: &str,
    instance: i32,
) -> Result<(), String> {
    let mut tx = StorageTx::begin(connections).await.map_err(|e| e.to_string())?;
    let sql = format!("delete from storage.pending_uploads where {condition} returning version");
    let rows = tx.query(&sql, &[&i64::from(instance)]).await.map_err(|e| e.to_string())?;
    for row in &rows {
        let version: String = row.get(0);
        service.backend.remove_version(&version).await.map_err(|e| e.to_string())?;
    }
    tx.commit().await.map_err(|e| e.to_string())?;
    if !rows.is_empty() {
        tracing::info!(count = rows.len(), instance, "removed the bytes of interrupted uploads");
    }
    Ok(())
}
