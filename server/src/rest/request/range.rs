//! The `Range` request header (`Range: 0-19`, `Range: 10-`) and row windows.
//!
//! As in PostgREST (`RangeQuery.hs`), a value that does not match `N-` or `N-M` is ignored (all
//! rows), an optional `items=` unit prefix is accepted, and `Range-Unit` is not consulted. A
//! lower bound above the upper bound cannot be served: 416 `PGRST103`
//! ([`lower_above_upper_error`]). Query `limit`/`offset` and the header combine by
//! [`RowRange::intersect`] (the narrower window wins).

use crate::error::{ApiError, ErrorKind};

/// A window of rows: skip `offset` rows, then return at most `limit` (`None`: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowRange {
    pub offset: u64,
    pub limit: Option<u64>,
}

impl RowRange {
    /// Every row.
    pub const ALL: Self = Self { offset: 0, limit: None };

    /// The window of query parameters `limit` and `offset`.
    pub fn from_paging(limit: Option<u64>, offset: Option<u64>) -> Self {
        Self { offset: offset.unwrap_or(0), limit }
    }

    /// One past the last row, if bounded.
    fn end(self) -> Option<u64> {
        self.limit.map(|limit| self.offset.saturating_add(limit))
    }

    /// The rows in both windows; empty windows have `limit: Some(0)`.
    pub fn intersect(self, other: Self) -> Self {
        let offset = self.offset.max(other.offset);
        let end = match (self.end(), other.end()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Self { offset, limit: end.map(|end| end.saturating_sub(offset)) }
    }

    pub fn is_empty(self) -> bool {
        self.limit == Some(0)
    }
}

/// What a `Range` header asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeRequest {
    /// No header, or one that is not `N-` / `N-M`: every row.
    All,
    Rows(RowRange),
    /// `N-M` with `N > M`: answer [`lower_above_upper_error`].
    Unsatisfiable,
}

/// Parses a `Range` header value.
pub fn parse_range_header(value: &str) -> RangeRequest {
    let value = value.trim();
    let value = value.strip_prefix("items=").unwrap_or(value);
    let Some((lower, upper)) = value.split_once('-') else { return RangeRequest::All };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if lower.is_empty() || !digits(lower) || !digits(upper) {
        return RangeRequest::All;
    }
    // Digits only, so a parse failure is an overflow: treat it as "as far as possible".
    let lower = lower.parse::<u64>().unwrap_or(u64::MAX);
    if upper.is_empty() {
        return RangeRequest::Rows(RowRange { offset: lower, limit: None });
    }
    let upper = upper.parse::<u64>().unwrap_or(u64::MAX);
    if lower > upper {
        return RangeRequest::Unsatisfiable;
    }
    RangeRequest::Rows(RowRange { offset: lower, limit: Some((upper - lower).saturating_add(1)) })
}

/// 416 `PGRST103` for a `Range` header whose lower bound is above its upper bound.
pub fn lower_above_upper_error() -> ApiError {
    ApiError::new(ErrorKind::RangeNotSatisfiable)
        .with_details("The lower boundary must be lower than or equal to the upper boundary in the Range header.")
}

/// 416 `PGRST103` for an offset past the last row.
pub fn offset_beyond_total_error(offset: u64, total: u64) -> ApiError {
    ApiError::new(ErrorKind::RangeNotSatisfiable)
        .with_details(format!("An offset of {offset} was requested, but there are only {total} rows."))
}

#[cfg(test)]
mod tests {
    use http::StatusCode;

    use super::*;

    fn rows(offset: u64, limit: Option<u64>) -> RangeRequest {
        RangeRequest::Rows(RowRange { offset, limit })
    }

    #[test]
    fn range_headers_become_windows() {
        let cases = [
            ("0-19", rows(0, Some(20))),
            ("10-", rows(10, None)),
            ("5-5", rows(5, Some(1))),
            (" 0-9 ", rows(0, Some(10))),
            ("items=0-9", rows(0, Some(10))),
            ("2-1", RangeRequest::Unsatisfiable),
            ("-5", RangeRequest::All),
            ("a-b", RangeRequest::All),
            ("0-9,20-29", RangeRequest::All),
            ("", RangeRequest::All),
            ("bytes=0-9", RangeRequest::All),
            ("0-99999999999999999999999", rows(0, Some(u64::MAX))),
            ("99999999999999999999999-", rows(u64::MAX, None)),
            ("١-٢", RangeRequest::All),
        ];
        for (input, expected) in cases {
            assert_eq!(parse_range_header(input), expected, "{input}");
        }
    }

    #[test]
    fn the_narrower_window_wins() {
        let header = RowRange { offset: 0, limit: Some(20) };
        assert_eq!(header.intersect(RowRange::from_paging(Some(5), Some(2))), RowRange { offset: 2, limit: Some(5) });
        assert_eq!(
            header.intersect(RowRange::from_paging(Some(50), Some(10))),
            RowRange { offset: 10, limit: Some(10) }
        );
        assert_eq!(RowRange::ALL.intersect(RowRange::from_paging(None, Some(3))), RowRange { offset: 3, limit: None });
        assert!(header.intersect(RowRange::from_paging(None, Some(30))).is_empty());
        assert_eq!(RowRange::ALL.intersect(RowRange::ALL), RowRange::ALL);
    }

    #[test]
    fn unsatisfiable_ranges_are_416_pgrst103() {
        let error = lower_above_upper_error();
        assert_eq!(error.status(), StatusCode::RANGE_NOT_SATISFIABLE);
        assert_eq!(error.code(), "PGRST103");
        assert_eq!(error.message(), "Requested range not satisfiable");
        let error = offset_beyond_total_error(20, 15);
        assert_eq!(
            error.details().and_then(|d| d.as_str()),
            Some("An offset of 20 was requested, but there are only 15 rows.")
        );
    }
}
