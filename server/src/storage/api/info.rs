//! `info`: an object's row (size, type, cache control, ETag, user metadata), as the caller, or
//! of a public bucket's object without a token.

use axum::Json;
use axum::extract::{Path, State};
use http::HeaderMap;
use serde_json::Value;

use super::object_path;
use super::public::public_object;
use crate::state::AppState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;

pub async fn info(
    State(state): State<AppState>,
    Path((bucket, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, StorageError> {
    let (bucket, name) = object_path(&bucket, &name)?;
    let actor = Actor::from_headers(&state, &headers)?;
    Ok(Json(actor.visible_object(&state, "object.info", bucket, name).await?.info_json()))
}

pub async fn public_info(
    State(state): State<AppState>,
    Path((bucket, name)): Path<(String, String)>,
) -> Result<Json<Value>, StorageError> {
    let (bucket, name) = object_path(&bucket, &name)?;
    Ok(Json(public_object(&state, bucket, name).await?.info_json()))
}
