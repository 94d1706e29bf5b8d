//! `/health` and `/live` (the process is alive, no database access) and `/ready` (a request
//! can really work now).
//!
//! Ready means: not draining; the schema cache's last load succeeded; the request login
//! (`authenticator`) connects and can become every API and service role, and the service
//! roles reach their tables (a restore that lost its grants answered sign-ins with 500 while
//! a plain "select 1" said ready); both migration histories are at this server's heads.

use axum::Json;
use axum::extract::State;
use http::{HeaderValue, header};
use serde_json::{Value, json};

use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;

pub async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// Every role a request may take, each then reaching a table it needs, in a read-only
/// transaction that is rolled back.
const ROLES_WORK: &str = "set transaction read only;
set local role anon; set local role authenticated; set local role service_role;
set local role auth_admin; select from auth.users limit 0;
set local role storage_admin; select from storage.buckets limit 0;
reset role;";

pub async fn ready(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let retry = |error: ApiError| error.with_header(header::RETRY_AFTER, HeaderValue::from_static("1"));
    if state.is_stopping() {
        return Err(retry(ApiError::new(ErrorKind::NotReady).with_message("The server is shutting down.")));
    }
    if !state.schema.is_current() {
        return Err(retry(
            ApiError::new(ErrorKind::NotReady).with_message("The schema cache could not be loaded from the database."),
        ));
    }
    let (histories, names): (Vec<&str>, Vec<&str>) =
        state.expected_migrations.iter().map(|(history, name)| (*history, name.as_str())).unzip();
    let unavailable = |e: sqlx::Error| retry(ApiError::new(ErrorKind::DatabaseUnavailable).with_cause(e));
    let mut tx = state.pool.begin().await.map_err(unavailable)?;
    if let Err(error) = sqlx::raw_sql(ROLES_WORK).execute(&mut *tx).await {
        tracing::error!(%error, "not ready: the request login cannot take the API roles or reach their tables");
        return Err(retry(
            ApiError::new(ErrorKind::NotReady).with_message("The API roles cannot be used: check their grants."),
        ));
    }
    let migrated: bool = sqlx::query_scalar(
        "select count(*) = cardinality($1::text[]) from server_meta.migrations
          where (history, name) in (select * from unnest($1::text[], $2::text[]))",
    )
    .bind(&histories)
    .bind(&names)
    .fetch_one(&mut *tx)
    .await
    .map_err(unavailable)?;
    let _ = tx.rollback().await;
    if !migrated {
        return Err(retry(ApiError::new(ErrorKind::NotReady).with_message("Database migrations are not applied.")));
    }
    Ok(Json(json!({ "status": "ready" })))
}
