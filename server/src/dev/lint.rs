//! `server db lint`: the lints of the pgTAP suite (`POLICIES_DIR/tests/*lint*.sql`, each an
//! `is_empty($$ query $$, 'rule')` that lists what breaks the rule, and in a second column how
//! to fix it) run on a throwaway database with the app's SQL, one line per finding.

use std::io::Write;

use sqlx::{ConnectOptions, Row};

use super::scratch::Scratch;
use crate::config::Config;
use crate::startup_error::StartupError;

/// One lint: the rule, and the query listing what breaks it.
#[derive(Debug, PartialEq, Eq)]
pub struct Lint {
    pub rule: String,
    pub query: String,
}

pub fn run(config: &Config) -> Result<(), StartupError> {
    let tests = super::policies_dir(config)?.join("tests");
    let mut lints = Vec::new();
    for file in super::sql_files_in(&tests, |name| name.contains("lint")) {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| StartupError::environment(format!("cannot read {}: {e}", file.display())))?;
        lints.extend(parse(&text));
    }
    if lints.is_empty() {
        return Err(StartupError::environment(format!("no lints found in {}/*lint*.sql", tests.display())));
    }
    let app = crate::db::load_app_sql(config)?;
    let scratch = Scratch::start(config)?;
    let runtime = super::build_runtime()?;
    let result = runtime.block_on(async {
        scratch.bootstrap(&app).await?;
        let mut conn = scratch.admin()?.connect().await.map_err(|e| StartupError::environment(e.to_string()))?;
        let mut findings = Vec::new();
        for lint in &lints {
            let rows = sqlx::raw_sql(sqlx::AssertSqlSafe(lint.query.clone()))
                .fetch_all(&mut conn)
                .await
                .map_err(|e| StartupError::environment(format!("the lint \"{}\" failed: {e}", lint.rule)))?;
            for row in rows {
                let what: String = row.try_get(0).unwrap_or_else(|_| "(a row)".into());
                let fix: Option<String> = row.try_get(1).ok().flatten();
                findings.push(match fix {
                    Some(fix) => format!("{what}: breaks \"{}\"; fix: {fix}", lint.rule),
                    None => format!("{what}: breaks \"{}\"", lint.rule),
                });
            }
        }
        Ok::<_, StartupError>(findings)
    });
    drop(runtime);
    scratch.stop()?;
    let findings = result?;
    let mut out = std::io::stdout().lock();
    for finding in &findings {
        let _ = writeln!(out, "{finding}");
    }
    let counted = match findings.len() {
        1 => "1 finding".to_string(),
        n => format!("{n} findings"),
    };
    let _ = writeln!(out, "{} lints, {counted}", lints.len());
    if findings.is_empty() { Ok(()) } else { Err(StartupError::environment(format!("db lint: {counted}"))) }
}

/// Every `is_empty($$ query $$, 'rule')` of a pgTAP file.
pub fn parse(sql: &str) -> Vec<Lint> {
    const OPEN: &str = "is_empty($$";
    let mut lints = Vec::new();
    let mut rest = sql;
    while let Some(start) = rest.find(OPEN) {
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find("$$") else { break };
        let query = after[..end].trim().to_string();
        let tail = &after[end + 2..];
        let rule = quoted_after_comma(tail).unwrap_or_else(|| "unnamed lint".into());
        lints.push(Lint { rule, query });
        rest = tail;
    }
    lints
}

/// The SQL string literal after `, ` at the start of `text` ('' is a quote).
fn quoted_after_comma(text: &str) -> Option<String> {
    let text = text.trim_start().strip_prefix(',')?.trim_start().strip_prefix('\'')?;
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                out.push('\'');
            } else {
                return Some(out);
            }
        } else {
            out.push(c);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lints_are_read_from_is_empty_assertions() {
        let sql = "begin;\nselect plan(2);\nselect is_empty($$\n  select 1 where false\n$$, 'rule one');\n\
                   select is_empty($$ select 'x' $$ , 'the caller''s rule');\nselect * from finish();";
        assert_eq!(
            parse(sql),
            [
                Lint { rule: "rule one".into(), query: "select 1 where false".into() },
                Lint { rule: "the caller's rule".into(), query: "select 'x'".into() },
            ]
        );
    }

    #[test]
    fn the_suites_lints_are_all_found() {
        let text = include_str!("../../../policies/tests/lints.sql");
        let lints = parse(text);
        let planned = text.split("plan(").nth(1).and_then(|t| t.split(')').next()).and_then(|n| n.parse().ok());
        assert_eq!(Some(lints.len()), planned);
        assert!(lints.iter().all(|l| l.query.starts_with("select") && !l.rule.is_empty()));
    }
}
