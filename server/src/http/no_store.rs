//! `Cache-Control: no-store` on answers that carry personal data, so neither a shared cache
//! nor the browser's keeps them:
//!
//! * every `/auth/v1` answer (tokens, the user, the admin API);
//! * `/rest/v1` answers to signed-in users and the service role (a bearer other than the
//!   public key, or the service key as `apikey`), errors included; anonymous reads keep
//!   their caching;
//! * `/storage/v1` answers except those of public buckets (`/object/public`,
//!   `/object/info/public`, `/render/image/public`): private objects, signed URLs, listings.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http::{HeaderValue, header};

use crate::state::AppState;

const PUBLIC_STORAGE: [&str; 3] =
    ["/storage/v1/object/public/", "/storage/v1/object/info/public/", "/storage/v1/render/image/public/"];

pub async fn no_store(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let personal = if path.starts_with("/auth/v1") {
        true
    } else if path.starts_with("/storage/v1") {
        !PUBLIC_STORAGE.iter().any(|prefix| path.starts_with(prefix))
    } else if path.starts_with("/rest/v1") {
        signed_in_or_service(&state, &request)
    } else {
        false
    };
    let mut response = next.run(request).await;
    if personal {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
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
