//! Filters and logic trees resolved against a source's columns: each value learns the type
//! PostgreSQL should read it as.

use super::ColumnExpr;
use super::columns::SourceColumns;
use crate::error::ApiError;
use crate::rest::request::identifiers::JsonArrow;
use crate::rest::request::{Filter, LogicOperator, LogicTree, OpExpr};

/// A boolean condition on one source's rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    Filter(FilterPlan),
    Logic {
        op: LogicOperator,
        negated: bool,
        children: Vec<Condition>,
    },
    /// `embed=is.null` / `embed=not.is.null` (index into the plan's embeds).
    EmbedIsNull {
        embed: usize,
        is_null: bool,
    },
}

/// One filter on a column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterPlan {
    pub column: ColumnExpr,
    pub value_type: ValueType,
    pub expr: OpExpr,
}

/// How the filter's column reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueType {
    /// The type values are cast to (a catalogue spelling such as `integer` or `text[]`).
    pub cast: String,
    /// Full-text search can use the column directly.
    pub is_tsvector: bool,
}

impl FilterPlan {
    pub fn resolve(filter: &Filter, columns: &SourceColumns) -> Result<Self, ApiError> {
        let column_type = columns.require(&filter.field.name)?;
        let column = ColumnExpr::from_field(&filter.field, columns);
        let cast = match filter.field.json_path.last() {
            None => column_type.to_owned(),
            Some(step) if step.arrow == JsonArrow::DoubleArrow => "text".to_owned(),
            Some(_) if column_type == "json" => "json".to_owned(),
            Some(_) => "jsonb".to_owned(),
        };
        let is_tsvector = filter.field.json_path.is_empty() && column_type == "tsvector";
        Ok(Self { column, value_type: ValueType { cast, is_tsvector }, expr: filter.expr.clone() })
    }
}

impl Condition {
    pub fn from_tree(tree: &LogicTree, columns: &SourceColumns) -> Result<Self, ApiError> {
        Ok(match tree {
            LogicTree::Stmt(filter) => Self::Filter(FilterPlan::resolve(filter, columns)?),
            LogicTree::Expr { negated, op, children } => Self::Logic {
                op: *op,
                negated: *negated,
                children: children.iter().map(|c| Self::from_tree(c, columns)).collect::<Result<_, _>>()?,
            },
        })
    }
}
