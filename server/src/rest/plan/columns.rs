//! The columns a plan may name, with the type each filter value is cast to.

use super::computed::ComputedColumn;
use crate::error::{ApiError, ErrorKind};
use crate::schema_cache::model::Relation;

/// The columns of a table, view or function result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceColumns {
    /// The name used in error messages (`people`, `events_after`).
    pub source_name: String,
    /// `(name, cast type)` in table order.
    pub columns: Vec<(String, String)>,
    /// Columns with a default (or identity): `(name, default expression)`.
    pub defaults: Vec<(String, String)>,
    /// Generated columns, which writes cannot set.
    pub generated: Vec<String>,
    /// Computed columns the request names (empty unless it names one: [`super::computed`]).
    pub computed: Vec<ComputedColumn>,
}

impl SourceColumns {
    pub fn of_relation(relation: &Relation) -> Self {
        Self {
            source_name: relation.name.name.clone(),
            columns: relation.columns.iter().map(|c| (c.name.clone(), c.cast_type.clone())).collect(),
            defaults: relation
                .columns
                .iter()
                .filter_map(|c| c.default.as_ref().map(|d| (c.name.clone(), d.clone())))
                .collect(),
            generated: relation.columns.iter().filter(|c| c.generated).map(|c| c.name.clone()).collect(),
            computed: Vec::new(),
        }
    }

    pub fn of_record(source_name: &str, columns: &[(String, String)]) -> Self {
        Self { source_name: source_name.to_owned(), columns: columns.to_vec(), ..Self::default() }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.cast_type(name).is_some()
    }

    /// The cast type of `name` (a column, else a computed column the request names).
    pub fn cast_type(&self, name: &str) -> Option<&str> {
        match self.columns.iter().find(|(n, _)| n == name) {
            Some((_, cast)) => Some(cast),
            None => self.computed.iter().find(|c| c.name == name).map(|c| c.cast_type.as_str()),
        }
    }

    /// The computed column `name`, unless `name` is a column.
    pub fn computed(&self, name: &str) -> Option<&ComputedColumn> {
        if self.computed.is_empty() || self.columns.iter().any(|(n, _)| n == name) {
            return None;
        }
        self.computed.iter().find(|c| c.name == name)
    }

    pub fn is_json(&self, name: &str) -> bool {
        matches!(self.cast_type(name), Some("json" | "jsonb"))
    }

    pub fn default_of(&self, name: &str) -> Option<&str> {
        self.defaults.iter().find(|(n, _)| n == name).map(|(_, d)| d.as_str())
    }

    /// The type of `name`, or PostgreSQL's 42703 error, answered before any query runs.
    pub fn require(&self, name: &str) -> Result<&str, ApiError> {
        self.cast_type(name).ok_or_else(|| self.undefined(name))
    }

    /// PostgreSQL's 42703 for `name`, with its "Perhaps you meant" hint over the columns.
    pub fn undefined(&self, name: &str) -> ApiError {
        let hint =
            crate::rest::suggest::column_hint(&self.source_name, self.columns.iter().map(|(n, _)| n.as_str()), name);
        crate::rest::suggest::with_hint(undefined_column(&self.source_name, name), hint)
    }
}

/// `column people.nmae does not exist`, as PostgreSQL words it.
pub fn undefined_column(source: &str, column: &str) -> ApiError {
    ApiError::new(ErrorKind::UndefinedColumn).with_message(format!("column {source}.{column} does not exist"))
}
