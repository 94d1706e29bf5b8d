//! The route table: every URL the server answers, in one place.

use axum::Router;
use axum::routing::{any, delete, get, post};
use tower_http::limit::RequestBodyLimitLayer;

use crate::auth::api::{
    admin, admin_factors, admin_links, jwks, logout, meta, mfa, otp, reauthenticate, recover, resend, signup, token,
    user, verify,
};
use crate::auth::error::api_version;
use crate::backup::api as backups;
use crate::cards::api as cards;
use crate::http::no_store::{NoStore, NoStoreLayer};
use crate::http::rest_budget::{RestBudget, RestBudgetLayer};
use crate::http::{client_config, health, static_files};
use crate::push::api as push;
use crate::realtime;
use crate::rest::handler as rest;
use crate::state::AppState;
use crate::storage::api::{bucket, info, list, list_v2, move_copy, object, public, remove, render, sign};

/// Every route, behind the layers that decide by path before routing: `no-store` on personal
/// answers ([`NoStoreLayer`]) and the REST budget ([`RestBudgetLayer`]). Request bodies are
/// limited to `max_body_bytes`, except uploads, which the storage service limits itself while
/// streaming (per bucket, up to STORAGE_MAX_FILE_SIZE).
pub fn routes(state: AppState, max_body_bytes: usize) -> NoStore<RestBudget<Router>> {
    let auth = Router::new()
        .route("/signup", post(signup::sign_up))
        .route("/token", post(token::token))
        .route("/user", get(user::get_user).put(user::update_user))
        .route("/user/identities/authorize", get(user::identities))
        .route("/user/identities/{id}", delete(user::identities))
        .route("/logout", post(logout::logout))
        .route("/reauthenticate", get(reauthenticate::reauthenticate))
        .route("/recover", post(recover::recover))
        .route("/otp", post(otp::otp))
        .route("/resend", post(resend::resend))
        .route("/factors", post(mfa::enroll))
        .route("/factors/{id}", delete(mfa::unenroll))
        .route("/factors/{id}/challenge", post(mfa::challenge))
        .route("/factors/{id}/verify", post(mfa::verify))
        .route("/invite", post(admin_links::invite))
        .route("/admin/generate_link", post(admin_links::generate_link))
        .route("/admin/users/{id}/factors", get(admin_factors::list))
        .route("/admin/users/{id}/factors/{factor}", delete(admin_factors::delete))
        .route("/.well-known/jwks.json", get(jwks::jwks))
        .route("/verify", get(verify::verify_get).post(verify::verify_post))
        .route("/settings", get(meta::settings))
        .route("/health", get(meta::health))
        .route("/admin/users", get(admin::list_users).post(admin::create_user))
        .route("/admin/users/{id}", get(admin::get_user).put(admin::update_user).delete(admin::delete_user))
        .fallback(meta::not_found)
        .layer(axum::middleware::from_fn(api_version));
    // Uploads stream past the general body limit: the storage service limits them itself.
    let uploads = Router::new()
        .route(
            "/storage/v1/object/{bucket}/{*name}",
            post(object::upload)
                .put(object::update)
                .get(object::download)
                .head(object::download)
                .delete(remove::remove_one),
        )
        .route(
            "/storage/v1/object/upload/sign/{bucket}/{*name}",
            post(sign::create_upload_url).put(sign::upload_to_signed_url),
        );
    let storage = Router::new()
        .route("/object/authenticated/{bucket}/{*name}", get(object::download).head(object::download))
        .route("/object/public/{bucket}/{*name}", get(public::public_download).head(public::public_download))
        .route("/object/sign/{bucket}", post(sign::sign_many))
        .route(
            "/object/sign/{bucket}/{*name}",
            post(sign::sign_one).get(public::signed_download).head(public::signed_download),
        )
        .route("/object/info/{bucket}/{*name}", get(info::info))
        .route("/object/info/authenticated/{bucket}/{*name}", get(info::info))
        .route("/object/info/public/{bucket}/{*name}", get(info::public_info))
        .route("/object/list/{bucket}", post(list::list))
        .route("/object/list-v2/{bucket}", post(list_v2::list_v2))
        .route("/object/move", post(move_copy::move_object))
        .route("/object/copy", post(move_copy::copy_object))
        .route("/object/{bucket}", delete(remove::remove_many))
        .route("/bucket", get(bucket::list).post(bucket::create))
        .route("/bucket/", get(bucket::list).post(bucket::create))
        .route("/bucket/{id}", get(bucket::get).put(bucket::update).delete(bucket::delete))
        .route("/bucket/{id}/empty", post(bucket::empty))
        .route("/render/image/authenticated/{bucket}/{*name}", get(render::authenticated))
        .route("/render/image/public/{bucket}/{*name}", get(render::public))
        .route("/render/image/sign/{bucket}/{*name}", get(render::signed));
    let limited = Router::new()
        .nest("/storage/v1", storage)
        .nest("/auth/v1", auth)
        .route("/health", get(health::health))
        .route("/ready", get(health::ready))
        .route("/live", get(health::health))
        .route("/api/admin/backups", get(backups::list).post(backups::create))
        .route("/api/admin/backups/drill", post(backups::drill))
        .route("/api/admin/backups/{id}/restore", post(backups::restore))
        .route("/api/admin/restores/{id}", get(backups::restore_status))
        .route("/api/admin/restores/{id}/switch", post(backups::switch))
        .route("/api/admin/restores/{id}/discard", post(backups::discard))
        .route("/rest/v1/", get(rest::root))
        .route("/rest/v1", get(rest::root))
        .route("/rest/v1/rpc/{function}", any(rest::function))
        .route("/rest/v1/{relation}", any(rest::relation))
        .route("/api/push-subscription", post(push::subscribe).delete(push::unsubscribe))
        .route("/api/client-config", get(client_config::client_config))
        .route("/api/push-public-key", get(push::public_key))
        .route("/cards/v1/keys", get(cards::keys))
        .route("/cards/v1/token", post(cards::token))
        .route("/realtime/v1/websocket", get(realtime::socket::websocket))
        .route("/realtime/v1/api/broadcast", post(realtime::broadcast_api::batch))
        .route("/realtime/v1/api/broadcast/{topic}/events/{event}", post(realtime::broadcast_api::single))
        .fallback(static_files::serve_client)
        .layer(RequestBodyLimitLayer::new(max_body_bytes));
    let router = uploads.merge(limited).with_state(state.clone());
    tower::ServiceBuilder::new()
        .layer(NoStoreLayer::new(state.clone()))
        .layer(RestBudgetLayer::new(state))
        .service(router)
}
