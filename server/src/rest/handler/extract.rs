//! [`RestRequest`]: what a `/rest/v1` handler takes from its request, as one axum extractor.

use std::net::IpAddr;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, Method, Uri};

use crate::http::rate_limit::ClientAddress;

/// The table, view or function the path names, the verb, the URI, the headers, the client's
/// address (when the rate limits know it) and the body. What axum itself refuses (a path
/// that is not UTF-8, a body over the limit) keeps axum's answer.
pub struct RestRequest {
    pub name: String,
    pub method: Method,
    pub uri: Uri,
    pub headers: HeaderMap,
    pub client: Option<IpAddr>,
    pub body: Bytes,
}

impl<S: Send + Sync> FromRequest<S> for RestRequest {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Path(name) =
            Path::<String>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let client = parts.extensions.get::<ClientAddress>().map(|ClientAddress(ip)| *ip);
        let (method, uri, headers) = (parts.method.clone(), parts.uri.clone(), parts.headers.clone());
        let body =
            Bytes::from_request(Request::from_parts(parts, body), state).await.map_err(IntoResponse::into_response)?;
        Ok(Self { name, method, uri, headers, client, body })
    }
}
