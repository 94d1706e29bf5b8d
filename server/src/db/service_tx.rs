//! A service's own transaction on a request connection: the auth and storage services work on
//! their tables as a dedicated role (`auth_admin`, `storage_admin`), in UTC, with the opening
//! sent together with the first statement, as in the REST transaction.

use std::borrow::Cow;

use tokio_postgres::types::ToSql;

use super::wire::{self, Row, Status};
use crate::auth::caller::Caller;
use crate::db::request_connections::{Checkout, CheckoutError, RequestConnections};

/// A database failure inside the auth service.
#[derive(Debug)]
pub enum DbError {
    Checkout(CheckoutError),
    Postgres(wire::Error),
    /// A statement returned another number of rows than it must.
    RowCount(usize),
}

impl DbError {
    /// The SQLSTATE of a failure PostgreSQL answered.
    pub fn sqlstate(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.as_db_error().map(|db| db.code()),
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
                Some(db) => write!(f, "{}: {}", db.code(), db.message()),
                None => write!(f, "{error}"),
            },
            Self::RowCount(rows) => write!(f, "expected one row, got {rows}"),
        }
    }
}

impl std::error::Error for DbError {}

/// The role a service transaction runs as, and the statements that open it.
pub trait ServiceRole {
    /// The database role the service works as.
    const ROLE: &'static str;

    /// `BEGIN` and the `SET LOCAL`s that go out with the first statement: by default a
    /// service's, as [`Self::ROLE`], in UTC, with a 10 s statement timeout.
    fn opening() -> Cow<'static, str> {
        Cow::Owned(format!(
            "BEGIN; SET LOCAL ROLE {}; SET LOCAL TIME ZONE 'UTC'; SET LOCAL statement_timeout = '10s'",
            Self::ROLE
        ))
    }
}

/// Sets each pair with `set_config(name, value, true)`.
const SET_LOCAL_SQL: &str =
    "select set_config(name, value, true) from unnest($1::text[], $2::text[]) as s(name, value)";

/// An open service transaction; end it with [`ServiceTx::commit`]. Dropped open, its
/// connection is closed and PostgreSQL rolls it back.
pub struct ServiceTx<R: ServiceRole> {
    checkout: Checkout,
    opened: bool,
    role: std::marker::PhantomData<R>,
}

impl<R: ServiceRole> ServiceTx<R> {
    pub async fn begin(connections: &RequestConnections) -> Result<Self, DbError> {
        let checkout = connections.checkout().await.map_err(DbError::Checkout)?;
        Ok(Self { checkout, opened: false, role: std::marker::PhantomData })
    }

    /// Every row of `sql`.
    pub async fn query(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, DbError> {
        self.run(sql, params).await.map(|replies| replies.rows)
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
        self.run(sql, params).await.map(|replies| replies.affected)
    }

    /// Runs statements without results or parameters (`SAVEPOINT`, `ROLLBACK TO ...`).
    pub async fn batch(&mut self, sql: &str) -> Result<(), DbError> {
        self.send(|batch| batch.simple(sql)).await.map(|_| ())
    }

    async fn run(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<wire::Replies, DbError> {
        if !self.checkout.connection().is_prepared(sql) {
            // Prepared inside the transaction: resolving names needs the role.
            self.send(|batch| {
                batch.prepare(sql, &[])?;
                batch.sync();
                Ok(())
            })
            .await?;
        }
        self.send(|batch| {
            batch.run(sql, &[], params, true)?;
            batch.sync();
            Ok(())
        })
        .await
    }

    /// Sends a batch, the opening first while it is still to be sent.
    async fn send(
        &mut self,
        build: impl FnOnce(&mut wire::Batch<'_>) -> Result<(), wire::Error>,
    ) -> Result<wire::Replies, DbError> {
        let opened = self.opened;
        self.checkout.set_busy(true);
        let sent = {
            let mut batch = self.checkout.connection().batch();
            let built = match opened {
                true => build(&mut batch),
                false => batch.simple(&R::opening()).and_then(|()| build(&mut batch)),
            };
            match built {
                Ok(()) => Ok(batch.send().await),
                Err(error) => Err(error),
            }
        };
        if sent.is_ok() {
            self.opened = true;
        }
        self.checkout.set_busy(false);
        let sent = sent.and_then(|sent| sent);
        sent.map_err(DbError::Postgres)
    }

    /// From here on, statements run as the request's caller: its role, its verified claims and
    /// `extra` settings, transaction-locally, so row-level security decides what they may do
    /// (the same settings as a REST request's).
    pub async fn act_as(&mut self, caller: &Caller, extra: &[(&str, &str)]) -> Result<(), DbError> {
        let role = caller.role.as_str();
        let mut names = vec!["role", "request.jwt.claims", "request.jwt.claim.role", "request.jwt.claim.sub"];
        let mut values = vec![role, caller.claims_text(), role, caller.subject().unwrap_or("")];
        for (name, value) in extra {
            names.push(name);
            values.push(value);
        }
        self.execute(SET_LOCAL_SQL, &[&names, &values]).await.map(|_| ())
    }

    /// Back to the service's own role (the caller's claims stay set, unused).
    pub async fn act_as_service(&mut self) -> Result<(), DbError> {
        self.execute(SET_LOCAL_SQL, &[&vec!["role"], &vec![R::ROLE]]).await.map(|_| ())
    }

    pub async fn commit(mut self) -> Result<(), DbError> {
        if !self.opened {
            self.checkout.set_reusable(true);
            return Ok(());
        }
        if self.checkout.connection().status() == Status::Failed {
            // PostgreSQL would answer COMMIT with a rollback and no error.
            let _ = self.end("ROLLBACK").await;
            return Err(DbError::Postgres(wire::Error::Invalid("commit of a failed transaction".into())));
        }
        self.end("COMMIT").await
    }

    /// Undoes the transaction; a connection that cannot roll back is closed instead.
    pub async fn rollback(mut self) {
        if !self.opened {
            self.checkout.set_reusable(true);
            return;
        }
        let _ = self.end("ROLLBACK").await;
    }

    async fn end(&mut self, sql: &str) -> Result<(), DbError> {
        self.checkout.set_busy(true);
        let sent = {
            let mut batch = self.checkout.connection().batch();
            match batch.simple(sql) {
                Ok(()) => batch.send().await,
                Err(error) => Err(error),
            }
        };
        self.checkout.set_busy(false);
        let idle = self.checkout.connection().status() == Status::Idle;
        self.checkout.set_reusable(idle);
        sent.map(|_| ()).map_err(DbError::Postgres)
    }
}
