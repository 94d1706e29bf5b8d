//! Aggregate functions in `select` (`count()`, `col.sum()`, `col.avg()`, `col.min()`,
//! `col.max()`), allowed by `DB_AGGREGATES_ENABLED` as PostgREST's `db-aggregates-enabled`.
//!
//! A level with an aggregate groups its rows by every other output: columns, `*`, embeds and
//! the columns of to-one spreads. Each aggregate's key is its alias, else the function's name
//! (`sum`); casts apply to the input (`amount::int.sum()`) and to the result
//! (`amount.avg()::int`).

use super::columns::SourceColumns;
use super::read::{Projection, ReadPlan, validate_cast};
use super::{ColumnExpr, Embed};
use crate::error::{ApiError, ErrorKind};
use crate::rest::request::select::{Aggregate, SelectField};

/// One aggregate output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AggregateItem {
    pub function: Aggregate,
    /// The aggregated value; `None` for `count()` (every row).
    pub input: Option<ColumnExpr>,
    pub input_cast: Option<String>,
    pub output_cast: Option<String>,
    pub output: String,
}

/// `count()`, `c:count()::text`.
pub fn count_all(alias: Option<&str>, cast: Option<&str>) -> Result<Projection, ApiError> {
    Ok(Projection::Aggregate(Box::new(AggregateItem {
        function: Aggregate::Count,
        input: None,
        input_cast: None,
        output_cast: cast.map(validate_cast).transpose()?,
        output: alias.unwrap_or("count").to_owned(),
    })))
}

/// `alias:col->path::type.fn()::type`.
pub fn of_field(field: &SelectField, columns: &SourceColumns) -> Result<Projection, ApiError> {
    let Some(function) = field.aggregate else {
        return Err(ApiError::internal("an aggregate field without an aggregate"));
    };
    if !columns.contains(&field.field.name) {
        return Err(columns.undefined(&field.field.name));
    }
    Ok(Projection::Aggregate(Box::new(AggregateItem {
        function,
        input: Some(ColumnExpr::from_field(&field.field, columns)),
        input_cast: field.cast.as_deref().map(validate_cast).transpose()?,
        output_cast: field.aggregate_cast.as_deref().map(validate_cast).transpose()?,
        output: field.alias.clone().unwrap_or_else(|| function.sql().to_owned()),
    })))
}

/// Aggregates inside a spread apply to the parent's rows in PostgREST; not supported here.
pub fn in_spread(relation: &str) -> ApiError {
    ApiError::new(ErrorKind::NotImplemented)
        .with_message("Aggregate functions inside a spread embed are not supported")
        .with_hint(format!("Aggregate the columns of '{relation}' without '...' (it is then embedded), or in a view."))
}

/// Whether the level groups its rows (it has an aggregate output).
pub fn is_grouped(plan: &ReadPlan) -> bool {
    plan.select.iter().any(|p| matches!(p, Projection::Aggregate(_)))
}

/// Whether any level of the plan aggregates (the request then runs under the aggregate
/// statement timeout).
pub fn uses_aggregates(plan: &ReadPlan) -> bool {
    is_grouped(plan) || plan.embeds.iter().any(|e: &Embed| uses_aggregates(&e.plan))
}
