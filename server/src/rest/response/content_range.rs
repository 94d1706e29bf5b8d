//! The `Content-Range` header and the status of a read, exactly as PostgREST computes them
//! (`RangeQuery.hs`): 200 normally, 206 when a known total exceeds the returned page, 416
//! when the offset lies beyond the total.

use http::StatusCode;

use crate::error::{ApiError, ErrorKind};

/// `first-last/total`, `*/total` for an empty page, `*` when the total is unknown.
pub fn content_range(offset: u64, returned: u64, total: Option<u64>) -> String {
    let total = total.map_or_else(|| "*".to_string(), |t| t.to_string());
    if returned == 0 { format!("*/{total}") } else { format!("{offset}-{}/{total}", offset + returned - 1) }
}

/// The status of a read of `returned` rows starting at `offset`, given the total when counted.
pub fn read_status(offset: u64, returned: u64, total: Option<u64>) -> Result<StatusCode, ApiError> {
    let Some(total) = total else { return Ok(StatusCode::OK) };
    if offset > total {
        return Err(ApiError::new(ErrorKind::RangeNotSatisfiable)
            .with_details(format!("An offset of {offset} was requested, but there are only {total} rows.")));
    }
    Ok(if returned < total { StatusCode::PARTIAL_CONTENT } else { StatusCode::OK })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_follow_the_postgrest_examples() {
        assert_eq!(content_range(0, 15, None), "0-14/*");
        assert_eq!(content_range(0, 3, None), "0-2/*");
        assert_eq!(content_range(2, 3, None), "2-4/*");
        assert_eq!(content_range(0, 0, None), "*/*");
        assert_eq!(content_range(0, 0, Some(0)), "*/0");
        assert_eq!(content_range(10, 5, Some(15)), "10-14/15");
    }

    #[test]
    fn a_partial_page_of_a_counted_total_is_206() {
        assert_eq!(read_status(0, 15, None).unwrap(), StatusCode::OK);
        assert_eq!(read_status(0, 15, Some(15)).unwrap(), StatusCode::OK);
        assert_eq!(read_status(0, 3, Some(15)).unwrap(), StatusCode::PARTIAL_CONTENT);
        assert_eq!(read_status(0, 0, Some(0)).unwrap(), StatusCode::OK);
        assert_eq!(read_status(15, 0, Some(15)).unwrap(), StatusCode::PARTIAL_CONTENT);
    }

    #[test]
    fn an_offset_past_the_total_is_416_with_postgrest_details() {
        let error = read_status(20, 0, Some(15)).unwrap_err();
        assert_eq!(error.status(), StatusCode::RANGE_NOT_SATISFIABLE);
        assert_eq!(error.code(), "PGRST103");
        assert_eq!(
            error.details(),
            Some(&serde_json::Value::String("An offset of 20 was requested, but there are only 15 rows.".into()))
        );
    }
}
