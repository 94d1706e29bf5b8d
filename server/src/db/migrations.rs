//! Forward-only migrations with checksums, then idempotent policies.
//!
//! Applied migrations are recorded in `server_meta.migrations` with the SHA-256 of their
//! text; a recorded migration whose file changed afterwards stops the start-up with an error
//! naming the file. Policies are re-applied on every start, in file-name order, in one
//! transaction.

use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection, Row};

use super::sql_files::SqlFile;

#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    #[error(
        "migration {file} was edited after it was applied (recorded checksum {recorded}, file checksum {current}); \
         applied migrations are never changed: add a new migration instead"
    )]
    Edited { file: String, recorded: String, current: String },
    #[error("the database has migration {file} applied, which this server does not have (is it an older version?)")]
    Unknown { file: String },
    #[error("migration {file} failed: {message}")]
    MigrationFailed { file: String, message: String },
    #[error("policy file {file} failed: {message}")]
    PolicyFailed { file: String, message: String },
    #[error("database error while migrating: {0}")]
    Database(#[from] sqlx::Error),
}

/// What a run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MigrationReport {
    pub applied: Vec<String>,
    pub already_applied: usize,
    pub policies: usize,
}

pub fn checksum(sql: &str) -> String {
    hex::encode(Sha256::digest(sql.as_bytes()))
}

const CREATE_LEDGER: &str = "
create schema if not exists server_meta;
create table if not exists server_meta.migrations (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
);
comment on table server_meta.migrations is 'Migrations applied by the server, with the SHA-256 of each file.';
";

/// Applies every migration not applied yet, then every policy file. The caller holds the
/// bootstrap lock.
pub async fn apply(
    conn: &mut PgConnection,
    migrations: &[SqlFile<'_>],
    policies: &[SqlFile<'_>],
) -> Result<MigrationReport, MigrationError> {
    sqlx::raw_sql(CREATE_LEDGER).execute(&mut *conn).await?;
    let recorded: Vec<(String, String)> =
        sqlx::query("select name, checksum from server_meta.migrations order by name")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|row| (row.get("name"), row.get("checksum")))
            .collect();

    for (name, recorded_checksum) in &recorded {
        match migrations.iter().find(|m| m.name == name) {
            None => return Err(MigrationError::Unknown { file: name.clone() }),
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

    let mut report = MigrationReport { already_applied: recorded.len(), ..Default::default() };
    for file in migrations {
        if recorded.iter().any(|(name, _)| name == file.name) {
            continue;
        }
        let mut tx = conn.begin().await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(file.sql)).execute(&mut *tx).await.map_err(|e| {
            MigrationError::MigrationFailed { file: file.name.to_string(), message: database_message(&e) }
        })?;
        sqlx::query("insert into server_meta.migrations (name, checksum) values ($1, $2)")
            .bind(file.name)
            .bind(checksum(file.sql))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        tracing::info!(file = file.name, "migration applied");
        report.applied.push(file.name.to_string());
    }

    let mut tx = conn.begin().await?;
    for file in policies {
        sqlx::raw_sql(sqlx::AssertSqlSafe(file.sql))
            .execute(&mut *tx)
            .await
            .map_err(|e| MigrationError::PolicyFailed { file: file.name.to_string(), message: database_message(&e) })?;
    }
    tx.commit().await?;
    report.policies = policies.len();
    Ok(report)
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
    fn checksums_change_with_a_single_character() {
        assert_ne!(checksum("select 1;"), checksum("select 2;"));
        assert_eq!(checksum("select 1;").len(), 64);
    }
}
