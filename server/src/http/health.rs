//! `/health` (the process is alive) and `/ready` (the database answers and is migrated).

use axum::Json;
use axum::extract::State;
use http::{HeaderValue, header};
use serde_json::{Value, json};

use crate::db::bootstrap::latest_migration;
use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;

pub async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn ready(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let retry = |error: ApiError| error.with_header(header::RETRY_AFTER, HeaderValue::from_static("1"));
    if state.is_stopping() {
        return Err(retry(ApiError::new(ErrorKind::NotReady).with_message("The server is shutting down.")));
    }
    let migrated: bool = match latest_migration() {
        None => sqlx::query_scalar("select true").fetch_one(&state.pool).await,
        Some(name) => {
            sqlx::query_scalar("select exists (select from server_meta.migrations where name = $1)")
                .bind(name)
                .fetch_one(&state.pool)
                .await
        }
    }
    .map_err(|e| retry(ApiError::new(ErrorKind::DatabaseUnavailable).with_cause(e)))?;
    if !migrated {
        return Err(retry(ApiError::new(ErrorKind::NotReady).with_message("Database migrations are not applied.")));
    }
    Ok(Json(json!({ "status": "ready" })))
}
