//! The one way a request touches data: a transaction whose first statement sets the role,
//! the verified claims, the method and path, and the role's own settings, all
//! transaction-locally (never session-level on a pooled connection).
//!
//! `BEGIN`, the settings and the request's first statement are pipelined: written together and
//! answered together, one round trip instead of three. PostgreSQL still runs them in order, so
//! the role is set before the statement is planned. `COMMIT` is the second round trip.

use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{Row, Statement};

use super::errors::{from_checkout, from_postgres};
use super::request_connections::{Checkout, RequestConnections};
use crate::auth::caller::{ApiRole, Caller};
use crate::error::ApiError;

/// What the transaction-local settings describe.
pub struct RequestContext<'a> {
    pub caller: &'a Caller,
    pub method: &'a str,
    pub path: &'a str,
    /// GET and HEAD run read-only.
    pub read_only: bool,
    /// `search_path` for the request (the profile's schema first).
    pub search_path: &'a str,
    /// Extra settings, e.g. the role's `statement_timeout` or a `timezone` preference.
    pub settings: &'a [(String, String)],
}

/// Sets everything in one statement: each pair becomes `set_config(name, value, true)`.
const SET_CONTEXT_SQL: &str =
    "select set_config(name, value, true) from unnest($1::text[], $2::text[]) as s(name, value)";

/// BEGIN and the settings, not sent yet: they go out with the first statement.
struct Opening {
    begin: &'static str,
    names: Vec<String>,
    values: Vec<String>,
}

/// An open request transaction. End it with [`RequestTransaction::commit`] or
/// [`RequestTransaction::rollback`]; dropped open (an interrupted request), its connection is
/// closed and PostgreSQL rolls it back.
pub struct RequestTransaction {
    checkout: Checkout,
    role: ApiRole,
    opening: Option<Opening>,
    /// Committed together with its last statement ([`RequestTransaction::run_then`]).
    finished: bool,
}

/// Takes a connection and prepares the transaction's opening (sent with the first statement).
pub async fn begin(
    connections: &RequestConnections,
    context: &RequestContext<'_>,
) -> Result<RequestTransaction, ApiError> {
    let role = context.caller.role;
    let checkout = connections.checkout().await.map_err(from_checkout)?;
    let mut names: Vec<String> = [
        "jit",
        "search_path",
        "role",
        "request.jwt.claims",
        "request.jwt.claim.role",
        "request.jwt.claim.sub",
        "request.method",
        "request.path",
    ]
    .map(String::from)
    .to_vec();
    let mut values = vec![
        // JIT compilation cannot be interrupted: a wide query spent minutes compiling past its
        // statement timeout. Off by default; a role's own `jit` setting (below) still wins.
        "off".to_owned(),
        context.search_path.to_owned(),
        role.as_str().to_owned(),
        context.caller.claims_text().to_owned(),
        role.as_str().to_owned(),
        context.caller.subject().unwrap_or("").to_owned(),
        context.method.to_owned(),
        context.path.to_owned(),
    ];
    for (name, value) in context.settings {
        names.push(name.clone());
        values.push(value.clone());
    }
    let begin = if context.read_only { "BEGIN READ ONLY" } else { "BEGIN READ WRITE" };
    Ok(RequestTransaction { checkout, role, opening: Some(Opening { begin, names, values }), finished: false })
}

impl RequestTransaction {
    pub fn role(&self) -> ApiRole {
        self.role
    }

    /// Runs `sql` (parameters typed `types`) and returns its rows.
    pub async fn query(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, ApiError> {
        self.run_then(sql, types, params, false).await.map(|(rows, _)| rows)
    }

    /// Runs `sql` for its effect and returns the number of rows it affected.
    pub async fn execute(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, ApiError> {
        self.run_then(sql, types, params, false).await.map(|(_, affected)| affected)
    }

    pub async fn commit(mut self) -> Result<(), ApiError> {
        let role = self.role;
        if self.finished {
            return Ok(());
        }
        if self.opening.is_some() {
            // Nothing ran: the connection never left idle.
            self.checkout.set_reusable(true);
            return Ok(());
        }
        Box::pin(self.checkout.client().client.batch_execute("COMMIT")).await.map_err(|e| from_postgres(e, role))?;
        self.checkout.set_reusable(true);
        Ok(())
    }

    /// Undoes the transaction; a connection that cannot roll back is closed instead.
    pub async fn rollback(mut self) {
        if self.finished {
            return;
        }
        if self.opening.is_some() {
            self.checkout.set_reusable(true);
            return;
        }
        match Box::pin(self.checkout.client().client.batch_execute("ROLLBACK")).await {
            Ok(()) => self.checkout.set_reusable(true),
            Err(error) => tracing::warn!(%error, "rollback failed; the connection is closed"),
        }
    }

    /// Runs `sql`, pipelined behind the opening when it is still to be sent; with `commit`, it is the transaction's last statement and COMMIT goes out in
    /// the same round trip (for requests whose answer cannot turn into a rollback; after a
    /// failed statement PostgreSQL answers that COMMIT with a rollback). Returns the rows and
    /// the number affected.
    pub async fn run_then(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
        commit: bool,
    ) -> Result<(Vec<Row>, u64), ApiError> {
        // Boxed: the pipelined exchange's future is kilobytes; inline, every enclosing future
        // up to the HTTP handler would carry its size, and be copied at each level.
        Box::pin(self.exchange(sql, types, params, commit)).await
    }

    async fn exchange(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
        commit: bool,
    ) -> Result<(Vec<Row>, u64), ApiError> {
        let role = self.role;
        if self.finished {
            return Err(ApiError::internal("statement after the request transaction ended"));
        }
        let statement = self.statement(sql, types).await?;
        let set_context = match self.opening {
            Some(_) => Some(
                prepare_cached(&mut self.checkout, SET_CONTEXT_SQL, &[]).await.map_err(|e| from_postgres(e, role))?,
            ),
            None => None,
        };
        let opening = self.opening.take();
        // Until the answers are read: a request dropped meanwhile cancels the statement.
        self.checkout.set_busy(true);
        let client = &self.checkout.client().client;
        let main = collect(client, &statement, params);
        let end = async { if commit { client.batch_execute("COMMIT").await } else { Ok(()) } };
        let (opened, result, committed) = match (opening, set_context) {
            (Some(opening), Some(set_context)) => {
                let settings: [&(dyn ToSql + Sync); 2] = [&opening.names, &opening.values];
                let (begun, set, result, committed) = tokio::join!(
                    client.batch_execute(opening.begin),
                    client.execute(&set_context, &settings),
                    main,
                    end
                );
                (begun.and(set.map(|_| ())), result, committed)
            }
            _ => {
                let (result, committed) = tokio::join!(main, end);
                (Ok(()), result, committed)
            }
        };
        self.checkout.set_busy(false);
        if commit {
            // Committed, or (after a failure) rolled back by the COMMIT: the connection is idle.
            self.finished = true;
            self.checkout.set_reusable(committed.is_ok());
        }
        opened.map_err(|e| from_postgres(e, role))?;
        let result = result.map_err(|e| from_postgres(e, role))?;
        committed.map_err(|e| from_postgres(e, role))?;
        Ok(result)
    }

    /// The prepared statement for `sql`. A new one is prepared inside the transaction (after
    /// the opening), so names resolve with the request's role and search path.
    async fn statement(&mut self, sql: &str, types: &[Type]) -> Result<Statement, ApiError> {
        let role = self.role;
        if let Some(statement) = self.checkout.client().cached(sql) {
            return Ok(statement);
        }
        if let Some(opening) = self.opening.take() {
            let set_context = prepare_cached(&mut self.checkout, SET_CONTEXT_SQL, &[]).await;
            let set_context = set_context.map_err(|e| from_postgres(e, role))?;
            let client = &self.checkout.client().client;
            opened(client, &opening, &set_context, role, std::future::ready(Ok(()))).await?;
        }
        prepare_cached(&mut self.checkout, sql, types).await.map_err(|e| from_postgres(e, role))
    }
}

/// Sends BEGIN, the settings and `then` together and waits for all three answers; the first
/// failure (in that order) is the error.
async fn opened<T>(
    client: &tokio_postgres::Client,
    opening: &Opening,
    set_context: &Statement,
    role: ApiRole,
    then: impl std::future::Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, ApiError> {
    let settings: [&(dyn ToSql + Sync); 2] = [&opening.names, &opening.values];
    let (begun, set, result) =
        tokio::join!(client.batch_execute(opening.begin), client.execute(set_context, &settings), then);
    begun.map_err(|e| from_postgres(e, role))?;
    set.map_err(|e| from_postgres(e, role))?;
    result.map_err(|e| from_postgres(e, role))
}

/// Every row of a statement, and the number of rows it affected.
async fn collect(
    client: &tokio_postgres::Client,
    statement: &Statement,
    params: &[&(dyn ToSql + Sync)],
) -> Result<(Vec<Row>, u64), tokio_postgres::Error> {
    use futures_util::TryStreamExt;
    let stream = client.query_raw(statement, params.iter().copied()).await?;
    let mut stream = std::pin::pin!(stream);
    let mut rows = Vec::new();
    while let Some(row) = stream.try_next().await? {
        rows.push(row);
    }
    Ok((rows, stream.rows_affected().unwrap_or(0)))
}

async fn prepare_cached(
    checkout: &mut Checkout,
    sql: &str,
    types: &[Type],
) -> Result<Statement, tokio_postgres::Error> {
    let client = checkout.client();
    if let Some(statement) = client.cached(sql) {
        return Ok(statement);
    }
    let statement = client.client.prepare_typed(sql, types).await?;
    client.remember(sql, statement.clone());
    Ok(statement)
}
