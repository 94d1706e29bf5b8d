//! The `/auth/v1` handlers (wire-api §4), one file per endpoint family. The routes are in
//! `crate::routes`.

pub mod admin;
pub mod admin_factors;
pub mod admin_links;
pub mod checks;
pub mod client;
pub mod jwks;
pub mod links;
pub mod logout;
pub mod meta;
pub mod mfa;
pub mod otp;
pub mod reauthenticate;
pub mod recover;
pub mod resend;
pub mod session;
pub mod signup;
pub mod token;
pub mod user;
pub mod verify;

use std::sync::Arc;

use crate::auth::service::AuthService;
use crate::db::request_connections::RequestConnections;
use crate::secrets::ApiKeys;

/// What the auth endpoints use: the service, the API keys, the connections and the secret
/// refresh tokens' successors are derived from.
#[derive(Clone)]
pub struct AuthState {
    pub auth: Arc<AuthService>,
    pub keys: Arc<ApiKeys>,
    pub connections: RequestConnections,
    pub jwt_secret: Arc<str>,
}
