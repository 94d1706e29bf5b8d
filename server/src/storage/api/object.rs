//! Upload (`POST`), overwrite (`PUT`) and download (`GET`/`HEAD`) of
//! `/object/{bucket}/{name}` and `/object/authenticated/{bucket}/{name}`, as the caller.

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::response::Response;
use http::{HeaderMap, Method};

use super::{object_path, query_param, upsert_header};
use crate::state::AppState;
use crate::storage::access::Actor;
use crate::storage::body::UploadBody;
use crate::storage::error::StorageError;
use crate::storage::respond::{Presentation, object_response};
use crate::storage::store;
use crate::storage::tx::{self, StorageTx};
use crate::storage::upload::{self, Destination};

pub async fn upload(
    State(state): State<AppState>,
    Path((bucket, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    store_file(&state, &bucket, &name, upsert_header(&headers), &headers, body).await
}

/// `update`: always replaces.
pub async fn update(
    State(state): State<AppState>,
    Path((bucket, name)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    store_file(&state, &bucket, &name, true, &headers, body).await
}

async fn store_file(
    state: &AppState,
    bucket: &str,
    name: &str,
    upsert: bool,
    headers: &HeaderMap,
    body: Body,
) -> Result<Json<serde_json::Value>, StorageError> {
    let (bucket, name) = object_path(bucket, name)?;
    let actor = Actor::from_headers(state, headers)?;
    let body = UploadBody::from_request(headers, body).await?;
    let uploaded = upload::upload(state, &actor, Destination { bucket, name, upsert }, body).await?;
    Ok(Json(uploaded.to_json()))
}

pub async fn download(
    State(state): State<AppState>,
    method: Method,
    Path((bucket, name)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, StorageError> {
    let (bucket, name) = object_path(&bucket, &name)?;
    let actor = Actor::from_headers(&state, &headers)?;
    let mut tx = StorageTx::begin(&state.connections).await?;
    let found = async {
        actor.enter(&mut tx, "object.get").await?;
        Ok(store::object(&mut tx, bucket, name).await?)
    }
    .await;
    let object = tx::finish(tx, found).await?.ok_or_else(StorageError::object_not_found)?;
    let download = query_param(query.as_deref(), "download");
    object_response(&state.storage, &object, &headers, &Presentation { method: &method, download: download.as_deref() })
        .await
}
