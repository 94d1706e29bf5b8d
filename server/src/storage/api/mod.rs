//! The `/storage/v1` endpoints, one file per group, thin: parse, check, call the domain
//! modules, answer. Routes are in `crate::routes`.

pub mod bucket;
pub mod extract;
pub mod info;
pub mod list;
pub mod list_v2;
pub mod move_copy;
pub mod object;
pub mod public;
pub mod remove;
pub mod render;
pub mod sign;

use bytes::Bytes;
use serde::de::DeserializeOwned;

use extract::Download;

use super::error::StorageError;
use super::names;
use super::respond::{Presentation, object_response};
use super::store::StoredObject;
use crate::storage::StorageState;

/// Bucket ids the routes use as words: a bucket cannot be called so.
const RESERVED_BUCKET_IDS: &[&str] =
    &["public", "sign", "info", "authenticated", "list", "list-v2", "move", "copy", "upload", "render"];

/// A bucket id from a URL or body, checked.
pub fn bucket_id(id: &str) -> Result<&str, StorageError> {
    names::check_bucket_id(id)?;
    Ok(id)
}

/// A bucket id for a new bucket: checked, and none of the route words.
pub fn new_bucket_id(id: &str) -> Result<&str, StorageError> {
    if RESERVED_BUCKET_IDS.contains(&id) {
        return Err(StorageError::invalid_bucket_name(id));
    }
    bucket_id(id)
}

/// A bucket and an object name from a URL, checked.
pub fn object_path<'a>(bucket: &'a str, name: &'a str) -> Result<(&'a str, &'a str), StorageError> {
    names::check_object_name(name)?;
    Ok((bucket_id(bucket)?, name))
}

/// A JSON body of the expected shape; an empty body reads as `{}`.
pub fn json_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, StorageError> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) { b"{}" } else { body };
    serde_json::from_slice(body).map_err(|e| StorageError::invalid_request(format!("Invalid request body: {e}")))
}

/// One query-string parameter, decoded.
pub fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    url::form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, v)| v.into_owned())
}

/// `x-upsert: true`.
pub fn upsert_header(headers: &http::HeaderMap) -> bool {
    headers.get("x-upsert").and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
}

/// An object's bytes as the answer to `request`: `?download[=name]`, validators and ranges.
pub async fn serve(
    state: &StorageState,
    object: &StoredObject,
    request: &Download,
) -> Result<axum::response::Response, StorageError> {
    let download = query_param(request.query.as_deref(), "download");
    let presentation = Presentation { method: &request.method, download: download.as_deref() };
    object_response(&state.storage, object, &request.headers, &presentation).await
}

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}
