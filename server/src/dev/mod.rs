//! `server db …`: the developer's loop on the app's SQL, in the spirit of the Supabase CLI's
//! `db` commands: `lint`, `test`, `new NAME`, `reset`, `watch`.

pub mod lint;
pub mod new_migration;
pub mod pgtap;
pub mod reset;
pub mod scratch;
pub mod watch;

use std::path::{Path, PathBuf};

use crate::cli::DbCommand;
use crate::config::Config;
use crate::startup_error::StartupError;

pub fn run(command: DbCommand, config: Config) -> Result<(), StartupError> {
    match command {
        DbCommand::Lint => lint::run(&config),
        DbCommand::Test { files } => pgtap::run(&config, &files),
        DbCommand::New { name } => new_migration::run(&config, &name.join(" ")),
        DbCommand::Reset => reset::run(config),
        DbCommand::Watch => crate::serve::serve_with(config, true),
    }
}

/// The app's policies folder, which the lints and the pgTAP suite live in.
fn policies_dir(config: &Config) -> Result<&Path, StartupError> {
    config.policies_dir.as_deref().ok_or_else(|| {
        StartupError::setting("POLICIES_DIR", "is not set and there is no ./policies folder: run from the project")
    })
}

/// `*.sql` files of `dir` whose name passes `keep`, in name order (none when it cannot be read).
fn sql_files_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut files = crate::db::listing::files_in(dir, &["sql"]).unwrap_or_default();
    files.retain(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&keep));
    files
}

fn build_runtime() -> Result<tokio::runtime::Runtime, StartupError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| StartupError::environment(format!("cannot start the async runtime: {e}")))
}
