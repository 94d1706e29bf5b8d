//! Downloads without a token: objects of public buckets (`/object/public/...`) and signed URLs
//! (`/object/sign/...?token=`). Both read the row as the storage service.

use axum::extract::State;
use axum::response::Response;

use super::extract::{Download, ObjectPath};
use super::{now, query_param, serve};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::signed::SignedOperation;
use crate::storage::store::{self, StoredObject};
use crate::storage::tx::as_service;

pub async fn public_download(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    request: Download,
) -> Result<Response, StorageError> {
    let object = public_object(&state, &bucket, &name).await?;
    serve(&state, &object, &request).await
}

/// A public bucket's object; a private bucket's answers exactly like a missing one.
pub async fn public_object(state: &StorageState, bucket: &str, name: &str) -> Result<StoredObject, StorageError> {
    let found = as_service(state, async |tx| Ok(store::public_object(tx, bucket, name).await?)).await?;
    found.ok_or_else(StorageError::object_not_found)
}

pub async fn signed_download(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    request: Download,
) -> Result<Response, StorageError> {
    let object = signed_object(&state, &bucket, &name, request.query.as_deref()).await?;
    serve(&state, &object, &request).await
}

/// The object a download token (`?token=`) opens.
pub async fn signed_object(
    state: &StorageState,
    bucket: &str,
    name: &str,
    query: Option<&str>,
) -> Result<StoredObject, StorageError> {
    let token = query_param(query, "token").ok_or_else(|| StorageError::invalid_signature("Missing token"))?;
    let url = format!("{bucket}/{name}");
    let claims = state.storage.signing.verify(&token, &url, SignedOperation::Download, now())?;
    // The signer must still be allowed to read it (a profile unapproved, a file of a record
    // removed since): the row is read as them, and a hidden or missing object answers 404.
    if let Some(signer) = claims.signer.as_ref() {
        let actor = Actor::of_signer(signer).ok_or_else(|| StorageError::invalid_signature("Invalid signature"))?;
        return actor.visible_object(state, "object.get_signed", bucket, name).await;
    }
    let found = as_service(state, async |tx| Ok(store::object(tx, bucket, name).await?)).await?;
    found.ok_or_else(StorageError::object_not_found)
}
