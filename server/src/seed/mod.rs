//! The seed: the accounts, generated files and SQL an app describes in SEED_DIR (its
//! `seed.toml` and `*.sql` files; else the copy embedded at build time), added to a database
//! that has none of its accounts yet. A fresh embedded data directory starts with it (unless
//! DEMO=0; never on an external DATABASE_URL), `server demo` adds it on request, and
//! `server db reset` rebuilds the development database with it.
//!
//! Files are written to the storage backend first and their `storage.objects` rows after, so a
//! row never names missing bytes. Then, in one transaction, the accounts (hashed like the auth
//! service's own; listed for the SQL in the temporary table `seed_accounts (id, email, label,
//! user_metadata)`), the files' rows and the SQL files in name order. The engine knows nothing
//! of what the app's tables are: the SQL does.

mod accounts;
mod files;
pub mod plan;

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};

use crate::db::sql_files::{SEED, SqlSet};
use crate::startup_error::StartupError;
use crate::storage::backend::Backend;
pub use plan::SeedPlan;

/// The app's seed: its data file and its SQL.
#[derive(Debug, Clone)]
pub struct Seed {
    pub plan: SeedPlan,
    pub sql: SqlSet,
}

impl Seed {
    /// SEED_DIR's `seed.toml` and `*.sql` files when it is a folder, else the embedded copy.
    pub fn load(seed_dir: Option<&std::path::Path>) -> Result<Self, StartupError> {
        let files = match seed_dir {
            Some(dir) => SqlSet::read_dir_with(dir, &["sql", "toml"]).map_err(StartupError::environment)?,
            None => SqlSet::embedded(SEED),
        };
        let plan = match files.files().iter().find(|f| f.name == plan::DATA_FILE) {
            Some(file) => SeedPlan::parse(file.sql).map_err(StartupError::environment)?,
            None => SeedPlan::default(),
        };
        let mut sql = files;
        sql.retain(|name| name.ends_with(".sql"));
        Ok(Self { plan, sql })
    }
}

/// What was added.
#[derive(Debug)]
pub struct SeedReport {
    /// (label, e-mail) of each account.
    pub accounts: Vec<(String, String)>,
    pub password: String,
    pub files: usize,
}

/// Adds the seed of SEED_DIR (or the embedded one) unless the database has it; `None` when it
/// had.
pub async fn apply_configured(
    config: &crate::config::Config,
    admin: &PgConnectOptions,
    backend: &Backend,
) -> Result<Option<SeedReport>, StartupError> {
    let seed = Seed::load(config.seed_dir.as_deref())?;
    apply(admin, backend, &seed).await.map_err(StartupError::environment)
}

/// Adds the seed unless the database has one of its accounts; `None` when it had.
pub async fn apply(admin: &PgConnectOptions, backend: &Backend, seed: &Seed) -> Result<Option<SeedReport>, String> {
    let mut conn = admin.clone().application_name("server-seed").connect().await.map_err(db_error)?;
    if accounts::any_exists(&mut conn, &seed.plan.accounts).await.map_err(db_error)? {
        return Ok(None);
    }
    let stored = files::store_all(backend, &seed.plan.files).await?;
    let prepared = accounts::prepare(&seed.plan).await?;
    let result: Result<(), sqlx::Error> = async {
        let mut tx = conn.begin().await?;
        accounts::insert_all(&mut tx, &prepared).await?;
        for file in &stored {
            files::insert_row(&mut tx, file).await?;
        }
        for file in seed.sql.files() {
            sqlx::raw_sql(sqlx::AssertSqlSafe(file.sql)).execute(&mut *tx).await?;
        }
        tx.commit().await
    }
    .await;
    if let Err(error) = result {
        // The rows were rolled back: the bytes go too.
        for file in &stored {
            let _ = backend.remove_version(&file.version).await;
        }
        return Err(db_error(error));
    }
    let _ = conn.close().await;
    Ok(Some(SeedReport {
        accounts: seed.plan.accounts.iter().map(|a| (a.label.clone(), a.email.clone())).collect(),
        password: seed.plan.password.clone(),
        files: stored.len(),
    }))
}

fn db_error(error: sqlx::Error) -> String {
    match error.as_database_error() {
        Some(db) => format!("demo content: {}", db.message()),
        None => format!("demo content: {error}"),
    }
}

/// The lines printed after the seed was added.
pub fn describe(report: &SeedReport) -> String {
    let password = if report.accounts.is_empty() {
        String::new()
    } else {
        format!("; every account's password is {}", report.password)
    };
    let mut text =
        format!("  demo:        {} accounts and {} files added{password}\n", report.accounts.len(), report.files);
    for (label, email) in &report.accounts {
        text.push_str(&format!("               {label:<24} {email}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_lists_each_account_with_the_password() {
        let report = SeedReport {
            accounts: vec![("admin".into(), "admin@demo.example.org".into())],
            password: "Example@2025".into(),
            files: 3,
        };
        assert_eq!(
            describe(&report),
            "  demo:        1 accounts and 3 files added; every account's password is Example@2025\n               \
             admin                    admin@demo.example.org\n"
        );
    }

    #[test]
    fn the_embedded_seed_parses() {
        let seed = Seed::load(None).unwrap();
        assert!(seed.sql.files().iter().all(|f| f.name.ends_with(".sql")));
    }
}
