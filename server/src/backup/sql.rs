//! Statements the backup, restore and switch share: session advisory locks, whether a database
//! exists, and statements on a database whose name only the server quotes (`format('%I')`).

use sqlx::PgConnection;

/// Takes the session-level advisory lock `key` if it is free (it is released by
/// `pg_advisory_unlock` or when the connection closes).
pub async fn try_lock(conn: &mut PgConnection, key: i64) -> Result<bool, String> {
    sqlx::query_scalar("select pg_try_advisory_lock($1)")
        .bind(key)
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| e.to_string())
}

pub async fn database_exists(conn: &mut PgConnection, database: &str) -> Result<bool, String> {
    sqlx::query_scalar("select exists (select from pg_database where datname = $1)")
        .bind(database)
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| e.to_string())
}

/// The statement `select format(…)` makes of `names` (`%I` quotes a name), for [`execute`].
pub async fn formatted(conn: &mut PgConnection, format: &'static str, names: &[&str]) -> Result<String, String> {
    let query = names.iter().fold(sqlx::query_scalar::<_, String>(format), |query, name| query.bind(*name));
    query.fetch_one(&mut *conn).await.map_err(|e| e.to_string())
}

/// Runs a statement [`formatted`] made.
pub async fn execute(conn: &mut PgConnection, statement: String) -> Result<(), sqlx::Error> {
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement)).execute(&mut *conn).await.map(|_| ())
}
