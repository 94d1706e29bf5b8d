//! The app's migrations keep to their part: no two share a number (two branches that each took
//! the next one are caught here, before either is applied anywhere), and none after the history
//! replaces a function, view or trigger that lives in functions/ (whose body would win at every
//! start, silently undoing the migration's). The app bootstraps twice without a change.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use server::db::bootstrap::bootstrap_with;
use server::db::sql_files::{SqlFile, check_migration_numbers, migration_number};
use support::TestDb;
use support::app::app_bundle;

/// The last migration written before functions/ existed: it and those before it created and
/// replaced the functions of their time (functions/README.md).
const HISTORY_ENDS_AT: u32 = 75;

/// `schema.name` of every `create or replace function|view|trigger` (and, with `plain`, every
/// `create function|view|trigger`) in `sql`, lower-cased; a trigger as `trigger name on table`.
fn definitions(sql: &str, plain: bool) -> Vec<String> {
    let words: Vec<String> = sql
        .lines()
        .map(|line| line.split("--").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if word != "create" {
            continue;
        }
        let rest: Vec<&str> = words[i + 1..].iter().take(12).map(String::as_str).collect();
        let (replaced, rest) = match rest.as_slice() {
            ["or", "replace", rest @ ..] => (true, rest),
            rest => (false, rest),
        };
        if !(replaced || plain) {
            continue;
        }
        let rest = rest.strip_prefix(&["constraint"]).unwrap_or(rest);
        match rest {
            ["function" | "view", name, ..] => {
                found.push(name.split('(').next().unwrap_or(name).to_string());
            }
            ["trigger", name, ..] => {
                let table = rest.iter().skip_while(|w| **w != "on").nth(1).copied().unwrap_or("?");
                found.push(format!("trigger {name} on {table}"));
            }
            _ => {}
        }
    }
    found
}

#[test]
fn definitions_are_found_in_sql() {
    let sql = "-- create or replace function app.commented()\ncreate or replace function app.f(a int) returns int\n\
               create function public.g() returns void\nCREATE OR REPLACE TRIGGER t_x before insert on public.t\n\
               create constraint trigger t_y after insert on public.t";
    assert_eq!(definitions(sql, false), ["app.f", "trigger t_x on public.t"]);
    assert_eq!(definitions(sql, true), ["app.f", "public.g", "trigger t_x on public.t", "trigger t_y on public.t"]);
}

#[test]
fn no_two_migrations_share_a_number() {
    let app = app_bundle();
    check_migration_numbers(app.app).unwrap();
}

#[test]
fn no_migration_after_the_history_replaces_what_functions_defines() {
    let app = app_bundle();
    let defined: Vec<String> = app.functions.iter().flat_map(|f| definitions(f.sql, true)).collect();
    assert!(defined.len() > 100, "functions/ defines the app's functions and triggers: {}", defined.len());
    let later: Vec<&SqlFile<'_>> =
        app.app.iter().filter(|f| migration_number(f.name).is_some_and(|n| n > HISTORY_ENDS_AT)).collect();
    let mut replaced = Vec::new();
    for file in later {
        for name in definitions(file.sql, false) {
            if defined.contains(&name) {
                replaced.push(format!("{} replaces {name}: change it in functions/ instead", file.name));
            }
        }
    }
    assert!(replaced.is_empty(), "{replaced:#?}");
}

#[tokio::test]
async fn the_app_bootstraps_twice_without_a_change() {
    let db = TestDb::empty().await;
    let first = bootstrap_with(&db.admin, app_bundle(), None).await.unwrap();
    assert!(!first.applied.is_empty());
    let fingerprint = || async {
        let mut conn = db.admin_connection().await;
        let rows: Vec<String> = sqlx::query_scalar(
            "select format('%s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl) from pg_proc p
              where p.pronamespace in ('app'::regnamespace, 'public'::regnamespace)
             union all
             select pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
             union all
             select format('%s %s %s', polrelid::regclass, polname, pg_get_expr(polqual, polrelid)) from pg_policy
             order by 1",
        )
        .fetch_all(&mut conn)
        .await
        .unwrap();
        rows
    };
    let before = fingerprint().await;
    let second = bootstrap_with(&db.admin, app_bundle(), None).await.unwrap();
    assert!(second.applied.is_empty());
    assert_eq!(fingerprint().await, before);
}
