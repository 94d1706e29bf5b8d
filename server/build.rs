//! Embeds `migrations/*.sql` and `policies/*.sql` into the binary, in file-name order, so one
//! file is the whole product. Cargo re-runs this when either folder changes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("..");
    let mut out = String::new();
    for (constant, folder) in [("MIGRATIONS", "migrations"), ("POLICIES", "policies")] {
        let dir = root.join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        writeln!(out, "pub static {constant}: &[SqlFile<'static>] = &[").expect("write to string");
        for file in sql_files(&dir) {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().and_then(|n| n.to_str()).expect("utf-8 file name");
            writeln!(out, "    SqlFile {{ name: {name:?}, sql: include_str!({:?}) }},", file.display())
                .expect("write to string");
        }
        writeln!(out, "];").expect("write to string");
    }
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_sql.rs");
    std::fs::write(dest, out).expect("write embedded_sql.rs");
}

fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    files
}
