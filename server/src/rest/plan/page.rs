//! The page of a read's root: the query's `limit`/`offset`, narrowed by the `Range` header and
//! capped by the server's most rows per read (`DB_MAX_ROWS`, Supabase's "Max rows").

use crate::error::ApiError;
use crate::rest::request::RowRange;
use crate::rest::request::range::{RangeRequest, lower_above_upper_error};

/// What narrows a root's paging: the request's `Range` header and the server's row cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootPage {
    pub requested: RangeRequest,
    /// `None`: no cap.
    pub max_rows: Option<u64>,
}

impl RootPage {
    /// `paging` (the query's `limit`/`offset`) within the requested range and the cap; 416
    /// when the header's range is unsatisfiable.
    pub fn narrow(&self, paging: RowRange) -> Result<RowRange, ApiError> {
        let mut range = match self.requested {
            RangeRequest::All => paging,
            RangeRequest::Rows(requested) => paging.intersect(requested),
            RangeRequest::Unsatisfiable => return Err(lower_above_upper_error()),
        };
        if let Some(max) = self.max_rows {
            range.limit = Some(range.limit.map_or(max, |limit| limit.min(max)));
        }
        Ok(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_bounds_every_page_and_the_header_narrows_it() {
        let page = |requested, max_rows| RootPage { requested, max_rows };
        let all = RowRange::from_paging(None, None);
        assert_eq!(page(RangeRequest::All, Some(1000)).narrow(all).unwrap().limit, Some(1000));
        assert_eq!(page(RangeRequest::All, None).narrow(all).unwrap().limit, None);
        let first_ten = RowRange::from_paging(Some(10), None);
        assert_eq!(page(RangeRequest::All, Some(5)).narrow(first_ten).unwrap().limit, Some(5));
        assert!(page(RangeRequest::Unsatisfiable, None).narrow(all).is_err());
    }
}
