//! The one failure of the query-string grammar and its conversion into the API's error.
//!
//! The texts follow PostgREST (which prints Parsec's errors): `message` names what was being
//! parsed and where, `details` says what was found and what was expected:
//!
//! ```text
//! message: "failed to parse select parameter (id,name,)" (line 1, column 9)
//! details: unexpected end of input expecting field name (* or [a..z0..9_$])
//! ```
//!
//! Columns are 1-based and count characters (not bytes) of the decoded parameter value.

use std::fmt;

use crate::error::{ApiError, ErrorKind};

/// A malformed query parameter: answered as 400 `PGRST100`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What was being parsed, e.g. `failed to parse filter (eq.)`.
    pub context: String,
    /// 1-based column, in characters of the parsed text, where parsing stopped; 0 when the
    /// error is about the whole request (see [`super::breadth`]).
    pub column: usize,
    /// What went wrong, e.g. `unexpected "[" expecting "," or end of input`.
    pub details: String,
}

impl ParseError {
    /// PostgREST's message: the quoted context followed by the position (the context alone
    /// when there is no position).
    pub fn message(&self) -> String {
        if self.column == 0 {
            return self.context.clone();
        }
        format!("\"{}\" (line 1, column {})", self.context, self.column)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.message(), self.details)
    }
}

impl std::error::Error for ParseError {}

impl From<ParseError> for ApiError {
    fn from(error: ParseError) -> Self {
        ApiError::new(ErrorKind::QueryParse).with_message(error.message()).with_details(error.details)
    }
}

/// A failure inside a grammar, before the caller names the parameter it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Failure {
    /// 0-based character index where parsing stopped.
    pub pos: usize,
    /// The `unexpected … expecting …` text.
    pub details: String,
}

impl Failure {
    /// Names the parameter: `context` is e.g. `failed to parse filter (eq.)`.
    pub fn in_context(self, context: String) -> ParseError {
        ParseError { context, column: self.pos.saturating_add(1), details: self.details }
    }
}

/// The result of every grammar step.
pub(super) type PResult<T> = Result<T, Failure>;

#[cfg(test)]
mod tests {
    use http::StatusCode;

    use super::*;

    #[test]
    fn a_parse_error_becomes_a_400_pgrst100_with_position_and_details() {
        let error = ParseError {
            context: "failed to parse filter (eq)".into(),
            column: 3,
            details: "unexpected end of input expecting delimiter (.)".into(),
        };
        let api: ApiError = error.into();
        assert_eq!(api.status(), StatusCode::BAD_REQUEST);
        assert_eq!(api.code(), "PGRST100");
        assert_eq!(api.message(), "\"failed to parse filter (eq)\" (line 1, column 3)");
        assert_eq!(api.details().and_then(|d| d.as_str()), Some("unexpected end of input expecting delimiter (.)"));
    }

    #[test]
    fn columns_are_one_based() {
        let error = Failure { pos: 0, details: "x".into() }.in_context("c".into());
        assert_eq!(error.column, 1);
    }
}
