//! What the tests read of the database's catalogue.

use sqlx::PgConnection;

/// Whether `table` (in any schema) has a column named `column`.
pub async fn has_column(conn: &mut PgConnection, table: &str, column: &str) -> bool {
    sqlx::query_scalar(
        "select exists (select from information_schema.columns where table_name = $1 and column_name = $2)",
    )
    .bind(table)
    .bind(column)
    .fetch_one(conn)
    .await
    .expect("read information_schema.columns")
}
