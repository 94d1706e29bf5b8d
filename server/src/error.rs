//! The one error type of the HTTP API and its code table.
//!
//! Every failure a client sees is an [`ApiError`], rendered as
//! `{"code", "message", "details", "hint"}` (all four keys always present). The cause of an
//! internal failure is logged with the request id and never sent. What it shares with the
//! auth and storage errors is in [`core`].

pub mod core;

use std::borrow::Cow;
use std::fmt;

use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, StatusCode, header};
use serde_json::{Value, json};

pub use self::core::{Cause, ErrorCore};

/// The hint hosted Supabase's gateway gives a request without an `apikey`.
pub const NO_API_KEY_HINT: &str = "No `apikey` request header or url param was found.";

/// The code table: every kind of error the server answers with, its HTTP status, its stable
/// code and its default message. Codes are never reused for another meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The database cannot be reached.
    DatabaseUnavailable,
    /// No connection became free in time.
    PoolTimeout,
    /// The server is starting or stopping.
    NotReady,
    /// The URL names nothing.
    NotFound,
    /// The route exists but not for this verb.
    MethodNotAllowed,
    /// The request body exceeds the configured limit.
    PayloadTooLarge,
    /// The query string does not follow the REST grammar (select, filters, order...).
    QueryParse,
    /// The `Range` header asks for rows that cannot be served (lower bound above upper bound,
    /// or an offset past the last row).
    RangeNotSatisfiable,
    /// `Prefer: handling=strict` together with preferences the server does not know.
    InvalidPreferences,
    /// The request is malformed in a way no more specific code covers.
    BadRequest,
    /// A bug or an unexpected failure inside the server.
    Internal,
    /// No representation the client accepts.
    NotAcceptable,
    /// A request body in a media type the endpoint does not read.
    UnsupportedMediaType,
    /// No `apikey` header or query parameter.
    ApiKeyMissing,
    /// The `apikey` is not one of this server's keys.
    ApiKeyInvalid,
    /// The bearer token cannot be decoded or its signature is wrong.
    JwtInvalid,
    /// The bearer token is authentic but its claims refuse it (expired, bad role...).
    JwtClaims,
    /// A verb other than GET, HEAD and POST on `/rpc/<fn>`.
    RpcMethod,
    /// The request body is not JSON of the expected shape.
    InvalidBody,
    /// PUT filters are not exactly the primary key with `eq`.
    PutFilters,
    /// `Accept-Profile`/`Content-Profile` names a schema that is not exposed.
    SchemaNotExposed,
    /// A filter, order or limit names an embed that is not in `select`.
    EmbedNotSelected,
    /// PUT with `limit` or `offset`.
    PutLimit,
    /// The PUT body's primary key differs from the URL's.
    PutKeyMismatch,
    /// A single object was requested but the result has another number of rows.
    SingularCardinality,
    /// `order=rel(col)` where `rel` is not a to-one embed.
    RelatedOrderNotToOne,
    /// An operator other than `is.null`/`not.is.null` applied to an embed.
    EmbedOperator,
    /// Aggregate functions in `select` (disabled, as on Supabase).
    AggregatesDisabled,
    /// `Prefer: max-affected` with `handling=strict` was exceeded.
    MaxAffectedExceeded,
    /// A combination the engine does not support.
    NotImplemented,
    /// No relationship links the two resources of an embed.
    NoRelationship,
    /// More than one relationship links the two resources of an embed.
    AmbiguousRelationship,
    /// No function has this name and these argument names.
    FunctionNotFound,
    /// Several overloads accept these argument names.
    AmbiguousFunction,
    /// `columns`, the payload or `on_conflict` names a column the relation does not have.
    ColumnNotFound,
    /// The path names no table or view of the schema.
    TableNotFound,
    /// A filter, order or select names a column the relation does not have (PostgreSQL's
    /// SQLSTATE, detected before any query runs).
    UndefinedColumn,
    /// PATCH or DELETE without any filter.
    MissingWhere,
    /// A push subscription's endpoint is not a push service the server may send to.
    PushEndpointInvalid,
    /// A push subscription's keys are not a P-256 public key and a 16-byte auth secret.
    PushKeysInvalid,
}

struct KindInfo {
    status: StatusCode,
    code: &'static str,
    message: &'static str,
}

impl ErrorKind {
    const fn info(self) -> KindInfo {
        use ErrorKind::*;
        let (status, code, message) = match self {
            DatabaseUnavailable => {
                (StatusCode::SERVICE_UNAVAILABLE, "PGRST000", "Database client error. Retrying the connection.")
            }
            PoolTimeout => {
                (StatusCode::GATEWAY_TIMEOUT, "PGRST003", "Timed out acquiring connection from connection pool.")
            }
            NotReady => (StatusCode::SERVICE_UNAVAILABLE, "PGRST002", "The server is not ready to serve requests."),
            NotFound => (StatusCode::NOT_FOUND, "PGRST125", "Invalid path specified in request URL"),
            MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "PGRST117", "Unsupported HTTP method"),
            PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "request_too_large", "The request body is too large"),
            QueryParse => (StatusCode::BAD_REQUEST, "PGRST100", "failed to parse the query string"),
            RangeNotSatisfiable => (StatusCode::RANGE_NOT_SATISFIABLE, "PGRST103", "Requested range not satisfiable"),
            InvalidPreferences => {
                (StatusCode::BAD_REQUEST, "PGRST122", "Invalid preferences given with handling=strict")
            }
            BadRequest => (StatusCode::BAD_REQUEST, "bad_request", "The request is malformed"),
            Internal => (StatusCode::INTERNAL_SERVER_ERROR, "PGRSTX00", "Internal server error"),
            NotAcceptable => (StatusCode::NOT_ACCEPTABLE, "PGRST107", "None of these media types are available"),
            UnsupportedMediaType => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "PGRST107", "Content-Type not acceptable"),
            ApiKeyMissing => (StatusCode::UNAUTHORIZED, "no_api_key", "No API key found in request"),
            ApiKeyInvalid => (StatusCode::UNAUTHORIZED, "invalid_api_key", "Invalid authentication credentials"),
            JwtInvalid => (StatusCode::UNAUTHORIZED, "PGRST301", "JWT cryptographic operation failed"),
            JwtClaims => (StatusCode::UNAUTHORIZED, "PGRST303", "JWT claims are invalid"),
            RpcMethod => (StatusCode::METHOD_NOT_ALLOWED, "PGRST101", "Only GET, HEAD and POST are allowed on RPC"),
            InvalidBody => (StatusCode::BAD_REQUEST, "PGRST102", "Empty or invalid json"),
            PutFilters => (
                StatusCode::METHOD_NOT_ALLOWED,
                "PGRST105",
                "Filters must include all and only primary key columns with 'eq' operators",
            ),
            SchemaNotExposed => (StatusCode::NOT_ACCEPTABLE, "PGRST106", "Invalid schema"),
            EmbedNotSelected => (StatusCode::BAD_REQUEST, "PGRST108", "The embedded resource is not in select"),
            PutLimit => {
                (StatusCode::BAD_REQUEST, "PGRST114", "limit/offset querystring parameters are not allowed for PUT")
            }
            PutKeyMismatch => {
                (StatusCode::BAD_REQUEST, "PGRST115", "Payload values do not match URL in primary key column(s)")
            }
            SingularCardinality => {
                (StatusCode::NOT_ACCEPTABLE, "PGRST116", "Cannot coerce the result to a single JSON object")
            }
            RelatedOrderNotToOne => (StatusCode::BAD_REQUEST, "PGRST118", "A related order must be on a to-one embed"),
            EmbedOperator => (
                StatusCode::BAD_REQUEST,
                "PGRST120",
                "Only is null or not is null filters are allowed on embedded resources",
            ),
            AggregatesDisabled => (StatusCode::BAD_REQUEST, "PGRST123", "Use of aggregate functions is not allowed"),
            MaxAffectedExceeded => {
                (StatusCode::BAD_REQUEST, "PGRST124", "Query result exceeds max-affected preference constraint")
            }
            NotImplemented => (StatusCode::BAD_REQUEST, "PGRST127", "Feature not implemented"),
            NoRelationship => {
                (StatusCode::BAD_REQUEST, "PGRST200", "Could not find a relationship in the schema cache")
            }
            AmbiguousRelationship => (
                StatusCode::MULTIPLE_CHOICES,
                "PGRST201",
                "Could not embed because more than one relationship was found",
            ),
            FunctionNotFound => (StatusCode::NOT_FOUND, "PGRST202", "Could not find the function in the schema cache"),
            AmbiguousFunction => {
                (StatusCode::MULTIPLE_CHOICES, "PGRST203", "Could not choose the best candidate function")
            }
            ColumnNotFound => (StatusCode::BAD_REQUEST, "PGRST204", "Could not find the column in the schema cache"),
            TableNotFound => (StatusCode::NOT_FOUND, "PGRST205", "Could not find the table in the schema cache"),
            UndefinedColumn => (StatusCode::BAD_REQUEST, "42703", "column does not exist"),
            MissingWhere => (StatusCode::BAD_REQUEST, "21000", "The request requires a WHERE clause"),
            PushEndpointInvalid => {
                (StatusCode::BAD_REQUEST, "push_endpoint_invalid", "The push endpoint is not an allowed push service")
            }
            PushKeysInvalid => (StatusCode::BAD_REQUEST, "push_keys_invalid", "The push subscription keys are invalid"),
        };
        KindInfo { status, code, message }
    }
}

/// An error answered to a client. Boxed, so `Result<T, ApiError>` stays one pointer wide.
pub struct ApiError(Box<Inner>);

struct Inner {
    core: ErrorCore,
    details: Option<Value>,
    hint: Option<Cow<'static, str>>,
}

/// The status, code, message and cause ([`ErrorCore::status`], `code`, `message`).
impl std::ops::Deref for ApiError {
    type Target = ErrorCore;
    fn deref(&self) -> &ErrorCore {
        &self.0.core
    }
}

impl ApiError {
    pub fn new(kind: ErrorKind) -> Self {
        let info = kind.info();
        let error = Self::custom(info.status, info.code, info.message);
        match kind {
            // Hosted Supabase's gateway says this to requests without a key.
            ErrorKind::ApiKeyMissing => error.with_hint(NO_API_KEY_HINT),
            _ => error,
        }
    }

    /// An error whose status and code come from elsewhere (a database SQLSTATE, say).
    pub fn custom(
        status: StatusCode,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self(Box::new(Inner { core: ErrorCore::new(status, code, message), details: None, hint: None }))
    }

    pub fn not_found() -> Self {
        Self::new(ErrorKind::NotFound)
    }

    pub fn method_not_allowed() -> Self {
        Self::new(ErrorKind::MethodNotAllowed)
    }

    pub fn bad_request(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::BadRequest).with_message(message)
    }

    /// An unexpected failure: the cause is logged, the client sees a generic message.
    pub fn internal(cause: impl Into<Cause>) -> Self {
        Self::new(ErrorKind::Internal).with_cause(cause)
    }

    pub fn with_message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.0.core.message = message.into();
        self
    }

    pub fn with_details(mut self, details: impl Into<Value>) -> Self {
        self.0.details = Some(details.into());
        self
    }

    pub fn with_hint(mut self, hint: impl Into<Cow<'static, str>>) -> Self {
        self.0.hint = Some(hint.into());
        self
    }

    pub fn with_header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.0.core.headers.push((name, value));
        self
    }

    pub fn with_cause(mut self, cause: impl Into<Cause>) -> Self {
        self.0.core.cause = Some(cause.into());
        self
    }

    pub fn details(&self) -> Option<&Value> {
        self.0.details.as_ref()
    }

    pub fn hint(&self) -> Option<&str> {
        self.0.hint.as_deref()
    }

    fn body(&self) -> Value {
        json!({
            "code": self.0.core.code,
            "message": self.0.core.message,
            "details": self.0.details,
            "hint": self.0.hint,
        })
    }
}

impl fmt::Debug for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.core.debug("ApiError", f)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.core, f)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.0.core.log("request failed");
        let body = self.body();
        let mut response = self.0.core.respond(body);
        // Every 503 says when to come back (the database restarting, the server draining).
        if response.status() == StatusCode::SERVICE_UNAVAILABLE && !response.headers().contains_key(header::RETRY_AFTER)
        {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::status_and_json;

    #[tokio::test]
    async fn every_error_has_the_four_keys() {
        let (status, body) = status_and_json(ApiError::not_found()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            body,
            json!({"code": "PGRST125", "message": "Invalid path specified in request URL", "details": null, "hint": null})
        );
    }

    #[tokio::test]
    async fn internal_causes_are_never_sent() {
        let error = ApiError::internal("connection to 10.0.0.5 refused: password for postgres");
        let (status, body) = status_and_json(error).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!body.to_string().contains("10.0.0.5"), "{body}");
        assert_eq!(body["message"], "Internal server error");
    }

    #[tokio::test]
    async fn details_and_hint_are_carried() {
        let error = ApiError::bad_request("bad").with_details("why").with_hint("fix it");
        let (status, body) = status_and_json(error).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["details"], "why");
        assert_eq!(body["hint"], "fix it");
    }

    #[tokio::test]
    async fn every_503_says_when_to_come_back() {
        let response = ApiError::new(ErrorKind::DatabaseUnavailable).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        let own = ApiError::new(ErrorKind::NotReady).with_header(header::RETRY_AFTER, HeaderValue::from_static("5"));
        let response = own.into_response();
        assert_eq!(response.headers().get_all(header::RETRY_AFTER).iter().count(), 1, "a given one is kept alone");
        assert_eq!(response.headers()[header::RETRY_AFTER], "5");
    }
}
