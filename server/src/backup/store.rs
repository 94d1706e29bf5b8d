//! Where backups live (a directory or an S3 bucket and prefix), and their layout:
//!
//! ```text
//! <id>/meta.json           written last: a backup exists once this exists
//! <id>/dump.pgc[.age]      pg_dump -Fc, encrypted to the age recipients when set
//! <id>/files.json[.age]    the storage manifest: every object's bucket, name, version, size
//! files/<version>[.age]    a copy of each stored file's bytes, shared by the backups naming it
//! tmp/<id>/…               uploads in progress, renamed into place only when complete
//! ```

use std::sync::Arc;

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};

use super::meta::Meta;
use crate::storage::backend::{StorageConfig, local_store, s3_store};

pub const META: &str = "meta.json";

#[derive(Clone)]
pub struct BackupStore {
    store: Arc<dyn ObjectStore>,
    /// The local directory, whose leftovers of interrupted uploads are removed directly.
    local_root: Option<std::path::PathBuf>,
}

impl std::fmt::Debug for BackupStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BackupStore({})", self.store)
    }
}

impl BackupStore {
    pub fn open(config: &StorageConfig, prefix: &str) -> Result<Self, String> {
        match config {
            StorageConfig::Local { root } => {
                let store = local_store(root, "the backup directory")?;
                Ok(Self { store: Arc::new(store), local_root: Some(root.clone()) })
            }
            StorageConfig::S3 { .. } => {
                let store = s3_store(config, "S3 backup store")?;
                Ok(Self { store: Arc::new(PrefixStore::new(store, prefix)), local_root: None })
            }
        }
    }

    pub fn key(id: &str, name: &str) -> Path {
        Path::from(format!("{id}/{name}"))
    }

    fn temporary(id: &str, name: &str) -> Path {
        Path::from(format!("tmp/{id}/{name}"))
    }

    pub fn file_key(version: &str, encrypted: bool) -> Path {
        Path::from(format!("files/{version}{}", if encrypted { ".age" } else { "" }))
    }

    /// A multipart upload to a temporary key; [`Upload::finish`] renames it into place.
    pub async fn upload(&self, id: &str, name: &str) -> Result<Upload, object_store::Error> {
        let temporary = Self::temporary(id, name);
        let multipart = self.store.put_multipart(&temporary).await?;
        Ok(Upload {
            writer: Some(WriteMultipart::new_with_chunk_size(multipart, 8 * 1024 * 1024)),
            store: self.store.clone(),
            temporary,
            target: Self::key(id, name),
        })
    }

    /// A small object, written under a temporary key and renamed into place.
    pub async fn put_small(&self, id: &str, name: &str, bytes: Bytes) -> Result<(), object_store::Error> {
        let temporary = Self::temporary(id, name);
        self.store.put(&temporary, PutPayload::from(bytes)).await?;
        self.store.rename(&temporary, &Self::key(id, name)).await
    }

    /// Writes `bytes` at `key` (temporary key first).
    pub async fn put_at(&self, key: &Path, bytes: Bytes) -> Result<(), object_store::Error> {
        let temporary = Path::from(format!("tmp/{}", key.as_ref()));
        self.store.put(&temporary, PutPayload::from(bytes)).await?;
        self.store.rename(&temporary, key).await
    }

    pub async fn exists(&self, key: &Path) -> Result<bool, object_store::Error> {
        match self.store.head(key).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(error) => Err(error),
        }
    }

    pub async fn get(&self, key: &Path) -> Result<Bytes, object_store::Error> {
        self.store.get(key).await?.bytes().await
    }

    pub async fn stream(
        &self,
        key: &Path,
    ) -> Result<BoxStream<'static, Result<Bytes, object_store::Error>>, object_store::Error> {
        Ok(self.store.get(key).await?.into_stream())
    }

    /// Every complete backup (a readable meta.json), newest first. Unreadable ones are listed
    /// in the second vector with the reason.
    pub async fn list(&self) -> Result<(Vec<Meta>, Vec<(String, String)>), object_store::Error> {
        let listing = self.store.list_with_delimiter(None).await?;
        let mut backups = Vec::new();
        let mut unreadable = Vec::new();
        for prefix in listing.common_prefixes {
            let id = prefix.as_ref().to_string();
            if id == "tmp" || id == "files" {
                continue;
            }
            match self.store.get(&Self::key(&id, META)).await {
                Ok(result) => match serde_json::from_slice::<Meta>(&result.bytes().await?) {
                    Ok(meta) => backups.push(meta),
                    Err(error) => unreadable.push((id, format!("meta.json cannot be read: {error}"))),
                },
                // A dump without meta.json is an interrupted backup: not a backup.
                Err(object_store::Error::NotFound { .. }) => {}
                Err(error) => return Err(error),
            }
        }
        backups.sort_by(|a, b| b.id.cmp(&a.id));
        Ok((backups, unreadable))
    }

    pub async fn meta(&self, id: &str) -> Result<Option<Meta>, String> {
        match self.store.get(&Self::key(id, META)).await {
            Ok(result) => {
                let bytes = result.bytes().await.map_err(|e| e.to_string())?;
                serde_json::from_slice(&bytes)
                    .map(Some)
                    .map_err(|e| format!("backup {id}: meta.json cannot be read: {e}"))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(format!("backup {id}: {error}")),
        }
    }

    /// Removes every object of a backup (meta.json first, so it stops being listed at once).
    pub async fn remove_backup(&self, id: &str) -> Result<(), object_store::Error> {
        ignore_not_found(self.store.delete(&Self::key(id, META)).await)?;
        self.remove_prefix(&Path::from(id)).await
    }

    pub async fn remove(&self, key: &Path) -> Result<(), object_store::Error> {
        ignore_not_found(self.store.delete(key).await)
    }

    /// Every stored file copy's version (for retention).
    pub async fn file_versions(&self) -> Result<Vec<String>, object_store::Error> {
        let mut versions = Vec::new();
        let mut listing = self.store.list(Some(&Path::from("files")));
        while let Some(meta) = listing.next().await {
            let meta = meta?;
            if let Some(name) = meta.location.filename() {
                versions.push(name.trim_end_matches(".age").to_string());
            }
        }
        Ok(versions)
    }

    /// Removes what interrupted backups left under `tmp/` (the caller holds the backup lock).
    pub async fn clear_temporary(&self) -> Result<(), object_store::Error> {
        if let Some(root) = &self.local_root {
            match std::fs::remove_dir_all(root.join("tmp")) {
                Ok(()) => return Ok(()),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
                Err(error) => {
                    return Err(object_store::Error::Generic { store: "backup", source: Box::new(error) });
                }
            }
        }
        self.remove_prefix(&Path::from("tmp")).await
    }

    async fn remove_prefix(&self, prefix: &Path) -> Result<(), object_store::Error> {
        let mut listing = self.store.list(Some(prefix));
        while let Some(meta) = listing.next().await {
            match meta {
                Ok(meta) => ignore_not_found(self.store.delete(&meta.location).await)?,
                Err(error) => ignore_not_found(Err(error))?,
            }
        }
        Ok(())
    }
}

/// An upload in progress; dropped without [`Upload::finish`], nothing appears at the target.
pub struct Upload {
    writer: Option<WriteMultipart>,
    store: Arc<dyn ObjectStore>,
    temporary: Path,
    target: Path,
}

impl Upload {
    pub async fn write(&mut self, bytes: &[u8]) -> Result<(), object_store::Error> {
        if let Some(writer) = self.writer.as_mut() {
            writer.wait_for_capacity(4).await?;
            writer.write(bytes);
        }
        Ok(())
    }

    pub async fn finish(mut self) -> Result<(), object_store::Error> {
        if let Some(writer) = self.writer.take() {
            writer.finish().await?;
        }
        self.store.rename(&self.temporary, &self.target).await
    }

    pub async fn abort(mut self) {
        if let Some(writer) = self.writer.take() {
            let _ = writer.abort().await;
        }
    }
}

fn ignore_not_found(result: Result<(), object_store::Error>) -> Result<(), object_store::Error> {
    match result {
        Err(object_store::Error::NotFound { .. }) => Ok(()),
        other => other,
    }
}
