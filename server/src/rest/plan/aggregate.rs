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
use crate::rest::request::select::{Aggregate, SelectField, SelectItem};

/// One aggregate output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AggregateItem {
    pub function: Aggregate,
    /// The aggregated value; `None` for `count()` (every row).
    pub input: Option<ColumnExpr>,
    pub input_cast: Option<String>,
    pub output_cast: Option<String>,
    pub output: String,
    /// The alias the input is read from when not the level's own: a spread's lateral, whose
    /// values the parent aggregates.
    pub source: Option<String>,
}

/// `count()`, `c:count()::text`.
pub fn count_all(alias: Option<&str>, cast: Option<&str>) -> Result<Projection, ApiError> {
    Ok(Projection::Aggregate(Box::new(AggregateItem {
        function: Aggregate::Count,
        input: None,
        input_cast: None,
        output_cast: cast.map(validate_cast).transpose()?,
        output: alias.unwrap_or("count").to_owned(),
        source: None,
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
        source: None,
    })))
}

/// The prefix of the columns a spread passes up for its parent to aggregate.
pub const HIDDEN_PREFIX: &str = "pgrst_agg_";

/// A spread whose aggregates its parent computes: `...customers(joined_date.max())`
/// aggregates the joined customers' dates over the parent's groups, as in PostgREST.
pub struct LiftedSpread {
    /// The spread's items, each aggregate replaced by its plain input aliased `pgrst_agg_N`.
    pub children: Vec<SelectItem>,
    /// The parent's aggregates, reading the hidden columns (their source set later).
    lifted: Vec<AggregateItem>,
}

impl LiftedSpread {
    /// `None` when the spread has no aggregate of its own.
    pub fn of(relation: &str, children: &[SelectItem]) -> Result<Option<Self>, ApiError> {
        if !uses(children) {
            return Ok(None);
        }
        let mut lifted = Vec::new();
        let mut items = Vec::with_capacity(children.len());
        for item in children {
            match item {
                SelectItem::Field(field) if field.aggregate.is_some() => {
                    let Some(function) = field.aggregate else { continue };
                    let hidden = format!("{HIDDEN_PREFIX}{}", lifted.len());
                    lifted.push(AggregateItem {
                        function,
                        input: Some(ColumnExpr::plain(hidden.clone())),
                        input_cast: field.cast.as_deref().map(validate_cast).transpose()?,
                        output_cast: field.aggregate_cast.as_deref().map(validate_cast).transpose()?,
                        output: field.alias.clone().unwrap_or_else(|| function.sql().to_owned()),
                        source: None,
                    });
                    items.push(SelectItem::Field(SelectField {
                        field: field.field.clone(),
                        alias: Some(hidden),
                        cast: None,
                        aggregate: None,
                        aggregate_cast: None,
                    }));
                }
                SelectItem::CountAll { .. } => return Err(in_spread(relation)),
                SelectItem::Relation(r) if uses(&r.children) => return Err(in_spread(relation)),
                SelectItem::Spread(s) if uses(&s.children) => return Err(in_spread(relation)),
                other => items.push(other.clone()),
            }
        }
        Ok(Some(Self { children: items, lifted }))
    }

    /// The parent's aggregates over the spread's lateral `alias`.
    pub fn aggregates(self, alias: &str) -> impl Iterator<Item = Projection> + '_ {
        self.lifted
            .into_iter()
            .map(move |item| Projection::Aggregate(Box::new(AggregateItem { source: Some(alias.to_owned()), ..item })))
    }
}

fn uses(items: &[SelectItem]) -> bool {
    crate::rest::request::select::uses_aggregates(items)
}

/// `count()` in a spread, or aggregates in an embed nested in a spread: not supported.
pub fn in_spread(relation: &str) -> ApiError {
    ApiError::new(ErrorKind::NotImplemented)
        .with_message("Only column aggregates at the first level of a spread embed are supported")
        .with_hint(format!("Embed '{relation}' without '...' to aggregate per row, or use a view."))
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
