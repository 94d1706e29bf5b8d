//! A PostgreSQL client for the request path, on the protocol crate tokio-postgres is built on
//! (`postgres-protocol`, `postgres-types`): the connection is driven by the request holding it
//! (no task and no channel between them), and a transaction's messages go out in batches with
//! one `Sync` where tokio-postgres sends one per statement. See `connection.rs` for why that
//! matters.

mod connect;
mod connection;
mod error;
mod row;

pub use connect::{Config, Target, Tls};
pub use connection::{Batch, Connection, Replies, Status};
pub use error::{DbError, Error};
pub use row::{Column, ColumnIndex, Row};
