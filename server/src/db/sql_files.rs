//! The SQL the server applies at start-up, embedded at build time by `build.rs`.

/// One `.sql` file: its name (which orders it) and its text.
#[derive(Debug, Clone, Copy)]
pub struct SqlFile<'a> {
    pub name: &'a str,
    pub sql: &'a str,
}

include!(concat!(env!("OUT_DIR"), "/embedded_sql.rs"));
