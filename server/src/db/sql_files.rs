//! The SQL the server applies at start-up: the platform's own migrations, embedded at build
//! time and always used, and the app's migrations, functions and policies, read from folders at
//! start-up (MIGRATIONS_DIR, FUNCTIONS_DIR, POLICIES_DIR) or, without them, the copy embedded at
//! build time.

use std::path::{Path, PathBuf};

/// One `.sql` file: its name (which orders it) and its text.
#[derive(Debug, Clone, Copy)]
pub struct SqlFile<'a> {
    pub name: &'a str,
    pub sql: &'a str,
}

// PLATFORM_MIGRATIONS (server/migrations), MIGRATIONS (the app's migrations/), FUNCTIONS (the
// app's functions/), POLICIES (the app's policies/) and SEED (the app's demo community, seed/:
// its SQL and its data files), written by build.rs.
include!(concat!(env!("OUT_DIR"), "/embedded_sql.rs"));

/// Where a set of the app's files comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SqlSource {
    Folder(PathBuf),
    Embedded,
}

/// `.sql` files in name order, owning their text.
#[derive(Debug, Clone)]
pub struct SqlSet {
    pub source: SqlSource,
    files: Vec<(String, String)>,
}

impl SqlSet {
    pub fn embedded(files: &[SqlFile<'_>]) -> Self {
        Self {
            source: SqlSource::Embedded,
            files: files.iter().map(|f| (f.name.to_string(), f.sql.to_string())).collect(),
        }
    }

    /// Every `*.sql` file directly inside `dir`, in name order (sub-folders such as
    /// `policies/tests` are not read).
    pub fn read_dir(dir: &Path) -> Result<Self, String> {
        Self::read_dir_with(dir, &["sql"])
    }

    /// Every file directly inside `dir` whose extension is one of `extensions`, in name order.
    pub fn read_dir_with(dir: &Path, extensions: &[&str]) -> Result<Self, String> {
        let paths =
            super::listing::files_in(dir, extensions).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut files = Vec::with_capacity(paths.len());
        for path in paths {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| format!("{}: the file name is not UTF-8", path.display()))?
                .to_string();
            let sql = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            files.push((name, sql));
        }
        Ok(Self { source: SqlSource::Folder(dir.to_path_buf()), files })
    }

    pub fn files(&self) -> Vec<SqlFile<'_>> {
        self.files.iter().map(|(name, sql)| SqlFile { name, sql }).collect()
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Keeps the files whose name passes `keep`.
    pub fn retain(&mut self, keep: impl Fn(&str) -> bool) {
        self.files.retain(|(name, _)| keep(name));
    }

    pub fn last_name(&self) -> Option<&str> {
        self.files.last().map(|(name, _)| name.as_str())
    }

    /// "12 files from /path/policies" or "12 files embedded at build time".
    pub fn describe(&self) -> String {
        match &self.source {
            SqlSource::Folder(dir) => format!("{} files from {}", self.files.len(), dir.display()),
            SqlSource::Embedded => format!("{} files embedded at build time", self.files.len()),
        }
    }
}

/// The folders of the app's SQL; `None`: the copy embedded at build time.
#[derive(Debug, Clone, Copy, Default)]
pub struct AppDirs<'a> {
    pub migrations: Option<&'a Path>,
    pub functions: Option<&'a Path>,
    pub policies: Option<&'a Path>,
}

/// The app's SQL: its migrations (applied once each), and its functions and policies
/// (re-applied at every start, in that order, after the migrations).
#[derive(Debug, Clone)]
pub struct AppSql {
    pub migrations: SqlSet,
    pub functions: SqlSet,
    pub policies: SqlSet,
}

impl AppSql {
    /// The copy embedded at build time.
    pub fn embedded() -> Self {
        Self {
            migrations: SqlSet::embedded(MIGRATIONS),
            functions: SqlSet::embedded(FUNCTIONS),
            policies: SqlSet::embedded(POLICIES),
        }
    }

    /// Each set from its folder when given, else from the embedded copy. Two migrations with
    /// the same number are refused (two branches each took the next one).
    pub fn load(dirs: AppDirs<'_>) -> Result<Self, String> {
        let set = |dir: Option<&Path>, embedded: &[SqlFile<'_>]| match dir {
            Some(dir) => SqlSet::read_dir(dir),
            None => Ok(SqlSet::embedded(embedded)),
        };
        let app = Self {
            migrations: set(dirs.migrations, MIGRATIONS)?,
            functions: set(dirs.functions, FUNCTIONS)?,
            policies: set(dirs.policies, POLICIES)?,
        };
        check_migration_numbers(&app.migrations.files())?;
        Ok(app)
    }

    /// No app at all: the platform alone (the engine's tests, the conformance suite).
    pub fn none() -> Self {
        let empty = || SqlSet { source: SqlSource::Embedded, files: Vec::new() };
        Self { migrations: empty(), functions: empty(), policies: empty() }
    }

    /// The files, borrowed: what [`AppFiles::bundle`] hands to the bootstrap.
    pub fn files(&self) -> AppFiles<'_> {
        AppFiles {
            migrations: self.migrations.files(),
            functions: self.functions.files(),
            policies: self.policies.files(),
        }
    }
}

/// The app's files of an [`AppSql`], borrowed.
#[derive(Debug)]
pub struct AppFiles<'a> {
    pub migrations: Vec<SqlFile<'a>>,
    pub functions: Vec<SqlFile<'a>>,
    pub policies: Vec<SqlFile<'a>>,
}

impl AppFiles<'_> {
    /// The platform's migrations with these.
    pub fn bundle(&self) -> crate::db::migrations::SqlBundle<'_> {
        crate::db::migrations::SqlBundle {
            platform: PLATFORM_MIGRATIONS,
            app: &self.migrations,
            functions: &self.functions,
            policies: &self.policies,
        }
    }
}

/// The leading number of a migration's file name (`0042` of `0042_payments.sql`).
pub fn migration_number(name: &str) -> Option<u32> {
    name.split('_').next().filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))?.parse().ok()
}

/// Every migration's name starts with a number of its own.
pub fn check_migration_numbers(migrations: &[SqlFile<'_>]) -> Result<(), String> {
    let mut seen: Vec<(u32, &str)> = Vec::with_capacity(migrations.len());
    for file in migrations {
        let Some(number) = migration_number(file.name) else {
            return Err(format!(
                "migration {} has no number: name it NNNN_what_it_does.sql (`server db new what it does` does)",
                file.name
            ));
        };
        if let Some((_, other)) = seen.iter().find(|(n, _)| *n == number) {
            return Err(format!(
                "migrations {other} and {} share the number {number:04} (two branches each took the next number): \
                 renumber the one not applied anywhere yet to the next free number",
                file.name
            ));
        }
        seen.push((number, file.name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_and_the_app_are_embedded_apart() {
        assert!(PLATFORM_MIGRATIONS.iter().any(|f| f.name == "0001_roles_and_auth.sql"));
        assert!(MIGRATIONS.iter().all(|f| PLATFORM_MIGRATIONS.iter().all(|p| p.name != f.name)));
        assert!(PLATFORM_MIGRATIONS.windows(2).all(|w| w[0].name < w[1].name));
    }

    #[test]
    fn two_migrations_with_one_number_are_refused() {
        let file = |name| SqlFile { name, sql: "" };
        assert!(check_migration_numbers(&[file("0010_a.sql"), file("0011_b.sql")]).is_ok());
        let error = check_migration_numbers(&[file("0010_a.sql"), file("0080_b.sql"), file("0080_c.sql")]).unwrap_err();
        assert!(error.contains("0080_b.sql and 0080_c.sql share the number 0080"), "{error}");
        assert!(check_migration_numbers(&[file("first.sql")]).unwrap_err().contains("has no number"));
        assert_eq!(migration_number("0042_payments.sql"), Some(42));
        assert_eq!(migration_number("_x.sql"), None);
    }

    #[test]
    fn the_embedded_app_has_no_two_migrations_with_one_number() {
        assert!(check_migration_numbers(MIGRATIONS).is_ok());
    }

    #[test]
    fn a_folder_is_read_in_name_order_without_sub_folders_or_other_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("20_b.sql"), "select 2;").unwrap();
        std::fs::write(dir.path().join("10_a.sql"), "select 1;").unwrap();
        std::fs::write(dir.path().join("README.md"), "no").unwrap();
        std::fs::create_dir(dir.path().join("tests")).unwrap();
        std::fs::write(dir.path().join("tests/30_c.sql"), "select 3;").unwrap();
        let set = SqlSet::read_dir(dir.path()).unwrap();
        let names: Vec<&str> = set.files().iter().map(|f| f.name).collect();
        assert_eq!(names, ["10_a.sql", "20_b.sql"]);
        assert_eq!(set.files()[0].sql, "select 1;");
        assert_eq!(set.source, SqlSource::Folder(dir.path().to_path_buf()));
    }
}
