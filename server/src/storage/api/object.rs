//! Upload (`POST`), overwrite (`PUT`) and download (`GET`/`HEAD`) of
//! `/object/{bucket}/{name}` and `/object/authenticated/{bucket}/{name}`, as the caller.

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::response::Response;
use http::HeaderMap;

use super::extract::{Download, ObjectPath};
use super::{object_path, serve, upsert_header};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::body::UploadBody;
use crate::storage::error::StorageError;
use crate::storage::upload::{self, Destination};

pub async fn upload(
    State(state): State<StorageState>,
    Path((bucket, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    store_file(&state, &bucket, &name, upsert_header(&headers), &headers, body).await
}

/// `update`: always replaces.
pub async fn update(
    State(state): State<StorageState>,
    Path((bucket, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    store_file(&state, &bucket, &name, true, &headers, body).await
}

async fn store_file(
    state: &StorageState,
    bucket: &str,
    name: &str,
    upsert: bool,
    headers: &HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    let body = UploadBody::from_request(headers, body).await?;
    let uploaded = upload::receive(body, async |body| {
        let (bucket, name) = object_path(bucket, name)?;
        let actor = Actor::from_headers(state, headers)?;
        upload::upload(state, &actor, Destination { bucket, name, upsert }, body).await
    })
    .await?;
    Ok(Json(uploaded.to_json()))
}

pub async fn download(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    request: Download,
    actor: Actor,
) -> Result<Response, StorageError> {
    let object = actor.visible_object(&state, "object.get", &bucket, &name).await?;
    serve(&state, &object, &request).await
}
