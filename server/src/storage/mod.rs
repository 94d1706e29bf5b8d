//! The file service, wire-compatible with Supabase Storage (`/storage/v1`, wire-api §5).
//!
//! Rows in `storage.buckets` and `storage.objects` decide what exists and, through row-level
//! security under the caller's role and claims, who may do what; bytes live in the
//! [`backend`] under a version key. Uploads stream with their limits enforced on the way
//! ([`upload`]), downloads serve ranges and validators ([`respond`]), and the [`sweeper`]
//! removes bytes no row refers to.

pub mod access;
pub mod api;
pub mod backend;
pub mod body;
pub mod error;
pub mod inspect;
pub mod local_file;
pub mod mime;
pub mod names;
pub mod range;
pub mod render;
pub mod respond;
pub mod service;
pub mod settings;
pub mod signed;
pub mod size;
pub mod store;
pub mod sweeper;
pub mod tx;
pub mod upload;
pub mod writer;

use std::sync::Arc;

use crate::auth::service::AuthService;
use crate::db::request_connections::RequestConnections;
use crate::secrets::ApiKeys;

/// What the storage endpoints use: the service, the connections, and the keys and token
/// checks that name the caller.
#[derive(Clone)]
pub struct StorageState {
    pub storage: Arc<service::StorageService>,
    pub auth: Arc<AuthService>,
    pub keys: Arc<ApiKeys>,
    pub connections: RequestConnections,
}
