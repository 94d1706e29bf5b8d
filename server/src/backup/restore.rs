//! Restoring a backup into a new database: the archive's SHA-256 and `pg_restore --list`
//! first, then `pg_restore` into a database that did not exist, the stored files' bytes put
//! back, and the copy verified ([`super::verify`]). The live database is not touched.

use std::path::{Path, PathBuf};

use bytes::Bytes;
use futures_util::StreamExt;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Connection;
use tokio::io::AsyncWriteExt;

use super::meta::{FORMAT, Meta};
use super::store::BackupStore;
use super::verify::{self, Summary};
use super::{Backups, crypt, sql};

/// What happened to the stored files a backup names.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct FileReport {
    /// Versions the backup names.
    pub named: usize,
    /// Bytes copied back into the file store (they were missing there).
    pub put_back: usize,
    /// Versions neither the file store nor the backup has.
    pub missing: Vec<String>,
}

/// Whether the restore puts file bytes back (a restore) or only checks the backup has them
/// (a drill).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilesMode {
    PutBack,
    CheckOnly,
}

impl Backups {
    /// Restores backup `id` into the new database `database` and verifies it. The database is
    /// dropped again when pg_restore fails; a copy that restored but failed verification is
    /// kept for inspection (the summary says why).
    pub async fn restore_into(&self, id: &str, database: &str, files: FilesMode) -> Result<Summary, String> {
        let started = std::time::Instant::now();
        let meta = self.store.meta(id).await?.ok_or_else(|| format!("there is no backup {id}"))?;
        if meta.format > FORMAT {
            return Err(format!(
                "backup {id} was written by a newer server (format {}): restore it with that server",
                meta.format
            ));
        }
        let tools = self.tools()?.clone();
        let scratch = crypt::scratch_dir(&self.data_dir)?;
        let archive = self.fetch_archive(&meta, scratch.path()).await?;
        let toc =
            tools.list(&archive).await.map_err(|e| format!("backup {id} is not a readable pg_dump archive: {e}"))?;
        let entries = toc.lines().filter(|l| !l.starts_with(';') && !l.trim().is_empty()).count();
        self.create_database(database).await?;
        let restored = tools
            .restore_command(&self.admin.with_database(database))
            .args(["--no-owner", "--exit-on-error", "--single-transaction", "--no-password"])
            .arg(format!("--dbname={database}"))
            .arg(&archive)
            .output()
            .await
            .map_err(|e| format!("cannot run pg_restore: {e}"));
        let failure = match &restored {
            Ok(output) if output.status.success() => None,
            Ok(output) => Some(format!("pg_restore failed: {}", super::tools::first_line(&output.stderr))),
            Err(error) => Some(error.clone()),
        };
        if let Some(failure) = failure {
            let _ = self.drop_database(database).await;
            return Err(failure);
        }
        drop(scratch);
        let files = match files {
            FilesMode::PutBack => self.put_back_files(&meta).await?,
            FilesMode::CheckOnly => self.check_files(&meta).await?,
        };
        let mut summary = verify::verify(self, &meta, database, files).await;
        summary.archive_entries = entries;
        summary.duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        Ok(summary)
    }

    /// Downloads the dump, checking its size and SHA-256 against meta.json, and decrypts it;
    /// the path of the plain archive.
    async fn fetch_archive(&self, meta: &Meta, dir: &Path) -> Result<PathBuf, String> {
        let stored_path = dir.join(&meta.dump.name);
        let mut file = tokio::fs::File::create(&stored_path).await.map_err(|e| e.to_string())?;
        let mut stream = self
            .store
            .stream(&BackupStore::key(&meta.id, &meta.dump.name))
            .await
            .map_err(|e| format!("backup {} has no dump: {e}", meta.id))?;
        let (mut hash, mut size) = (Sha256::new(), 0u64);
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| format!("reading backup {}: {e}", meta.id))?;
            hash.update(&chunk);
            size += chunk.len() as u64;
            file.write_all(&chunk).await.map_err(|e| e.to_string())?;
        }
        file.sync_all().await.map_err(|e| e.to_string())?;
        let sha256 = hex::encode(hash.finalize());
        if size != meta.dump.size || sha256 != meta.dump.sha256 {
            return Err(format!(
                "backup {} is damaged: its dump has {size} bytes (SHA-256 {sha256}) where meta.json says {} bytes \
                 (SHA-256 {}); it was truncated or altered, and nothing was restored",
                meta.id, meta.dump.size, meta.dump.sha256
            ));
        }
        if meta.encryption.is_none() {
            return Ok(stored_path);
        }
        let plain = dir.join("dump.pgc");
        let (from, to, identity) = (stored_path.clone(), plain.clone(), self.settings.identity_file.clone());
        let archive_sha = tokio::task::spawn_blocking(move || crypt::open_file(&from, &to, identity.as_deref()))
            .await
            .map_err(|e| e.to_string())??;
        let _ = std::fs::remove_file(&stored_path);
        if archive_sha != meta.dump.archive_sha256 {
            return Err(format!("backup {} decrypts to an archive whose SHA-256 does not match meta.json", meta.id));
        }
        Ok(plain)
    }

    async fn create_database(&self, database: &str) -> Result<(), String> {
        if database.is_empty() || database.len() > 63 || database == self.database() {
            return Err(format!("{database} cannot be a restore's database: name a new database"));
        }
        let mut conn = self.maintenance().connect("server-restore").await?;
        if sql::database_exists(&mut conn, database).await? {
            return Err(format!("database {database} exists already: a restore goes into a new database"));
        }
        let format = "select format('create database %I template template0', $1::text)";
        let statement = sql::formatted(&mut conn, format, &[database]).await?;
        sql::execute(&mut conn, statement).await.map_err(|e| format!("cannot create database {database}: {e}"))?;
        // The API roles are the cluster's: a restore onto a new cluster needs them first.
        crate::db::bootstrap::ensure_roles(&mut conn).await.map_err(|e| format!("cannot create the API roles: {e}"))?;
        let _ = conn.close().await;
        Ok(())
    }

    /// Drops a database (after terminating its connections).
    pub async fn drop_database(&self, database: &str) -> Result<(), String> {
        if database == self.database() {
            return Err("the live database is never dropped".into());
        }
        let mut conn = self.maintenance().connect("server-restore").await?;
        let format = "select format('drop database if exists %I with (force)', $1::text)";
        let statement = sql::formatted(&mut conn, format, &[database]).await?;
        sql::execute(&mut conn, statement).await.map_err(|e| format!("cannot drop database {database}: {e}"))?;
        let _ = conn.close().await;
        Ok(())
    }

    /// Copies back the bytes of every version the backup names that the file store lacks.
    async fn put_back_files(&self, meta: &Meta) -> Result<FileReport, String> {
        let mut report = FileReport { named: meta.files.versions.len(), ..FileReport::default() };
        for version in &meta.files.versions {
            if self.files.has_version(version).await.map_err(|e| format!("file store: {e}"))? {
                continue;
            }
            let Some(bytes) = self.backed_up_file(version).await? else {
                report.missing.push(version.clone());
                continue;
            };
            let mut writer = self.files.writer(version);
            writer.write(bytes).await.map_err(|e| format!("file store: {e}"))?;
            writer.finish().await.map_err(|e| format!("file store: {e}"))?;
            report.put_back += 1;
        }
        Ok(report)
    }

    /// Checks the backup store has the bytes of every version the backup names.
    async fn check_files(&self, meta: &Meta) -> Result<FileReport, String> {
        let mut report = FileReport { named: meta.files.versions.len(), ..FileReport::default() };
        for version in &meta.files.versions {
            let mut found = false;
            for encrypted in [true, false] {
                if self.store.exists(&BackupStore::file_key(version, encrypted)).await.map_err(|e| e.to_string())? {
                    found = true;
                    break;
                }
            }
            if !found {
                report.missing.push(version.clone());
            }
        }
        Ok(report)
    }

    /// A version's bytes from the backup store (decrypted), when it has them.
    async fn backed_up_file(&self, version: &str) -> Result<Option<Bytes>, String> {
        for encrypted in [true, false] {
            let key = BackupStore::file_key(version, encrypted);
            match self.store.get(&key).await {
                Ok(bytes) if encrypted => {
                    let identity = self.settings.identity_file.clone();
                    let plain = tokio::task::spawn_blocking(move || crypt::open_all(&bytes, identity.as_deref()))
                        .await
                        .map_err(|e| e.to_string())??;
                    return Ok(Some(Bytes::from(plain)));
                }
                Ok(bytes) => return Ok(Some(bytes)),
                Err(object_store::Error::NotFound { .. }) => {}
                Err(error) => return Err(format!("backup store: {error}")),
            }
        }
        Ok(None)
    }
}
