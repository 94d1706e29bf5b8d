//! Backups that are proven by restoring them.
//!
//! A backup is `pg_dump -Fc` run as `backup_reader` (a login role that bypasses row-level
//! security and can only read), in a snapshot exported by the same role's transaction, which
//! also records every table's row count and checksum, both migration heads and the storage
//! manifest; the stored files' bytes are copied beside it. Everything streams through
//! `object_store` (a directory or S3) under temporary keys renamed when complete, and
//! `meta.json`, written last, makes the backup exist ([`store`] describes the layout).
//!
//! A restore is two steps: [`Backups::restore_into`] checks the SHA-256 and `pg_restore
//! --list`, restores into a **new** database, puts back missing file bytes and verifies the
//! copy ([`verify`]); only [`switch::switch`] then repoints the service, by renaming databases,
//! so every replica follows and the old database is kept for BACKUP_KEEP_REPLACED_DAYS.
//! The weekly [`drill`] does the first step into a scratch database and records the result.

pub mod api;
pub mod cli;
pub mod create;
pub mod crypt;
pub mod drill;
pub mod jobs;
pub mod meta;
pub mod restore;
pub mod retention;
pub mod settings;
pub mod snapshot;
pub mod sql;
pub mod store;
pub mod switch;
pub mod target;
pub mod tools;
pub mod verify;

use std::path::PathBuf;

use settings::BackupSettings;
use store::BackupStore;
use target::DbTarget;
use tools::PgTools;

/// Advisory lock held by the connection that runs a backup, a restore or a switch.
pub const BACKUP_LOCK: i64 = 0x0068_7774_6261_636b;

/// Advisory lock a drill holds shared while it reads a backup; retention takes it exclusively
/// (without waiting) before it removes anything, so a backup is never pruned under a reader.
pub const BACKUP_READ_LOCK: i64 = 0x0068_7774_7265_6164;

/// Everything backups and restores need; built once per process.
#[derive(Clone)]
pub struct Backups {
    pub settings: BackupSettings,
    pub store: BackupStore,
    /// The storage service's byte store (its files are copied into backups).
    pub files: crate::storage::backend::Backend,
    /// The live database, as the role that migrates.
    pub admin: DbTarget,
    /// How requests log in (the restore check signs in as they do): as `authenticator` with
    /// this password (none on the embedded cluster), or as the admin role itself (an external
    /// database without AUTHENTICATOR_PASSWORD).
    pub authenticator_password: Option<String>,
    pub requests_as_admin: bool,
    pub tools: Result<PgTools, String>,
    /// Scratch space for downloads (DATA_DIR/tmp).
    pub data_dir: PathBuf,
    /// The schemas served over REST (every table in them must have row-level security).
    pub schemas: Vec<String>,
}

impl std::fmt::Debug for Backups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Backups").field("store", &self.store).field("admin", &self.admin).finish_non_exhaustive()
    }
}

impl Backups {
    pub fn tools(&self) -> Result<&PgTools, String> {
        self.tools.as_ref().map_err(Clone::clone)
    }

    /// The live database's name.
    pub fn database(&self) -> String {
        self.admin.database()
    }

    /// The role requests log in as, on `database`.
    pub fn request_login(&self, database: &str) -> DbTarget {
        let target = self.admin.with_database(database);
        if self.requests_as_admin {
            target
        } else {
            target.with_login("authenticator", self.authenticator_password.as_deref())
        }
    }

    /// A maintenance connection target (another database of the same cluster), for creating,
    /// renaming and dropping databases.
    pub fn maintenance(&self) -> DbTarget {
        let live = self.database();
        self.admin.with_database(if live == "postgres" { "template1" } else { "postgres" })
    }
}

impl Backups {
    /// Backups of the database `config` names (the embedded cluster's when `cluster`).
    pub fn from_config(
        config: &crate::config::Config,
        cluster: Option<&crate::db::embedded::EmbeddedCluster>,
    ) -> Result<Self, crate::startup_error::StartupError> {
        use crate::db::DatabaseSource;
        use crate::startup_error::StartupError;
        let (admin_url, authenticator_password, requests_as_admin) = match (&config.database, cluster) {
            (DatabaseSource::External { admin_url, authenticator_password }, _) => {
                (admin_url.clone(), authenticator_password.clone(), authenticator_password.is_none())
            }
            (DatabaseSource::Embedded, Some(cluster)) => {
                (cluster.url(crate::db::embedded::SUPERUSER, crate::db::APP_DATABASE), None, false)
            }
            (DatabaseSource::Embedded, None) => {
                return Err(StartupError::environment("the embedded cluster is not running"));
            }
        };
        let admin = DbTarget::parse(&admin_url).map_err(|e| StartupError::setting("DATABASE_URL", e))?;
        let store = BackupStore::open(&config.backup.store, &config.backup.prefix)
            .map_err(|e| StartupError::environment(format!("cannot open the backup store: {e}")))?;
        let files = crate::storage::backend::Backend::from_config(&config.storage.backend)
            .map_err(|e| StartupError::environment(format!("cannot open the storage backend: {e}")))?;
        Ok(Self {
            settings: config.backup.clone(),
            store,
            files,
            admin,
            authenticator_password,
            requests_as_admin,
            tools: PgTools::locate(config.pg_bin_dir.as_deref()),
            data_dir: config.data_dir.clone(),
            schemas: config.db_schemas.clone(),
        })
    }
}
