//! The engine's integration tests, one binary: each file beside this one is a module (linking
//! one test binary instead of one per file saves minutes of every cold build and of clippy).
//! Run one file's tests with `cargo nextest run -p server --test engine <file>::`.

mod support;

mod app_sql;
mod auth_admin;
mod auth_channels;
mod auth_mail;
mod auth_recovery;
mod auth_sessions;
mod auth_signin;
mod auth_tokens;
mod backup_restore;
mod bootstrap;
mod cards;
mod command_line;
mod documents;
mod http_basics;
mod ledger_upgrade;
mod lifecycle;
mod push_delivery;
mod push_subscriptions;
mod push_workers;
mod realtime_sql;
mod request_transaction;
mod rest_auth;
mod rest_columns;
mod rest_embed;
mod rest_media_handlers;
mod rest_read;
mod rest_rpc;
mod rest_tx_rpc_media;
mod rest_write;
mod scheduler;
mod schema_cache;
mod storage_access;
mod storage_crash;
mod storage_limits;
mod storage_objects;
mod storage_render;
mod storage_s3;
mod typegen;
mod wire_connection;

/// Every file beside this one is one of its modules: a test file not declared here would never
/// be compiled, so it would pass by not running.
#[test]
fn every_test_file_is_declared_in_this_binary() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(here.join("engine.rs")).expect("the root file");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&here).expect("the tests folder") {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "engine"
            && !root.contains(&format!("\nmod {module};\n"))
        {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "declare these in tests/engine.rs: {missing:?}");
}
