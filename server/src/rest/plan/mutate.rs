//! Write plans: inserts (and upserts), updates and deletes, with the payload checked against
//! the target's columns.

use serde_json::Value;

use super::columns::SourceColumns;
use super::condition::Condition;
use crate::error::{ApiError, ErrorKind};
use crate::schema_cache::model::QualifiedName;

/// A JSON body, normalised to an array of objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    /// The body as a JSON array text (a single object is wrapped).
    pub array: String,
    /// The columns to write, in payload order (or `?columns` order).
    pub columns: Vec<String>,
    pub rows: usize,
    /// Whether the body was a single object (PUT and PATCH require one).
    pub single_object: bool,
}

impl Payload {
    /// Parses a body. Without `columns` the key sets of an array's objects must match; with
    /// it only those keys are used. Every written column must exist in `target`.
    pub fn parse(body: &[u8], columns: Option<&[String]>, target: &SourceColumns) -> Result<Self, ApiError> {
        let value: Value = serde_json::from_slice(body).map_err(|e| {
            ApiError::new(ErrorKind::InvalidBody).with_details(if body.iter().all(u8::is_ascii_whitespace) {
                "The request body is empty".to_owned()
            } else {
                e.to_string()
            })
        })?;
        let text = std::str::from_utf8(body).unwrap_or_default().trim();
        let (objects, array, single_object) = match &value {
            Value::Object(object) => (vec![object], format!("[{text}]"), true),
            Value::Array(items) => {
                let objects = items
                    .iter()
                    .map(|item| item.as_object())
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| invalid("Every element of the array must be an object"))?;
                (objects, text.to_owned(), false)
            }
            _ => return Err(invalid("The body must be a JSON object or an array of objects")),
        };
        let columns: Vec<String> = match columns {
            Some(columns) => columns.to_vec(),
            None => {
                let first: Vec<String> = objects.first().map(|o| o.keys().cloned().collect()).unwrap_or_default();
                let same = |o: &&serde_json::Map<String, Value>| {
                    o.len() == first.len() && first.iter().all(|k| o.contains_key(k))
                };
                if !objects.iter().all(same) {
                    return Err(ApiError::new(ErrorKind::InvalidBody).with_message("All object keys must match"));
                }
                first
            }
        };
        for column in &columns {
            if !target.contains(column) {
                return Err(column_not_found(column, &target.source_name));
            }
        }
        Ok(Self { array, columns, rows: objects.len(), single_object })
    }
}

fn invalid(details: &str) -> ApiError {
    ApiError::new(ErrorKind::InvalidBody).with_details(details.to_owned())
}

/// PGRST204, as PostgREST words it.
pub fn column_not_found(column: &str, relation: &str) -> ApiError {
    ApiError::new(ErrorKind::ColumnNotFound)
        .with_message(format!("Could not find the '{column}' column of '{relation}' in the schema cache"))
}

/// `ON CONFLICT` handling of an upsert.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConflictAction {
    /// `DO UPDATE SET` the written columns.
    Merge,
    /// `DO NOTHING`.
    Ignore,
}

#[derive(Debug, Clone, PartialEq)]
pub struct InsertPlan {
    pub target: QualifiedName,
    pub alias: String,
    pub payload: Payload,
    /// For `Prefer: missing=default`: each written column's default expression (None: NULL).
    pub defaults: Option<Vec<Option<String>>>,
    pub on_conflict: Option<(Vec<String>, ConflictAction)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UpdatePlan {
    pub target: QualifiedName,
    pub alias: String,
    pub payload: Payload,
    pub conditions: Vec<Condition>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MutatePlan {
    Insert(InsertPlan),
    Update(UpdatePlan),
    Delete { target: QualifiedName, alias: String, conditions: Vec<Condition> },
}

impl MutatePlan {
    pub fn alias(&self) -> &str {
        match self {
            Self::Insert(plan) => &plan.alias,
            Self::Update(plan) => &plan.alias,
            Self::Delete { alias, .. } => alias,
        }
    }
}
