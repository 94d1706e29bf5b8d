//! Backup settings: when backups and drills run, where backups go, their encryption and how
//! many are kept.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::scheduler::Schedule;
use crate::startup_error::StartupError;
use crate::storage::backend::StorageConfig;

#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// When the scheduled backup runs: a cron expression (minute hour day month weekday, or
    /// with seconds first) in SCHEDULER_TIMEZONE, or `off`.
    #[arg(long, env = "BACKUP_SCHEDULE", default_value = "30 2 * * *", global = true)]
    pub backup_schedule: String,

    /// When the restore drill runs (the latest backup restored into a scratch database and
    /// verified), or `off`.
    #[arg(long, env = "BACKUP_DRILL_SCHEDULE", default_value = "0 4 * * 0", global = true)]
    pub backup_drill_schedule: String,

    /// Time zone of every schedule (IANA name).
    #[arg(long, env = "SCHEDULER_TIMEZONE", default_value = "Asia/Kolkata", global = true)]
    pub scheduler_timezone: String,

    /// Where backups are kept: `local` (BACKUP_DIR) or `s3` (BACKUP_S3_BUCKET, reached with
    /// the S3_* settings).
    #[arg(long, env = "BACKUP_STORE", value_enum, default_value_t = BackupStoreKind::Local, global = true)]
    pub backup_store: BackupStoreKind,

    /// Directory of local backups. Default: DATA_DIR/backups. Put it on another disk.
    #[arg(long, env = "BACKUP_DIR", global = true)]
    pub backup_dir: Option<PathBuf>,

    /// Bucket of S3 backups (default: S3_BUCKET, under BACKUP_S3_PREFIX).
    #[arg(long, env = "BACKUP_S3_BUCKET", global = true)]
    pub backup_s3_bucket: Option<String>,

    /// Key prefix of S3 backups; never the storage service's own `objects/` or `renders/`.
    #[arg(long, env = "BACKUP_S3_PREFIX", default_value = "backups", global = true)]
    pub backup_s3_prefix: String,

    /// age public keys (age1…, comma-separated): backups are encrypted to them when set.
    #[arg(long, env = "BACKUP_AGE_RECIPIENTS", global = true)]
    pub backup_age_recipients: Option<String>,

    /// File with the age identity (AGE-SECRET-KEY-1…) that decrypts backups, for restores and
    /// drills. Keep a copy away from the server: without it, encrypted backups are lost.
    #[arg(long, env = "BACKUP_AGE_IDENTITY_FILE", global = true)]
    pub backup_age_identity_file: Option<PathBuf>,

    /// Daily backups kept (the newest of each day).
    #[arg(long, env = "BACKUP_KEEP_DAILY", default_value_t = 7, global = true)]
    pub backup_keep_daily: u32,

    /// Weekly backups kept (the newest of each ISO week).
    #[arg(long, env = "BACKUP_KEEP_WEEKLY", default_value_t = 4, global = true)]
    pub backup_keep_weekly: u32,

    /// Monthly backups kept (the newest of each month).
    #[arg(long, env = "BACKUP_KEEP_MONTHLY", default_value_t = 12, global = true)]
    pub backup_keep_monthly: u32,

    /// Days a database replaced by a restore is kept before it is dropped.
    #[arg(long, env = "BACKUP_KEEP_REPLACED_DAYS", default_value_t = 7, global = true)]
    pub backup_keep_replaced_days: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackupStoreKind {
    Local,
    S3,
}

/// How many backups of each kind retention keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    pub daily: u32,
    pub weekly: u32,
    pub monthly: u32,
}

#[derive(Clone)]
pub struct BackupSettings {
    pub schedule: Option<Schedule>,
    pub drill_schedule: Option<Schedule>,
    pub time_zone: String,
    /// Where backups go: a directory, or a bucket (with `prefix`).
    pub store: StorageConfig,
    pub prefix: String,
    pub recipients: Vec<age::x25519::Recipient>,
    pub identity_file: Option<PathBuf>,
    pub retention: Retention,
    pub keep_replaced: Duration,
    /// How long pg_dump waits for each table's lock before the backup gives up (a migration's
    /// DDL queued on a table the backup has read): see [`DUMP_LOCK_WAIT`].
    pub dump_lock_wait: Duration,
}

/// pg_dump's `--lock-wait-timeout`. The backup's snapshot transaction has read every table
/// (their counts and checksums) and holds their ACCESS SHARE locks until pg_dump is done, so DDL
/// such as `server migrate`'s waits for it; pg_dump's own LOCK TABLE then queues behind that
/// DDL. PostgreSQL cannot see that the snapshot's session waits for pg_dump, so the three would
/// wait for ever (and every request on the table behind them). With a bound, the dump gives up,
/// the snapshot ends, the DDL goes through, and the next scheduled backup runs as usual.
pub const DUMP_LOCK_WAIT: Duration = Duration::from_secs(10);

impl std::fmt::Debug for BackupSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackupSettings")
            .field("schedule", &self.schedule.as_ref().map(Schedule::describe))
            .field("store", &self.store)
            .field("encrypted", &!self.recipients.is_empty())
            .field("retention", &self.retention)
            .finish_non_exhaustive()
    }
}

impl BackupArgs {
    /// Checks the settings; `files` is the storage service's own backend (an S3 backup store
    /// borrows its endpoint and keys, and must not share its keys).
    pub fn validate(self, data_dir: &Path, files: &StorageConfig) -> Result<BackupSettings, StartupError> {
        let zone = self.scheduler_timezone.trim().to_string();
        let schedule = |text: &str, setting: &'static str| -> Result<Option<Schedule>, StartupError> {
            if text.trim().eq_ignore_ascii_case("off") {
                return Ok(None);
            }
            Schedule::parse(text, &zone).map(Some).map_err(|e| StartupError::setting(setting, e))
        };
        let backup_schedule = schedule(&self.backup_schedule, "BACKUP_SCHEDULE")?;
        let drill_schedule = schedule(&self.backup_drill_schedule, "BACKUP_DRILL_SCHEDULE")?;
        if backup_schedule.is_none() && drill_schedule.is_none() {
            // Both off is allowed; the zone is still checked for `server backup`.
            Schedule::parse("0 0 * * *", &zone).map_err(|e| StartupError::setting("SCHEDULER_TIMEZONE", e))?;
        }
        let prefix = self.backup_s3_prefix.trim_matches('/').to_string();
        let store = match self.backup_store {
            BackupStoreKind::Local => StorageConfig::Local {
                root: match self.backup_dir.filter(|d| !d.as_os_str().is_empty()) {
                    Some(dir) => std::path::absolute(&dir)
                        .map_err(|e| StartupError::setting("BACKUP_DIR", format!("cannot be resolved: {e}")))?,
                    None => data_dir.join("backups"),
                },
            },
            BackupStoreKind::S3 => {
                let StorageConfig::S3 { endpoint, region, bucket, access_key_id, secret_access_key } = files else {
                    return Err(StartupError::setting(
                        "BACKUP_STORE",
                        "s3 needs the S3_* settings (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) and STORAGE_BACKEND=s3",
                    ));
                };
                let backup_bucket = self.backup_s3_bucket.filter(|b| !b.is_empty()).unwrap_or_else(|| bucket.clone());
                if backup_bucket == *bucket && (prefix.is_empty() || ["objects", "renders"].contains(&prefix.as_str()))
                {
                    return Err(StartupError::setting(
                        "BACKUP_S3_PREFIX",
                        "must name a prefix of its own (not empty, objects or renders) when backups share S3_BUCKET",
                    ));
                }
                StorageConfig::S3 {
                    endpoint: endpoint.clone(),
                    region: region.clone(),
                    bucket: backup_bucket,
                    access_key_id: access_key_id.clone(),
                    secret_access_key: secret_access_key.clone(),
                }
            }
        };
        let recipients = match self.backup_age_recipients.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => Vec::new(),
            Some(list) => list
                .split(',')
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(|r| {
                    age::x25519::Recipient::from_str(r).map_err(|e| {
                        StartupError::setting("BACKUP_AGE_RECIPIENTS", format!("{r} is not an age public key: {e}"))
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let identity_file = self.backup_age_identity_file.filter(|p| !p.as_os_str().is_empty());
        if let Some(file) = &identity_file
            && !file.is_file()
        {
            return Err(StartupError::setting("BACKUP_AGE_IDENTITY_FILE", format!("{} is not a file", file.display())));
        }
        if !recipients.is_empty() && identity_file.is_none() {
            tracing::warn!(
                "BACKUP_AGE_RECIPIENTS is set without BACKUP_AGE_IDENTITY_FILE: backups are encrypted, but restores and \
                 drills on this server cannot read them"
            );
        }
        Ok(BackupSettings {
            schedule: backup_schedule,
            drill_schedule,
            time_zone: zone,
            store,
            prefix,
            recipients,
            identity_file,
            retention: Retention {
                daily: self.backup_keep_daily,
                weekly: self.backup_keep_weekly,
                monthly: self.backup_keep_monthly,
            },
            keep_replaced: Duration::from_secs(u64::from(self.backup_keep_replaced_days) * 86_400),
            dump_lock_wait: DUMP_LOCK_WAIT,
        })
    }
}
