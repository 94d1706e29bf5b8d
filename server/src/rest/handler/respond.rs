//! Shaping REST responses: status, the headers of wire-api §2.8, and the body PostgreSQL built.

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, StatusCode, header};

use super::context::RestContext;
use crate::error::{ApiError, ErrorKind};
use crate::rest::request::MediaType;
use crate::rest::sql::Body as BodyKind;

/// A REST answer before it becomes an HTTP response.
pub struct Reply {
    pub status: StatusCode,
    pub content_range: Option<String>,
    /// The body and its content type.
    pub body: Option<(String, &'static str)>,
    /// A body in a media type of the schema's (a function's media type handler): bytes and
    /// the type, sent as they are; it takes the place of `body`.
    pub raw: Option<(Vec<u8>, String)>,
    pub location: Option<String>,
    pub preference_applied: Option<String>,
    pub content_location: Option<String>,
    pub profile: Option<String>,
}

impl Reply {
    pub fn new(status: StatusCode) -> Self {
        Self {
            status,
            content_range: None,
            body: None,
            raw: None,
            location: None,
            preference_applied: None,
            content_location: None,
            profile: None,
        }
    }

    /// Adds what every reply to `context` carries: `Preference-Applied`, `Content-Profile`.
    pub fn for_context(mut self, context: &RestContext) -> Self {
        self.preference_applied = context.preferences.preference_applied();
        if context.echo_profile {
            self.profile = Some(context.schema.clone());
        }
        self
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut response = match (self.raw, self.body) {
            (Some((bytes, content_type)), _) => {
                let mut response = Response::new(Body::from(bytes));
                insert(&mut response, header::CONTENT_TYPE, &content_type);
                response
            }
            (None, Some((body, content_type))) => {
                let mut response = Response::new(Body::from(body));
                insert(&mut response, header::CONTENT_TYPE, content_type);
                response
            }
            (None, None) => Response::new(Body::empty()),
        };
        *response.status_mut() = self.status;
        if let Some(range) = &self.content_range {
            insert(&mut response, header::CONTENT_RANGE, range);
            insert(&mut response, HeaderName::from_static("range-unit"), "items");
        }
        if let Some(location) = &self.location {
            insert(&mut response, header::LOCATION, location);
        }
        if let Some(applied) = &self.preference_applied {
            insert(&mut response, HeaderName::from_static("preference-applied"), applied);
        }
        if let Some(location) = &self.content_location {
            insert(&mut response, header::CONTENT_LOCATION, location);
        }
        if let Some(profile) = &self.profile {
            insert(&mut response, HeaderName::from_static("content-profile"), profile);
        }
        response
    }
}

fn insert(response: &mut Response, name: HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        response.headers_mut().insert(name, value);
    }
}

/// The SQL body a media type needs (`head` answers without one).
pub fn body_kind(media: MediaType, head: bool) -> BodyKind {
    if head {
        return BodyKind::None;
    }
    match media {
        MediaType::Json | MediaType::SingleObject { strip_nulls: false } => BodyKind::Json,
        MediaType::SingleObject { strip_nulls: true } | MediaType::ArrayStripNulls => BodyKind::JsonStripNulls,
        MediaType::Csv => BodyKind::Csv,
        MediaType::GeoJson => BodyKind::GeoJson,
    }
}

/// 406 PGRST116 for a single-object request whose result has `rows` rows.
pub fn singular_error(rows: i64) -> ApiError {
    ApiError::new(ErrorKind::SingularCardinality).with_details(format!("The result contains {rows} rows"))
}

/// The one element of a JSON array of one element, as text.
pub fn single_element(array: &str) -> String {
    let trimmed = array.trim();
    trimmed.strip_prefix('[').and_then(|s| s.strip_suffix(']')).map(|s| s.trim().to_owned()).unwrap_or_default()
}

/// `Content-Location`: the path and query as requested.
pub fn content_location(context: &RestContext) -> String {
    match &context.query {
        Some(query) => format!("{}?{query}", context.path),
        None => context.path.clone(),
    }
}
