//! The auth service's transaction: on a request connection, as the role `auth_admin` (the only
//! role with rights on the `auth` tables), in UTC. The opening goes out with the first
//! statement, as in the REST transaction.

use tokio_postgres::types::ToSql;
use tokio_postgres::{Row, Statement};

use crate::auth::error::AuthError;
use crate::db::request_connections::{Checkout, CheckoutError, RequestConnections};

const OPENING: &str =
    "BEGIN; SET LOCAL ROLE auth_admin; SET LOCAL TIME ZONE 'UTC'; SET LOCAL statement_timeout = '10s'";

/// A database failure inside the auth service.
#[derive(Debug)]
pub enum DbError {
    Checkout(CheckoutError),
    Postgres(tokio_postgres::Error),
    /// A statement returned another number of rows than it must.
    RowCount(usize),
}

impl DbError {
    /// The SQLSTATE of a failure PostgreSQL answered.
    pub fn sqlstate(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.as_db_error().map(|db| db.code().code()),
            Self::Checkout(_) | Self::RowCount(_) => None,
        }
    }

    pub fn is_unique_violation(&self) -> bool {
        self.sqlstate() == Some("23505")
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Checkout(error) => write!(f, "no database connection: {error:?}"),
            Self::Postgres(error) => match error.as_db_error() {
                Some(db) => write!(f, "{}: {}", db.code().code(), db.message()),
                None => write!(f, "{error}"),
            },
            Self::RowCount(rows) => write!(f, "expected one row, got {rows}"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<DbError> for AuthError {
    fn from(error: DbError) -> Self {
        match &error {
            DbError::Checkout(_) => AuthError::unavailable(error),
            DbError::Postgres(inner) if inner.as_db_error().is_none() => AuthError::unavailable(error),
            DbError::Postgres(_) | DbError::RowCount(_) => AuthError::internal(error),
        }
    }
}

/// An open auth transaction; end it with [`AuthTx::commit`]. Dropped open, its connection is
/// closed and PostgreSQL rolls it back.
pub struct AuthTx {
    checkout: Checkout,
    opened: bool,
}

impl AuthTx {
    pub async fn begin(connections: &RequestConnections) -> Result<Self, DbError> {
        let checkout = connections.checkout().await.map_err(DbError::Checkout)?;
        Ok(Self { checkout, opened: false })
    }

    /// Every row of `sql`.
    pub async fn query(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, DbError> {
        let statement = self.statement(sql).await?;
        let client = &self.checkout.client().client;
        if self.opened {
            return client.query(&statement, params).await.map_err(DbError::Postgres);
        }
        let (opened, rows) = tokio::join!(client.batch_execute(OPENING), client.query(&statement, params));
        self.opened = true;
        opened.map_err(DbError::Postgres)?;
        rows.map_err(DbError::Postgres)
    }

    /// The one row `sql` must return.
    pub async fn query_one(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Row, DbError> {
        let mut rows = self.query(sql, params).await?;
        match rows.pop() {
            Some(row) if rows.is_empty() => Ok(row),
            _ => Err(DbError::RowCount(rows.len() + usize::from(!rows.is_empty()))),
        }
    }

    /// The first row of `sql`, if any.
    pub async fn query_opt(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Option<Row>, DbError> {
        Ok(self.query(sql, params).await?.into_iter().next())
    }

    /// Runs `sql` for its effect; the number of rows affected.
    pub async fn execute(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, DbError> {
        let statement = self.statement(sql).await?;
        let client = &self.checkout.client().client;
        if self.opened {
            return client.execute(&statement, params).await.map_err(DbError::Postgres);
        }
        let (opened, affected) = tokio::join!(client.batch_execute(OPENING), client.execute(&statement, params));
        self.opened = true;
        opened.map_err(DbError::Postgres)?;
        affected.map_err(DbError::Postgres)
    }

    pub async fn commit(mut self) -> Result<(), DbError> {
        if !self.opened {
            self.checkout.set_reusable(true);
            return Ok(());
        }
        self.checkout.client().client.batch_execute("COMMIT").await.map_err(DbError::Postgres)?;
        self.checkout.set_reusable(true);
        Ok(())
    }

    /// Undoes the transaction; a connection that cannot roll back is closed instead.
    pub async fn rollback(mut self) {
        if !self.opened {
            self.checkout.set_reusable(true);
            return;
        }
        if self.checkout.client().client.batch_execute("ROLLBACK").await.is_ok() {
            self.checkout.set_reusable(true);
        }
    }

    /// The cached prepared statement for `sql`, prepared on first use, inside the transaction
    /// (resolving `auth` names needs the role).
    async fn statement(&mut self, sql: &str) -> Result<Statement, DbError> {
        if let Some(statement) = self.checkout.client().cached(sql) {
            return Ok(statement);
        }
        if !self.opened {
            self.checkout.client().client.batch_execute(OPENING).await.map_err(DbError::Postgres)?;
            self.opened = true;
        }
        let client = self.checkout.client();
        let statement = client.client.prepare(sql).await.map_err(DbError::Postgres)?;
        client.remember(sql, statement.clone());
        Ok(statement)
    }
}
