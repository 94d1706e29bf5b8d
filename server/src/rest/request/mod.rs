//! Stage one of a REST request: the raw query string and headers become an owned, schema-free
//! AST.
//!
//! Nothing here knows about tables or touches the database; names are kept as the client wrote
//! them and the planner resolves them later. Malformed input is a [`ParseError`], which becomes a
//! 400 `PGRST100` [`ApiError`](crate::error::ApiError).
//!
//! Reading order: [`query_string`] (bytes → ordered pairs), [`params`] (pairs → [`QueryParams`]),
//! then one file per grammar: [`select`], [`filter`], [`logic`], [`order`], sharing
//! [`identifiers`]. Headers: [`prefer`] and [`range`].

pub mod breadth;
mod cursor;
pub mod error;
pub mod filter;
pub mod identifiers;
pub mod logic;
pub mod media;
pub mod operators;
pub mod order;
pub mod params;
pub mod prefer;
pub mod query_string;
pub mod range;
pub mod rpc;
pub mod select;

#[cfg(test)]
mod never_panics;
#[cfg(test)]
mod sdk_vectors;

pub use error::ParseError;
pub use filter::{Filter, OpExpr, Operation};
pub use identifiers::{Field, JsonOperand, JsonPath, JsonStep};
pub use logic::{LogicOperator, LogicTree};
pub use media::{MediaType, negotiate};
pub use operators::{FtsOperator, IsValue, Operator, Quantifier};
pub use order::{NullsOrder, OrderDirection, OrderTarget, OrderTerm};
pub use params::{EmbedPath, Paging, QueryParams};
pub use prefer::Preferences;
pub use range::{RangeRequest, RowRange};
pub use rpc::RpcGetParams;
pub use select::{Aggregate, JoinType, SelectField, SelectItem, SelectRelation, SelectSpread};
