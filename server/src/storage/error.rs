//! The storage service's error table, in Supabase Storage's shape (wire-api §5.3):
//! `{"statusCode": "404", "code": "NoSuchKey", "error": "not_found", "message": "Object not found"}`.
//!
//! Unlike Supabase, which answers most client errors with HTTP 400, the HTTP status here is
//! the semantic one (`statusCode`), so a browser's `<img>` sees 404 and caches see 304/206
//! correctly; storage-js reads both. Causes of internal failures are logged, never sent.

use std::borrow::Cow;

use axum::response::{IntoResponse, Response};
use http::StatusCode;
use serde_json::json;

use crate::db::service_tx::DbError;
use crate::error::ApiError;

use crate::error::{Cause, ErrorCore};

/// An error answered by `/storage/v1`. Boxed, so results stay one pointer wide.
pub struct StorageError(Box<Inner>);

struct Inner {
    core: ErrorCore,
    /// Storage's `error` word ("Bucket not found", "Invalid Input"…).
    error: &'static str,
}

/// The status, code, message and cause ([`ErrorCore::status`], `code`, `message`).
impl std::ops::Deref for StorageError {
    type Target = ErrorCore;
    fn deref(&self) -> &ErrorCore {
        &self.0.core
    }
}

impl StorageError {
    fn new(status: StatusCode, code: &'static str, error: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self(Box::new(Inner { core: ErrorCore::new(status, code, message), error }))
    }

    pub fn bucket_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "NoSuchBucket", "Bucket not found", "Bucket not found")
    }

    pub fn object_not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "NoSuchKey", "not_found", "Object not found")
    }

    /// A name outside Storage's key rules (`names::check_object_name`).
    pub fn invalid_key(name: &str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "InvalidKey", "Invalid Input", format!("Invalid key: {name}"))
    }

    pub fn invalid_bucket_name(_id: &str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "InvalidBucketName", "Invalid Input", "Bucket name invalid")
    }

    pub fn invalid_request(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "InvalidRequest", "Invalid Input", message)
    }

    /// The caller's token is missing, malformed, expired or signed with another key: Storage
    /// refuses the request as `AccessDenied` with the verifier's words ("Invalid Compact JWS"
    /// when there is no token at all).
    pub fn invalid_jwt(message: impl Into<Cow<'static, str>>) -> Self {
        Self::access_denied(message)
    }

    /// A signed URL's token is invalid, expired, tampered with or for another object.
    pub fn invalid_signature(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "InvalidSignature", "InvalidJWT", message)
    }

    pub fn access_denied(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "AccessDenied", "Unauthorized", message)
    }

    pub fn object_exists() -> Self {
        Self::new(StatusCode::CONFLICT, "KeyAlreadyExists", "Duplicate", "The resource already exists")
    }

    pub fn bucket_exists() -> Self {
        Self::new(StatusCode::CONFLICT, "ResourceAlreadyExists", "Duplicate", "The resource already exists")
    }

    pub fn bucket_not_empty() -> Self {
        Self::new(
            StatusCode::CONFLICT,
            "ResourceNotEmpty",
            "Bucket not empty",
            "The bucket you tried to delete is not empty",
        )
    }

    /// A file over its bucket's or the server's size limit (the web app words it as the spec
    /// does, from the code).
    pub fn too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "EntityTooLarge",
            "Payload too large",
            "The object exceeded the maximum allowed size",
        )
    }

    /// An image whose header claims more pixels than the server will ever decode
    /// (`IMAGE_TRANSFORM_MAX_PIXELS`): a decompression bomb, refused before it is stored.
    pub fn too_many_pixels(width: u32, height: u32, max_pixels: u64) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "EntityTooLarge",
            "Payload too large",
            format!("The image exceeded the maximum allowed dimensions ({width}x{height} is over {max_pixels} pixels)"),
        )
    }

    /// The owner's files would pass their storage quota (`storage.user_quota_bytes()`).
    pub fn quota_exceeded() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "QuotaExceeded",
            "Payload too large",
            "The storage quota of this account is used up",
        )
    }

    /// A declared type outside the bucket's `allowed_mime_types`, or not a type at all.
    pub fn type_not_allowed(declared: &str) -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "InvalidMimeType",
            "invalid_mime_type",
            format!("mime type {declared} is not supported"),
        )
    }

    /// A `Content-Type` (or form `contentType`) that is not a media type.
    pub fn invalid_content_type() -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "InvalidMimeType",
            "invalid_mime_type",
            "Invalid Content-Type header",
        )
    }

    /// Active content (HTML, SVG, XML) declared as a passive type: refused whatever the bucket
    /// allows, so it is never served from this origin as something it is not.
    pub fn content_not_declared_type(declared: &str, sniffed: &str) -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "InvalidMimeType",
            "invalid_mime_type",
            format!("mime type {declared} does not match the content ({sniffed})"),
        )
    }

    pub fn range_not_satisfiable() -> Self {
        Self::new(
            StatusCode::RANGE_NOT_SATISFIABLE,
            "InvalidRange",
            "Invalid Range",
            "The requested range is not satisfiable",
        )
    }

    /// The image cannot be rendered (not an image, too many pixels, bad parameters).
    pub fn cannot_render(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "InvalidImage", "Invalid Image", message)
    }

    pub fn internal(cause: impl Into<Cause>) -> Self {
        let mut error = Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "InternalError",
            "Internal Server Error",
            "Internal Server Error",
        );
        error.0.core.cause = Some(cause.into());
        error
    }

    pub fn unavailable(cause: impl Into<Cause>) -> Self {
        let mut error = Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "ServiceUnavailable",
            "Service Unavailable",
            "The storage service is temporarily unavailable, please try again",
        );
        error.0.core.retry_after(1);
        error.0.core.cause = Some(cause.into());
        error
    }

    pub fn with_cause(mut self, cause: impl Into<Cause>) -> Self {
        self.0.core.cause = Some(cause.into());
        self
    }
}

impl std::fmt::Debug for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.core.debug("StorageError", f)
    }
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0.core, f)
    }
}

impl std::error::Error for StorageError {}

/// A database failure: RLS refusals, duplicates and missing buckets are the caller's; the rest
/// is ours.
impl From<DbError> for StorageError {
    fn from(error: DbError) -> Self {
        match error.sqlstate() {
            Some("42501") => {
                let message = match &error {
                    DbError::Postgres(e) => e.as_db_error().map(|db| db.message().to_owned()),
                    _ => None,
                };
                Self::access_denied(message.unwrap_or_else(|| "new row violates row-level security policy".into()))
            }
            Some("23505") => Self::object_exists(),
            Some("53400") => Self::quota_exceeded(),
            Some("23503") => Self::bucket_not_found(),
            Some("57014") => Self::unavailable(error),
            Some(_) => Self::internal(error),
            None => match &error {
                DbError::Checkout(_) => Self::unavailable(error),
                DbError::Postgres(inner) if inner.as_db_error().is_none() => Self::unavailable(error),
                _ => Self::internal(error),
            },
        }
    }
}

/// A refused API key or token (from the caller resolution shared with REST).
impl From<ApiError> for StorageError {
    fn from(error: ApiError) -> Self {
        if error.status().is_server_error() {
            return Self::internal(error.to_string());
        }
        if error.code() == "no_api_key" {
            // Neither a key nor a token: what Storage's verifier says of an empty token.
            return Self::invalid_jwt("Invalid Compact JWS");
        }
        Self::invalid_jwt(error.message().to_owned())
    }
}

impl From<object_store::Error> for StorageError {
    fn from(error: object_store::Error) -> Self {
        match error {
            object_store::Error::NotFound { .. } => Self::object_not_found().with_cause(error),
            other => Self::unavailable(other),
        }
    }
}

impl IntoResponse for StorageError {
    fn into_response(self) -> Response {
        let Inner { core, error } = *self.0;
        core.log("storage request failed");
        let body = json!({
            "statusCode": core.status.as_u16().to_string(),
            "code": core.code,
            "error": error,
            "message": core.message,
        });
        core.respond(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::status_and_json;

    #[tokio::test]
    async fn errors_have_storage_js_shape() {
        let (status, body) = status_and_json(StorageError::object_not_found()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            body,
            json!({"statusCode": "404", "code": "NoSuchKey", "error": "not_found", "message": "Object not found"})
        );
    }

    #[tokio::test]
    async fn limits_speak_storages_words() {
        let (status, body) = status_and_json(StorageError::too_large()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            body,
            json!({"statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
                   "message": "The object exceeded the maximum allowed size"})
        );
        let (status, body) = status_and_json(StorageError::type_not_allowed("image/jpeg")).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(
            body,
            json!({"statusCode": "415", "code": "InvalidMimeType", "error": "invalid_mime_type",
                   "message": "mime type image/jpeg is not supported"})
        );
    }

    #[tokio::test]
    async fn a_missing_token_is_refused_as_storage_words_it() {
        let (status, body) =
            status_and_json(StorageError::from(ApiError::new(crate::error::ErrorKind::ApiKeyMissing))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            body,
            json!({"statusCode": "403", "code": "AccessDenied", "error": "Unauthorized", "message": "Invalid Compact JWS"})
        );
    }

    #[tokio::test]
    async fn internal_causes_stay_in_the_log() {
        let (status, body) = status_and_json(StorageError::internal("disk /srv/secret full")).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!body.to_string().contains("/srv/secret"));
    }
}
