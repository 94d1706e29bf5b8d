//! Where the bytes live: a local directory or an S3-compatible service, through `object_store`.
//!
//! Keys never come from object names. An object's bytes are stored under its version (a uuid
//! chosen by the server for every write): `objects/<first two characters>/<version>`, and its
//! rendered images under `renders/<version>/`. A name can therefore be overwritten without
//! readers ever seeing half-written bytes, and no name can reach outside the storage root.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload};

use super::local_file;
pub use super::writer::ObjectWriter;

/// STORAGE_BACKEND: where uploaded files live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StorageBackend {
    Local,
    S3,
}

/// A byte store's location: a directory, or an S3 bucket (the files' and the backups').
#[derive(Debug, Clone)]
pub enum StorageConfig {
    Local { root: PathBuf },
    S3 { endpoint: Option<String>, region: String, bucket: String, access_key_id: String, secret_access_key: String },
}

#[derive(Clone)]
pub struct Backend {
    store: Arc<dyn ObjectStore>,
    /// The local backend's root, where interrupted writes leave staging files to sweep.
    local_root: Option<Arc<PathBuf>>,
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Backend({})", self.store)
    }
}

/// A directory (created when missing) as an object store: files are synced before a write is
/// acknowledged. `what` names it in errors ("storage directory").
pub fn local_store(root: &std::path::Path, what: &str) -> Result<LocalFileSystem, String> {
    std::fs::create_dir_all(root).map_err(|e| format!("cannot create {what} {}: {e}", root.display()))?;
    Ok(LocalFileSystem::new_with_prefix(root)
        .map_err(|e| format!("{what} {}: {e}", root.display()))?
        .with_fsync(true)
        .with_automatic_cleanup(true))
}

/// The S3 bucket of an S3 [`StorageConfig`]; `what` names it in errors.
pub fn s3_store(config: &StorageConfig, what: &str) -> Result<object_store::aws::AmazonS3, String> {
    let StorageConfig::S3 { endpoint, region, bucket, access_key_id, secret_access_key } = config else {
        return Err(format!("{what}: not an S3 store"));
    };
    // reqwest's rustls has no provider of its own here: ring, as everywhere else.
    crate::app::install_tls_provider();
    let mut builder = AmazonS3Builder::new()
        .with_region(region)
        .with_bucket_name(bucket)
        .with_access_key_id(access_key_id)
        .with_secret_access_key(secret_access_key);
    if let Some(endpoint) = endpoint {
        builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
    }
    builder.build().map_err(|e| format!("{what}: {e}"))
}

impl Backend {
    pub fn from_config(config: &StorageConfig) -> Result<Self, String> {
        match config {
            StorageConfig::Local { root } => Self::local(root),
            StorageConfig::S3 { .. } => {
                let store = s3_store(config, "S3 storage")?;
                Ok(Self { store: Arc::new(store), local_root: None })
            }
        }
    }

    /// A directory (created when missing); files are synced before a write is acknowledged.
    pub fn local(root: &std::path::Path) -> Result<Self, String> {
        let store = local_store(root, "storage directory")?;
        Ok(Self { store: Arc::new(store), local_root: Some(Arc::new(root.to_path_buf())) })
    }

    fn object_key(version: &str) -> Path {
        let fan_out = version.get(..2).unwrap_or("00");
        Path::from(format!("objects/{fan_out}/{version}"))
    }

    fn render_key(version: &str, variant: &str) -> Path {
        Path::from(format!("renders/{version}/{variant}"))
    }

    /// A writer of a new version's bytes; nothing is visible under its key until it finishes.
    pub fn writer(&self, version: &str) -> ObjectWriter {
        let key = Self::object_key(version);
        match &self.local_root {
            Some(root) => ObjectWriter::local(root.join(key.as_ref())),
            None => ObjectWriter::store(self.store.clone(), key),
        }
    }

    /// The bytes of a version (or a range of them), as a stream. Local files are read directly
    /// in large chunks (object_store's local reads go 8 KiB at a time).
    pub async fn read(
        &self,
        version: &str,
        range: Option<Range<u64>>,
    ) -> Result<BoxStream<'static, Result<Bytes, object_store::Error>>, object_store::Error> {
        let key = Self::object_key(version);
        if let Some(root) = &self.local_root {
            return local_file::read(root.join(key.as_ref()), range).await;
        }
        let options = GetOptions { range: range.map(GetRange::Bounded), ..GetOptions::default() };
        Ok(self.store.get_opts(&key, options).await?.into_stream())
    }

    /// Whether a version's bytes are stored (backups and restores check before copying).
    pub async fn has_version(&self, version: &str) -> Result<bool, object_store::Error> {
        match self.store.head(&Self::object_key(version)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// The whole of a version, in memory (for image rendering, which needs it anyway).
    pub async fn read_all(&self, version: &str) -> Result<Bytes, object_store::Error> {
        self.store.get(&Self::object_key(version)).await?.bytes().await
    }

    /// Copies a version's bytes to a new version.
    pub async fn copy(&self, from: &str, to: &str) -> Result<(), object_store::Error> {
        self.store.copy(&Self::object_key(from), &Self::object_key(to)).await
    }

    pub async fn read_render(&self, version: &str, variant: &str) -> Result<Option<Bytes>, object_store::Error> {
        match self.store.get(&Self::render_key(version, variant)).await {
            Ok(result) => Ok(Some(result.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(error),
        }
    }

    pub async fn write_render(&self, version: &str, variant: &str, bytes: Bytes) -> Result<(), object_store::Error> {
        self.store.put(&Self::render_key(version, variant), PutPayload::from(bytes)).await.map(|_| ())
    }

    /// Removes a version's bytes, its renders and (locally) the staging files of an interrupted
    /// write. Removing what is not there succeeds.
    pub async fn remove_version(&self, version: &str) -> Result<(), object_store::Error> {
        ignore_not_found(self.store.delete(&Self::object_key(version)).await)?;
        let renders = Path::from(format!("renders/{version}"));
        let mut listing = self.store.list(Some(&renders));
        while let Some(meta) = listing.next().await {
            match meta {
                Ok(meta) => ignore_not_found(self.store.delete(&meta.location).await)?,
                Err(error) => ignore_not_found(Err(error))?,
            }
        }
        if let Some(root) = &self.local_root {
            remove_staging_files(root, &Self::object_key(version));
        }
        Ok(())
    }
}

fn ignore_not_found(result: Result<(), object_store::Error>) -> Result<(), object_store::Error> {
    match result {
        Err(object_store::Error::NotFound { .. }) => Ok(()),
        other => other,
    }
}

/// Local writes go to `<key>#<suffix>` and are renamed when complete; a killed server leaves
/// them behind.
fn remove_staging_files(root: &std::path::Path, key: &Path) {
    let file = root.join(key.as_ref());
    let (Some(dir), Some(name)) = (file.parent(), file.file_name().and_then(|n| n.to_str())) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let staging = format!("{name}#");
    for entry in entries.flatten() {
        if entry.file_name().to_str().is_some_and(|n| n.starts_with(&staging)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
