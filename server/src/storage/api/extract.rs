//! What the storage handlers take from every request, checked once as axum extractors: the
//! caller ([`Actor`]), a bucket id ([`BucketId`]) or a bucket and object name ([`ObjectPath`])
//! from the path, a JSON body ([`StorageJson`]), and what shapes a download's answer
//! ([`Download`]). A check that fails answers in Storage's error shape; what axum itself
//! refuses (a path that is not UTF-8, a body over the limit) keeps axum's answer.

use std::convert::Infallible;

use axum::extract::{FromRef, FromRequest, FromRequestParts, Path, Request};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http::request::Parts;
use http::{HeaderMap, Method};
use serde::de::DeserializeOwned;

use super::{bucket_id, json_body, object_path};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;

/// The caller named by `Authorization` (and `apikey`, when given).
impl<S: Send + Sync> FromRequestParts<S> for Actor
where
    StorageState: FromRef<S>,
{
    type Rejection = StorageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, StorageError> {
        Actor::from_headers(&StorageState::from_ref(state), &parts.headers)
    }
}

/// `{bucket}` of the path, a valid bucket id.
pub struct BucketId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for BucketId {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        bucket_id(&id).map_err(IntoResponse::into_response)?;
        Ok(Self(id))
    }
}

/// `{bucket}/{*name}` of the path: a valid bucket id and object name.
pub struct ObjectPath {
    pub bucket: String,
    pub name: String,
}

impl<S: Send + Sync> FromRequestParts<S> for ObjectPath {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let Path((bucket, name)) =
            Path::<(String, String)>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        object_path(&bucket, &name).map_err(IntoResponse::into_response)?;
        Ok(Self { bucket, name })
    }
}

/// What shapes a download's answer ([`super::serve`]): the method (`HEAD` has no body), the
/// query (`?download[=name]`, a signed URL's `?token=`) and the headers (validators, ranges).
pub struct Download {
    pub method: Method,
    pub query: Option<String>,
    pub headers: HeaderMap,
}

impl<S: Send + Sync> FromRequestParts<S> for Download {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self {
            method: parts.method.clone(),
            query: parts.uri.query().map(str::to_owned),
            headers: parts.headers.clone(),
        })
    }
}

/// A JSON body of the expected shape (an empty body reads as `{}`); anything else is
/// Storage's 400 `InvalidRequest`.
pub struct StorageJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for StorageJson<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        let body = Bytes::from_request(request, state).await.map_err(IntoResponse::into_response)?;
        json_body(&body).map(Self).map_err(IntoResponse::into_response)
    }
}
