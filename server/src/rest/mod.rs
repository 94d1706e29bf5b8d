//! The PostgREST-compatible REST engine (`/rest/v1`).
//!
//! The pipeline is split by stage, like PostgREST's: [`request`] turns the query string and
//! headers into an owned AST without touching the database; later stages resolve it against the
//! schema, build SQL, run it and shape the response.

pub mod handler;
pub mod openapi;
pub mod plan;
pub mod request;
pub mod response;
pub mod settings;
pub mod sql;
#[cfg(test)]
mod test_schema;
