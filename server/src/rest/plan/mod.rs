//! Stage two of a REST request: the parsed query checked against the schema cache.
//!
//! A plan names only things that exist: every column is a column of its source, every embed a
//! relationship, every function an overload that accepts the given arguments. Mistakes are
//! answered here, before any connection is taken. Nothing in this module touches a database;
//! [`crate::rest::sql`] turns plans into SQL.

pub mod aggregate;
pub mod call;
mod columns;
pub mod computed;
mod condition;
mod embed;
pub mod mutate;
pub mod page;
pub mod read;

pub use call::{CallPlan, CallShape};
pub use columns::SourceColumns;
pub use condition::{Condition, FilterPlan, ValueType};
pub use mutate::{ConflictAction, InsertPlan, MutatePlan, Payload, UpdatePlan};
pub use page::RootPage;
pub use read::{Embed, OrderExpr, OrderItem, Projection, ReadPlan, Source};

use crate::rest::request::{Field, JsonPath};

/// A column of the plan's source, possibly with a JSON path. `to_jsonb` is set when the path
/// applies to a column that is not JSON (arrays, composites): PostgREST converts it first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnExpr {
    pub column: String,
    pub json_path: JsonPath,
    pub to_jsonb: bool,
    /// Set when the name is a computed column: the function is called on the row.
    pub computed: Option<Box<computed::ComputedColumn>>,
}

impl ColumnExpr {
    pub fn plain(column: impl Into<String>) -> Self {
        Self { column: column.into(), json_path: Vec::new(), to_jsonb: false, computed: None }
    }

    pub(crate) fn from_field(field: &Field, columns: &SourceColumns) -> Self {
        let to_jsonb = !field.json_path.is_empty() && !columns.is_json(&field.name);
        let computed = columns.computed(&field.name).cloned().map(Box::new);
        Self { column: field.name.clone(), json_path: field.json_path.clone(), to_jsonb, computed }
    }
}
