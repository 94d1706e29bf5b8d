//! Signed URLs: `createSignedUrl(s)` (download), `createSignedUploadUrl` and
//! `uploadToSignedUrl`. Signing a download checks, as the caller, that the object is visible;
//! signing an upload checks, as the caller and rolled back, that the row could be written.

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::extract::{BucketId, ObjectPath, StorageJson};
use super::{now, object_path, query_param, upsert_header};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::body::UploadBody;
use crate::storage::error::StorageError;
use crate::storage::signed::{self, SignedClaims, SignedOperation, UPLOAD_EXPIRY_SECONDS};
use crate::storage::store::{self, NewObject};
use crate::storage::tx::StorageTx;
use crate::storage::upload::{self, Destination};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignRequest {
    expires_in: Option<Value>,
    transform: Option<Value>,
    #[serde(default)]
    paths: Option<Vec<String>>,
}

pub async fn sign_one(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    actor: Actor,
    StorageJson(request): StorageJson<SignRequest>,
) -> Result<Json<Value>, StorageError> {
    let expires_in = signed::expires_in(request.expires_in.as_ref())?;
    let transform = request.transform.filter(|t| t.as_object().is_some_and(|o| !o.is_empty()));
    let visible = visible_names(&state, &actor, &bucket, std::slice::from_ref(&name)).await?;
    if visible.is_empty() {
        return Err(StorageError::object_not_found());
    }
    Ok(Json(json!({"signedURL": signed_url(&state, &actor, &bucket, &name, expires_in, transform)?})))
}

pub async fn sign_many(
    State(state): State<StorageState>,
    BucketId(bucket): BucketId,
    actor: Actor,
    StorageJson(request): StorageJson<SignRequest>,
) -> Result<Json<Value>, StorageError> {
    let expires_in = signed::expires_in(request.expires_in.as_ref())?;
    let paths = request.paths.ok_or_else(|| StorageError::invalid_request("paths is required"))?;
    if paths.len() > 1000 {
        return Err(StorageError::invalid_request("At most 1000 paths can be signed at once"));
    }
    let visible = visible_names(&state, &actor, &bucket, &paths).await?;
    let mut answers = Vec::with_capacity(paths.len());
    for path in paths {
        let answer = if visible.contains(&path) {
            json!({"error": null, "path": path, "signedURL": signed_url(&state, &actor, &bucket, &path, expires_in, None)?})
        } else {
            json!({"error": "Either the object does not exist or you do not have access to it", "path": path, "signedURL": null})
        };
        answers.push(answer);
    }
    Ok(Json(Value::Array(answers)))
}

/// The names among `names` the actor can see in `bucket`.
async fn visible_names(
    state: &StorageState,
    actor: &Actor,
    bucket: &str,
    names: &[String],
) -> Result<Vec<String>, StorageError> {
    actor
        .transact(state, "object.sign", async |tx| {
            let sql = "select name from storage.objects where bucket_id = $1 and name = any($2)";
            let rows = tx.query(sql, &[&bucket, &names]).await?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })
        .await
}

/// `/object/sign/{bucket}/{name}?token=…` (or `/render/image/sign/…` with a transformation),
/// relative to `/storage/v1`. The name is not percent-encoded, as on Supabase: storage-js
/// passes the URL through `encodeURI`.
fn signed_url(
    state: &StorageState,
    actor: &Actor,
    bucket: &str,
    name: &str,
    expires_in: i64,
    transform: Option<Value>,
) -> Result<String, StorageError> {
    let issued = now();
    let render = transform.is_some();
    let token = state.storage.signing.sign(&SignedClaims {
        url: format!("{bucket}/{name}"),
        op: SignedOperation::Download,
        iat: issued,
        exp: issued + expires_in,
        owner: None,
        upsert: false,
        transform,
        signer: actor.signer(),
    })?;
    let route = if render { "/render/image/sign" } else { "/object/sign" };
    Ok(format!("{route}/{bucket}/{name}?token={token}"))
}

pub async fn create_upload_url(
    State(state): State<StorageState>,
    ObjectPath { bucket, name }: ObjectPath,
    headers: HeaderMap,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    let (bucket, name) = (bucket.as_str(), name.as_str());
    let upsert = upsert_header(&headers);
    let probe = NewObject {
        id: Uuid::new_v4(),
        bucket,
        name,
        owner: actor.owner(),
        version: "probe",
        metadata: json!({}),
        user_metadata: None,
    };
    let mut tx = StorageTx::begin(&state.connections).await?;
    let checked: Result<(), StorageError> = async {
        store::bucket(&mut tx, bucket).await?.ok_or_else(StorageError::bucket_not_found)?;
        actor.enter(&mut tx, "object.sign_upload").await?;
        store::write_object(&mut tx, &probe, upsert).await?;
        Ok(())
    }
    .await;
    // Only a check: nothing of it stays.
    tx.rollback().await;
    checked?;
    let issued = now();
    let token = state.storage.signing.sign(&SignedClaims {
        url: format!("{bucket}/{name}"),
        op: SignedOperation::Upload,
        iat: issued,
        exp: issued + UPLOAD_EXPIRY_SECONDS,
        owner: actor.owner().map(str::to_owned),
        upsert,
        transform: None,
        signer: None,
    })?;
    Ok(Json(json!({"url": format!("/object/upload/sign/{bucket}/{name}?token={token}"), "token": token})))
}

pub async fn upload_to_signed_url(
    State(state): State<StorageState>,
    Path((bucket, name)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let body = UploadBody::from_request(&headers, body).await?;
    let uploaded = upload::receive(body, async |body| {
        let (bucket, name) = object_path(&bucket, &name)?;
        let token =
            query_param(query.as_deref(), "token").ok_or_else(|| StorageError::invalid_signature("Missing token"))?;
        let url = format!("{bucket}/{name}");
        let claims = state.storage.signing.verify(&token, &url, SignedOperation::Upload, now())?;
        let actor = Actor::Signed { owner: claims.owner };
        upload::upload(&state, &actor, Destination { bucket, name, upsert: claims.upsert }, body).await
    })
    .await?;
    Ok(Json(uploaded.to_json()))
}
