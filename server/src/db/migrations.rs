//! Forward-only migrations with checksums, in two histories, then the app's idempotent
//! functions and policies.
//!
//! The platform's migrations (`server/migrations/`: roles' helpers, `auth`, `storage`, `push`)
//! and the app's (`migrations/`) are two histories, each recorded in `server_meta.migrations`
//! under its own name (`platform`, `app`) with the SHA-256 of each file, and each applied in
//! file-name order, the platform's first. A recorded migration whose file changed afterwards,
//! or that the server no longer has, stops the start-up with an error naming the file.
//! The app's functions (`functions/`: stored functions, views, triggers) and policies are
//! re-applied on every start after the migrations, each folder in file-name order, functions
//! first, all in one transaction: what they define always matches the files.
//!
//! A database made before the split recorded every migration in one history: its ledger gains
//! the `history` column once, and the rows of the platform's files move to `platform`.

use std::time::Duration;

use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection, Row};

use super::sql_files::SqlFile;

/// The two histories, in the order they are applied.
pub const PLATFORM: &str = "platform";
pub const APP: &str = "app";

#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    #[error(
        "migration {file} was edited after it was applied (recorded checksum {recorded}, file checksum {current}); \
         applied migrations are never changed: undo the edit and put the change in a new migration \
         (`server db new …`), or, on a development database, rebuild it from the files with `server db reset`"
    )]
    Edited { file: String, recorded: String, current: String },
    #[error(
        "the database has {history} migration {file} applied, which this server does not have (is it an older \
         version, or does MIGRATIONS_DIR point at another project?)"
    )]
    Unknown { history: String, file: String },
    #[error(
        "the app's migration {file} has the name of one of the platform's (server/migrations); the platform's \
         migrations are not part of MIGRATIONS_DIR: remove it from there"
    )]
    PlatformFileInApp { file: String },
    #[error(
        "the database lacks migration {file} of this server and MIGRATE_ON_START is false: run `server migrate` \
         with this version first"
    )]
    NotApplied { file: String },
    #[error("migration {file} failed: {message}")]
    MigrationFailed { file: String, message: String },
    #[error("{folder} file {file} failed: {message}")]
    DefinitionFailed { folder: &'static str, file: String, message: String },
    #[error("database error while migrating: {0}")]
    Database(#[from] sqlx::Error),
}

/// The files of one bootstrap: the platform's migrations, the app's migrations, the app's
/// functions and policies.
#[derive(Debug, Clone, Copy)]
pub struct SqlBundle<'a> {
    pub platform: &'a [SqlFile<'a>],
    pub app: &'a [SqlFile<'a>],
    pub functions: &'a [SqlFile<'a>],
    pub policies: &'a [SqlFile<'a>],
}

impl SqlBundle<'_> {
    /// No file at all: the API roles only.
    pub const EMPTY: SqlBundle<'static> = SqlBundle { platform: &[], app: &[], functions: &[], policies: &[] };
}

/// What a run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MigrationReport {
    /// Migrations applied by this run, platform's first.
    pub applied: Vec<String>,
    /// Migrations found applied already (both histories).
    pub already_applied: usize,
    /// Function and policy files re-applied.
    pub functions: usize,
    pub policies: usize,
    /// Migrations the database has from a newer server (nothing was applied).
    pub ahead: Vec<String>,
}

pub fn checksum(sql: &str) -> String {
    hex::encode(Sha256::digest(sql.as_bytes()))
}

const CREATE_LEDGER: &str = "
create schema if not exists server_meta;
create table if not exists server_meta.migrations (
    history text not null default 'app' check (history in ('platform', 'app')),
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now(),
    primary key (history, name)
);
comment on table server_meta.migrations is
  'Migrations applied by the server, per history (platform: server/migrations, app: migrations/), with the SHA-256 of each file.';
";

/// The ledger of a database made before the split has no `history` column: add it, every row
/// in `app`, then move the platform's files (`$1`, their names) to `platform`.
const UPGRADE_LEDGER: &str = "
alter table server_meta.migrations
  add column history text not null default 'app' check (history in ('platform', 'app'));
alter table server_meta.migrations drop constraint migrations_pkey;
alter table server_meta.migrations add primary key (history, name);
";

/// Applies every migration not applied yet (the platform's, then the app's), then every
/// function and policy file. The caller holds the bootstrap lock.
pub async fn apply(conn: &mut PgConnection, files: SqlBundle<'_>) -> Result<MigrationReport, MigrationError> {
    if let Some(file) = files.app.iter().find(|f| files.platform.iter().any(|p| p.name == f.name)) {
        return Err(MigrationError::PlatformFileInApp { file: file.name.to_string() });
    }
    upgrade_single_history_ledger(conn, files.platform).await?;
    sqlx::raw_sql(CREATE_LEDGER).execute(&mut *conn).await?;

    let mut report = MigrationReport::default();
    for (history, migrations) in [(PLATFORM, files.platform), (APP, files.app)] {
        apply_history(conn, history, migrations, &mut report).await?;
    }

    apply_definitions(conn, files.functions, files.policies).await?;
    (report.functions, report.policies) = (files.functions.len(), files.policies.len());
    Ok(report)
}

/// The migrations the database has that this server does not, when they all come after this
/// server's last one in their history (the database is ahead: a newer server migrated it).
/// Empty when there are none. Unknown migrations in the middle of a history are
/// [`MigrationError::Unknown`] (another project, or an edited history).
pub async fn newer_in_database(conn: &mut PgConnection, files: SqlBundle<'_>) -> Result<Vec<String>, MigrationError> {
    let ledger: Option<String> =
        sqlx::query_scalar("select to_regclass('server_meta.migrations')::text").fetch_one(&mut *conn).await?;
    let has_history: bool = sqlx::query_scalar(
        "select exists (select from pg_attribute where attrelid = to_regclass('server_meta.migrations')
                          and attname = 'history' and not attisdropped)",
    )
    .fetch_one(&mut *conn)
    .await?;
    if ledger.is_none() || !has_history {
        return Ok(Vec::new());
    }
    let mut newer = Vec::new();
    for (history, migrations) in [(PLATFORM, files.platform), (APP, files.app)] {
        let recorded: Vec<String> =
            sqlx::query_scalar("select name from server_meta.migrations where history = $1 order by name")
                .bind(history)
                .fetch_all(&mut *conn)
                .await?;
        let last = migrations.iter().map(|m| m.name).max().unwrap_or("");
        for name in recorded {
            if migrations.iter().any(|m| m.name == name) {
                continue;
            }
            if name.as_str() > last {
                newer.push(format!("{history}/{name}"));
            } else {
                return Err(MigrationError::Unknown { history: history.to_string(), file: name });
            }
        }
    }
    Ok(newer)
}

/// Checks that every migration of `files` is applied with the same checksum (or that the
/// database is ahead of them); applies nothing.
pub async fn check_applied(conn: &mut PgConnection, files: SqlBundle<'_>) -> Result<(), MigrationError> {
    newer_in_database(conn, files).await?;
    for (history, migrations) in [(PLATFORM, files.platform), (APP, files.app)] {
        // A migration with no SQL yet is not applied (apply_history), so not waited for.
        for file in migrations.iter().filter(|m| has_statements(m.sql)) {
            let recorded: Option<String> =
                sqlx::query_scalar("select checksum from server_meta.migrations where history = $1 and name = $2")
                    .bind(history)
                    .bind(file.name)
                    .fetch_optional(&mut *conn)
                    .await
                    .or_else(|e| match e.as_database_error().and_then(|d| d.code()).as_deref() {
                        Some("42P01") => Ok(None),
                        _ => Err(e),
                    })?;
            match recorded {
                None => return Err(MigrationError::NotApplied { file: format!("{history}/{}", file.name) }),
                Some(sum) if sum != checksum(file.sql) => {
                    return Err(MigrationError::Edited {
                        file: file.name.to_string(),
                        recorded: sum,
                        current: checksum(file.sql),
                    });
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

/// How long one attempt (a migration file, or the functions and policies) may wait for a
/// table's lock. On a live database (a rolling upgrade: `server migrate` beside serving
/// replicas, a backup's dump, a long report) DDL that waits for a lock makes every later request
/// on that table wait behind it: an attempt gives up after this, rolls back and is tried again a
/// moment later, so no request queues behind it for longer.
pub const LOCK_WAIT_PER_ATTEMPT: Duration = Duration::from_secs(2);

/// Attempts bounded by [`LOCK_WAIT_PER_ATTEMPT`] (about a minute with their pauses); the last
/// one waits as long as it takes, so an upgrade always ends.
const ATTEMPTS: u32 = 12;

/// The pause after failed attempt `attempt` (from 1): 0.25, 0.5, 1, 2, then 4 s.
fn pause_after(attempt: u32) -> Duration {
    Duration::from_millis(250u64 << attempt.saturating_sub(1).min(4))
}

/// After failed bounded attempt `attempt` (from 1) met a lock (a lock wait past the bound, a
/// deadlock: nothing was changed, see [`is_lock_conflict`]): says so, and waits before the next.
async fn pause_for_retry(what: &str, attempt: u32, error: &MigrationError) {
    let pause = pause_after(attempt);
    tracing::warn!(
        what,
        attempt,
        %error,
        retry_in_ms = u64::try_from(pause.as_millis()).unwrap_or(u64::MAX),
        "live requests hold a lock this needs; rolled back, trying again"
    );
    tokio::time::sleep(pause).await;
}

/// Bounds the lock waits of the transaction `tx` (see [`LOCK_WAIT_PER_ATTEMPT`]).
async fn bound_lock_waits(tx: &mut PgConnection) -> Result<(), sqlx::Error> {
    let statement = format!("set local lock_timeout = '{}ms'", LOCK_WAIT_PER_ATTEMPT.as_millis());
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement)).execute(tx).await.map(|_| ())
}

/// Re-applies the functions, then the policies, in one transaction (nothing changes when a
/// file fails). On a live database a policy's DROP and CREATE wait for the tables' locks, and a
/// request holding one table while it waits for another can deadlock with them: PostgreSQL
/// then cancels one side, often this transaction. Nothing was changed, so it is tried again,
/// as a lock wait past [`LOCK_WAIT_PER_ATTEMPT`] is.
pub async fn apply_definitions(
    conn: &mut PgConnection,
    functions: &[SqlFile<'_>],
    policies: &[SqlFile<'_>],
) -> Result<(), MigrationError> {
    let mut attempt = 1;
    loop {
        let bounded = attempt < ATTEMPTS;
        match apply_definitions_once(conn, functions, policies, bounded).await {
            Err((error, true)) if bounded => pause_for_retry("the functions and policies", attempt, &error).await,
            result => return result.map_err(|(error, _)| error),
        }
        attempt += 1;
    }
}

/// One try; an error says whether it was a lock conflict, worth a retry.
async fn apply_definitions_once(
    conn: &mut PgConnection,
    functions: &[SqlFile<'_>],
    policies: &[SqlFile<'_>],
    bounded: bool,
) -> Result<(), (MigrationError, bool)> {
    let mut tx = conn.begin().await.map_err(|e| (MigrationError::from(e), false))?;
    if bounded {
        bound_lock_waits(&mut tx).await.map_err(|e| (MigrationError::from(e), false))?;
    }
    for (folder, files) in [("functions", functions), ("policies", policies)] {
        for file in files {
            sqlx::raw_sql(sqlx::AssertSqlSafe(file.sql)).execute(&mut *tx).await.map_err(|e| {
                let retry = is_lock_conflict(&e);
                (
                    MigrationError::DefinitionFailed {
                        folder,
                        file: file.name.to_string(),
                        message: database_message(&e),
                    },
                    retry,
                )
            })?;
        }
    }
    tx.commit().await.map_err(|e| {
        let retry = is_lock_conflict(&e);
        (MigrationError::from(e), retry)
    })
}

/// 40P01 deadlock_detected, 40001 serialization_failure, 55P03 lock_not_available (the
/// attempt's lock_timeout).
fn is_lock_conflict(error: &sqlx::Error) -> bool {
    matches!(error.as_database_error().and_then(|db| db.code()).as_deref(), Some("40P01" | "40001" | "55P03"))
}

async fn upgrade_single_history_ledger(
    conn: &mut PgConnection,
    platform: &[SqlFile<'_>],
) -> Result<(), MigrationError> {
    let single: bool = sqlx::query_scalar(
        "select to_regclass('server_meta.migrations') is not null
            and not exists (select from pg_attribute
                             where attrelid = to_regclass('server_meta.migrations')
                               and attname = 'history' and not attisdropped)",
    )
    .fetch_one(&mut *conn)
    .await?;
    if !single {
        return Ok(());
    }
    let names: Vec<String> = platform.iter().map(|f| f.name.to_string()).collect();
    let mut tx = conn.begin().await?;
    sqlx::raw_sql(UPGRADE_LEDGER).execute(&mut *tx).await?;
    let moved = sqlx::query("update server_meta.migrations set history = 'platform' where name = any($1)")
        .bind(&names)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    tracing::info!(platform = moved, "migration ledger split into the platform's and the app's histories");
    Ok(())
}

async fn apply_history(
    conn: &mut PgConnection,
    history: &str,
    migrations: &[SqlFile<'_>],
    report: &mut MigrationReport,
) -> Result<(), MigrationError> {
    let recorded: Vec<(String, String)> =
        sqlx::query("select name, checksum from server_meta.migrations where history = $1 order by name")
            .bind(history)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|row| (row.get("name"), row.get("checksum")))
            .collect();

    for (name, recorded_checksum) in &recorded {
        match migrations.iter().find(|m| m.name == name) {
            None => return Err(MigrationError::Unknown { history: history.to_string(), file: name.clone() }),
            Some(file) => {
                let current = checksum(file.sql);
                if &current != recorded_checksum {
                    return Err(MigrationError::Edited {
                        file: name.clone(),
                        recorded: recorded_checksum.clone(),
                        current,
                    });
                }
            }
        }
    }

    report.already_applied += recorded.len();
    for file in migrations {
        if recorded.iter().any(|(name, _)| name == file.name) {
            continue;
        }
        if !has_statements(file.sql) {
            // `server db new` wrote it and nothing is in it yet: applied once it has SQL.
            tracing::warn!(history, file = file.name, "migration not applied: it has no SQL yet");
            continue;
        }
        let mut attempt = 1;
        loop {
            let bounded = attempt < ATTEMPTS;
            match apply_file_once(conn, history, file, bounded).await {
                Err((error, true)) if bounded => pause_for_retry(file.name, attempt, &error).await,
                result => break result.map_err(|(error, _)| error)?,
            }
            attempt += 1;
        }
        tracing::info!(history, file = file.name, "migration applied");
        report.applied.push(file.name.to_string());
    }
    Ok(())
}

/// One try at one migration file, in a transaction with its ledger row; an error says whether
/// it was a lock conflict, worth a retry.
async fn apply_file_once(
    conn: &mut PgConnection,
    history: &str,
    file: &SqlFile<'_>,
    bounded: bool,
) -> Result<(), (MigrationError, bool)> {
    let plain = |e: sqlx::Error| {
        let retry = is_lock_conflict(&e);
        (MigrationError::from(e), retry)
    };
    let mut tx = conn.begin().await.map_err(plain)?;
    if bounded {
        bound_lock_waits(&mut tx).await.map_err(plain)?;
    }
    sqlx::raw_sql(sqlx::AssertSqlSafe(file.sql)).execute(&mut *tx).await.map_err(|e| {
        let retry = is_lock_conflict(&e);
        (MigrationError::MigrationFailed { file: file.name.to_string(), message: database_message(&e) }, retry)
    })?;
    sqlx::query("insert into server_meta.migrations (history, name, checksum) values ($1, $2, $3)")
        .bind(history)
        .bind(file.name)
        .bind(checksum(file.sql))
        .execute(&mut *tx)
        .await
        .map_err(plain)?;
    tx.commit().await.map_err(plain)
}

/// Whether `sql` holds anything but comments, white space and semicolons.
pub fn has_statements(sql: &str) -> bool {
    let mut rest = sql;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        if let Some(comment) = rest.strip_prefix("--") {
            rest = comment.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(comment) = rest.strip_prefix("/*") {
            rest = comment.split_once("*/").map_or("", |(_, after)| after);
        } else {
            return !rest.is_empty();
        }
    }
}

/// The database's own words, on one line, with the position when it has one.
fn database_message(error: &sqlx::Error) -> String {
    match error.as_database_error() {
        Some(db) => {
            let pg = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>();
            match pg.and_then(|e| e.position()) {
                Some(sqlx::postgres::PgErrorPosition::Original(position)) => {
                    format!("{} (at character {position})", db.message())
                }
                _ => db.message().to_string(),
            }
        }
        None => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_alone_are_no_statement() {
        assert!(!has_statements(""));
        assert!(!has_statements("-- add venues\n--\n-- more words\n\n/* a\nblock */ ;\n"));
        assert!(has_statements("-- add venues\ncreate table v (id int);"));
        assert!(has_statements("/* x */ select 1"));
        assert!(has_statements("-- no newline at the end\nselect 1 -- trailing"));
    }

    #[test]
    fn checksums_change_with_a_single_character() {
        assert_ne!(checksum("select 1;"), checksum("select 2;"));
        assert_eq!(checksum("select 1;").len(), 64);
    }
}
