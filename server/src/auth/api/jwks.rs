//! `GET /.well-known/jwks.json`: the public keys that verify access tokens (no API key needed,
//! as behind Supabase's gateway), so any service can check a token without the secret.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, header};

use super::AuthState;

pub async fn jwks(State(state): State<AuthState>) -> Response {
    let keys = state.auth.keys.current();
    let mut response = Json(keys.jwks().clone()).into_response();
    // Clients may cache the set briefly; a rotation publishes the next key well before it signs.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=600"));
    response
}
