//! The one way a request touches data: a transaction whose first statement sets the role,
//! the verified claims, the method and path, and the role's own settings, all
//! transaction-locally (never session-level on a pooled connection).

use sqlx::PgConnection;

use super::errors::from_sqlx;
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

/// Sets everything in one round trip: each pair becomes `set_config(name, value, true)`.
const SET_CONTEXT_SQL: &str =
    "select set_config(name, value, true) from unnest($1::text[], $2::text[]) as s(name, value)";

/// An open request transaction. End it with [`RequestTransaction::commit`] or
/// [`RequestTransaction::rollback`]; dropped open (an interrupted request), its connection is
/// closed and PostgreSQL rolls it back.
pub struct RequestTransaction {
    checkout: Checkout,
    role: ApiRole,
}

/// Begins the request's transaction. Errors are already API errors (a lost connection is 503).
pub async fn begin(
    connections: &RequestConnections,
    context: &RequestContext<'_>,
) -> Result<RequestTransaction, ApiError> {
    let role = context.caller.role;
    let checkout = connections.checkout().await.map_err(|e| from_sqlx(e, role))?;
    let mut tx = RequestTransaction { checkout, role };
    let begin_statement = if context.read_only { "BEGIN READ ONLY" } else { "BEGIN READ WRITE" };
    sqlx::raw_sql(begin_statement).execute(tx.connection()).await.map_err(|e| from_sqlx(e, role))?;

    let claims = serde_json::Value::Object(context.caller.claims.clone()).to_string();
    let mut names: Vec<&str> = vec![
        "search_path",
        "role",
        "request.jwt.claims",
        "request.jwt.claim.role",
        "request.jwt.claim.sub",
        "request.method",
        "request.path",
    ];
    let mut values: Vec<&str> = vec![
        context.search_path,
        role.as_str(),
        &claims,
        role.as_str(),
        context.caller.subject().unwrap_or(""),
        context.method,
        context.path,
    ];
    for (name, value) in context.settings {
        names.push(name);
        values.push(value);
    }
    let set = sqlx::query(SET_CONTEXT_SQL).bind(&names).bind(&values).execute(tx.connection()).await;
    if let Err(error) = set {
        tx.rollback().await;
        return Err(from_sqlx(error, role));
    }
    Ok(tx)
}

impl RequestTransaction {
    pub fn connection(&mut self) -> &mut PgConnection {
        self.checkout.connection()
    }

    pub fn role(&self) -> ApiRole {
        self.role
    }

    pub async fn commit(mut self) -> Result<(), ApiError> {
        let role = self.role;
        sqlx::raw_sql("COMMIT").execute(self.connection()).await.map_err(|e| from_sqlx(e, role))?;
        self.checkout.set_reusable(true);
        Ok(())
    }

    /// Undoes the transaction; a connection that cannot roll back is closed instead.
    pub async fn rollback(mut self) {
        match sqlx::raw_sql("ROLLBACK").execute(self.connection()).await {
            Ok(_) => self.checkout.set_reusable(true),
            Err(error) => tracing::warn!(%error, "rollback failed; the connection is closed"),
        }
    }
}
