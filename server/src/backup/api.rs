//! `/api/admin/backups` and `/api/admin/restores`: the admin screen's side of backups, for the
//! callers `ops.can_manage_backups()` admits (the app's policies: super admins) and the
//! service role. Long work (a backup, a restore, a drill) runs in the background on the replica
//! that was asked; its progress is in `ops.job_runs`, `ops.restores` and `ops.backup_drills`,
//! which every replica reads.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::{FromRef, FromRequestParts, Path};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use http::{HeaderMap, StatusCode, Uri};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::Backups;
use super::restore::FilesMode;
use crate::auth::caller::{self, ApiRole, Caller};
use crate::db::request_tx::{self, RequestContext};
use crate::error::ApiError;

/// What the endpoints need: the backups and a pool as the owner of `ops`.
pub struct Ops {
    pub backups: Arc<Backups>,
    pub pool: PgPool,
}

/// What the backup endpoints use: the backups (when set up), the connections, and the keys
/// and token checks that name the caller.
#[derive(Clone)]
pub struct OpsState {
    pub ops: Option<Arc<Ops>>,
    pub auth: Arc<crate::auth::service::AuthService>,
    pub keys: Arc<crate::secrets::ApiKeys>,
    pub connections: crate::db::request_connections::RequestConnections,
}

/// A restore whose replica has not written for this long was interrupted.
const STALE_AFTER_SECONDS: f64 = 60.0;

fn ops(state: &OpsState) -> Result<Arc<Ops>, ApiError> {
    state.ops.clone().ok_or_else(|| {
        ApiError::custom(
            StatusCode::SERVICE_UNAVAILABLE,
            "backups_unavailable",
            "Backups are not set up on this server",
        )
    })
}

fn internal(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(error.to_string())
}

/// The caller, when `ops.can_manage_backups()` admits them (or they hold the service key).
async fn authorize(state: &OpsState, headers: &HeaderMap, uri: &Uri) -> Result<Caller, ApiError> {
    let apikey = uri.query().and_then(|q| {
        url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "apikey").map(|(_, v)| v.into_owned())
    });
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    let caller = caller::resolve(headers, apikey.as_deref(), &state.keys, &state.auth.token_check(), now)?;
    if caller.role == ApiRole::ServiceRole {
        return Ok(caller);
    }
    let context = RequestContext {
        caller: &caller,
        method: "GET",
        path: uri.path(),
        read_only: true,
        search_path: "public",
        settings: &[],
    };
    let mut tx = request_tx::begin(&state.connections, &context).await?;
    let (rows, _) = tx.run_then("select ops.can_manage_backups()", &[], &[], true).await?;
    let allowed: bool = rows.first().map(|row| row.try_get(0)).transpose().map_err(internal)?.unwrap_or(false);
    tx.commit().await?;
    if allowed {
        Ok(caller)
    } else {
        Err(ApiError::custom(StatusCode::FORBIDDEN, "backups_forbidden", "Only super admins may manage backups"))
    }
}

/// A caller `ops.can_manage_backups()` admits (or the service role), with the backups they
/// manage: 401/403 otherwise, then 503 when backups are not set up.
pub struct Admin {
    pub caller: Caller,
    pub ops: Arc<Ops>,
    pub connections: crate::db::request_connections::RequestConnections,
}

impl<S: Send + Sync> FromRequestParts<S> for Admin
where
    OpsState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let state = OpsState::from_ref(state);
        let caller = authorize(&state, &parts.headers, &parts.uri).await?;
        Ok(Self { caller, ops: ops(&state)?, connections: state.connections })
    }
}

/// `GET /api/admin/backups`: the backups, the last backup run and drill, restores in progress.
pub async fn list(admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    let (backups, unreadable) = ops.backups.store.list().await.map_err(internal)?;
    let status: Value = sqlx::query_scalar(
        "select jsonb_build_object(
           'last_drill', (select to_jsonb(d) - 'summary' from ops.backup_drills d order by finished_at desc limit 1),
           'last_verified_restore_at', (select max(finished_at) from ops.backup_drills where ok),
           'last_backup_run', (select to_jsonb(r) from ops.job_runs r where job = 'backup' and finished_at is not null
                                order by finished_at desc limit 1),
           'jobs', coalesce((select jsonb_agg(jsonb_build_object('name', name, 'schedule', schedule,
                      'next_run_at', next_run_at, 'running', lease_until > now()) order by name)
                      from ops.jobs where name in ('backup', 'backup_drill')), '[]'),
           'restores', coalesce((select jsonb_agg(r order by started_at desc) from (
                      select id, backup_id, database_name, status, started_at, finished_at, error,
                             status = 'running' and heartbeat_at < now() - make_interval(secs => $1) as interrupted
                        from ops.restores order by started_at desc limit 10) r), '[]'))",
    )
    .bind(STALE_AFTER_SECONDS)
    .fetch_one(&ops.pool)
    .await
    .map_err(internal)?;
    let list: Vec<Value> = backups
        .iter()
        .map(|m| {
            json!({
                "id": m.id, "kind": m.kind, "started_at": m.started_at, "finished_at": m.finished_at,
                "size": m.dump.size, "tables": m.tables.len(), "rows": m.tables.iter().map(|t| t.rows).sum::<i64>(),
                "files": m.files.count, "encrypted": m.encryption.is_some(), "migrations": m.migrations,
                "postgres_version": m.postgres_version,
            })
        })
        .collect();
    let unreadable: Vec<Value> =
        unreadable.into_iter().map(|(id, reason)| json!({"id": id, "reason": reason})).collect();
    let mut body =
        json!({ "backups": list, "unreadable": unreadable, "encrypted": !ops.backups.settings.recipients.is_empty() });
    if let (Some(body), Some(status)) = (body.as_object_mut(), status.as_object()) {
        body.extend(status.clone());
    }
    Ok::<_, ApiError>(Json(body).into_response())
}

/// `POST /api/admin/backups`: a backup now (202; it appears in the list when complete).
pub async fn create(admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    tokio::spawn(async move {
        let started = chrono::Utc::now();
        let outcome = ops.backups.create("manual").await;
        let (ok, detail, error) = match &outcome {
            Ok(meta) => (true, Some(json!({"id": meta.id, "size": meta.dump.size, "manual": true})), None),
            Err(error) => (false, None, Some(error.clone())),
        };
        let _ = sqlx::query(
            "insert into ops.job_runs (job, due_at, instance, started_at, finished_at, ok, detail, error)
             values ('backup', $1, 'admin screen', $1, now(), $2, $3, $4)",
        )
        .bind(started)
        .bind(ok)
        .bind(detail)
        .bind(error)
        .execute(&ops.pool)
        .await;
    });
    Ok::<_, ApiError>((StatusCode::ACCEPTED, Json(json!({"started": true}))).into_response())
}

/// `POST /api/admin/backups/drill`: a restore drill of the latest backup now (202).
pub async fn drill(admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    tokio::spawn(async move {
        let _ = ops.backups.drill(&ops.pool).await;
    });
    Ok::<_, ApiError>((StatusCode::ACCEPTED, Json(json!({"started": true}))).into_response())
}

/// `POST /api/admin/backups/{id}/restore`: step one, the backup restored into a new database
/// and verified, in the background (202 with the restore's id; poll `GET /api/admin/restores/{id}`).
pub async fn restore(Path(id): Path<String>, admin: Admin) -> Result<Response, ApiError> {
    let Admin { caller, ops, .. } = admin;
    if ops.backups.store.meta(&id).await.map_err(internal)?.is_none() {
        return Err(ApiError::custom(StatusCode::NOT_FOUND, "backup_not_found", format!("There is no backup {id}")));
    }
    let database = super::cli::restore_database_name(&ops.backups.database());
    let restore_id: uuid::Uuid = sqlx::query_scalar(
        "insert into ops.restores (backup_id, database_name, started_by, instance) values ($1, $2, $3, $4) returning id",
    )
    .bind(&id)
    .bind(&database)
    .bind(caller.subject().unwrap_or("service_role"))
    .bind(crate::scheduler::instance_name())
    .fetch_one(&ops.pool)
    .await
    .map_err(internal)?;
    let task_ops = Arc::clone(&ops);
    let task_database = database.clone();
    tokio::spawn(async move { run_restore(task_ops, restore_id, id, task_database).await });
    Ok::<_, ApiError>(
        (StatusCode::ACCEPTED, Json(json!({"id": restore_id, "database_name": database, "status": "running"})))
            .into_response(),
    )
}

async fn run_restore(ops: Arc<Ops>, restore_id: uuid::Uuid, backup_id: String, database: String) {
    let heartbeat = {
        let pool = ops.pool.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(10)).await;
                let _ =
                    sqlx::query("update ops.restores set heartbeat_at = now() where id = $1 and status = 'running'")
                        .bind(restore_id)
                        .execute(&pool)
                        .await;
            }
        })
    };
    let outcome = ops.backups.restore_into(&backup_id, &database, FilesMode::PutBack).await;
    heartbeat.abort();
    let (status, summary, error) = match &outcome {
        Ok(summary) if summary.ok => ("verified", serde_json::to_value(summary).unwrap_or_default(), None),
        Ok(summary) => (
            "failed",
            serde_json::to_value(summary).unwrap_or_default(),
            Some("The restored copy did not verify (see the checks)".to_string()),
        ),
        Err(error) => ("failed", json!({}), Some(error.clone())),
    };
    if let Err(e) = sqlx::query(
        "update ops.restores set status = $2, summary = $3, error = $4, finished_at = now(), heartbeat_at = now() where id = $1",
    )
    .bind(restore_id)
    .bind(status)
    .bind(summary)
    .bind(error)
    .execute(&ops.pool)
    .await
    {
        tracing::error!(error = %e, "cannot record a restore's outcome");
    }
}

/// `GET /api/admin/restores/{id}`: a restore's status and, once done, its summary.
pub async fn restore_status(Path(id): Path<uuid::Uuid>, admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    let row: Option<Value> = sqlx::query_scalar(
        "select to_jsonb(r) || jsonb_build_object('interrupted',
                  r.status = 'running' and r.heartbeat_at < now() - make_interval(secs => $2))
           from ops.restores r where id = $1",
    )
    .bind(id)
    .bind(STALE_AFTER_SECONDS)
    .fetch_optional(&ops.pool)
    .await
    .map_err(internal)?;
    row.map(|row| Json(row).into_response()).ok_or_else(|| restore_not_found(id))
}

fn restore_not_found(id: uuid::Uuid) -> ApiError {
    ApiError::custom(StatusCode::NOT_FOUND, "restore_not_found", format!("There is no restore {id}"))
}

/// The database and status of restore `id`; 404 when there is none.
async fn restore_of(ops: &Ops, id: uuid::Uuid) -> Result<(String, String), ApiError> {
    let row: Option<(String, String)> = sqlx::query_as("select database_name, status from ops.restores where id = $1")
        .bind(id)
        .fetch_optional(&ops.pool)
        .await
        .map_err(internal)?;
    row.ok_or_else(|| restore_not_found(id))
}

/// `POST /api/admin/restores/{id}/switch`: step two, the service moves to the verified copy.
pub async fn switch(Path(id): Path<uuid::Uuid>, admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    let (database, status) = restore_of(&ops, id).await?;
    if status != "verified" {
        return Err(ApiError::custom(
            StatusCode::CONFLICT,
            "restore_not_verified",
            format!("Only a verified restore can be switched to (this one is {status})"),
        ));
    }
    let switched = ops.backups.switch(&database, Some(id)).await.map_err(|e| {
        ApiError::custom(StatusCode::CONFLICT, "switch_failed", format!("The switch did not happen: {e}"))
    })?;
    // This replica's idle connections were to the old database: start afresh.
    admin.connections.drop_idle();
    Ok::<_, ApiError>(
        Json(json!({"status": "switched", "database": switched.database,
        "replaced": switched.replaced, "drop_after": switched.drop_after}))
        .into_response(),
    )
}

/// `POST /api/admin/restores/{id}/discard`: drops a restore's database (not once switched).
pub async fn discard(Path(id): Path<uuid::Uuid>, admin: Admin) -> Result<Response, ApiError> {
    let Admin { ops, .. } = admin;
    let (database, status) = restore_of(&ops, id).await?;
    if status == "running" || status == "switched" {
        return Err(ApiError::custom(
            StatusCode::CONFLICT,
            "restore_in_use",
            format!("A {status} restore cannot be discarded"),
        ));
    }
    ops.backups.drop_database(&database).await.map_err(internal)?;
    sqlx::query("update ops.restores set status = 'discarded' where id = $1")
        .bind(id)
        .execute(&ops.pool)
        .await
        .map_err(internal)?;
    Ok::<_, ApiError>(Json(json!({"status": "discarded"})).into_response())
}
