//! `server db new NAME`: the next numbered, empty migration of the app.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::startup_error::StartupError;

pub fn run(config: &Config, name: &str) -> Result<(), StartupError> {
    let dir = match &config.migrations_dir {
        Some(dir) => dir.clone(),
        None => std::path::absolute("migrations")
            .map_err(|e| StartupError::setting("MIGRATIONS_DIR", format!("cannot be resolved: {e}")))?,
    };
    let path = create(&dir, name)?;
    let _ = writeln!(std::io::stdout().lock(), "{}", path.display());
    Ok(())
}

/// Writes `dir/NNNN_slug.sql`, numbered one past the highest number in `dir`.
pub fn create(dir: &Path, name: &str) -> Result<PathBuf, StartupError> {
    let slug = slug(name);
    if slug.is_empty() {
        return Err(StartupError::environment(
            "db new needs a name made of letters or digits, e.g. `server db new add venues`",
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| StartupError::environment(format!("cannot create {}: {e}", dir.display())))?;
    let path = dir.join(format!("{:04}_{slug}.sql", next_number(dir)));
    let header = format!(
        "-- {name}\n--\n-- A new migration of the app: tables, columns, data moves and grants, applied once, in\n\
         -- file-name order, once it holds SQL (`server db watch` waits until it has been left unchanged\n\
         -- for a moment), and never edited after it was applied (add another one, or rebuild the\n\
         -- development database with `server db reset`). Tables get row-level security here; their\n\
         -- functions, views and triggers go in functions/, their policies in policies/, their pgTAP\n\
         -- stories in policies/tests/.\n\n",
        name = name.trim()
    );
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| StartupError::environment(format!("cannot create {}: {e}", path.display())))?;
    file.write_all(header.as_bytes())
        .map_err(|e| StartupError::environment(format!("cannot write {}: {e}", path.display())))?;
    Ok(path)
}

/// One past the highest leading number of the folder's `.sql` files (1 in an empty folder).
fn next_number(dir: &Path) -> u32 {
    super::sql_files_in(dir, |_| true)
        .iter()
        .filter_map(|p| p.file_name()?.to_str()?.split('_').next()?.parse::<u32>().ok())
        .max()
        .map_or(1, |n| n + 1)
}

/// Lower-case words joined by `_`: "Add venues!" → "add_venues".
fn slug(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_slugs() {
        assert_eq!(slug("Add venues!"), "add_venues");
        assert_eq!(slug("  matrimony: photo-limits "), "matrimony_photo_limits");
        assert_eq!(slug("ಕನ್ನಡ"), "");
    }

    #[test]
    fn the_next_file_is_numbered_one_past_the_highest() {
        let dir = tempfile::tempdir().unwrap();
        assert!(create(dir.path(), "first").unwrap().ends_with("0001_first.sql"));
        std::fs::write(dir.path().join("0025_functions.sql"), "").unwrap();
        std::fs::write(dir.path().join("0040_people.sql"), "").unwrap();
        let path = create(dir.path(), "Add venues").unwrap();
        assert!(path.ends_with("0041_add_venues.sql"), "{}", path.display());
        assert!(std::fs::read_to_string(&path).unwrap().starts_with("-- Add venues\n"));
        assert!(create(dir.path(), "!!").is_err());
    }
}
