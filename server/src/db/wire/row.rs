//! Rows as PostgreSQL sent them (binary format), decoded column by column on demand with
//! postgres-types' `FromSql`, as tokio-postgres's rows are.

use std::ops::Range;
use std::sync::Arc;

use fallible_iterator::FallibleIterator;
use postgres_protocol::message::backend::DataRowBody;
use tokio_postgres::types::{FromSql, Type, WrongType};

use super::error::Error;

/// A result column: its name and type.
#[derive(Debug, Clone)]
pub struct Column {
    name: String,
    type_: Type,
}

impl Column {
    pub(super) fn new(name: String, type_: Type) -> Self {
        Self { name, type_ }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn type_(&self) -> &Type {
        &self.type_
    }
}

/// How a column is named when read: by position, or by name (the first of that name).
pub trait ColumnIndex {
    fn position(&self, columns: &[Column]) -> Option<usize>;
}

impl ColumnIndex for usize {
    fn position(&self, columns: &[Column]) -> Option<usize> {
        (*self < columns.len()).then_some(*self)
    }
}

impl ColumnIndex for &str {
    fn position(&self, columns: &[Column]) -> Option<usize> {
        columns.iter().position(|column| column.name == *self)
    }
}

/// One row of a result.
pub struct Row {
    columns: Arc<[Column]>,
    body: DataRowBody,
    ranges: Vec<Option<Range<usize>>>,
}

impl Row {
    pub(super) fn new(columns: Arc<[Column]>, body: DataRowBody) -> Result<Self, Error> {
        let ranges: Vec<_> = body.ranges().collect().map_err(|e| Error::protocol(format!("data row: {e}")))?;
        if ranges.len() != columns.len() {
            return Err(Error::protocol(format!("a row of {} values for {} columns", ranges.len(), columns.len())));
        }
        Ok(Self { columns, body, ranges })
    }

    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The value of a column as `T`; panics when it is missing or of another type (use
    /// [`Row::try_get`] where that can happen).
    #[track_caller]
    pub fn get<'a, I: ColumnIndex + std::fmt::Debug, T: FromSql<'a>>(&'a self, index: I) -> T {
        match self.try_get(index) {
            Ok(value) => value,
            Err(error) => panic!("reading a column: {error}"),
        }
    }

    /// The value of a column as `T`.
    pub fn try_get<'a, I: ColumnIndex + std::fmt::Debug, T: FromSql<'a>>(&'a self, index: I) -> Result<T, Error> {
        let Some(position) = index.position(&self.columns) else {
            return Err(Error::Decode { column: usize::MAX, cause: format!("no column {index:?}").into() });
        };
        let type_ = self.columns[position].type_();
        if !T::accepts(type_) {
            return Err(Error::Decode { column: position, cause: Box::new(WrongType::new::<T>(type_.clone())) });
        }
        let raw = self.ranges[position].clone().map(|range| &self.body.buffer()[range]);
        T::from_sql_nullable(type_, raw).map_err(|cause| Error::Decode { column: position, cause })
    }
}

impl std::fmt::Debug for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Row").field("columns", &self.columns).finish_non_exhaustive()
    }
}
