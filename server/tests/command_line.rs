//! The binary's command line: help, keys, and one-line errors for bad settings.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::os::unix::fs::PermissionsExt;

use support::process::{run_to_exit, server_command};

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_one_line_error(output: &std::process::Output, code: i32, needle: &str) {
    let stderr = stderr_of(output);
    assert_eq!(output.status.code(), Some(code), "stderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(lines.len(), 1, "exactly one error line expected: {stderr}");
    assert!(lines[0].contains(needle), "{needle} not in {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("backtrace"), "{stderr}");
}

/// A JWT_SECRET long enough to be accepted.
const SECRET: &str = "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk";

/// The server run with `env` and `args` exits with code 2 and one error line naming `needle`.
fn assert_refused(env: &[(&str, &str)], args: &[&str], needle: &str) {
    let dir = scratch();
    let mut command = server_command(dir.path());
    command.envs(env.iter().copied()).args(args);
    assert_one_line_error(&run_to_exit(&mut command), 2, needle);
}

fn scratch() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("hwt-cli-").tempdir_in("/tmp").expect("test set-up");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("test set-up");
    dir
}

#[test]
fn help_explains_every_setting() {
    let dir = scratch();
    let mut command = server_command(dir.path());
    command.arg("--help");
    let output = run_to_exit(&mut command);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for setting in [
        "DATABASE_URL",
        "DATA_DIR",
        "JWT_SECRET",
        "SITE_URL",
        "PORT",
        "HOST",
        "STORAGE_BACKEND",
        "CORS_ALLOWED_ORIGINS",
        "LOG_FORMAT",
        "PG_BIN_DIR",
        "VAPID_PRIVATE_KEY",
        "PUSH_ALLOWED_HOSTS",
    ] {
        assert!(help.contains(setting), "{setting} missing from --help");
    }
    for command in ["serve", "migrate", "keys", "gen-types"] {
        assert!(help.contains(command), "{command} missing from --help");
    }
}

#[test]
fn keys_prints_the_same_keys_for_the_same_secret() {
    let dir = scratch();
    let run = || {
        let mut command = server_command(dir.path());
        command.env("JWT_SECRET", "k".repeat(40)).arg("keys");
        run_to_exit(&mut command)
    };
    let first = run();
    assert!(first.status.success(), "{}", stderr_of(&first));
    let text = String::from_utf8_lossy(&first.stdout).into_owned();
    assert!(text.contains("ANON_KEY=ey") && text.contains("SERVICE_ROLE_KEY=ey"), "{text}");
    assert_eq!(String::from_utf8_lossy(&run().stdout), text);
}

#[test]
fn an_invalid_port_names_the_setting_with_exit_code_2() {
    assert_refused(&[("PORT", "eighty")], &["keys"], "PORT");
}

#[test]
fn a_bad_database_url_is_one_line() {
    assert_refused(&[("DATABASE_URL", "mysql://nobody@nowhere/db"), ("JWT_SECRET", SECRET)], &[], "DATABASE_URL");
}

#[test]
fn an_unreachable_database_url_is_one_line() {
    let dir = scratch();
    let mut command = server_command(dir.path());
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    command
        .env("DATABASE_URL", format!("postgres://u:secret-password@127.0.0.1:{port}/db"))
        .env("JWT_SECRET", "k".repeat(40))
        .env("VAPID_PRIVATE_KEY", "IQ9Ur0ykXoHS9gzfYX0aBjy9lvdrjx_PFUXmie9YRcY");
    let output = run_to_exit(&mut command);
    assert_one_line_error(&output, 2, "DATABASE_URL");
    assert!(!stderr_of(&output).contains("secret-password"), "the password leaked");
}

#[test]
fn an_external_database_without_a_jwt_secret_is_refused() {
    assert_refused(&[("DATABASE_URL", "postgres://u@127.0.0.1:1/db")], &[], "JWT_SECRET");
}

#[test]
fn an_external_database_without_a_vapid_key_is_refused() {
    let env = [("DATABASE_URL", "postgres://u@127.0.0.1:1/db"), ("JWT_SECRET", SECRET)];
    assert_refused(&env, &[], "VAPID_PRIVATE_KEY");
}

#[test]
fn vapid_keys_prints_a_new_pair_without_reading_other_settings() {
    let dir = scratch();
    let mut command = server_command(dir.path());
    command.env("DATABASE_URL", "postgres://u@127.0.0.1:1/db").arg("vapid-keys");
    let output = run_to_exit(&mut command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let value = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .to_owned()
    };
    let keys = server::push::keys::VapidKeys::from_private(&value("VAPID_PRIVATE_KEY")).unwrap();
    assert_eq!(keys.public_base64(), value("VAPID_PUBLIC_KEY"));
}

#[test]
fn missing_postgres_programs_name_the_package() {
    let dir = scratch();
    let empty = dir.path().join("empty-bin");
    std::fs::create_dir(&empty).unwrap();
    let mut command = server_command(&dir.path().join("data"));
    command.env("PG_BIN_DIR", &empty);
    assert_one_line_error(&run_to_exit(&mut command), 2, "apt-get install postgresql");
}

#[test]
fn an_unusable_data_directory_is_one_line() {
    let dir = scratch();
    // A data directory below a regular file can never be created.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let mut command = server_command(&file.join("data"));
    assert_one_line_error(&run_to_exit(command.arg("serve")), 1, "data directory");
}

#[test]
fn a_data_directory_the_postgres_account_cannot_reach_is_explained() {
    let dir = scratch();
    let private = dir.path().join("private");
    std::fs::create_dir(&private).unwrap();
    if nix::unistd::Uid::effective().is_root() {
        // Root can enter a 0700 directory; the PostgreSQL account cannot.
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
        let mut command = server_command(&private.join("data"));
        assert_one_line_error(&run_to_exit(command.arg("serve")), 1, "not reachable by the PostgreSQL account");
    } else {
        // Without root the account is ourselves: a read-only parent is the failure to explain.
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o500)).unwrap();
        let mut command = server_command(&private.join("data"));
        assert_one_line_error(&run_to_exit(command.arg("serve")), 1, "data directory");
    }
}

#[test]
fn gen_types_refuses_a_schema_the_server_does_not_expose() {
    let dir = scratch();
    let mut command = server_command(dir.path());
    command.args(["gen-types", "--schema", "public,push"]);
    let output = run_to_exit(&mut command);
    assert_one_line_error(&output, 2, "DB_SCHEMAS");
    assert!(stderr_of(&output).contains("push"), "{}", stderr_of(&output));
}
