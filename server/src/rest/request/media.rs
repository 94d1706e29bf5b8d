//! Content negotiation: which representation the client accepts (`Accept`), with PostgREST's
//! media types. A browser's `*/*` is JSON; nothing acceptable is 406 PGRST107.

use crate::error::{ApiError, ErrorKind};

/// The representations the REST engine produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaType {
    /// `application/json`: an array of rows (or the function's value).
    Json,
    /// `application/vnd.pgrst.object+json`: exactly one row as an object, else 406 PGRST116.
    SingleObject { strip_nulls: bool },
    /// `application/vnd.pgrst.array+json;nulls=stripped`: an array without null keys.
    ArrayStripNulls,
    /// `text/csv`: a header line and one line per row.
    Csv,
}

impl MediaType {
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Json => "application/json; charset=utf-8",
            Self::SingleObject { strip_nulls: false } => "application/vnd.pgrst.object+json; charset=utf-8",
            Self::SingleObject { strip_nulls: true } => {
                "application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8"
            }
            Self::ArrayStripNulls => "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8",
            Self::Csv => "text/csv; charset=utf-8",
        }
    }
}

/// Picks the first acceptable type of an `Accept` header, honouring `q` weights.
pub fn negotiate(accept: Option<&str>) -> Result<MediaType, ApiError> {
    let Some(accept) = accept.map(str::trim).filter(|a| !a.is_empty()) else {
        return Ok(MediaType::Json);
    };
    let mut candidates: Vec<(f32, usize, &str)> = accept
        .split(',')
        .enumerate()
        .map(|(index, item)| {
            let quality = item
                .split(';')
                .skip(1)
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (quality, index, item.trim())
        })
        .filter(|(quality, _, _)| *quality > 0.0)
        .collect();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    candidates.iter().find_map(|(_, _, item)| parse_one(item)).ok_or_else(|| {
        ApiError::new(ErrorKind::NotAcceptable)
            .with_message(format!("None of these media types are available: {}", accept.replace(' ', "")))
    })
}

/// A request body must be JSON (`application/json`, or a `+json` type); a missing
/// Content-Type reads as JSON. Anything else is 415 PGRST107, as in PostgREST.
pub fn check_body_type(content_type: Option<&str>) -> Result<(), ApiError> {
    let Some(raw) = content_type else { return Ok(()) };
    let essence = raw.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let json = essence.is_empty()
        || essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"));
    if json {
        Ok(())
    } else {
        Err(ApiError::new(ErrorKind::UnsupportedMediaType)
            .with_message(format!("Content-Type not acceptable: {}", raw.trim())))
    }
}

/// How a call to `/rpc/{fn}` carries its arguments: the query (GET, HEAD), a JSON body, or a raw
/// body for a function's single unnamed `text`, `xml` or `bytea` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RpcPayload {
    Query,
    Json,
    Text,
    Xml,
    Bytes,
}

impl RpcPayload {
    /// The type of the single unnamed parameter a raw body goes to.
    pub fn raw_type(self) -> Option<&'static str> {
        match self {
            Self::Text => Some("text"),
            Self::Xml => Some("xml"),
            Self::Bytes => Some("bytea"),
            Self::Query | Self::Json => None,
        }
    }
}

/// The payload of a POST to a function, from its `Content-Type`: JSON as for tables, or
/// `text/plain`, `text/xml`, `application/octet-stream` for a single unnamed parameter of that
/// type (as in PostgREST). Anything else is 415 PGRST107.
pub fn rpc_payload(content_type: Option<&str>) -> Result<RpcPayload, ApiError> {
    let essence = content_type.map(|raw| raw.split(';').next().unwrap_or_default().trim().to_ascii_lowercase());
    match essence.as_deref() {
        Some("text/plain") => Ok(RpcPayload::Text),
        Some("text/xml") => Ok(RpcPayload::Xml),
        Some("application/octet-stream") => Ok(RpcPayload::Bytes),
        _ => check_body_type(content_type).map(|()| RpcPayload::Json),
    }
}

fn parse_one(item: &str) -> Option<MediaType> {
    let mut parts = item.split(';').map(str::trim);
    let essence = parts.next()?.to_ascii_lowercase();
    let strip_nulls = parts.any(|p| p.replace(' ', "").eq_ignore_ascii_case("nulls=stripped"));
    match essence.as_str() {
        "*/*" | "application/*" | "application/json" => Some(MediaType::Json),
        "application/vnd.pgrst.object+json" | "application/vnd.pgrst.object" => {
            Some(MediaType::SingleObject { strip_nulls })
        }
        "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" if strip_nulls => {
            Some(MediaType::ArrayStripNulls)
        }
        "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" => Some(MediaType::Json),
        "text/csv" | "text/*" => Some(MediaType::Csv),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_must_be_json() {
        for ok in [None, Some("application/json"), Some("application/json; charset=utf-8"), Some("Application/JSON")] {
            assert!(check_body_type(ok).is_ok(), "{ok:?}");
        }
        for refused in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "text/csv"] {
            let error = check_body_type(Some(refused)).unwrap_err();
            assert_eq!(error.status(), 415, "{refused}");
            assert_eq!(error.code(), "PGRST107");
        }
    }

    #[test]
    fn function_bodies_may_also_be_text_xml_or_bytes() {
        let cases = [
            (None, RpcPayload::Json),
            (Some("application/json; charset=utf-8"), RpcPayload::Json),
            (Some("text/plain;charset=UTF-8"), RpcPayload::Text),
            (Some("Text/XML"), RpcPayload::Xml),
            (Some("application/octet-stream"), RpcPayload::Bytes),
        ];
        for (content_type, expected) in cases {
            assert_eq!(rpc_payload(content_type).unwrap(), expected, "{content_type:?}");
        }
        assert_eq!(rpc_payload(Some("text/csv")).unwrap_err().status(), 415);
    }

    #[test]
    fn what_clients_send_is_understood() {
        let cases = [
            (None, MediaType::Json),
            (Some("*/*"), MediaType::Json),
            (Some("application/json"), MediaType::Json),
            (Some("application/vnd.pgrst.object+json"), MediaType::SingleObject { strip_nulls: false }),
            (Some("application/vnd.pgrst.object"), MediaType::SingleObject { strip_nulls: false }),
            (Some("application/vnd.pgrst.object+json;nulls=stripped"), MediaType::SingleObject { strip_nulls: true }),
            (Some("application/vnd.pgrst.array+json;nulls=stripped"), MediaType::ArrayStripNulls),
            (Some("text/csv"), MediaType::Csv),
            (Some("text/html, application/json;q=0.9, */*;q=0.8"), MediaType::Json),
            (Some("text/csv;q=0.5, application/json"), MediaType::Json),
        ];
        for (accept, expected) in cases {
            assert_eq!(negotiate(accept).unwrap(), expected, "{accept:?}");
        }
    }

    #[test]
    fn nothing_acceptable_is_406_pgrst107() {
        let error = negotiate(Some("application/xml, image/png")).unwrap_err();
        assert_eq!(error.status(), 406);
        assert_eq!(error.code(), "PGRST107");
        assert_eq!(error.message(), "None of these media types are available: application/xml,image/png");
    }
}
