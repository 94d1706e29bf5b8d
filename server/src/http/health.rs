//! `/health` (the process is alive) and `/ready` (the database answers and is migrated).

use axum::Json;
use axum::extract::State;
use http::{HeaderValue, header};
use serde_json::{Value, json};

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
    let (histories, names): (Vec<&str>, Vec<&str>) =
        state.expected_migrations.iter().map(|(history, name)| (*history, name.as_str())).unzip();
    let migrated: Result<bool, sqlx::Error> = sqlx::query_scalar(
        "select count(*) = cardinality($1::text[]) from server_meta.migrations
          where (history, name) in (select * from unnest($1::text[], $2::text[]))",
    )
    .bind(&histories)
    .bind(&names)
    .fetch_one(&state.pool)
    .await;
    let migrated = migrated.map_err(|e| retry(ApiError::new(ErrorKind::DatabaseUnavailable).with_cause(e)))?;
    if !migrated {
        return Err(retry(ApiError::new(ErrorKind::NotReady).with_message("Database migrations are not applied.")));
    }
    Ok(Json(json!({ "status": "ready" })))
}
