//! [`ErrorCore`]: what the three wire-shaped errors share. PostgREST's
//! ([`crate::error::ApiError`]), GoTrue's ([`crate::auth::error::AuthError`]) and Storage's
//! ([`crate::storage::error::StorageError`]) envelopes each keep only their own body shape
//! and extras; the status, the stable code, the message, the extra headers and the cause
//! (logged, never sent) live here, with how a failure is logged and answered.

use std::borrow::Cow;
use std::fmt;

use axum::Json;
use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, StatusCode, header};
use serde_json::Value;

pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

pub struct ErrorCore {
    pub status: StatusCode,
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
    /// Headers the answer carries (`Retry-After`…), appended in order.
    pub headers: Vec<(HeaderName, HeaderValue)>,
    pub cause: Option<Cause>,
}

impl ErrorCore {
    pub fn new(status: StatusCode, code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self { status, code: code.into(), message: message.into(), headers: Vec::new(), cause: None }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// `Retry-After: seconds`.
    pub fn retry_after(&mut self, seconds: u64) {
        self.headers.retain(|(name, _)| name != header::RETRY_AFTER);
        self.headers.push((header::RETRY_AFTER, HeaderValue::from(seconds)));
    }

    /// Logs the failure: a server's own failure (5xx) as an error named `failed`, with its
    /// cause or message; a refusal with a cause at info level.
    pub fn log(&self, failed: &str) {
        match &self.cause {
            Some(cause) if self.status.is_server_error() => {
                crate::log_throttle::request_failed(failed, &self.code, &cause.to_string())
            }
            Some(cause) => tracing::info!(code = %self.code, error = %cause, "request refused"),
            None if self.status.is_server_error() => {
                crate::log_throttle::request_failed(failed, &self.code, &self.message)
            }
            None => {}
        }
    }

    /// The envelope `name`'s `Debug`: status, code, message and cause.
    pub fn debug(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(name)
            .field("status", &self.status)
            .field("code", &self.code)
            .field("message", &self.message)
            .field("cause", &self.cause)
            .finish()
    }

    /// The answer: the status, `body` as JSON and the headers.
    pub fn respond(self, body: Value) -> Response {
        let mut response = (self.status, Json(body)).into_response();
        for (name, value) in self.headers {
            response.headers_mut().append(name, value);
        }
        response
    }
}

impl fmt::Display for ErrorCore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}
