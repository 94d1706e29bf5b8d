//! The only place the REST engine touches the database: one transaction per request, begun
//! with the caller's role and claims, running the statements the SQL stage built.

use tokio_postgres::types::{ToSql, Type};

use super::context::RestContext;
use crate::db::request_tx::{self, RequestContext, RequestTransaction};
use crate::db::wire::Row;
use crate::error::ApiError;
use crate::rest::sql::{Param, Sql};
use crate::state::AppState;

/// What a statement built by [`crate::rest::sql`] returns: its one row.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The counted total (reads with `count=exact`), or the rows an insert created.
    pub total: Option<i64>,
    /// Rows in the page.
    pub page: i64,
    pub body: Option<String>,
}

pub struct RequestTx {
    /// `None` once a failed statement rolled it back.
    tx: Option<RequestTransaction>,
    /// The request's writes are undone at the end ([`RestContext::rollback`]): nothing
    /// commits early, and [`Self::commit`] rolls back.
    rollback: bool,
}

impl RequestTx {
    pub async fn begin(state: &AppState, context: &RestContext, read_only: bool) -> Result<Self, ApiError> {
        let search_path = format!("{}, extensions", crate::rest::sql::builder::quote_ident(&context.schema));
        let mut settings: Vec<(String, String)> =
            context.cache.role_settings.get(context.caller.role.as_str()).cloned().unwrap_or_default();
        if let Some(timezone) = &context.preferences.timezone {
            settings.push(("timezone".into(), timezone.clone()));
        }
        let request = RequestContext {
            caller: &context.caller,
            method: context.method.as_str(),
            path: &context.path,
            read_only,
            search_path: &search_path,
            settings: &settings,
        };
        let tx = request_tx::begin(&state.connections, &request).await?;
        // A read-only transaction has nothing to undo: its COMMIT may still ride along.
        Ok(Self { tx: Some(tx), rollback: context.rollback && !read_only })
    }

    /// Runs a statement returning `(pgrst_total, pgrst_page, pgrst_body)`.
    pub async fn fetch(&mut self, sql: &Sql) -> Result<Outcome, ApiError> {
        self.fetch_then(sql, false).await
    }

    /// [`Self::fetch`], committing in the same round trip when `commit` (the request's last
    /// statement, whose answer cannot turn into a rollback).
    pub async fn fetch_then(&mut self, sql: &Sql, commit: bool) -> Result<Outcome, ApiError> {
        let commit = commit && !self.rollback;
        let result = async {
            let (rows, _) = self.run(&sql.text, sql, commit).await?;
            let row = rows.first().ok_or_else(|| ApiError::internal("a REST statement returned no row"))?;
            let decode = |e: crate::db::wire::Error| ApiError::internal(e);
            Ok(Outcome {
                total: row.try_get::<_, Option<i64>>(0).map_err(decode)?,
                page: row.try_get::<_, Option<i64>>(1).map_err(decode)?.unwrap_or(0),
                body: row.try_get::<_, Option<String>>(2).map_err(decode)?,
            })
        }
        .await;
        self.on_error(result).await
    }

    /// Runs a statement for its effect; returns the rows it affected. Commits in the same
    /// round trip when `commit`.
    pub async fn execute_then(&mut self, sql: &Sql, commit: bool) -> Result<u64, ApiError> {
        let commit = commit && !self.rollback;
        let result = async {
            let (_, affected) = self.run(&sql.text, sql, commit).await?;
            Ok(affected)
        }
        .await;
        self.on_error(result).await
    }

    /// Runs `text` (`sql`'s own, or an `EXPLAIN` of it) with `sql`'s parameters; commits in the
    /// same round trip when `commit`. The rows and the number affected.
    async fn run(&mut self, text: &str, sql: &Sql, commit: bool) -> Result<(Vec<Row>, u64), ApiError> {
        let (types, values) = parameters(sql);
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref() as &(dyn ToSql + Sync)).collect();
        self.transaction()?.run_then(text, &types, &params, commit).await
    }

    /// `EXPLAIN (<options>) <sql>`: the plan as JSON text, or the text plan's lines.
    pub async fn explain(&mut self, sql: &Sql, options: &str) -> Result<String, ApiError> {
        let result = async {
            let explain = format!("EXPLAIN ({options}) {}", sql.text);
            let (rows, _) = self.run(&explain, sql, false).await?;
            let decode = |e: crate::db::wire::Error| ApiError::internal(e);
            let mut lines = Vec::with_capacity(rows.len());
            for row in &rows {
                match row.columns().first().map(|c| c.type_().clone()) {
                    Some(Type::JSON) => lines.push(row.try_get::<_, serde_json::Value>(0).map_err(decode)?.to_string()),
                    _ => lines.push(row.try_get::<_, String>(0).map_err(decode)?),
                }
            }
            Ok(lines.join("\n"))
        }
        .await;
        self.on_error(result).await
    }

    /// PostgreSQL's row estimate for a query (`Prefer: count=planned`).
    pub async fn planned_rows(&mut self, sql: &Sql) -> Result<i64, ApiError> {
        let result = async {
            let explain = format!("EXPLAIN (FORMAT JSON) {}", sql.text);
            let (rows, _) = self.run(&explain, sql, false).await?;
            let plan: serde_json::Value = rows
                .first()
                .and_then(|row| row.try_get::<_, serde_json::Value>(0).ok())
                .unwrap_or(serde_json::Value::Null);
            Ok(plan
                .pointer("/0/Plan/Plan Rows")
                .and_then(serde_json::Value::as_f64)
                .map(|rows| rows.round() as i64)
                .unwrap_or(0))
        }
        .await;
        self.on_error(result).await
    }

    /// Lowers the transaction's `statement_timeout` to `timeout` (unless it is lower already):
    /// the guard of reads using aggregate functions.
    pub async fn lower_statement_timeout(&mut self, timeout: std::time::Duration) -> Result<(), ApiError> {
        let mut sql = Sql::new();
        let millis = timeout.as_millis().to_string();
        sql.push("SELECT set_config('statement_timeout', ");
        sql.bind(millis.clone()).push(", true) FROM pg_catalog.pg_settings WHERE name = 'statement_timeout' AND (setting = '0' OR setting::bigint > ");
        sql.bind(millis).push("::bigint)");
        self.execute_then(&sql, false).await.map(|_| ())
    }

    /// Ends the request: COMMIT, or, when the request rolls back, its deferred constraints
    /// checked (a violation answers as the COMMIT would have) and then ROLLBACK.
    pub async fn commit(mut self) -> Result<(), ApiError> {
        if self.rollback {
            let checked = self.transaction()?.execute("SET CONSTRAINTS ALL IMMEDIATE", &[], &[]).await;
            if let Some(tx) = self.tx.take() {
                tx.rollback().await;
            }
            return checked.map(|_| ());
        }
        match self.tx.take() {
            Some(tx) => tx.commit().await,
            None => Err(ApiError::internal("commit after a failed statement")),
        }
    }

    /// Undoes the request's writes (a singular or max-affected violation).
    pub async fn rollback(mut self) {
        if let Some(tx) = self.tx.take() {
            tx.rollback().await;
        }
    }

    fn transaction(&mut self) -> Result<&mut RequestTransaction, ApiError> {
        self.tx.as_mut().ok_or_else(|| ApiError::internal("statement after a failed statement"))
    }

    /// A failed statement aborts the transaction: roll it back now so the connection is
    /// reused rather than closed.
    async fn on_error<T>(&mut self, result: Result<T, ApiError>) -> Result<T, ApiError> {
        if result.is_err()
            && let Some(tx) = self.tx.take()
        {
            tx.rollback().await;
        }
        result
    }
}

/// The statement's parameters with their declared types (all text; the SQL casts them).
fn parameters(sql: &Sql) -> (Vec<Type>, Vec<Box<dyn ToSql + Sync + Send>>) {
    sql.params
        .iter()
        .map(|param| -> (Type, Box<dyn ToSql + Sync + Send>) {
            match param {
                Param::Text(value) => (Type::TEXT, Box::new(value.clone())),
                Param::TextArray(values) => (Type::TEXT_ARRAY, Box::new(values.clone())),
            }
        })
        .unzip()
}
