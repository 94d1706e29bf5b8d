//! `server db test`: the app's pgTAP suite on a throwaway database. The platform's and the
//! app's SQL are applied, then `POLICIES_DIR/tests/setup/*.sql`, the access matrix of
//! `POLICIES_DIR/README.md` (every row of the table headed `| table | op |`, cell by cell, into
//! `tests.matrix`), then `pg_prove` runs `POLICIES_DIR/tests/*.sql` (or the files the command
//! names), and a last check that re-applying the functions and policies changes nothing.
//! Prints every TAP line, then `N passed, N failed`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use sqlx::{ConnectOptions, PgConnection};

use super::scratch::Scratch;
use crate::config::Config;
use crate::db::embedded;
use crate::db::sql_files::AppSql;
use crate::startup_error::StartupError;

/// One cell of the access matrix: table, operation, role column, expected scope.
#[derive(Debug, PartialEq, Eq)]
pub struct Cell {
    pub table: String,
    pub op: String,
    pub role: String,
    pub cell: String,
}

pub fn run(config: &Config, only: &[String]) -> Result<(), StartupError> {
    let (passed, failed) = match run_suite(config, only) {
        Ok(counts) => counts,
        Err(error) => {
            // Whatever stopped the suite counts as one failure, so the summary line is always there.
            let _ = writeln!(std::io::stdout().lock(), "0 passed, 1 failed");
            return Err(error);
        }
    };
    let _ = writeln!(std::io::stdout().lock(), "{passed} passed, {failed} failed");
    if failed == 0 { Ok(()) } else { Err(StartupError::environment(format!("db test: {failed} failed"))) }
}

fn run_suite(config: &Config, only: &[String]) -> Result<(u64, u64), StartupError> {
    let policies = super::policies_dir(config)?.to_path_buf();
    let tests = policies.join("tests");
    let files = super::sql_files_in(&tests, |name| selected(name, only));
    if files.is_empty() {
        let which = if only.is_empty() { String::new() } else { format!(" matching {}", only.join(" or ")) };
        return Err(StartupError::environment(format!("no pgTAP files{which} in {}", tests.display())));
    }
    if Command::new("pg_prove").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_err() {
        return Err(StartupError::environment(
            "pg_prove is missing (Debian: apt-get install libtap-parser-sourcehandler-pgtap-perl postgresql-<major>-pgtap)",
        ));
    }
    let readme = std::fs::read_to_string(policies.join("README.md")).unwrap_or_default();
    let matrix = matrix(&readme);
    let app = crate::db::load_app_sql(config)?;
    let scratch = Scratch::start(config)?;
    let runtime = super::build_runtime()?;
    let outcome = (|| {
        runtime.block_on(prepare(&scratch, &app, &tests, &matrix))?;
        let (mut passed, mut failed) = prove(&scratch, &files)?;
        match runtime.block_on(reapplying_changes_nothing(&scratch, &app)) {
            Ok(true) => {
                println!("ok - re-applying the functions and policies changes nothing");
                passed += 1;
            }
            Ok(false) => {
                println!("not ok - re-applying the functions and policies changes nothing");
                failed += 1;
            }
            Err(error) => {
                println!("not ok - re-applying the functions and policies changes nothing ({error})");
                failed += 1;
            }
        }
        Ok::<_, StartupError>((passed, failed))
    })();
    drop(runtime);
    scratch.stop()?;
    outcome
}

async fn prepare(scratch: &Scratch, app: &AppSql, tests: &Path, matrix: &[Cell]) -> Result<(), StartupError> {
    let env = |e: &dyn std::fmt::Display| StartupError::environment(e.to_string());
    scratch.bootstrap(app).await?;
    let mut conn = scratch.admin()?.connect().await.map_err(|e| env(&e))?;
    sqlx::raw_sql("create extension if not exists pgtap with schema extensions")
        .execute(&mut conn)
        .await
        .map_err(|e| StartupError::environment(format!("cannot create the pgtap extension (is it installed?): {e}")))?;
    for file in super::sql_files_in(&tests.join("setup"), |_| true) {
        let sql = std::fs::read_to_string(&file).map_err(|e| env(&e))?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
            .execute(&mut conn)
            .await
            .map_err(|e| StartupError::environment(format!("setup file {} failed: {e}", file.display())))?;
    }
    let has_matrix: bool = sqlx::query_scalar("select to_regclass('tests.matrix') is not null")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| env(&e))?;
    if has_matrix {
        if matrix.is_empty() {
            return Err(StartupError::environment("no matrix rows found in the policies' README.md"));
        }
        sqlx::raw_sql("truncate tests.matrix").execute(&mut conn).await.map_err(|e| env(&e))?;
        for cell in matrix {
            sqlx::query("insert into tests.matrix values ($1, $2, $3, $4)")
                .bind(&cell.table)
                .bind(&cell.op)
                .bind(&cell.role)
                .bind(&cell.cell)
                .execute(&mut conn)
                .await
                .map_err(|e| StartupError::environment(format!("matrix row {cell:?}: {e}")))?;
        }
    }
    Ok(())
}

/// Runs pg_prove, echoing its output; counts `ok` and `not ok` lines.
fn prove(scratch: &Scratch, files: &[std::path::PathBuf]) -> Result<(u64, u64), StartupError> {
    let mut child = Command::new("pg_prove")
        .args(["--verbose", "--ext", ".sql"])
        .args(files)
        .env("PGHOST", scratch.socket_dir())
        .env("PGPORT", embedded::SOCKET_PORT.to_string())
        .env("PGUSER", embedded::SUPERUSER)
        .env("PGDATABASE", crate::db::APP_DATABASE)
        .env("PGOPTIONS", "-c search_path=public,extensions,tests -c client_min_messages=warning")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| StartupError::environment(format!("cannot run pg_prove: {e}")))?;
    let (mut passed, mut failed) = (0, 0);
    let mut out = std::io::stdout().lock();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let trimmed = line.trim_start();
            if trimmed.starts_with("not ok ") {
                failed += 1;
            } else if trimmed.starts_with("ok ") && trimmed[3..].starts_with(|c: char| c.is_ascii_digit()) {
                passed += 1;
            }
            let _ = writeln!(out, "{line}");
        }
    }
    let status = child.wait().map_err(|e| StartupError::environment(format!("pg_prove: {e}")))?;
    if !status.success() && failed == 0 {
        failed = 1;
    }
    Ok((passed, failed))
}

/// Whether the test file `name` is one the command names: every file when it names none; else
/// a file whose name (or name without `.sql`) equals, contains or (with `*`) matches one.
pub fn selected(name: &str, only: &[String]) -> bool {
    only.is_empty()
        || only.iter().map(|pattern| pattern.rsplit('/').next().unwrap_or(pattern)).any(|pattern| {
            let pattern = pattern.strip_suffix(".sql").unwrap_or(pattern);
            let stem = name.strip_suffix(".sql").unwrap_or(name);
            if pattern.contains('*') { glob(pattern, stem) } else { stem.contains(pattern) }
        })
}

/// `*` matches any characters; everything else itself.
fn glob(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, tail)) => text
            .strip_prefix(head)
            .is_some_and(|rest| (0..=rest.len()).any(|i| rest.is_char_boundary(i) && glob(tail, &rest[i..]))),
    }
}

/// Re-applies the functions and policies, as every start does, and compares the catalogue
/// before and after.
async fn reapplying_changes_nothing(scratch: &Scratch, app: &AppSql) -> Result<bool, String> {
    let mut conn = scratch.admin().map_err(|e| e.to_string())?.connect().await.map_err(|e| e.to_string())?;
    let before = fingerprint(&mut conn).await?;
    let files = app.files();
    crate::db::migrations::apply_definitions(&mut conn, &files.functions, &files.policies)
        .await
        .map_err(|e| e.to_string())?;
    Ok(before.is_some() && fingerprint(&mut conn).await? == before)
}

async fn fingerprint(conn: &mut PgConnection) -> Result<Option<String>, String> {
    sqlx::query_scalar(
        "select md5(string_agg(x, E'\\n' order by x)) from (
           select format('policy %s %s %s %s %s %s', schemaname, tablename, policyname, cmd, roles,
                         coalesce(qual, '') || coalesce(with_check, '')) x from pg_policies
           union all
           select format('function %s %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl,
                         obj_description(p.oid, 'pg_proc')) from pg_proc p
             join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'app', 'auth', 'storage', 'push')
           union all
           select format('trigger %s %s', t.tgrelid::regclass, pg_get_triggerdef(t.oid)) from pg_trigger t
            where not t.tgisinternal
           union all
           select format('view %s %s %s', c.oid::regclass, md5(pg_get_viewdef(c.oid)), c.relacl) from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'app', 'storage') and c.relkind in ('v', 'm')
           union all
           select format('table %s %s %s %s', c.oid::regclass, c.relrowsecurity, c.relforcerowsecurity, c.relacl)
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'app', 'storage') and c.relkind = 'r'
         ) s",
    )
    .fetch_one(conn)
    .await
    .map_err(|e| e.to_string())
}

/// The cells of the README's access matrix: the rows of the table whose header starts
/// `| table | op |` and whose operation is select, insert, update or delete; one cell per role
/// column (every column between `op` and the last, which is the reason).
pub fn matrix(readme: &str) -> Vec<Cell> {
    let mut roles: Option<Vec<String>> = None;
    let mut cells = Vec::new();
    for line in readme.lines() {
        let columns: Vec<&str> = line.split('|').map(str::trim).collect();
        if columns.len() < 5 || !line.trim_start().starts_with('|') {
            if !line.trim_start().starts_with('|') {
                roles = None;
            }
            continue;
        }
        // A row `| a | b | … |` splits into ["", a, b, …, ""].
        let inner = &columns[1..columns.len() - 1];
        if inner[0] == "table" && inner[1] == "op" {
            roles = Some(inner[2..inner.len() - 1].iter().map(|r| r.to_string()).collect());
            continue;
        }
        let Some(roles) = &roles else { continue };
        if !["select", "insert", "update", "delete"].contains(&inner[1]) {
            continue;
        }
        for (role, cell) in roles.iter().zip(&inner[2..inner.len() - 1]) {
            cells.push(Cell {
                table: inner[0].to_string(),
                op: inner[1].to_string(),
                role: role.clone(),
                cell: cell.to_string(),
            });
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_names_files_by_part_or_pattern() {
        let only = |p: &[&str]| p.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert!(selected("members_admin.sql", &[]));
        assert!(selected("members_admin.sql", &only(&["members"])));
        assert!(selected("members_admin.sql", &only(&["members_admin.sql"])));
        assert!(selected("members_admin.sql", &only(&["policies/tests/members_admin.sql"])));
        assert!(selected("members_admin.sql", &only(&["mem*min"])));
        assert!(selected("members_admin.sql", &only(&["payments", "*admin"])));
        assert!(!selected("members_admin.sql", &only(&["payments"])));
        assert!(!selected("members_admin.sql", &only(&["admin*x"])));
    }

    #[test]
    fn the_matrix_is_read_cell_by_cell() {
        let readme = "Intro\n\n| table | op | anon | admin | reason |\n|---|---|---|---|---|\n\
                      | users | select | none | all | private |\n| users | note | x | y | z |\n\
                      | events | insert | no | yes | staff only |\n\nAfter.\n| a | b | c | d |\n";
        let cells = matrix(readme);
        let flat: Vec<String> = cells.iter().map(|c| format!("{} {} {} {}", c.table, c.op, c.role, c.cell)).collect();
        assert_eq!(
            flat,
            ["users select anon none", "users select admin all", "events insert anon no", "events insert admin yes"]
        );
    }

    #[test]
    fn the_projects_matrix_has_every_role_for_every_row() {
        let cells = matrix(include_str!("../../../policies/README.md"));
        assert!(cells.len() > 50, "{}", cells.len());
        assert!(cells.iter().all(|c| !c.role.is_empty() && !c.cell.is_empty()));
    }
}
