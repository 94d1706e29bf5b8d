//! The route table: every URL the server answers, in one place.

use axum::Router;
use axum::routing::{any, get, post};

use crate::auth::api::{admin, logout, meta, recover, signup, token, user, verify};
use crate::auth::error::api_version;
use crate::http::{health, static_files};
use crate::push::api as push;
use crate::rest::handler as rest;
use crate::state::AppState;

pub fn routes(state: AppState) -> Router {
    let auth = Router::new()
        .route("/signup", post(signup::sign_up))
        .route("/token", post(token::token))
        .route("/user", get(user::get_user).put(user::update_user))
        .route("/logout", post(logout::logout))
        .route("/recover", post(recover::recover))
        .route("/verify", get(verify::verify_get).post(verify::verify_post))
        .route("/settings", get(meta::settings))
        .route("/health", get(meta::health))
        .route("/admin/users", get(admin::list_users).post(admin::create_user))
        .route("/admin/users/{id}", get(admin::get_user).put(admin::update_user).delete(admin::delete_user))
        .fallback(meta::not_found)
        .layer(axum::middleware::from_fn(api_version));
    Router::new()
        .nest("/auth/v1", auth)
        .route("/health", get(health::health))
        .route("/ready", get(health::ready))
        .route("/rest/v1/", get(rest::root))
        .route("/rest/v1", get(rest::root))
        .route("/rest/v1/rpc/{function}", any(rest::function))
        .route("/rest/v1/{relation}", any(rest::relation))
        .route("/api/push-public-key", get(push::public_key))
        .route("/api/push-subscription", post(push::subscribe).delete(push::unsubscribe))
        .fallback(static_files::serve_client)
        .with_state(state)
}
