//! The only place the REST engine touches the database: one transaction per request, begun
//! with the caller's role and claims, running the statements the SQL stage built.

use sqlx::postgres::PgArguments;
use sqlx::{Arguments, Row};

use super::context::RestContext;
use crate::auth::caller::ApiRole;
use crate::db::errors::from_sqlx;
use crate::db::request_tx::{self, RequestContext, RequestTransaction};
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
    role: ApiRole,
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
        Ok(Self { role: tx.role(), tx: Some(tx) })
    }

    /// Runs a statement returning `(pgrst_total, pgrst_page, pgrst_body)`.
    pub async fn fetch(&mut self, sql: &Sql) -> Result<Outcome, ApiError> {
        let role = self.role;
        let result = async {
            let connection = self.connection()?;
            let row = sqlx::query_with(sqlx::AssertSqlSafe(sql.text.clone()), arguments(sql)?)
                .fetch_one(connection)
                .await
                .map_err(|e| from_sqlx(e, role))?;
            let decode = |e| from_sqlx(e, role);
            Ok(Outcome {
                total: row.try_get::<Option<i64>, _>(0).map_err(decode)?,
                page: row.try_get::<Option<i64>, _>(1).map_err(decode)?.unwrap_or(0),
                body: row.try_get::<Option<String>, _>(2).map_err(decode)?,
            })
        }
        .await;
        self.on_error(result).await
    }

    /// Runs a statement for its effect; returns the rows it affected.
    pub async fn execute(&mut self, sql: &Sql) -> Result<u64, ApiError> {
        let role = self.role;
        let result = async {
            let connection = self.connection()?;
            let done = sqlx::query_with(sqlx::AssertSqlSafe(sql.text.clone()), arguments(sql)?)
                .execute(connection)
                .await
                .map_err(|e| from_sqlx(e, role))?;
            Ok(done.rows_affected())
        }
        .await;
        self.on_error(result).await
    }

    /// PostgreSQL's row estimate for a query (`Prefer: count=planned`).
    pub async fn planned_rows(&mut self, sql: &Sql) -> Result<i64, ApiError> {
        let role = self.role;
        let result = async {
            let explain = format!("EXPLAIN (FORMAT JSON) {}", sql.text);
            let connection = self.connection()?;
            let plan: serde_json::Value = sqlx::query_scalar_with(sqlx::AssertSqlSafe(explain), arguments(sql)?)
                .fetch_one(connection)
                .await
                .map_err(|e| from_sqlx(e, role))?;
            Ok(plan
                .pointer("/0/Plan/Plan Rows")
                .and_then(serde_json::Value::as_f64)
                .map(|rows| rows.round() as i64)
                .unwrap_or(0))
        }
        .await;
        self.on_error(result).await
    }

    pub async fn commit(mut self) -> Result<(), ApiError> {
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

    fn connection(&mut self) -> Result<&mut sqlx::PgConnection, ApiError> {
        self.tx
            .as_mut()
            .map(RequestTransaction::connection)
            .ok_or_else(|| ApiError::internal("statement after a failed statement"))
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

fn arguments(sql: &Sql) -> Result<PgArguments, ApiError> {
    let mut args = PgArguments::default();
    for param in &sql.params {
        let added = match param {
            Param::Text(value) => args.add(value.as_str()),
            Param::TextArray(values) => args.add(values.as_slice()),
        };
        added.map_err(|e| ApiError::internal(format!("cannot bind a parameter: {e}")))?;
    }
    Ok(args)
}
