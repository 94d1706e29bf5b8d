//! Making a backup (see the module documentation of [`super`]).

use std::collections::HashSet;

use bytes::Bytes;
use chrono::Utc;
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection};
use tokio::io::AsyncReadExt;

use super::crypt::{Sealer, seal_all};
use super::meta::{Dump, Encryption, FORMAT, Files, ManifestEntry, Meta};
use super::snapshot;
use super::store::{BackupStore, META};
use super::target::DbTarget;
use super::{BACKUP_LOCK, BACKUP_READ_LOCK, Backups, sql};

impl Backups {
    /// Makes a backup now (`kind`: `scheduled` or `manual`), then applies retention. Refused
    /// while another backup or restore holds the lock.
    pub async fn create(&self, kind: &str) -> Result<Meta, String> {
        let mut admin = self.admin.connect("server-backup").await?;
        if !sql::try_lock(&mut admin, BACKUP_LOCK).await? {
            return Err("another backup or restore is running; try again when it has finished".into());
        }
        let result = self.create_locked(&mut admin, kind).await;
        if result.is_ok() {
            self.prune_unless_read(&mut admin).await;
        }
        let _ = sqlx::query("select pg_advisory_unlock($1)").bind(BACKUP_LOCK).execute(&mut admin).await;
        let _ = admin.close().await;
        result
    }

    /// Applies retention, unless a drill is reading a backup now (then the old backups are
    /// kept until the next run).
    async fn prune_unless_read(&self, admin: &mut PgConnection) {
        if !sql::try_lock(admin, BACKUP_READ_LOCK).await.unwrap_or(false) {
            tracing::info!("a drill is reading a backup; retention waits for the next run");
            return;
        }
        if let Err(error) = self.prune().await {
            tracing::warn!(%error, "backup retention failed; old backups are kept until the next run");
        }
        let _ = sqlx::query("select pg_advisory_unlock($1)").bind(BACKUP_READ_LOCK).execute(&mut *admin).await;
    }

    async fn create_locked(&self, admin: &mut PgConnection, kind: &str) -> Result<Meta, String> {
        let tools = self.tools()?.clone();
        self.store.clear_temporary().await.map_err(|e| format!("backup store: {e}"))?;
        let reader = self.reader_login(admin).await?;
        let mut conn = reader.connect("server-backup").await?;
        sqlx::raw_sql(snapshot::STABLE_TEXT).execute(&mut conn).await.map_err(|e| e.to_string())?;
        sqlx::raw_sql("begin isolation level repeatable read, read only")
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
        let snapshot_id: String =
            sqlx::query_scalar("select pg_export_snapshot()").fetch_one(&mut conn).await.map_err(|e| e.to_string())?;
        let started = Utc::now();
        let id = started.format("%Y-%m-%dT%H-%M-%S%.3fZ").to_string();
        let read = async {
            let version = snapshot::server_version(&mut conn).await?;
            let heads = snapshot::migration_heads(&mut conn).await?;
            let tables = snapshot::tables(&mut conn).await?;
            let manifest = snapshot::manifest(&mut conn).await?;
            Ok::<_, sqlx::Error>((version, heads, tables, manifest))
        };
        let (postgres_version, migrations, tables, manifest) =
            read.await.map_err(|e| format!("cannot read the snapshot: {e}"))?;
        // The exporting transaction stays open until pg_dump has finished with its snapshot.
        let dump = self.dump(&tools, &reader, &snapshot_id, &id).await;
        let _ = sqlx::raw_sql("commit").execute(&mut conn).await;
        let _ = conn.close().await;
        let dump = dump?;
        let files = self.copy_files(&id, &manifest).await?;
        let meta = Meta {
            format: FORMAT,
            id: id.clone(),
            kind: kind.to_string(),
            started_at: started.to_rfc3339(),
            finished_at: Utc::now().to_rfc3339(),
            database: self.database(),
            postgres_version,
            pg_dump_version: tools.dump_version().await,
            migrations,
            dump,
            encryption: (!self.settings.recipients.is_empty()).then(|| Encryption {
                kind: "age".into(),
                recipients: self.settings.recipients.iter().map(ToString::to_string).collect(),
            }),
            tables,
            files,
        };
        let json = serde_json::to_vec_pretty(&meta).map_err(|e| e.to_string())?;
        self.store.put_small(&id, META, Bytes::from(json)).await.map_err(|e| format!("backup store: {e}"))?;
        tracing::info!(backup = %id, size = meta.dump.size, tables = meta.tables.len(), files = meta.files.count, "backup complete");
        Ok(meta)
    }

    /// `backup_reader` with a new password valid for a day (no password to configure or
    /// leak: each backup sets its own).
    async fn reader_login(&self, admin: &mut PgConnection) -> Result<DbTarget, String> {
        let password = hex::encode(rand::random::<[u8; 24]>());
        let statement: String = sqlx::query_scalar(
            "select format('alter role backup_reader password %L valid until %L', $1::text, (now() + interval '1 day')::text)",
        )
        .bind(&password)
        .fetch_one(&mut *admin)
        .await
        .map_err(|e| e.to_string())?;
        // The role is the cluster's: two databases' backups at once (tests share a cluster) can
        // meet PostgreSQL's "tuple concurrently updated" on it; the change is tried again.
        let mut attempt = 0;
        loop {
            match sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone())).execute(&mut *admin).await {
                Ok(_) => break,
                Err(e) if attempt < 4 && e.to_string().contains("tuple concurrently updated") => {
                    attempt += 1;
                    tokio::time::sleep(std::time::Duration::from_millis(50 * attempt)).await;
                }
                Err(e) => return Err(format!("cannot prepare the backup_reader role: {e}")),
            }
        }
        Ok(self.admin.with_login("backup_reader", Some(&password)))
    }

    /// Streams `pg_dump -Fc` to the store (encrypted when recipients are set).
    async fn dump(
        &self,
        tools: &super::tools::PgTools,
        reader: &DbTarget,
        snapshot_id: &str,
        id: &str,
    ) -> Result<Dump, String> {
        let encrypted = !self.settings.recipients.is_empty();
        let name = if encrypted { "dump.pgc.age" } else { "dump.pgc" };
        let mut child = tools
            .dump_command(reader)
            .args(["--format=custom", "--no-password"])
            .arg(format!("--snapshot={snapshot_id}"))
            .arg(format!("--lock-wait-timeout={}ms", self.settings.dump_lock_wait.as_millis()))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot run pg_dump: {e}"))?;
        let (Some(mut stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
            return Err("pg_dump's output is not a pipe".into());
        };
        let errors = tokio::spawn(async move {
            let mut text = Vec::new();
            let _ = stderr.read_to_end(&mut text).await;
            text
        });
        let mut upload = self.store.upload(id, name).await.map_err(|e| format!("backup store: {e}"))?;
        let mut sealer = Sealer::new(&self.settings.recipients)?;
        let (mut archive_hash, mut stored_hash, mut size) = (Sha256::new(), Sha256::new(), 0u64);
        let mut buffer = vec![0u8; 256 * 1024];
        let streamed: Result<(), String> = async {
            loop {
                let n = stdout.read(&mut buffer).await.map_err(|e| format!("reading pg_dump: {e}"))?;
                let last = n == 0;
                let stored = if last {
                    std::mem::replace(&mut sealer, Sealer::new(&[])?).finish()?
                } else {
                    let chunk = buffer.get(..n).unwrap_or_default();
                    archive_hash.update(chunk);
                    sealer.push(chunk)?
                };
                if !stored.is_empty() {
                    stored_hash.update(&stored);
                    size += stored.len() as u64;
                    upload.write(&stored).await.map_err(|e| format!("backup store: {e}"))?;
                }
                if last {
                    return Ok(());
                }
            }
        }
        .await;
        let status = child.wait().await.map_err(|e| format!("pg_dump: {e}"))?;
        let stderr = errors.await.unwrap_or_default();
        if let Err(error) = streamed {
            upload.abort().await;
            return Err(error);
        }
        if !status.success() {
            upload.abort().await;
            return Err(format!("pg_dump failed: {}", super::tools::first_line(&stderr)));
        }
        upload.finish().await.map_err(|e| format!("backup store: {e}"))?;
        Ok(Dump {
            name: name.to_string(),
            size,
            sha256: hex::encode(stored_hash.finalize()),
            archive_sha256: hex::encode(archive_hash.finalize()),
        })
    }

    /// Copies the bytes of every version the manifest names that the backup store lacks, and
    /// stores the manifest.
    async fn copy_files(&self, id: &str, manifest: &[ManifestEntry]) -> Result<Files, String> {
        let encrypted = !self.settings.recipients.is_empty();
        let have: HashSet<String> =
            self.store.file_versions().await.map_err(|e| format!("backup store: {e}"))?.into_iter().collect();
        let mut versions: Vec<String> = manifest.iter().map(|e| e.version.clone()).collect();
        versions.sort();
        versions.dedup();
        let mut missing = Vec::new();
        for version in &versions {
            if have.contains(version) {
                continue;
            }
            let bytes = match self.files.read_all(version).await {
                Ok(bytes) => bytes,
                Err(object_store::Error::NotFound { .. }) => {
                    missing.push(version.clone());
                    continue;
                }
                Err(error) => return Err(format!("cannot read stored file {version}: {error}")),
            };
            let sealed = if encrypted { seal_all(&self.settings.recipients, &bytes)? } else { bytes.to_vec() };
            self.store
                .put_at(&BackupStore::file_key(version, encrypted), Bytes::from(sealed))
                .await
                .map_err(|e| format!("backup store: {e}"))?;
        }
        if !missing.is_empty() {
            tracing::warn!(
                count = missing.len(),
                "stored files named by storage.objects are missing from the file store"
            );
        }
        let manifest_name = if encrypted { "files.json.age" } else { "files.json" };
        let json = serde_json::to_vec(manifest).map_err(|e| e.to_string())?;
        let sealed = if encrypted { seal_all(&self.settings.recipients, &json)? } else { json };
        self.store.put_small(id, manifest_name, Bytes::from(sealed)).await.map_err(|e| format!("backup store: {e}"))?;
        Ok(Files {
            manifest: manifest_name.into(),
            count: manifest.len() as u64,
            bytes: manifest.iter().filter_map(|e| e.size).map(|s| s.max(0).unsigned_abs()).sum(),
            versions,
            missing,
        })
    }
}
