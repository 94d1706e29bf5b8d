//! Writing one version's bytes: locally to a staging file that is synced and renamed into
//! place; to S3 in parts (one request when the file is smaller than a part). Memory stays
//! within a buffer or a few parts whatever the file's size.

use std::path::PathBuf;
use std::sync::Arc;

use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use tokio::io::{AsyncWriteExt, BufWriter};

use super::local_file::{self, io_error};

/// Part size of multipart writes; smaller files are written with one request. S3 needs at
/// least 5 MiB per part.
const PART_SIZE: usize = 5 * 1024 * 1024;
/// Parts being written at once by one upload (bounds an upload's memory to a few parts).
const PARTS_IN_FLIGHT: usize = 2;
/// Write buffer of a local file.
const LOCAL_BUFFER: usize = 1024 * 1024;

pub struct ObjectWriter {
    state: WriterState,
}

enum WriterState {
    /// A local file, until it is renamed to `target`.
    Local {
        target: PathBuf,
        staging: PathBuf,
        file: Option<BufWriter<tokio::fs::File>>,
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

    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), object_store::Error> {
        match &mut self.state {
            WriterState::Local { staging, file, .. } => {
                if file.is_none() {
                    *file = Some(BufWriter::with_capacity(LOCAL_BUFFER, local_file::create(staging).await?));
                }
                if let Some(file) = file {
                    file.write_all(chunk).await.map_err(|e| io_error(staging, e))?;
                }
            }
            WriterState::Buffering { buffer, .. } if buffer.len() + chunk.len() < PART_SIZE => {
                buffer.extend_from_slice(chunk);
            }
            WriterState::Buffering { store, path, buffer } => {
                let buffered = std::mem::take(buffer);
                let upload = store.put_multipart(path).await?;
                let mut parts = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
                parts.write(&buffered);
                parts.write(chunk);
                self.state = WriterState::Parts(parts);
            }
            WriterState::Parts(parts) => {
                parts.wait_for_capacity(PARTS_IN_FLIGHT).await?;
                parts.write(chunk);
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
                    None => BufWriter::new(local_file::create(&staging).await?),
                };
                local_file::publish(file, &staging, &target).await
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
            WriterState::Local { staging, file, .. } => {
                drop(file);
                let _ = tokio::fs::remove_file(&staging).await;
            }
            WriterState::Parts(parts) => {
                if let Err(error) = parts.abort().await {
                    tracing::warn!(%error, "cannot abort a multipart upload; the sweeper will remove its bytes");
                }
            }
            WriterState::Buffering { .. } => {}
        }
    }
}
