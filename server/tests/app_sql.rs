//! The app's SQL read at run time: MIGRATIONS_DIR and POLICIES_DIR applied at every start (no
//! build), the platform alone when they are empty, and the `server db` commands on them.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

mod support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use support::process::{ServerProcess, eventually, run_to_exit, server_command, superuser_of};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn scratch(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(prefix).tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// A copy of the project's `migrations/` and `policies/` (with its tests and README).
fn copy_of_the_app(project: &Path) -> (PathBuf, PathBuf) {
    let (migrations, policies) = (project.join("migrations"), project.join("policies"));
    copy_dir(&Path::new(ROOT).join("migrations"), &migrations);
    copy_dir(&Path::new(ROOT).join("policies"), &policies);
    (migrations, policies)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().map(Result::unwrap) {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn server_on(data_dir: &Path, migrations: &Path, policies: &Path) -> std::process::Command {
    let mut command = server_command(data_dir);
    command.env("MIGRATIONS_DIR", migrations).env("POLICIES_DIR", policies);
    command
}

async fn comment_on_events(data_dir: &Path) -> Option<String> {
    let mut conn = superuser_of(data_dir).await;
    sqlx::query_scalar("select obj_description('public.events'::regclass, 'pg_class')")
        .fetch_one(&mut conn)
        .await
        .unwrap()
}

fn append(path: &Path, text: &str) {
    let mut content = std::fs::read_to_string(path).unwrap();
    content.push_str(text);
    std::fs::write(path, content).unwrap();
}

#[tokio::test]
async fn an_edited_policy_and_a_new_migration_apply_at_the_next_start_without_a_build() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let (migrations, policies) = copy_of_the_app(project.path());
    let server = ServerProcess::start_command(server_on(data.path(), &migrations, &policies), data.path());
    assert_ne!(comment_on_events(data.path()).await.as_deref(), Some("edited policy"));
    server.terminate();

    append(&policies.join("40_events.sql"), "\ncomment on table public.events is 'edited policy';\n");
    std::fs::write(migrations.join("0999_marker.sql"), "create table public.marker (id int primary key);\n").unwrap();
    let server = ServerProcess::start_command(server_on(data.path(), &migrations, &policies), data.path());
    assert_eq!(comment_on_events(data.path()).await.as_deref(), Some("edited policy"));
    let mut conn = superuser_of(data.path()).await;
    let recorded: bool = sqlx::query_scalar(
        "select exists (select from server_meta.migrations where history = 'app' and name = '0999_marker.sql')",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(recorded, "the new migration is recorded in the app's history");
    assert_eq!(server.get("/ready").await.status(), 200, "/ready waits for the folder's latest migration");
    server.terminate();
}

#[tokio::test]
async fn empty_app_folders_give_the_platform_alone() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let (migrations, policies) = (project.path().join("migrations"), project.path().join("policies"));
    std::fs::create_dir_all(&migrations).unwrap();
    std::fs::create_dir_all(&policies).unwrap();
    let server = ServerProcess::start_command(server_on(data.path(), &migrations, &policies), data.path());
    let mut conn = superuser_of(data.path()).await;
    let public_tables: i64 = sqlx::query_scalar(
        "select count(*) from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(public_tables, 0);
    let histories: Vec<String> =
        sqlx::query_scalar("select distinct history from server_meta.migrations").fetch_all(&mut conn).await.unwrap();
    assert_eq!(histories, ["platform"]);
    assert_eq!(server.get("/ready").await.status(), 200);
    server.terminate();
}

#[test]
fn a_migrations_dir_that_does_not_exist_is_a_setting_error() {
    let data = scratch("hwt-data-");
    let output =
        run_to_exit(server_on(data.path(), Path::new("/nonexistent/migrations"), Path::new(ROOT)).arg("migrate"));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("MIGRATIONS_DIR"));
}

#[tokio::test]
async fn db_watch_reapplies_a_changed_policy_and_survives_a_broken_one() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let (migrations, policies) = copy_of_the_app(project.path());
    let mut command = server_on(data.path(), &migrations, &policies);
    command.args(["db", "watch"]);
    let server = ServerProcess::start_command(command, data.path());

    std::fs::write(policies.join("99_broken.sql"), "create policy nonsense on public.nowhere using (true);\n").unwrap();
    let reported = eventually(Duration::from_secs(20), || {
        server.output().iter().any(|line| line.starts_with("db watch: error:") && line.contains("nowhere"))
    });
    assert!(reported, "the watcher reports the broken policy: {:?}", server.output());
    assert_eq!(server.get("/health").await.status(), 200, "a broken policy does not stop the server");

    std::fs::write(policies.join("99_broken.sql"), "comment on table public.events is 'watched';\n").unwrap();
    let mut applied = false;
    for _ in 0..100 {
        if comment_on_events(data.path()).await.as_deref() == Some("watched") {
            applied = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(applied, "the fixed policy file was applied while the server ran");
    server.terminate();
}

#[test]
fn db_new_writes_the_next_numbered_migration() {
    let project = scratch("hwt-app-");
    let (migrations, policies) = copy_of_the_app(project.path());
    let output = run_to_exit(server_on(project.path(), &migrations, &policies).args(["db", "new", "Add", "venues"]));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    let highest = std::fs::read_dir(&migrations)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.split('_').next()?.parse::<u32>().ok())
        .filter(|n| format!("{n:04}") != path.file_name().unwrap().to_str().unwrap()[..4])
        .max()
        .unwrap();
    assert_eq!(path.file_name().unwrap().to_str().unwrap(), format!("{:04}_add_venues.sql", highest + 1));
    assert!(path.starts_with(&migrations) && path.is_file());
}

#[test]
fn db_lint_names_each_finding_and_fails() {
    let project = scratch("hwt-app-");
    let (migrations, policies) = copy_of_the_app(project.path());
    std::fs::write(migrations.join("0999_open.sql"), "create table public.wide_open (id int primary key);\n").unwrap();
    let output = run_to_exit(server_on(project.path(), &migrations, &policies).args(["db", "lint"]));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.lines().any(|l| l
            .starts_with(
            "public.wide_open: breaks \"every table of public and storage has row-level security on, reachable by an API role or not\"",
        )),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with("8 lints, 1 finding"), "{stdout}");

    std::fs::remove_file(migrations.join("0999_open.sql")).unwrap();
    let output = run_to_exit(server_on(project.path(), &migrations, &policies).args(["db", "lint"]));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(String::from_utf8_lossy(&output.stdout).contains(" lints, 0 findings"));
}

#[test]
fn db_reset_rebuilds_the_database_with_the_demo() {
    let data = scratch("hwt-data-");
    let root = Path::new(ROOT);
    for _ in 0..2 {
        let mut command = server_on(data.path(), &root.join("migrations"), &root.join("policies"));
        command.env("DEMO", "1").args(["db", "reset"]);
        let output = run_to_exit(&mut command);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout} {}", String::from_utf8_lossy(&output.stderr));
        assert!(stdout.contains("The development database was rebuilt"), "{stdout}");
        // The demo is added only to a database without it: the second run proves the drop.
        assert!(stdout.contains("super.admin@demo.havyaka.org"), "{stdout}");
    }
}

#[tokio::test]
async fn the_demo_seeds_sql_is_read_from_seed_dir_at_start() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let seed = project.path().join("seed");
    copy_dir(&Path::new(ROOT).join("seed"), &seed);
    append(&seed.join("content.sql"), "\ncomment on table public.events is 'seeded at run time';\n");
    let mut command = server_on(data.path(), &Path::new(ROOT).join("migrations"), &Path::new(ROOT).join("policies"));
    command.env("DEMO", "1").env("SEED_DIR", &seed);
    let server = ServerProcess::start_command(command, data.path());
    assert_eq!(comment_on_events(data.path()).await.as_deref(), Some("seeded at run time"));
    let mut conn = superuser_of(data.path()).await;
    let accounts: i64 = sqlx::query_scalar("select count(*) from public.users where email like '%@demo.havyaka.org'")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    // One account per role, and the second matrimony registrant (seed/content.sql, issue 16).
    assert_eq!(accounts, 10, "the demo accounts are there too");
    server.terminate();
}
