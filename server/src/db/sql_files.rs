//! The SQL the server applies at start-up: the platform's own migrations, embedded at build
//! time and always used, and the app's migrations and policies, read from folders at start-up
//! (MIGRATIONS_DIR, POLICIES_DIR) or, without them, the copy embedded at build time.

use std::path::{Path, PathBuf};

/// One `.sql` file: its name (which orders it) and its text.
#[derive(Debug, Clone, Copy)]
pub struct SqlFile<'a> {
    pub name: &'a str,
    pub sql: &'a str,
}

// PLATFORM_MIGRATIONS (server/migrations), MIGRATIONS (the app's migrations/), POLICIES (the
// app's policies/) and SEED (the SQL of the app's demo community, seed/), written by build.rs.
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
        let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "sql"))
            .collect();
        paths.sort();
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

/// The app's SQL: its migrations and its policies.
#[derive(Debug, Clone)]
pub struct AppSql {
    pub migrations: SqlSet,
    pub policies: SqlSet,
}

impl AppSql {
    /// The copy embedded at build time.
    pub fn embedded() -> Self {
        Self { migrations: SqlSet::embedded(MIGRATIONS), policies: SqlSet::embedded(POLICIES) }
    }

    /// Each set from its folder when given, else from the embedded copy.
    pub fn load(migrations_dir: Option<&Path>, policies_dir: Option<&Path>) -> Result<Self, String> {
        Ok(Self {
            migrations: match migrations_dir {
                Some(dir) => SqlSet::read_dir(dir)?,
                None => SqlSet::embedded(MIGRATIONS),
            },
            policies: match policies_dir {
                Some(dir) => SqlSet::read_dir(dir)?,
                None => SqlSet::embedded(POLICIES),
            },
        })
    }

    /// No app at all: the platform alone (the engine's tests, the conformance suite).
    pub fn none() -> Self {
        Self {
            migrations: SqlSet { source: SqlSource::Embedded, files: Vec::new() },
            policies: SqlSet { source: SqlSource::Embedded, files: Vec::new() },
        }
    }
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
