//! An app's SQL read at run time (on the fixture app, `tests/fixtures/app`): MIGRATIONS_DIR,
//! FUNCTIONS_DIR and POLICIES_DIR applied at every start (no build), the platform alone when
//! they are empty, the seed of SEED_DIR, and the `server db` commands on them.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use support::process::{ServerProcess, eventually, run_to_exit, server_command, superuser_of, with_app};

const FIXTURE_APP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/app");

fn scratch(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(prefix).tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// A copy of the fixture app (its migrations, functions, policies with their tests, seed).
fn copy_of_the_app(project: &Path) -> PathBuf {
    copy_dir(Path::new(FIXTURE_APP), project);
    project.to_path_buf()
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

/// The binary on `data_dir` with the app in `app`.
fn server_on(data_dir: &Path, app: &Path) -> std::process::Command {
    let mut command = server_command(data_dir);
    with_app(&mut command, app);
    command
}

async fn comment_on_notes(data_dir: &Path) -> Option<String> {
    let mut conn = superuser_of(data_dir).await;
    sqlx::query_scalar("select obj_description('public.notes'::regclass, 'pg_class')")
        .fetch_one(&mut conn)
        .await
        .unwrap()
}

async fn scalar(data_dir: &Path, sql: &'static str) -> Option<String> {
    let mut conn = superuser_of(data_dir).await;
    sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
}

async fn app_ledger(data_dir: &Path) -> Vec<String> {
    let mut conn = superuser_of(data_dir).await;
    sqlx::query_scalar("select name from server_meta.migrations where history = 'app' order by name")
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

fn append(path: &Path, text: &str) {
    let mut content = std::fs::read_to_string(path).unwrap();
    content.push_str(text);
    std::fs::write(path, content).unwrap();
}

/// `server db watch` on `data_dir` with the app in `app`.
fn watching(data_dir: &Path, app: &Path) -> ServerProcess {
    let mut command = server_on(data_dir, app);
    command.args(["db", "watch"]);
    ServerProcess::start_command(command, data_dir)
}

/// Waits (up to 20 s) until the watching server has printed a line passing `matches`.
fn printed(server: &ServerProcess, matches: impl Fn(&str) -> bool) -> bool {
    eventually(Duration::from_secs(20), || server.output().iter().any(|line| matches(line)))
}

#[tokio::test]
async fn an_edited_policy_or_function_and_a_new_migration_apply_at_the_next_start_without_a_build() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    let server = ServerProcess::start_command(server_on(data.path(), &app), data.path());
    assert_eq!(comment_on_notes(data.path()).await.as_deref(), Some("Short notes anyone reads."));
    server.terminate();

    append(&app.join("policies/10_notes.sql"), "\ncomment on table public.notes is 'edited policy';\n");
    append(&app.join("functions/10_notes.sql"), "\ncomment on function public.note_count() is 'edited function';\n");
    std::fs::write(app.join("migrations/0999_marker.sql"), "create table public.marker (id int primary key);\n")
        .unwrap();
    let server = ServerProcess::start_command(server_on(data.path(), &app), data.path());
    assert_eq!(comment_on_notes(data.path()).await.as_deref(), Some("edited policy"));
    let function = scalar(data.path(), "select obj_description('public.note_count'::regproc, 'pg_proc')").await;
    assert_eq!(function.as_deref(), Some("edited function"));
    assert!(app_ledger(data.path()).await.contains(&"0999_marker.sql".to_string()), "recorded in the app's history");
    assert_eq!(server.get("/ready").await.status(), 200, "/ready waits for the folder's latest migration");
    server.terminate();
}

#[tokio::test]
async fn empty_app_folders_give_the_platform_alone() {
    let data = scratch("hwt-data-");
    let server = ServerProcess::start(data.path());
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
    let mut command = server_command(data.path());
    command.env("MIGRATIONS_DIR", "/nonexistent/migrations").arg("migrate");
    let output = run_to_exit(&mut command);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("MIGRATIONS_DIR"));
}

#[test]
fn two_migrations_with_one_number_stop_the_start_naming_both() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    // Two branches each took the next number.
    std::fs::write(app.join("migrations/0080_venues.sql"), "create table public.venues (id int);\n").unwrap();
    std::fs::write(app.join("migrations/0080_badges.sql"), "create table public.badges (id int);\n").unwrap();
    let output = run_to_exit(server_on(data.path(), &app).arg("migrate"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("0080_badges.sql and 0080_venues.sql share the number 0080"), "{stderr}");
}

#[tokio::test]
async fn a_migration_with_no_sql_yet_is_not_applied_and_ready_does_not_wait_for_it() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    let output = run_to_exit(server_on(data.path(), &app).args(["db", "new", "add", "venues"]));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let server = ServerProcess::start_command(server_on(data.path(), &app), data.path());
    assert_eq!(app_ledger(data.path()).await, ["0010_notes.sql"], "the empty 0011 is not recorded");
    assert_eq!(server.get("/ready").await.status(), 200);
    server.terminate();
}

#[tokio::test]
async fn db_watch_reapplies_a_changed_function_or_policy_and_survives_a_broken_one() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    let server = watching(data.path(), &app);

    std::fs::write(app.join("policies/99_broken.sql"), "create policy nonsense on public.nowhere using (true);\n")
        .unwrap();
    assert!(
        printed(&server, |line| line.starts_with("db watch: error:") && line.contains("nowhere")),
        "the watcher reports the broken policy: {:?}",
        server.output()
    );
    assert_eq!(server.get("/health").await.status(), 200, "a broken policy does not stop the server");

    std::fs::write(app.join("policies/99_broken.sql"), "comment on table public.notes is 'watched';\n").unwrap();
    std::fs::write(
        app.join("functions/20_more.sql"),
        "create or replace function public.note_words() returns bigint language sql stable set search_path = '' \
         as $$ select 2::bigint $$;\n",
    )
    .unwrap();
    let mut applied = false;
    for _ in 0..100 {
        let function = scalar(data.path(), "select to_regprocedure('public.note_words()')::text").await;
        if comment_on_notes(data.path()).await.as_deref() == Some("watched") && function.is_some() {
            applied = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(applied, "the fixed policy and the new function were applied while the server ran");
    server.terminate();
}

#[tokio::test]
async fn db_watch_applies_a_new_migration_once_it_has_sql_and_is_left_unchanged() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    let server = watching(data.path(), &app);

    // What `server db new` writes: comments only. It waits, and says why.
    let output = run_to_exit(server_on(data.path(), &app).args(["db", "new", "add", "venues"]));
    let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    assert!(printed(&server, |l| l.contains("0011_add_venues.sql has no SQL yet")), "{:?}", server.output());
    assert_eq!(app_ledger(data.path()).await, ["0010_notes.sql"]);

    // The real SQL, saved in two steps as an editor does: applied once, after it is quiet.
    append(&path, "create table public.venues (id int primary key);\n");
    append(&path, "alter table public.venues enable row level security;\n");
    assert!(printed(&server, |l| l.contains("applied 0011_add_venues.sql")), "{:?}", server.output());
    assert_eq!(app_ledger(data.path()).await, ["0010_notes.sql", "0011_add_venues.sql"]);
    let secured =
        scalar(data.path(), "select relrowsecurity::text from pg_class where oid = 'public.venues'::regclass").await;
    assert_eq!(secured.as_deref(), Some("true"), "both steps were applied together");

    // Edited after it was applied: refused, with the way out.
    append(&path, "comment on table public.venues is 'too late';\n");
    assert!(
        printed(&server, |l| l.starts_with("db watch: error: migration 0011_add_venues.sql was edited")
            && l.contains("server db reset")),
        "{:?}",
        server.output()
    );
    server.terminate();
}

#[test]
fn db_new_writes_the_next_numbered_migration() {
    let project = scratch("hwt-app-");
    let app = copy_of_the_app(project.path());
    std::fs::write(app.join("migrations/0072_search.sql"), "select 1;\n").unwrap();
    let output = run_to_exit(server_on(project.path(), &app).args(["db", "new", "Add", "venues"]));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    assert_eq!(path.file_name().unwrap().to_str().unwrap(), "0073_add_venues.sql");
    assert!(path.starts_with(app.join("migrations")) && path.is_file());
}

#[test]
fn db_lint_names_each_finding_with_its_fix_and_fails() {
    let project = scratch("hwt-app-");
    let app = copy_of_the_app(project.path());
    std::fs::write(app.join("migrations/0999_open.sql"), "create table public.wide_open (id int primary key);\n")
        .unwrap();
    let output = run_to_exit(server_on(project.path(), &app).args(["db", "lint"]));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.lines().any(|l| l
            == "public.wide_open: breaks \"every table the API roles can reach has row-level \
             security on\"; fix: alter table public.wide_open enable row level security; (in its migration)"),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with("2 lints, 1 finding"), "{stdout}");

    std::fs::remove_file(app.join("migrations/0999_open.sql")).unwrap();
    let output = run_to_exit(server_on(project.path(), &app).args(["db", "lint"]));
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(String::from_utf8_lossy(&output.stdout).contains("2 lints, 0 findings"));
}

#[test]
fn db_reset_rebuilds_the_database_with_the_seed() {
    let data = scratch("hwt-data-");
    for _ in 0..2 {
        let mut command = server_on(data.path(), Path::new(FIXTURE_APP));
        command.env("DEMO", "1").args(["db", "reset"]);
        let output = run_to_exit(&mut command);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout} {}", String::from_utf8_lossy(&output.stderr));
        assert!(stdout.contains("The development database was rebuilt"), "{stdout}");
        assert!(stdout.contains("its functions (1 files from"), "{stdout}");
        // The seed is added only to a database without it: the second run proves the drop.
        assert!(stdout.contains("1 accounts and 1 files added; every account's password is Fixture@2025"), "{stdout}");
        assert!(stdout.contains("writer@demo.example.org"), "{stdout}");
    }
}

#[tokio::test]
async fn the_seed_is_read_from_seed_dir_at_start() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    append(&app.join("seed/notes.sql"), "\ncomment on table public.notes is 'seeded at run time';\n");
    let mut command = server_on(data.path(), &app);
    command.env("DEMO", "1");
    let server = ServerProcess::start_command(command, data.path());
    assert!(printed(&server, |l| l.trim_start().starts_with("writer") && l.ends_with("writer@demo.example.org")));
    assert_eq!(comment_on_notes(data.path()).await.as_deref(), Some("seeded at run time"));
    let note = scalar(
        data.path(),
        "select body || ' by ' || (select email from auth.users u where u.id = author) from public.notes",
    )
    .await;
    assert_eq!(note.as_deref(), Some("Welcome, Asha Writer by writer@demo.example.org"));
    let picture = server.get("/storage/v1/object/public/pictures/welcome.jpg").await;
    assert_eq!(picture.status(), 200);
    assert!(picture.bytes().await.unwrap().starts_with(&[0xff, 0xd8, 0xff]), "a generated JPEG");
    server.terminate();

    // A second start finds the seed's account: nothing is added again.
    let mut command = server_on(data.path(), &app);
    command.env("DEMO", "1");
    let again = ServerProcess::start_command(command, data.path());
    let notes = scalar(data.path(), "select count(*)::text from public.notes").await;
    assert_eq!(notes.as_deref(), Some("1"));
    again.terminate();
}

#[test]
fn a_faulty_seed_file_stops_the_start_naming_it() {
    let (project, data) = (scratch("hwt-app-"), scratch("hwt-data-"));
    let app = copy_of_the_app(project.path());
    std::fs::write(app.join("seed/seed.toml"), "[[accounts]]\nemail = \"a@b.c\"\n").unwrap();
    let mut command = server_on(data.path(), &app);
    command.env("DEMO", "1").arg("demo");
    let output = run_to_exit(&mut command);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("seed.toml: accounts need a `password`"));
}
