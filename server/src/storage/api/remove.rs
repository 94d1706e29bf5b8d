//! `remove`: deletes rows as the caller (row-level security decides; objects it cannot see
//! are skipped, as on Supabase). Their bytes are queued by a trigger and removed by the sweeper.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use super::extract::{BucketId, ObjectPath, StorageJson};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::names;
use crate::storage::store::{OBJECT_COLUMNS, StoredObject};

/// Most objects one request removes.
const MAX_PREFIXES: usize = 1000;

#[derive(Deserialize)]
pub struct RemoveRequest {
    prefixes: Vec<String>,
}

pub async fn remove_many(
    State(state): State<StorageState>,
    BucketId(bucket): BucketId,
    actor: Actor,
    StorageJson(request): StorageJson<RemoveRequest>,
) -> Result<Json<Value>, StorageError> {
    if request.prefixes.is_empty() || request.prefixes.len() > MAX_PREFIXES {
        return Err(StorageError::invalid_request("prefixes must name 1 to 1000 objects"));
    }
    for name in &request.prefixes {
        names::check_object_name(name)?;
    }
    let removed = remove(&state, &actor, &bucket, &request.prefixes).await?;
    Ok(Json(Value::Array(removed.iter().map(StoredObject::to_json).collect())))
}

/// `DELETE /object/{bucket}/{name}`: one object, 404 when nothing was removed.
pub async fn remove_one(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    let removed = remove(&state, &actor, &bucket, &[name]).await?;
    if removed.is_empty() {
        return Err(StorageError::object_not_found());
    }
    Ok(Json(serde_json::json!({"message": "Successfully deleted"})))
}

async fn remove(
    state: &StorageState,
    actor: &Actor,
    bucket: &str,
    names: &[String],
) -> Result<Vec<StoredObject>, StorageError> {
    let sql = format!("delete from storage.objects where bucket_id = $1 and name = any($2) returning {OBJECT_COLUMNS}");
    actor
        .transact(state, "object.remove", async |tx| {
            let rows = tx.query(&sql, &[&bucket, &names]).await?;
            Ok(rows.iter().map(StoredObject::from_row).collect())
        })
        .await
}
