//! The one way a request touches data: a transaction whose first statement sets the role,
//! the verified claims, the method and path, and the role's own settings, all
//! transaction-locally (never session-level on a pooled connection).
//!
//! `BEGIN`, the settings, the request's first statement and (when it is the last) `COMMIT` go
//! out as one batch ending in one `Sync`: one write, one round trip, one flush of PostgreSQL's
//! answers. PostgreSQL still runs them in order, so the role is set before the statement is
//! planned, and after a failure it skips the rest of the batch.

use tokio_postgres::types::{ToSql, Type};

use super::errors::{from_checkout, from_wire};
use super::request_connections::{Checkout, RequestConnections};
use super::wire::{self, Batch, Row, Status};
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
        if self.finished || self.opening.is_some() {
            // Finished, or nothing ran (the connection never left idle).
            self.checkout.set_reusable(true);
            return Ok(());
        }
        let role = self.role;
        if self.checkout.connection().status() == Status::Failed {
            // PostgreSQL would answer COMMIT with a rollback and no error.
            let _ = Box::pin(self.end("ROLLBACK")).await;
            return Err(ApiError::internal("commit of a failed transaction"));
        }
        Box::pin(self.end("COMMIT")).await.map_err(|e| from_wire(e, role))
    }

    /// Undoes the transaction; a connection that cannot roll back is closed instead.
    pub async fn rollback(mut self) {
        if self.finished || self.opening.is_some() {
            self.checkout.set_reusable(true);
            return;
        }
        if let Err(error) = Box::pin(self.end("ROLLBACK")).await {
            tracing::warn!(%error, "rollback failed; the connection is closed");
        }
    }

    /// Sends `COMMIT` or `ROLLBACK` alone; the connection is reusable when it is idle after.
    async fn end(&mut self, sql: &'static str) -> Result<(), wire::Error> {
        self.finished = true;
        self.checkout.set_busy(true);
        let sent = {
            let mut batch = self.checkout.connection().batch();
            match batch.run(sql, &[], &[], false) {
                Ok(()) => {
                    batch.sync();
                    batch.send().await
                }
                Err(error) => Err(error),
            }
        };
        self.checkout.set_busy(false);
        let idle = self.checkout.connection().status() == Status::Idle;
        self.checkout.set_reusable(idle);
        sent.map(|_| ())
    }

    /// Runs `sql`, in the same batch as the opening when that is still to be sent; with
    /// `commit`, it is the transaction's last statement and COMMIT goes in the same batch (for
    /// requests whose answer cannot turn into a rollback; after a failed statement PostgreSQL
    /// skips the COMMIT, and the transaction is rolled back in a second round trip). Returns
    /// the rows and the number affected.
    pub async fn run_then(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
        commit: bool,
    ) -> Result<(Vec<Row>, u64), ApiError> {
        // Boxed: the exchange's future is large; inline, every enclosing future up to the
        // HTTP handler would carry its size, and be copied at each level.
        Box::pin(self.exchange(sql, types, params, commit)).await
    }

    async fn exchange(
        &mut self,
        sql: &str,
        types: &[Type],
        params: &[&(dyn ToSql + Sync)],
        commit: bool,
    ) -> Result<(Vec<Row>, u64), ApiError> {
        if self.finished {
            return Err(ApiError::internal("statement after the request transaction ended"));
        }
        if types.len() != params.len() && !self.checkout.connection().is_prepared(sql) {
            // Some parameter types are PostgreSQL's to infer: prepare first, inside the
            // transaction, so names resolve with the request's role and search path.
            let prepared = self.send(|batch, opening| {
                if let Some(opening) = opening {
                    push_opening(batch, opening)?;
                }
                batch.prepare(sql, types)?;
                batch.sync();
                Ok(())
            });
            if let Err(error) = prepared.await {
                return Err(self.failed(error, false).await);
            }
        }
        let sent = self.send(|batch, opening| {
            if let Some(opening) = opening {
                push_opening(batch, opening)?;
            }
            batch.run(sql, types, params, true)?;
            if commit {
                batch.run("COMMIT", &[], &[], false)?;
            }
            batch.sync();
            Ok(())
        });
        match sent.await {
            Ok(replies) => {
                if commit {
                    self.finished = true;
                    let idle = self.checkout.connection().status() == Status::Idle;
                    self.checkout.set_reusable(idle);
                }
                Ok((replies.rows, replies.affected))
            }
            Err(error) => Err(self.failed(error, commit).await),
        }
    }

    /// Builds a batch (with the opening while it is still to be sent) and sends it. A batch
    /// that cannot be built is never sent, and the opening stays to be sent.
    async fn send(
        &mut self,
        build: impl FnOnce(&mut Batch<'_>, Option<&Opening>) -> Result<(), wire::Error>,
    ) -> Result<wire::Replies, wire::Error> {
        let opening = self.opening.take();
        // Until the answers are read: a request dropped meanwhile cancels the statement.
        self.checkout.set_busy(true);
        let sent = {
            let mut batch = self.checkout.connection().batch();
            match build(&mut batch, opening.as_ref()) {
                Ok(()) => Ok(batch.send().await),
                Err(error) => Err(error),
            }
        };
        let sent = match sent {
            Ok(sent) => sent,
            Err(error) => {
                self.opening = opening;
                Err(error)
            }
        };
        self.checkout.set_busy(false);
        sent
    }

    /// The API error for a failed batch. After PostgreSQL's refusal inside a transaction
    /// that was to end with the batch (`commit`), the transaction is rolled back here so the
    /// connection is reused; otherwise rolling back is the caller's (or, dropped, the
    /// connection is closed).
    async fn failed(&mut self, error: wire::Error, commit: bool) -> ApiError {
        let role = self.role;
        if error.breaks_connection() {
            self.finished = true;
            self.checkout.set_reusable(false);
            return from_wire(error, role);
        }
        match self.checkout.connection().status() {
            Status::Idle if self.opening.is_none() => {
                // A failed COMMIT ends the transaction.
                self.finished = true;
                self.checkout.set_reusable(true);
            }
            Status::Failed | Status::InTransaction if commit => {
                if let Err(rollback) = Box::pin(self.end("ROLLBACK")).await {
                    tracing::warn!(error = %rollback, "rollback failed; the connection is closed");
                }
            }
            _ => {}
        }
        from_wire(error, role)
    }
}

/// BEGIN and the settings, ahead of the first statement.
fn push_opening(batch: &mut Batch<'_>, opening: &Opening) -> Result<(), wire::Error> {
    let settings: [&(dyn ToSql + Sync); 2] = [&opening.names, &opening.values];
    batch.run(opening.begin, &[], &[], false)?;
    batch.run(SET_CONTEXT_SQL, &[Type::TEXT_ARRAY, Type::TEXT_ARRAY], &settings, false)
}
