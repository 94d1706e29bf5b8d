//! The command line: `serve` (default), `migrate`, `keys`, `vapid-keys`, `gen-types`, `backup`, and
//! `--help` for every setting.

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};

use crate::config::Settings;
use crate::startup_error::StartupError;

/// A Supabase-compatible platform: one server for the REST, auth, storage and push APIs and
/// the web app, on PostgreSQL, applying an app's SQL (migrations, functions, policies).
///
/// Every setting is a flag or an environment variable. With no DATABASE_URL the server
/// creates and runs a private PostgreSQL cluster inside DATA_DIR.
#[derive(Debug, Parser)]
#[command(name = "server", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Run the server (the default).
    Serve,
    /// Apply the roles, migrations, functions and policies to the database, then exit.
    Migrate,
    /// Print the anon (public) and service-role (secret) API keys, and the VAPID public key.
    Keys,
    /// Print a new VAPID key pair for VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY (no other setting
    /// is read).
    VapidKeys,
    /// The keys that sign access tokens (with the default JWT_ACCESS_TOKEN_ALGORITHM=es256):
    /// `list` them, or `rotate` (a new key is published at once and signs a few minutes later,
    /// when every replica knows it; `--now` makes it sign at once). Tokens signed by the old key
    /// keep working until they expire.
    SigningKeys {
        #[command(subcommand)]
        command: SigningKeysCommand,
    },
    /// Apply the bootstrap, then add the demo content (accounts, events, albums, files) unless
    /// the database has it already, and print the demo accounts.
    Demo,
    /// Backups: list, create, verify (a restore drill), restore into a new database, switch.
    Backup {
        #[command(subcommand)]
        command: crate::backup::cli::BackupCommand,
    },
    /// The developer's loop on the app's SQL: lint, test, new, reset, watch.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Write the TypeScript types of the exposed schemas (tables, views, columns, functions,
    /// enums) for the SDK's createClient<Database>(), after applying pending migrations.
    GenTypes {
        /// Schemas to describe (comma-separated, each one of DB_SCHEMAS); default: DB_SCHEMAS.
        #[arg(long, value_delimiter = ',')]
        schema: Vec<String>,
        /// File to write; default: standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum SigningKeysCommand {
    /// Print the stored keys: id, status (next, current, previous) and creation time; with
    /// --cards, the card keys: id, signing from, signing until.
    List {
        /// The keys of the app's tokens (/cards/v1) instead of the access tokens'.
        #[arg(long)]
        cards: bool,
    },
    /// Add a new signing key.
    Rotate {
        /// Sign with it at once (one replica, or all restarted together).
        #[arg(long)]
        now: bool,
        /// A key of the app's tokens (/cards/v1); the older ones stop signing and keep
        /// verifying until the tokens they signed expire.
        #[arg(long)]
        cards: bool,
    },
}

#[derive(Debug, Clone, Subcommand)]
pub enum DbCommand {
    /// Check the app's schema on a throwaway database with the lints of the pgTAP suite
    /// (POLICIES_DIR/tests/*lint*.sql): one line per finding and how to fix it, exit code 1
    /// when there is one.
    Lint,
    /// Run the pgTAP suite (POLICIES_DIR/tests, the access matrix of POLICIES_DIR/README.md)
    /// with pg_prove on a throwaway database; ends with "N passed, N failed".
    Test {
        /// Run only these test files: a file name, or a part of one (`members` runs every
        /// file whose name contains it), `*` matching any characters. Default: every file.
        files: Vec<String>,
    },
    /// Create the next numbered, empty migration in MIGRATIONS_DIR (default ./migrations) and
    /// print its path.
    New {
        /// What the migration does, in a few words (becomes the file name: 0081_add_venues.sql).
        name: Vec<String>,
    },
    /// Rebuild the embedded development database: drop it, apply the platform's and the app's
    /// migrations, functions and policies, then the demo community unless DEMO=0.
    Reset,
    /// Serve like `serve`, and re-apply the app's functions and policies (and apply new
    /// migrations once they hold SQL and have been left unchanged for 2 s) whenever a file in
    /// FUNCTIONS_DIR, POLICIES_DIR or MIGRATIONS_DIR changes, reporting errors without stopping.
    Watch,
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return report_parse_error(&error),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            error.exit_code()
        }
    }
}

fn run(cli: Cli) -> Result<(), StartupError> {
    if let Some(Command::VapidKeys) = cli.command {
        return crate::serve::print_new_vapid_keys();
    }
    let config = cli.settings.validate()?;
    crate::logging::init(config.log_format, &config.log_level);
    let outcome = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => crate::serve::serve(config),
        Command::Migrate => crate::serve::migrate(config),
        Command::Keys => crate::serve::print_keys(&config),
        Command::VapidKeys => crate::serve::print_new_vapid_keys(),
        Command::Demo => crate::serve::demo(config),
        Command::SigningKeys { command } => crate::serve::signing_keys(config, command),
        Command::Db { command } => crate::dev::run(command, config),
        Command::Backup { command } => crate::backup::cli::run(command, config),
        Command::GenTypes { schema, out } => crate::serve::gen_types(&config, schema, out.as_deref()),
    };
    crate::logging::flush();
    outcome
}

/// Help and version print as clap renders them; every other parse error is one line that
/// names the setting (its environment variable too), with exit code 2.
fn report_parse_error(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    eprintln!("error: {}", one_line_parse_error(error));
    ExitCode::from(2)
}

fn one_line_parse_error(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or("invalid arguments").trim_start_matches("error: ").to_string();
    let env = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => env_name_of(arg),
        _ => None,
    };
    match env {
        Some(env) => format!("{env}: {first}"),
        None => first,
    }
}

/// `--port <PORT>` → `PORT`, the environment variable of that flag.
fn env_name_of(arg: &str) -> Option<String> {
    let long = arg.trim_start_matches("--").split([' ', '=']).next()?;
    Cli::command()
        .get_arguments()
        .find(|a| a.get_long() == Some(long))
        .and_then(|a| a.get_env())
        .map(|env| env.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn gen_types_takes_a_schema_list_and_an_output_file() {
        let cli = Cli::try_parse_from(["server", "gen-types", "--schema", "public,api", "--out", "db.ts"]).unwrap();
        match cli.command {
            Some(Command::GenTypes { schema, out }) => {
                assert_eq!(schema, ["public", "api"]);
                assert_eq!(out.as_deref(), Some(std::path::Path::new("db.ts")));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_invalid_port_is_one_line_naming_the_variable() {
        let error = Cli::try_parse_from(["server", "--port", "eighty"]).unwrap_err();
        let line = one_line_parse_error(&error);
        assert!(line.starts_with("PORT: "), "{line}");
        assert!(!line.contains('\n'));
    }
}
