//! Checking a restored database before anyone relies on it: every table's row count and
//! checksum against meta.json, both migration heads, row-level security on every table that
//! had it and on every table the API serves, a sign-in as requests sign in, the schema cache
//! loading as requests load it, and the stored files present. "Success with no data" cannot
//! pass: an empty copy fails the row counts.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::Connection;

use super::Backups;
use super::meta::{Meta, TableStat};
use super::restore::FileReport;
use super::snapshot;

#[derive(Debug, Clone, Serialize)]
pub struct Check {
    pub name: String,
    pub ok: bool,
    pub detail: String,
}

/// The result of a restore and its verification.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub backup_id: String,
    pub database: String,
    pub ok: bool,
    pub checks: Vec<Check>,
    pub tables: usize,
    pub rows: i64,
    pub migrations: BTreeMap<String, String>,
    pub files: FileReport,
    pub archive_entries: usize,
    pub duration_ms: u64,
}

fn check(name: &str, problems: &[String], ok_detail: String) -> Check {
    Check {
        name: name.to_string(),
        ok: problems.is_empty(),
        detail: if problems.is_empty() { ok_detail } else { problems.join("; ") },
    }
}

/// Verifies `database` (restored from `meta`).
pub async fn verify(backups: &Backups, meta: &Meta, database: &str, files: FileReport) -> Summary {
    let mut checks = Vec::new();
    let target = backups.admin.with_database(database);
    let read = async {
        let mut conn = target.connect("server-restore-check").await?;
        sqlx::raw_sql(snapshot::STABLE_TEXT).execute(&mut conn).await.map_err(|e| e.to_string())?;
        let tables = snapshot::tables(&mut conn).await.map_err(|e| e.to_string())?;
        let heads = snapshot::migration_heads(&mut conn).await.map_err(|e| e.to_string())?;
        let unprotected: Vec<String> = sqlx::query_scalar(
            "select format('%s.%s', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p') and n.nspname = any($1) and not c.relrowsecurity order by 1",
        )
        .bind(&backups.schemas)
        .fetch_all(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
        let _ = conn.close().await;
        Ok::<_, String>((tables, heads, unprotected))
    };
    let (tables, heads, unprotected) = match read.await {
        Ok(read) => read,
        Err(error) => {
            checks.push(Check { name: "database".into(), ok: false, detail: error });
            (Vec::new(), BTreeMap::new(), Vec::new())
        }
    };
    let restored: BTreeMap<String, &TableStat> = tables.iter().map(|t| (t.qualified(), t)).collect();
    let (mut counts, mut sums, mut rls) = (Vec::new(), Vec::new(), Vec::new());
    for expected in &meta.tables {
        let name = expected.qualified();
        match restored.get(&name) {
            None => counts.push(format!("{name} is missing")),
            Some(actual) => {
                if actual.rows != expected.rows {
                    counts.push(format!("{name} has {} rows, the backup {}", actual.rows, expected.rows));
                } else if actual.checksum != expected.checksum {
                    sums.push(format!("{name}'s rows differ from the backup's"));
                }
                if expected.rls && !actual.rls {
                    rls.push(format!("{name} lost row-level security"));
                }
            }
        }
    }
    for name in restored.keys() {
        if !meta.tables.iter().any(|t| &t.qualified() == name) {
            counts.push(format!("{name} is not in the backup"));
        }
    }
    rls.extend(unprotected.iter().map(|name| format!("{name} is served by the API without row-level security")));
    let rows: i64 = tables.iter().map(|t| t.rows).sum();
    checks.push(check("row counts", &counts, format!("{} tables, {rows} rows, as in the backup", meta.tables.len())));
    checks.push(check("checksums", &sums, "every table's rows are the backup's".into()));
    let heads_problem: Vec<String> = if heads == meta.migrations {
        Vec::new()
    } else {
        vec![format!("migrations {heads:?}, the backup {:?}", meta.migrations)]
    };
    checks.push(check("migrations", &heads_problem, format!("{:?}", meta.migrations)));
    checks.push(check(
        "row-level security",
        &rls,
        "on for every table that had it and every table the API serves".into(),
    ));
    let sign_in = sign_in_check(backups, database).await.err().into_iter().collect::<Vec<_>>();
    checks.push(check("sign-in", &sign_in, "a throwaway account signed in as requests do (rolled back)".into()));
    let cache = schema_cache_check(backups, database).await.err().into_iter().collect::<Vec<_>>();
    checks.push(check("schema cache", &cache, "the API's schema cache loads".into()));
    let file_problems: Vec<String> = if files.missing.is_empty() {
        Vec::new()
    } else {
        vec![format!("{} stored files are missing from the file store and the backup", files.missing.len())]
    };
    checks.push(check("files", &file_problems, format!("{} files named, {} put back", files.named, files.put_back)));
    Summary {
        backup_id: meta.id.clone(),
        database: database.to_string(),
        ok: checks.iter().all(|c| c.ok),
        checks,
        tables: tables.len(),
        rows,
        migrations: heads,
        files,
        archive_entries: 0,
        duration_ms: 0,
    }
}

/// A sign-in through the auth service's own statements, as the role requests log in as, in a
/// transaction that is rolled back: the login works, `auth_admin` can be taken, the account
/// tables take a new account (and whatever triggers the app has on them) and a session.
async fn sign_in_check(backups: &Backups, database: &str) -> Result<(), String> {
    use crate::auth::store::{sessions, users};
    let login = backups.request_login(database);
    let options = login.options()?;
    let password = login.libpq_env().into_iter().find(|(k, _)| *k == "PGPASSWORD").map(|(_, v)| v);
    let connections = crate::db::request_connections::RequestConnections::new(
        &options,
        password.as_deref(),
        1,
        std::time::Duration::from_secs(10),
    );
    let secret = format!("restore-check-{}", uuid::Uuid::new_v4().simple());
    let hash = tokio::task::spawn_blocking({
        let secret = secret.clone();
        move || crate::auth::password::hash_blocking(&secret)
    })
    .await
    .map_err(|e| e.to_string())??;
    let email = format!("restore-check-{}@example.invalid", uuid::Uuid::new_v4().simple());
    let mut tx =
        crate::auth::store::tx::AuthTx::begin(&connections).await.map_err(|e| format!("cannot log in: {e}"))?;
    let outcome = async {
        let empty = serde_json::json!({});
        let user = users::insert(
            &mut tx,
            &users::NewUser {
                id: None,
                email: Some(&email),
                phone: None,
                password_hash: Some(&hash),
                confirmed: true,
                phone_confirmed: false,
                app_metadata: Some(&serde_json::json!({"provider": "email", "providers": ["email"]})),
                user_metadata: Some(&empty),
                banned_until: None,
                is_anonymous: false,
                invited: false,
            },
        )
        .await
        .map_err(|e| format!("cannot create an account: {e}"))?
        .ok_or("cannot create an account")?;
        let found = users::by_email(&mut tx, &email)
            .await
            .map_err(|e| format!("cannot look an account up: {e}"))?
            .ok_or("the new account cannot be found")?;
        let stored = found.password_hash.clone().unwrap_or_default();
        if !crate::auth::password::verify_blocking(&secret, &stored) {
            return Err("the account's password does not verify".to_string());
        }
        let amr = serde_json::json!([{"method": "password", "timestamp": 0}]);
        sessions::open(&mut tx, user.id, &amr, "restore-check", Some("restore check"), "127.0.0.1")
            .await
            .map_err(|e| format!("cannot open a session: {e}"))?;
        Ok(())
    }
    .await;
    tx.rollback().await;
    connections.close();
    outcome
}

async fn schema_cache_check(backups: &Backups, database: &str) -> Result<(), String> {
    let login = backups.request_login(database);
    let pool = crate::db::request_pool(&login.options()?, 1);
    let loaded = crate::schema_cache::SharedSchemaCache::load(&pool, backups.schemas.clone()).await;
    pool.close().await;
    loaded.map(|_| ()).map_err(|e| format!("cannot load: {e}"))
}
