//! The local backend's hot paths, on files directly: a staging file written by its own thread,
//! then renamed into place and synced (so a reader never sees half a file), and reads in large
//! chunks.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use tokio::io::{AsyncReadExt, AsyncSeekExt};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};
use tokio_util::io::ReaderStream;

/// Bytes per chunk of a local read.
const READ_CHUNK: usize = 256 * 1024;
/// Most bytes of one upload received and not yet written: memory stays within this whatever
/// the file's size (a slow disk slows the upload down instead).
const BYTES_IN_FLIGHT: usize = 4 * 1024 * 1024;
/// Written bytes after which the kernel is asked to start writing them to disk, so that the
/// sync at the end waits for the last few only (`dd conv=fsync` waits for all of them).
const WRITEBACK_STEP: u64 = 1024 * 1024;

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

fn join_error(error: tokio::task::JoinError) -> object_store::Error {
    object_store::Error::Generic { store: "local files", source: Box::new(error) }
}

/// A staging file being written by a blocking task: the chunks go to it as they arrived (the
/// body's own `Bytes`, never copied), written in order while the next ones are received.
pub struct StagingFile {
    path: PathBuf,
    chunks: mpsc::UnboundedSender<(Bytes, OwnedSemaphorePermit)>,
    room: Arc<Semaphore>,
    /// None once a write found the task stopped (and reported its error).
    task: Option<tokio::task::JoinHandle<std::io::Result<std::fs::File>>>,
}

impl StagingFile {
    /// Creates the file (and its directory when missing) and the task writing it.
    pub async fn create(path: PathBuf) -> Result<Self, object_store::Error> {
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(|e| io_error(dir, e))?;
        }
        let file = tokio::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .await
            .map_err(|e| io_error(&path, e))?
            .into_std()
            .await;
        let (chunks, received) = mpsc::unbounded_channel();
        let task = tokio::task::spawn_blocking(move || write_chunks(file, received));
        Ok(Self { path, chunks, room: Arc::new(Semaphore::new(BYTES_IN_FLIGHT)), task: Some(task) })
    }

    /// Hands `chunk` to the writing task; waits while [`BYTES_IN_FLIGHT`] are still unwritten.
    pub async fn write(&mut self, chunk: Bytes) -> Result<(), object_store::Error> {
        if chunk.is_empty() {
            return Ok(());
        }
        let need = u32::try_from(chunk.len().min(BYTES_IN_FLIGHT)).unwrap_or(u32::MAX);
        let permit = self.room.clone().acquire_many_owned(need).await.map_err(|e| io_error(&self.path, other(e)))?;
        if self.chunks.send((chunk, permit)).is_ok() {
            return Ok(());
        }
        // The task stopped on a write error: its result says which.
        let error = match self.task.take() {
            Some(task) => match task.await.map_err(join_error)? {
                Err(error) => error,
                Ok(_) => other("the staging file's writer stopped"),
            },
            None => other("the staging file's writer stopped"),
        };
        Err(io_error(&self.path, error))
    }

    /// Waits for every chunk to be written, renames the file to `target`, then syncs the file
    /// and its directory: once this returns, the file survives a power cut. The rename comes
    /// first so that one journal commit carries the data and the new name (the directory's
    /// sync then finds nothing left to write); nobody reads `target` before the upload's row
    /// commits, and a crash before that leaves bookkeeping the sweeper acts on.
    pub async fn publish(self, target: &Path) -> Result<(), object_store::Error> {
        let Self { path, chunks, task, .. } = self;
        drop(chunks);
        let task = task.ok_or_else(|| io_error(&path, other("the staging file's writer stopped")))?;
        let file = task.await.map_err(join_error)?.map_err(|e| io_error(&path, e))?;
        let target = target.to_path_buf();
        tokio::task::spawn_blocking(move || -> Result<(), object_store::Error> {
            std::fs::rename(&path, &target).map_err(|e| io_error(&target, e))?;
            file.sync_all().map_err(|e| io_error(&target, e))?;
            drop(file);
            if let Some(dir) = target.parent() {
                std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| io_error(&target, e))?;
            }
            Ok(())
        })
        .await
        .map_err(join_error)?
    }

    /// Gives up: the task stops and the file is removed.
    pub async fn abort(self) {
        let Self { path, chunks, task, .. } = self;
        drop(chunks);
        if let Some(task) = task {
            let _ = task.await;
        }
        let _ = tokio::fs::remove_file(&path).await;
    }
}

fn other(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> std::io::Error {
    std::io::Error::other(error)
}

/// The writing task: every chunk in order, the kernel's writeback started every
/// [`WRITEBACK_STEP`] bytes. Chunks that arrived while the previous write ran go out together
/// in one vectored write (at most [`BATCH_CHUNKS`]): a body arrives in pieces of at most 32 KiB
/// (hyper's read buffer), and a system call per piece cost more than the copy itself. Ends
/// with the file when the sender is dropped.
fn write_chunks(
    mut file: std::fs::File,
    mut chunks: mpsc::UnboundedReceiver<(Bytes, OwnedSemaphorePermit)>,
) -> std::io::Result<std::fs::File> {
    let mut written: u64 = 0;
    let mut flushed: u64 = 0;
    let mut batch: Vec<(Bytes, OwnedSemaphorePermit)> = Vec::with_capacity(BATCH_CHUNKS);
    while let Some(first) = chunks.blocking_recv() {
        batch.push(first);
        while batch.len() < BATCH_CHUNKS {
            match chunks.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        write_all_vectored(&mut file, &batch)?;
        written += batch.iter().map(|(chunk, _)| chunk.len() as u64).sum::<u64>();
        batch.clear();
        if written - flushed >= WRITEBACK_STEP {
            start_writeback(&file, flushed, written - flushed);
            flushed = written;
        }
    }
    Ok(file)
}

/// Most chunks in one vectored write (well under the kernel's 1,024 buffers per call).
const BATCH_CHUNKS: usize = 64;

/// Writes every chunk of `batch`, in order, with as few `writev` calls as the kernel allows.
fn write_all_vectored(file: &mut std::fs::File, batch: &[(Bytes, OwnedSemaphorePermit)]) -> std::io::Result<()> {
    let mut slices: Vec<std::io::IoSlice<'_>> = batch.iter().map(|(chunk, _)| std::io::IoSlice::new(chunk)).collect();
    let mut rest = &mut slices[..];
    while !rest.is_empty() {
        match file.write_vectored(rest) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => std::io::IoSlice::advance_slices(&mut rest, n),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Asks the kernel to start writing `len` bytes at `offset` to disk now, without waiting
/// (Linux's `sync_file_range(SYNC_FILE_RANGE_WRITE)`); a hint, so errors are ignored: the
/// sync at the end is what makes the file durable.
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "sync_file_range has no wrapper in nix or std")]
fn start_writeback(file: &std::fs::File, offset: u64, len: u64) {
    use std::os::fd::AsRawFd;
    let (Ok(offset), Ok(len)) = (libc::off64_t::try_from(offset), libc::off64_t::try_from(len)) else { return };
    // SAFETY: the descriptor is open for the whole call (borrowed from `file`); the call only
    // reads its integer arguments.
    let _ = unsafe { libc::sync_file_range(file.as_raw_fd(), offset, len, libc::SYNC_FILE_RANGE_WRITE) };
}

#[cfg(not(target_os = "linux"))]
fn start_writeback(_file: &std::fs::File, _offset: u64, _len: u64) {}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks of varied sizes, all queued before the task runs (so they are batched), come out
    /// in order and whole; the room they held is given back.
    #[test]
    fn queued_chunks_are_written_in_order_in_batches() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("staging");
        let file = std::fs::File::create(&path).expect("create");
        let room = Arc::new(Semaphore::new(BYTES_IN_FLIGHT));
        let (sender, receiver) = mpsc::unbounded_channel();
        let mut expected = Vec::new();
        for index in 0..(BATCH_CHUNKS * 3 + 7) {
            let chunk: Vec<u8> = (0..(index % 97) * 61 + 1).map(|i| ((i * 31 + index) % 251) as u8).collect();
            expected.extend_from_slice(&chunk);
            let permit = room.clone().try_acquire_many_owned(chunk.len() as u32).expect("room");
            sender.send((Bytes::from(chunk), permit)).expect("send");
        }
        drop(sender);
        write_chunks(file, receiver).expect("write");
        assert_eq!(std::fs::read(&path).expect("read"), expected);
        assert_eq!(room.available_permits(), BYTES_IN_FLIGHT);
    }
}
