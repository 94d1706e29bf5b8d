//! The community app's integration tests, one binary: each file beside this one is a module.
//! Run one file's tests with `cargo nextest run -p app-tests --test community <file>::`.

mod support;

mod access_directory;
mod access_identity;
mod access_matrimony;
mod access_payments;
mod access_public;
mod access_users;
mod backups;
mod concurrency;
mod demo;
mod event_calendar;
mod indexes;
mod migrations;
mod notification_choices;
mod receipt_pdf;
mod scheduler_replicas;
mod stored_functions;

/// Every file beside this one is one of its modules: a test file not declared here would never
/// be compiled, so it would pass by not running.
#[test]
fn every_test_file_is_declared_in_this_binary() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(here.join("community.rs")).expect("the root file");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&here).expect("the tests folder") {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "community"
            && !root.contains(&format!("\nmod {module};\n"))
        {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "declare these in tests/community.rs: {missing:?}");
}
