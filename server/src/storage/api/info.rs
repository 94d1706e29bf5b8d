//! `info`: an object's row (size, type, cache control, ETag, user metadata), as the caller, or
//! of a public bucket's object without a token.

use axum::Json;
use axum::extract::State;
use serde_json::Value;

use super::extract::ObjectPath;
use super::public::public_object;
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;

pub async fn info(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    Ok(Json(actor.visible_object(&state, "object.info", &bucket, &name).await?.info_json()))
}

pub async fn public_info(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
) -> Result<Json<Value>, StorageError> {
    Ok(Json(public_object(&state, &bucket, &name).await?.info_json()))
}
