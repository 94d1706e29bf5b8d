//! `/render/image/{authenticated,public,sign}/{bucket}/{name}`: a transformed image, with the
//! same access rules as the original's download. Renders are cached beside the original's
//! bytes (and removed with them); a repeated request with the ETag is a 304 without work.

use axum::Extension;
use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};

use super::extract::ObjectPath;
use super::public::{public_object, signed_object};
use crate::http::middleware::Uncompressed;
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::mime;
use crate::storage::render::{self, Transform};
use crate::storage::respond::http_date;
use crate::storage::service::StorageService;
use crate::storage::signed::SignedOperation;
use crate::storage::store::StoredObject;

pub async fn authenticated(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    actor: Actor,
) -> Result<Response, StorageError> {
    let transform = Transform::from_query(query.as_deref(), &state.storage.settings.render)?;
    let object = actor.visible_object(&state, "object.render", &bucket, &name).await?;
    rendered(&state, &object, &transform, &headers).await
}

pub async fn public(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, StorageError> {
    let transform = Transform::from_query(query.as_deref(), &state.storage.settings.render)?;
    let object = public_object(&state, &bucket, &name).await?;
    rendered(&state, &object, &transform, &headers).await
}

/// The transformation is the one signed into the token, not the query's.
pub async fn signed(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, StorageError> {
    let (bucket, name) = (bucket.as_str(), name.as_str());
    let token = super::query_param(query.as_deref(), "token").unwrap_or_default();
    let claims =
        state.storage.signing.verify(&token, &format!("{bucket}/{name}"), SignedOperation::Download, super::now())?;
    let options = claims.transform.unwrap_or_default();
    let transform = Transform::from_json(&options, &state.storage.settings.render)?;
    let object = signed_object(&state, bucket, name, query.as_deref()).await?;
    rendered(&state, &object, &transform, &headers).await
}

async fn rendered(
    state: &StorageState,
    object: &StoredObject,
    transform: &Transform,
    request: &HeaderMap,
) -> Result<Response, StorageError> {
    let service = &state.storage;
    let limits = service.settings.render;
    let accepts_webp =
        request.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("image/webp"));
    // The original's format is its content's, whatever type it was declared with.
    let output = transform.output(original_format(service, object).await?, accepts_webp);
    let variant = transform.variant(output);
    let etag = format!("\"{}.{variant}\"", object.version);
    let mut headers = HeaderMap::new();
    for (name, value) in [
        (header::ETAG, etag.as_str()),
        (header::CACHE_CONTROL, object.cache_control()),
        (header::LAST_MODIFIED, &http_date(object.updated_at)),
        (header::VARY, "Accept"),
        (header::CONTENT_TYPE, output.mime()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (HeaderName::from_static("x-transformations"), &transform.applied()),
    ] {
        if let Ok(value) = HeaderValue::from_str(value) {
            headers.insert(name, value);
        }
    }
    let matches = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(|c| c.trim().trim_start_matches("W/")).any(|c| c == etag || c == "*"));
    if matches {
        headers.remove(header::CONTENT_TYPE);
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    if object.size() > limits.max_input_bytes {
        return Err(StorageError::cannot_render("The image is too large to transform"));
    }
    let bytes = match service.backend.read_render(&object.version, &variant).await? {
        Some(cached) => cached,
        None => {
            let original = service.backend.read_all(&object.version).await?;
            let permit = service.render_slots.acquire().await.map_err(StorageError::internal)?;
            let transform = transform.clone();
            let rendered = tokio::task::spawn_blocking(move || render::render(&original, &transform, output, &limits))
                .await
                .map_err(StorageError::internal)??;
            drop(permit);
            let rendered = Bytes::from(rendered);
            if let Err(error) = service.backend.write_render(&object.version, &variant, rendered.clone()).await {
                tracing::warn!(%error, "cannot cache a rendered image");
            }
            rendered
        }
    };
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    Ok((StatusCode::OK, headers, Extension(Uncompressed), Body::from(bytes)).into_response())
}

/// What the original's first bytes say it is (`image/jpeg`...), or its declared type.
async fn original_format(service: &StorageService, object: &StoredObject) -> Result<&'static str, StorageError> {
    if object.size() == 0 {
        return Ok("application/octet-stream");
    }
    let mut stream = service.backend.read(&object.version, Some(0..object.size().min(32))).await?;
    let mut head = Vec::new();
    while let Some(chunk) = stream.next().await {
        head.extend_from_slice(&chunk?);
    }
    Ok(mime::sniff(&head).unwrap_or("application/octet-stream"))
}
