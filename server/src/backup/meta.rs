//! `meta.json`: what a backup holds and how to check it, written last (a backup exists once
//! its meta.json does). It carries no personal data (table names, counts and checksums, the
//! stored files' random version ids), so it stays readable when the dump is encrypted.

use serde::{Deserialize, Serialize};

/// Versions of meta.json this server reads.
pub const FORMAT: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Meta {
    pub format: u32,
    /// Sortable UTC time of the snapshot: `2026-05-04T21-00-00Z`.
    pub id: String,
    /// `scheduled` or `manual`.
    pub kind: String,
    pub started_at: String,
    pub finished_at: String,
    pub database: String,
    pub postgres_version: String,
    pub pg_dump_version: String,
    /// The last applied migration of each history (`platform`, `app`).
    pub migrations: std::collections::BTreeMap<String, String>,
    pub dump: Dump,
    pub encryption: Option<Encryption>,
    pub tables: Vec<TableStat>,
    pub files: Files,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Dump {
    /// Object name inside the backup (`dump.pgc` or `dump.pgc.age`).
    pub name: String,
    /// Bytes as stored, and their SHA-256 (checked before anything is read).
    pub size: u64,
    pub sha256: String,
    /// SHA-256 of the pg_dump archive itself (after decryption).
    pub archive_sha256: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Encryption {
    pub kind: String,
    pub recipients: Vec<String>,
}

/// One table in the snapshot: rows, a checksum of its rows' text, and whether RLS was on.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct TableStat {
    pub schema: String,
    pub name: String,
    pub rows: i64,
    pub checksum: String,
    pub rls: bool,
}

impl TableStat {
    pub fn qualified(&self) -> String {
        format!("{}.{}", self.schema, self.name)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Files {
    /// The manifest's object name (`files.json` or `files.json.age`).
    pub manifest: String,
    pub count: u64,
    pub bytes: u64,
    /// Every version the manifest names (random ids; retention reads them).
    pub versions: Vec<String>,
    /// Versions whose bytes were missing from the file store when the backup ran.
    pub missing: Vec<String>,
}

/// One stored object, in the manifest.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ManifestEntry {
    pub bucket: String,
    pub name: String,
    pub version: String,
    pub size: Option<i64>,
}
