//! Writing one version's bytes: locally to a staging file (written by its own task, without
//! copying the body's chunks) that is renamed into place and synced; to S3 in parts (one
//! request when the file is smaller than a part). Memory stays within a few MiB or a few parts
//! whatever the file's size.

use std::path::PathBuf;
use std::sync::Arc;

use bytes::Bytes;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};

use super::local_file::{self, StagingFile};

/// Part size of multipart writes; smaller files are written with one request. S3 needs at
/// least 5 MiB per part.
const PART_SIZE: usize = 5 * 1024 * 1024;
/// Parts being written at once by one upload (bounds an upload's memory to a few parts).
const PARTS_IN_FLIGHT: usize = 2;

pub struct ObjectWriter {
    state: WriterState,
}

enum WriterState {
    /// A local file, until it is renamed to `target`.
    Local {
        target: PathBuf,
        staging: PathBuf,
        file: Option<StagingFile>,
    },
    /// Under one part so far: kept in memory, written with one request at the end.
    Buffering {
        store: Arc<dyn ObjectStore>,
        path: Path,
        buffer: Vec<u8>,
    },
    Parts(WriteMultipart),
}

impl ObjectWriter {
    pub fn local(target: PathBuf) -> Self {
        let staging = local_file::staging_path(&target);
        Self { state: WriterState::Local { target, staging, file: None } }
    }

    pub fn store(store: Arc<dyn ObjectStore>, path: Path) -> Self {
        Self { state: WriterState::Buffering { store, path, buffer: Vec::new() } }
    }

    pub async fn write(&mut self, chunk: Bytes) -> Result<(), object_store::Error> {
        match &mut self.state {
            WriterState::Local { staging, file, .. } => {
                if file.is_none() {
                    *file = Some(StagingFile::create(staging.clone()).await?);
                }
                if let Some(file) = file {
                    file.write(chunk).await?;
                }
            }
            WriterState::Buffering { buffer, .. } if buffer.len() + chunk.len() < PART_SIZE => {
                buffer.extend_from_slice(&chunk);
            }
            WriterState::Buffering { store, path, buffer } => {
                let buffered = std::mem::take(buffer);
                let upload = store.put_multipart(path).await?;
                let mut parts = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
                parts.write(&buffered);
                parts.write(&chunk);
                self.state = WriterState::Parts(parts);
            }
            WriterState::Parts(parts) => {
                parts.wait_for_capacity(PARTS_IN_FLIGHT).await?;
                parts.write(&chunk);
            }
        }
        Ok(())
    }

    /// Completes the write: the bytes are now stored (and synced, locally) under the key.
    pub async fn finish(self) -> Result<(), object_store::Error> {
        match self.state {
            WriterState::Local { target, staging, file } => {
                let file = match file {
                    Some(file) => file,
                    None => StagingFile::create(staging).await?,
                };
                file.publish(&target).await
            }
            WriterState::Buffering { store, path, buffer } => {
                store.put(&path, PutPayload::from(buffer)).await.map(|_| ())
            }
            WriterState::Parts(parts) => parts.finish().await.map(|_| ()),
        }
    }

    /// Gives up: what was written is discarded.
    pub async fn abort(self) {
        match self.state {
            WriterState::Local { staging, file, .. } => match file {
                Some(file) => file.abort().await,
                None => {
                    let _ = tokio::fs::remove_file(&staging).await;
                }
            },
            WriterState::Parts(parts) => {
                if let Err(error) = parts.abort().await {
                    tracing::warn!(%error, "cannot abort a multipart upload; the sweeper will remove its bytes");
                }
            }
            WriterState::Buffering { .. } => {}
        }
    }
}
