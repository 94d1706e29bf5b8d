//! Demo content: a living site for newcomers and browser tests. A fresh embedded data
//! directory starts with it (unless DEMO=0; never on an external DATABASE_URL), `server demo`
//! adds it to any database that has none yet, and `server db reset` rebuilds the development
//! database with it.
//!
//! It belongs to the app (this folder, `seed/`, beside `migrations/` and `policies/`).
//! Accounts are hashed like the auth service's own; files are written to the storage backend
//! first and their `storage.objects` rows after, so a row never names missing bytes; the rest
//! is the folder's SQL (`content.sql`), read at run time from SEED_DIR (else the copy embedded
//! at build time), in one transaction with the accounts and rows.

mod accounts;
mod files;

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};

use crate::db::sql_files::{SEED, SqlSet};
use crate::startup_error::StartupError;
use crate::storage::backend::Backend;

pub use accounts::{DEMO_PASSWORD, DemoAccount};

/// Every demo account's address ends with this: it marks a database that has the demo.
pub const DEMO_DOMAIN: &str = "demo.havyaka.org";

/// The seed's SQL: SEED_DIR's `*.sql` files when it is a folder, else the embedded copy.
pub fn content(seed_dir: Option<&std::path::Path>) -> Result<SqlSet, StartupError> {
    match seed_dir {
        Some(dir) => SqlSet::read_dir(dir).map_err(StartupError::environment),
        None => Ok(SqlSet::embedded(SEED)),
    }
}

/// What was added.
#[derive(Debug)]
pub struct DemoReport {
    pub accounts: Vec<DemoAccount>,
    pub files: usize,
}

/// Adds the demo content unless the database has it; `None` when it had.
pub async fn seed(admin: &PgConnectOptions, backend: &Backend, content: &SqlSet) -> Result<Option<DemoReport>, String> {
    let mut conn = admin.clone().application_name("server-demo").connect().await.map_err(db_error)?;
    let present: bool = sqlx::query_scalar("select exists (select from public.users where email like '%@' || $1)")
        .bind(DEMO_DOMAIN)
        .fetch_one(&mut conn)
        .await
        .map_err(db_error)?;
    if present {
        return Ok(None);
    }
    let stored = files::store_all(backend).await?;
    let accounts = accounts::prepare().await?;
    let result: Result<(), sqlx::Error> = async {
        let mut tx = conn.begin().await?;
        for account in &accounts {
            accounts::insert(&mut tx, account).await?;
        }
        for file in &stored {
            files::insert_row(&mut tx, file).await?;
        }
        for file in content.files() {
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
    Ok(Some(DemoReport { accounts: accounts.into_iter().map(|a| a.public()).collect(), files: stored.len() }))
}

fn db_error(error: sqlx::Error) -> String {
    match error.as_database_error() {
        Some(db) => format!("demo content: {}", db.message()),
        None => format!("demo content: {error}"),
    }
}

/// The lines printed after the demo was added.
pub fn describe(report: &DemoReport) -> String {
    let mut text = format!(
        "  demo:        {} accounts and {} files added; every account's password is {DEMO_PASSWORD}\n",
        report.accounts.len(),
        report.files
    );
    for account in &report.accounts {
        text.push_str(&format!("               {:<24} {}\n", account.user_type, account.email));
    }
    text
}
