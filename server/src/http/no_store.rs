//! `Cache-Control: no-store` on answers that carry personal data, so neither a shared cache
//! nor the browser's keeps them:
//!
//! * every `/auth/v1` answer (tokens, the user, the admin API), and `/cards/v1/token`;
//! * `/rest/v1` answers to signed-in users and the service role (a bearer other than the
//!   public key, or the service key as `apikey`), errors included; anonymous reads keep
//!   their caching;
//! * `/storage/v1` answers except those of public buckets (`/object/public`,
//!   `/object/info/public`, `/render/image/public`): private objects, signed URLs, listings.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::Response;
use http::{HeaderValue, header};
use tower::{Layer, Service};

use crate::state::AppState;

const PUBLIC_STORAGE: [&str; 3] =
    ["/storage/v1/object/public/", "/storage/v1/object/info/public/", "/storage/v1/render/image/public/"];

/// Adds `Cache-Control: no-store` to personal answers (see the module documentation). A plain
/// tower layer: no boxed service or future per request.
#[derive(Clone)]
pub struct NoStoreLayer {
    state: AppState,
}

impl NoStoreLayer {
    pub fn new(state: AppState) -> Self {
        Self { state }
    }
}

impl<S> Layer<S> for NoStoreLayer {
    type Service = NoStore<S>;

    fn layer(&self, inner: S) -> NoStore<S> {
        NoStore { inner, state: self.state.clone() }
    }
}

#[derive(Clone)]
pub struct NoStore<S> {
    inner: S,
    state: AppState,
}

impl<S> Service<Request> for NoStore<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = NoStoreFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let personal = is_personal(&self.state, &request);
        NoStoreFuture { inner: self.inner.call(request), personal }
    }
}

pin_project_lite::pin_project! {
    pub struct NoStoreFuture<F> {
        #[pin]
        inner: F,
        personal: bool,
    }
}

impl<F, E> Future for NoStoreFuture<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = std::task::ready!(this.inner.poll(cx))?;
        if *this.personal {
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
        Poll::Ready(Ok(response))
    }
}

fn is_personal(state: &AppState, request: &Request) -> bool {
    let path = request.uri().path();
    if path.starts_with("/auth/v1") || path.starts_with("/api/admin/") || path == "/cards/v1/token" {
        true
    } else if path.starts_with("/storage/v1") {
        !PUBLIC_STORAGE.iter().any(|prefix| path.starts_with(prefix))
    } else if path.starts_with("/rest/v1") {
        signed_in_or_service(state, request)
    } else {
        false
    }
}
/// Whether a REST request runs as anything but the public key: a bearer that is not the anon
/// key (a user's token, the service key), or the service key as `apikey`.
fn signed_in_or_service(state: &AppState, request: &Request) -> bool {
    let headers = request.headers();
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(|value| value.trim().split_once(' ').map_or(value, |(_, token)| token.trim()));
    let apikey: Option<String> = match headers.get("apikey").and_then(|v| v.to_str().ok()) {
        Some(key) => Some(key.trim().to_owned()),
        None => request.uri().query().and_then(|q| {
            url::form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "apikey").map(|(_, v)| v.into_owned())
        }),
    };
    bearer.is_some_and(|token| token != state.keys.anon) || apikey.as_deref() == Some(state.keys.service_role.as_str())
}
