//! Embeds the SQL into the binary, in file-name order: the platform's own migrations
//! (`server/migrations/`, always used) and a copy of the app's `migrations/`, `functions/`,
//! `policies/` and `seed/` files (used when the server finds no MIGRATIONS_DIR / FUNCTIONS_DIR /
//! POLICIES_DIR / SEED_DIR folder at run time), so one file is the whole product. Cargo re-runs
//! this when a folder changes.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let server = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let root = server.join("..");
    let mut out = String::new();
    for (constant, dir) in [
        ("PLATFORM_MIGRATIONS", server.join("migrations")),
        ("MIGRATIONS", root.join("migrations")),
        ("FUNCTIONS", root.join("functions")),
        ("POLICIES", root.join("policies")),
        ("SEED", root.join("seed")),
    ] {
        println!("cargo:rerun-if-changed={}", dir.display());
        writeln!(out, "pub static {constant}: &[SqlFile<'static>] = &[").expect("write to string");
        // The seed has a data file beside its SQL (seed.toml, read by server/src/seed).
        let extensions: &[&str] = if constant == "SEED" { &["sql", "toml"] } else { &["sql"] };
        for file in files_in(&dir, extensions).unwrap_or_default() {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().and_then(|n| n.to_str()).expect("utf-8 file name");
            writeln!(out, "    SqlFile {{ name: {name:?}, sql: include_str!({:?}) }},", file.display())
                .expect("write to string");
        }
        writeln!(out, "];").expect("write to string");
    }
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_sql.rs");
    std::fs::write(dest, out).expect("write embedded_sql.rs");
    embed_documents(&root.join("templates"));
}

// The app's document templates (templates/*.typ) and their fonts (templates/fonts/), for a
// server started without DOCUMENT_TEMPLATES_DIR.
fn embed_documents(templates: &std::path::Path) {
    let fonts = templates.join("fonts");
    println!("cargo:rerun-if-changed={}", templates.display());
    println!("cargo:rerun-if-changed={}", fonts.display());
    let mut out = String::from("pub static TEMPLATES: &[(&str, &str)] = &[\n");
    for file in files_in(templates, &["typ"]).unwrap_or_default() {
        println!("cargo:rerun-if-changed={}", file.display());
        let name = file.file_name().and_then(|n| n.to_str()).expect("utf-8 file name");
        writeln!(out, "    ({name:?}, include_str!({:?})),", file.display()).expect("write to string");
    }
    out.push_str("];\npub static FONTS: &[(&str, &[u8])] = &[\n");
    for file in files_in(&fonts, &["ttf", "otf", "ttc"]).unwrap_or_default() {
        println!("cargo:rerun-if-changed={}", file.display());
        let name = file.file_name().and_then(|n| n.to_str()).expect("utf-8 file name");
        writeln!(out, "    ({name:?}, include_bytes!({:?})),", file.display()).expect("write to string");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_documents.rs");
    std::fs::write(dest, out).expect("write embedded_documents.rs");
}

// files_in(dir, extensions): a missing folder is an empty one here.
include!("src/db/listing.rs");
