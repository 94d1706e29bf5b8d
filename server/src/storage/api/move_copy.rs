//! `move` renames a row as the caller (select and update policies decide; the bytes stay under
//! their version). `copy` reads the source as the caller, copies the bytes to a new version and
//! writes the new row as the caller.

use axum::Json;
use axum::extract::State;
use http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::extract::StorageJson;
use super::{bucket_id, upsert_header};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::store::{self, NewObject};
use crate::storage::upload::{self, PendingUpload};
use crate::storage::{mime, names};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transfer {
    bucket_id: String,
    source_key: String,
    destination_key: String,
    destination_bucket: Option<String>,
}

impl Transfer {
    fn checked(&self) -> Result<(&str, &str, &str, &str), StorageError> {
        let source_bucket = bucket_id(&self.bucket_id)?;
        let destination_bucket = match &self.destination_bucket {
            Some(bucket) if !bucket.is_empty() => bucket_id(bucket)?,
            _ => source_bucket,
        };
        names::check_object_name(&self.source_key)?;
        names::check_object_name(&self.destination_key)?;
        Ok((source_bucket, &self.source_key, destination_bucket, &self.destination_key))
    }
}

pub async fn move_object(
    State(state): State<StorageState>,
    actor: Actor,
    StorageJson(transfer): StorageJson<Transfer>,
) -> Result<Json<Value>, StorageError> {
    let (from_bucket, from, to_bucket, to) = transfer.checked()?;
    actor
        .change_one(
            &state,
            "object.move",
            "update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now() \
             where bucket_id = $1 and name = $2",
            &[&from_bucket, &from, &to_bucket, &to],
            StorageError::object_not_found,
        )
        .await?;
    Ok(Json(json!({"message": "Successfully moved"})))
}

pub async fn copy_object(
    State(state): State<StorageState>,
    headers: HeaderMap,
    actor: Actor,
    StorageJson(transfer): StorageJson<Transfer>,
) -> Result<Json<Value>, StorageError> {
    let (from_bucket, from, to_bucket, to) = transfer.checked()?;
    let upsert = upsert_header(&headers);
    let version = Uuid::new_v4().to_string();

    let source = actor
        .transact(&state, "object.copy", async |tx| {
            let source = store::object(tx, from_bucket, from).await?.ok_or_else(StorageError::object_not_found)?;
            actor.leave(tx).await?;
            let destination = store::bucket(tx, to_bucket).await?.ok_or_else(StorageError::bucket_not_found)?;
            // The destination bucket's own limits apply to the copy.
            let limit = upload::size_limit(&state.storage, &destination);
            if source.size() > limit {
                return Err(StorageError::too_large());
            }
            let allowed = destination.allowed_mime_types.as_deref();
            if mime::check_declared(&mime::normalise(source.mimetype()), allowed).is_err() {
                return Err(StorageError::type_not_allowed(source.mimetype()));
            }
            store::add_pending(tx, &version, state.storage.instance_id).await?;
            Ok(source)
        })
        .await?;
    let pending = PendingUpload::new(state.storage.clone(), state.connections.clone(), version.clone());
    state.storage.backend.copy(&source.version, &version).await?;

    let object = NewObject {
        id: Uuid::new_v4(),
        bucket: to_bucket,
        name: to,
        owner: actor.owner(),
        version: &version,
        metadata: source.metadata.clone(),
        user_metadata: source.user_metadata.clone(),
    };
    let id = upload::commit_row(&state, &actor, &object, upsert, "object.copy").await?;
    pending.done();
    Ok(Json(json!({"Id": id, "Key": format!("{to_bucket}/{to}")})))
}
