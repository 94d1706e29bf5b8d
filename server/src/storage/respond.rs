//! Serving an object's bytes: validators (`ETag`, `Last-Modified`, 304), one byte range (206)
//! so videos can seek, the stored type and cache control, `nosniff`, and `Content-Disposition`
//! with a safe file name for `?download=`. Only passive types (images, audio, video, plain
//! text: [`mime::is_passive`]) are shown inline; anything else (HTML, SVG, PDF with its
//! scripts, unknown types) is an attachment under a sandboxing `Content-Security-Policy`, so
//! nothing stored runs in this origin.

use axum::Extension;
use axum::body::Body;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use super::error::StorageError;
use super::range::{self, ByteRange};
use super::service::StorageService;
use super::store::StoredObject;
use super::{mime, names};
use crate::http::middleware::Uncompressed;

/// How the bytes should be presented.
pub struct Presentation<'a> {
    pub method: &'a Method,
    /// `?download` (Some("") for the object's own name).
    pub download: Option<&'a str>,
}

pub async fn object_response(
    service: &StorageService,
    object: &StoredObject,
    request: &HeaderMap,
    presentation: &Presentation<'_>,
) -> Result<Response, StorageError> {
    let mut headers = HeaderMap::new();
    let etag = object.etag();
    put(&mut headers, header::ETAG, &etag);
    put(&mut headers, header::LAST_MODIFIED, &http_date(object.updated_at));
    put(&mut headers, header::CACHE_CONTROL, object.cache_control());
    if not_modified(request, &etag, object.updated_at) {
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    let mimetype = object.mimetype();
    put(&mut headers, header::CONTENT_TYPE, mimetype);
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    let passive = mime::is_passive(mimetype);
    if !passive {
        // Nothing but passive media runs or renders in this origin, even opened on its own.
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        );
    }
    let download = match presentation.download {
        Some("") => Some(names::file_name(&object.name)),
        Some(name) => Some(name),
        None if !passive => Some(names::file_name(&object.name)),
        None => None,
    };
    if let Some(name) = download {
        put(&mut headers, header::CONTENT_DISPOSITION, &attachment(name));
    }
    let length = object.size();
    let if_range_ok = request.get(header::IF_RANGE).is_none_or(|v| v.to_str().is_ok_and(|v| v == etag));
    let range_header = request.get(header::RANGE).and_then(|v| v.to_str().ok()).filter(|_| if_range_ok);
    let (status, range) = match range::parse(range_header, length) {
        ByteRange::Whole => (StatusCode::OK, None),
        ByteRange::Part { start, end } => {
            put(&mut headers, header::CONTENT_RANGE, &format!("bytes {start}-{end}/{length}"));
            (StatusCode::PARTIAL_CONTENT, Some(start..end + 1))
        }
        ByteRange::Unsatisfiable => {
            let mut response = StorageError::range_not_satisfiable().into_response();
            put(response.headers_mut(), header::CONTENT_RANGE, &format!("bytes */{length}"));
            return Ok(response);
        }
    };
    let served = range.as_ref().map_or(length, |r| r.end - r.start);
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(served));
    let body = if presentation.method == Method::HEAD || served == 0 {
        Body::empty()
    } else {
        Body::from_stream(service.backend.read(&object.version, range).await?)
    };
    Ok((status, headers, Extension(Uncompressed), body).into_response())
}

fn put(headers: &mut HeaderMap, name: header::HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

/// `If-None-Match` (weak comparison, `*`), else `If-Modified-Since`.
fn not_modified(request: &HeaderMap, etag: &str, modified: DateTime<Utc>) -> bool {
    if let Some(candidates) = request.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) {
        let bare = etag.trim_start_matches("W/");
        return candidates.split(',').map(str::trim).any(|c| c == "*" || c.trim_start_matches("W/") == bare);
    }
    request
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| DateTime::parse_from_rfc2822(v).ok())
        .is_some_and(|since| modified.timestamp() <= since.timestamp())
}

/// An HTTP date (RFC 9110 IMF-fixdate).
pub fn http_date(at: DateTime<Utc>) -> String {
    at.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
}

/// `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>`, with
/// quotes, separators and control characters removed from the name.
pub fn attachment(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\' | '/' | ';' | '\u{202A}'..='\u{202E}'))
        .take(200)
        .collect();
    let clean = if clean.trim().is_empty() { "download".to_owned() } else { clean };
    let ascii: String = clean.chars().map(|c| if c.is_ascii() { c } else { '_' }).collect();
    let encoded: String = clean
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn download_names_are_made_safe() {
        assert_eq!(attachment("a.pdf"), "attachment; filename=\"a.pdf\"; filename*=UTF-8''a.pdf");
        assert_eq!(
            attachment("ಹವ್ಯಕ.pdf"),
            "attachment; filename=\"_____.pdf\"; filename*=UTF-8''%E0%B2%B9%E0%B2%B5%E0%B3%8D%E0%B2%AF%E0%B2%95.pdf"
        );
        let evil = attachment("x\"\r\nSet-Cookie: a=b;.html");
        assert!(!evil.contains('\r') && !evil.contains('\n'));
        assert!(evil.starts_with("attachment; filename=\"xSet-Cookie: a=b.html\""), "{evil}");
        assert!(attachment("\"\"").contains("filename=\"download\""));
    }

    #[test]
    fn validators_decide_304() {
        let modified = DateTime::parse_from_rfc3339("2026-01-02T03:04:05Z").unwrap().with_timezone(&Utc);
        let mut request = HeaderMap::new();
        request.insert(header::IF_NONE_MATCH, "\"x\", W/\"abc\"".parse().unwrap());
        assert!(not_modified(&request, "\"abc\"", modified));
        assert!(!not_modified(&request, "\"def\"", modified));
        let mut request = HeaderMap::new();
        request.insert(header::IF_MODIFIED_SINCE, http_date(modified).parse().unwrap());
        assert!(not_modified(&request, "\"abc\"", modified));
        assert!(!not_modified(&request, "\"abc\"", modified + chrono::Duration::seconds(1)));
    }
}
