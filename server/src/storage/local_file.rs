//! The local backend's hot paths, on files directly: a staging file synced and renamed into
//! place (so a reader never sees half a file), and reads in large chunks.

use std::ops::Range;
use std::path::{Path, PathBuf};

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use tokio::io::{AsyncReadExt, AsyncSeekExt, AsyncWriteExt, BufWriter};
use tokio_util::io::ReaderStream;

/// Bytes per chunk of a local read.
const READ_CHUNK: usize = 256 * 1024;

/// `<target>#<random>`: the sweeper removes such files left by a crash.
pub fn staging_path(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_owned();
    name.push(format!("#{}", uuid::Uuid::new_v4().simple()));
    PathBuf::from(name)
}

pub fn io_error(path: &Path, source: std::io::Error) -> object_store::Error {
    if source.kind() == std::io::ErrorKind::NotFound {
        object_store::Error::NotFound { path: path.display().to_string(), source: Box::new(source) }
    } else {
        object_store::Error::Generic { store: "local files", source: Box::new(source) }
    }
}

/// A new staging file (its directory created when missing).
pub async fn create(staging: &Path) -> Result<tokio::fs::File, object_store::Error> {
    if let Some(dir) = staging.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(|e| io_error(dir, e))?;
    }
    tokio::fs::OpenOptions::new().write(true).create_new(true).open(staging).await.map_err(|e| io_error(staging, e))
}

/// Flushes and syncs the staging file, renames it to `target` and syncs the directory: once
/// this returns, the file survives a power cut.
pub async fn publish(
    mut file: BufWriter<tokio::fs::File>,
    staging: &Path,
    target: &Path,
) -> Result<(), object_store::Error> {
    file.flush().await.map_err(|e| io_error(staging, e))?;
    let file = file.into_inner();
    file.sync_all().await.map_err(|e| io_error(staging, e))?;
    drop(file);
    tokio::fs::rename(staging, target).await.map_err(|e| io_error(target, e))?;
    if let Some(dir) = target.parent() {
        let dir = dir.to_path_buf();
        tokio::task::spawn_blocking(move || std::fs::File::open(&dir).and_then(|d| d.sync_all()))
            .await
            .map_err(|e| object_store::Error::Generic { store: "local files", source: Box::new(e) })?
            .map_err(|e| io_error(target, e))?;
    }
    Ok(())
}

/// The file, or `range` of it, as a stream of large chunks.
pub async fn read(
    path: PathBuf,
    range: Option<Range<u64>>,
) -> Result<BoxStream<'static, Result<Bytes, object_store::Error>>, object_store::Error> {
    let mut file = tokio::fs::File::open(&path).await.map_err(|e| io_error(&path, e))?;
    let reader = match range {
        Some(range) => {
            file.seek(std::io::SeekFrom::Start(range.start)).await.map_err(|e| io_error(&path, e))?;
            file.take(range.end - range.start)
        }
        None => file.take(u64::MAX),
    };
    let stream =
        ReaderStream::with_capacity(reader, READ_CHUNK).map(move |chunk| chunk.map_err(|e| io_error(&path, e)));
    Ok(stream.boxed())
}
