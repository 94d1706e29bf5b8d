//! Storing a file, in three steps that leave nothing half-done whatever fails:
//!
//! 1. One transaction reads the bucket's limits, checks, as the caller and then rolled back,
//!    that row-level security would accept the row, and records the new version in
//!    `storage.pending_uploads`.
//! 2. The bytes are streamed to the new version's key: the head is inspected ([`inspect`]:
//!    disguised markup, decompression bombs), the size counted and the MD5 (the ETag)
//!    computed; a limit or type refusal stops the stream at once; nothing is buffered beyond
//!    the head and a few parts.
//! 3. One transaction writes the row as the caller (row-level security decides for real) and
//!    removes the bookkeeping row: from this commit the object is visible. Its statements run
//!    while the bytes are being made durable (the local sync, the last S3 part); it commits
//!    only once they are.
//!
//! A failure after step 1 removes the bytes and the bookkeeping at once ([`PendingUpload`]);
//! a crash leaves the bookkeeping row, and the sweeper removes the bytes.

use std::sync::Arc;

use bytes::Bytes;
use md5::{Digest, Md5};
use serde_json::json;
use uuid::Uuid;

use super::access::Actor;
use super::body::UploadBody;
use super::error::StorageError;
use super::inspect::HeadInspector;
use super::mime;
use super::service::StorageService;
use super::store::{self, Bucket, NewObject};
use super::tx::{self, StorageTx};
use super::writer::ObjectWriter;
use crate::db::request_connections::RequestConnections;
use crate::storage::StorageState;

/// Where a file goes.
pub struct Destination<'a> {
    pub bucket: &'a str,
    pub name: &'a str,
    pub upsert: bool,
}

/// A stored file: its row id and `{bucket}/{name}`.
pub struct Uploaded {
    pub id: Uuid,
    pub key: String,
}

impl Uploaded {
    /// What storage-js reads (`Id`, `Key`).
    pub fn to_json(&self) -> serde_json::Value {
        json!({"Id": self.id, "Key": self.key})
    }
}

/// Receives an upload's body with `work`; a refusal first reads the rest of the body
/// ([`UploadBody::discard`]), so the client hears it.
pub async fn receive<T>(
    mut body: UploadBody,
    work: impl AsyncFnOnce(&mut UploadBody) -> Result<T, StorageError>,
) -> Result<T, StorageError> {
    let result = work(&mut body).await;
    if result.is_err() {
        body.discard().await;
    }
    result
}

pub async fn upload(
    state: &StorageState,
    actor: &Actor,
    destination: Destination<'_>,
    body: &mut UploadBody,
) -> Result<Uploaded, StorageError> {
    let service = &state.storage;
    let version = Uuid::new_v4().to_string();
    let operation = if destination.upsert { "object.upsert" } else { "object.upload" };
    let probe = NewObject {
        id: Uuid::new_v4(),
        bucket: destination.bucket,
        name: destination.name,
        owner: actor.owner(),
        version: &version,
        metadata: json!({"mimetype": body.content_type, "size": body.content_length.unwrap_or(0)}),
        user_metadata: body.user_metadata.clone(),
    };
    let mut tx = StorageTx::begin(&state.connections).await?;
    let declared = Declared { content_type: &body.content_type, essence: &body.essence, length: body.content_length };
    let bucket = match prepare(&mut tx, service, actor, &probe, destination.upsert, operation, declared).await {
        Ok(bucket) => bucket,
        Err(error) => {
            tx.rollback().await;
            return Err(error);
        }
    };
    tx.commit().await?;
    let pending = PendingUpload::new(service.clone(), state.connections.clone(), version.clone());

    let Received { writer, size, md5 } = receive_bytes(service, &bucket, &version, body).await?;
    if let Err(error) = body.finish().await {
        writer.abort().await;
        return Err(error);
    }

    // As Supabase Storage (and S3 for a single part): the content's MD5.
    let written = Written { size, etag: format!("\"{md5}\"") };
    let object = NewObject {
        metadata: json!({
            "eTag": written.etag,
            "size": written.size,
            "mimetype": body.content_type,
            "cacheControl": body.cache_control,
            "lastModified": chrono::Utc::now(),
            "contentLength": written.size,
            "httpStatusCode": 200,
        }),
        user_metadata: body.user_metadata.take(),
        ..probe
    };
    let stored = async { Ok(writer.finish().await?) };
    let id = commit_row_once_stored(state, actor, &object, destination.upsert, operation, stored).await?;
    pending.done();
    Ok(Uploaded { id, key: format!("{}/{}", destination.bucket, destination.name) })
}

/// What the request says of the file before any byte is read.
struct Declared<'a> {
    /// As sent (`text/plain;charset=UTF-8`), for messages.
    content_type: &'a str,
    /// What the bucket's list judges (`text/plain`).
    essence: &'a str,
    length: Option<u64>,
}

/// Step 1: the bucket, its limits as far as they can be checked before any byte, the
/// caller's right to write the row, and the bookkeeping row.
async fn prepare(
    tx: &mut StorageTx,
    service: &StorageService,
    actor: &Actor,
    probe: &NewObject<'_>,
    upsert: bool,
    operation: &str,
    declared: Declared<'_>,
) -> Result<Bucket, StorageError> {
    let bucket = store::bucket(tx, probe.bucket).await?.ok_or_else(StorageError::bucket_not_found)?;
    let limit = size_limit(service, &bucket);
    if declared.length.is_some_and(|length| length > limit) {
        return Err(StorageError::too_large());
    }
    if mime::check_declared(declared.essence, bucket.allowed_mime_types.as_deref()).is_err() {
        return Err(StorageError::type_not_allowed(declared.content_type));
    }
    actor.enter(tx, operation).await?;
    tx.batch("SAVEPOINT probe").await?;
    store::write_object(tx, probe, upsert).await?;
    tx.batch("ROLLBACK TO SAVEPOINT probe").await?;
    actor.leave(tx).await?;
    store::add_pending(tx, probe.version, service.instance_id).await?;
    Ok(bucket)
}

/// The smaller of the bucket's limit and the server's.
pub fn size_limit(service: &StorageService, bucket: &Bucket) -> u64 {
    let global = service.settings.max_file_size;
    bucket.file_size_limit.and_then(|l| u64::try_from(l).ok()).map_or(global, |l| l.min(global))
}

struct Written {
    size: u64,
    etag: String,
}

/// The bytes received, in a writer that has not finished (made them durable) yet.
struct Received {
    writer: ObjectWriter,
    size: u64,
    /// The content's MD5, in hex.
    md5: String,
}

/// Step 2: streams the body to the version's key, checking size and content on the way. On
/// an error the writer is aborted (nothing is left under the key).
async fn receive_bytes(
    service: &StorageService,
    bucket: &Bucket,
    version: &str,
    body: &mut UploadBody,
) -> Result<Received, StorageError> {
    let limit = size_limit(service, bucket);
    let mut writer = service.backend.writer(version);
    let mut size: u64 = 0;
    let mut md5 = Md5::new();
    let essence = body.essence.clone();
    let mut inspector = Some(HeadInspector::new(&essence, service.settings.render.max_input_pixels));
    let result: Result<(), StorageError> = async {
        loop {
            let idle = service.settings.upload_idle_timeout;
            let chunk = tokio::time::timeout(idle, body.next_chunk()).await.map_err(|_| {
                StorageError::invalid_request(format!("The upload stalled: no data for {} seconds", idle.as_secs()))
            })??;
            if let Some(chunk) = &chunk {
                size += chunk.len() as u64;
                if size > limit {
                    return Err(StorageError::too_large());
                }
                md5.update(chunk);
            }
            let chunk = match inspector.as_mut() {
                // The head is held back until it is judged, then written at once.
                Some(head) => match head.feed(chunk.as_deref())? {
                    None => continue,
                    Some(held) => {
                        inspector = None;
                        writer.write(Bytes::from(held)).await?;
                        if chunk.is_none() {
                            return Ok(());
                        }
                        continue;
                    }
                },
                None => chunk,
            };
            match chunk {
                Some(chunk) => writer.write(chunk).await?,
                None => return Ok(()),
            }
        }
    }
    .await;
    match result {
        Ok(()) => Ok(Received { writer, size, md5: hex::encode(md5.finalize()) }),
        Err(error) => {
            writer.abort().await;
            Err(error)
        }
    }
}

/// Step 3: the row, as the caller; the object is visible from this commit (copies too).
pub async fn commit_row(
    state: &StorageState,
    actor: &Actor,
    object: &NewObject<'_>,
    upsert: bool,
    operation: &str,
) -> Result<Uuid, StorageError> {
    actor.transact(state, operation, async |tx| write_row(tx, actor, object, upsert).await).await
}

/// Step 3 of an upload: the row's statements run while `stored` makes the bytes durable, and
/// the transaction commits only when it has (it rolls back when that fails).
async fn commit_row_once_stored(
    state: &StorageState,
    actor: &Actor,
    object: &NewObject<'_>,
    upsert: bool,
    operation: &str,
    stored: impl Future<Output = Result<(), StorageError>>,
) -> Result<Uuid, StorageError> {
    let row = async {
        let mut tx = StorageTx::begin(&state.connections).await?;
        let result = async {
            actor.enter(&mut tx, operation).await?;
            write_row(&mut tx, actor, object, upsert).await
        }
        .await;
        Ok::<_, StorageError>((tx, result))
    };
    let (stored, row) = tokio::join!(stored, row);
    let (tx, result) = row?;
    match stored {
        Ok(()) => tx::finish(tx, result).await,
        Err(error) => {
            tx.rollback().await;
            Err(error)
        }
    }
}

/// The row as the caller, then (as storage_admin) the end of its bookkeeping; the row's id.
async fn write_row(
    tx: &mut StorageTx,
    actor: &Actor,
    object: &NewObject<'_>,
    upsert: bool,
) -> Result<Uuid, StorageError> {
    store::write_object(tx, object, upsert).await?;
    actor.leave(tx).await?;
    if !store::remove_pending(tx, object.version).await? {
        return Err(StorageError::unavailable("the write's bookkeeping was swept while it ran"));
    }
    Ok(store::object_id(tx, object.bucket, object.name).await?)
}

/// The bookkeeping of an upload in progress. Unless [`PendingUpload::done`] is called (the
/// row committed), dropping it (an error, or the client going away mid-upload) removes the
/// bytes and the bookkeeping row in the background.
pub struct PendingUpload {
    cleanup: Option<(Arc<StorageService>, RequestConnections, String)>,
}

impl PendingUpload {
    pub fn new(service: Arc<StorageService>, connections: RequestConnections, version: String) -> Self {
        Self { cleanup: Some((service, connections, version)) }
    }

    pub fn done(mut self) {
        self.cleanup = None;
    }
}

impl Drop for PendingUpload {
    fn drop(&mut self) {
        let Some((service, connections, version)) = self.cleanup.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        runtime.spawn(async move {
            let result: Result<(), StorageError> = async {
                let mut tx = StorageTx::begin(&connections).await?;
                if store::remove_pending(&mut tx, &version).await? {
                    service.backend.remove_version(&version).await?;
                }
                tx.commit().await?;
                Ok(())
            }
            .await;
            if let Err(error) = result {
                tracing::warn!(%error, version, "cannot clean up a failed upload; the sweeper will");
            }
        });
    }
}
