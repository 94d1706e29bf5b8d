//! The one way a request touches data: a transaction whose first statement sets the role,
//! the verified claims, the method and path, and the role's own settings, all
//! transaction-locally (never session-level on a pooled connection).

use sqlx::postgres::PgPool;
use sqlx::{Postgres, Transaction};

use crate::auth::caller::Caller;
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

/// Begins the request's transaction. Errors are already API errors (a lost connection is 503).
pub async fn begin(pool: &PgPool, context: &RequestContext<'_>) -> Result<Transaction<'static, Postgres>, ApiError> {
    let role = context.caller.role;
    let begin_statement = if context.read_only { "BEGIN READ ONLY" } else { "BEGIN READ WRITE" };
    let mut tx = pool.begin_with(begin_statement).await.map_err(|e| super::errors::from_sqlx(e, role))?;

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
    sqlx::query(SET_CONTEXT_SQL)
        .bind(&names)
        .bind(&values)
        .execute(&mut *tx)
        .await
        .map_err(|e| super::errors::from_sqlx(e, role))?;
    Ok(tx)
}
