//! The layers every request passes through, outermost first: panic guard, request id,
//! the access log, CORS, compression, and the error normaliser. Body limits are set per route group in
//! `crate::routes` (uploads are limited by the storage service while it streams them).

use std::any::Any;
use std::convert::Infallible;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use http::{HeaderName, HeaderValue, Method, StatusCode, header};
use tower::{Service, ServiceBuilder};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::cors::{AllowHeaders, AllowOrigin, CorsLayer};
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};

use super::access_log::AccessLogLayer;
use super::request_id::MakeSequentialRequestId;
use crate::error::{ApiError, ErrorKind};
use crate::http::settings::CorsOrigins;

/// Response headers a browser app may read (without `Content-Range`, counts are always null).
pub const EXPOSED_HEADERS: &[&str] = &[
    "content-encoding",
    "content-location",
    "content-range",
    "content-type",
    "date",
    "location",
    "server",
    "transfer-encoding",
    "range-unit",
    "preference-applied",
    "x-total-count",
    "link",
    "x-supabase-api-version",
    "content-disposition",
    "etag",
    "content-length",
    "x-request-id",
];

pub struct LayerSettings {
    pub cors_origins: CorsOrigins,
}

/// `app` behind the layers, as one router. The layers are composed around `app` itself, not
/// copied onto each of its routes (`Router::layer`), so a request passes one boxed service,
/// not one per layer.
pub fn apply<S>(app: S, settings: &LayerSettings) -> Router
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    let request_id = HeaderName::from_static("x-request-id");
    Router::new().fallback_service(
        ServiceBuilder::new()
            .layer(crate::metrics::http::RequestMetricsLayer)
            .layer(CatchPanicLayer::custom(panic_response))
            .layer(SetRequestIdLayer::new(request_id.clone(), MakeSequentialRequestId::new()))
            .layer(AccessLogLayer)
            .layer(PropagateRequestIdLayer::new(request_id))
            .layer(cors(&settings.cors_origins))
            .map_response(restore_row_range)
            .layer(CompressionLayer::new().compress_when(compressible()))
            .map_response(hold_row_range)
            .map_response(normalise_errors)
            .service(app),
    )
}

fn cors(origins: &CorsOrigins) -> CorsLayer {
    let allow_origin = match origins {
        CorsOrigins::Any => AllowOrigin::any(),
        CorsOrigins::List(list) => AllowOrigin::list(list.clone()),
    };
    CorsLayer::new()
        .allow_origin(allow_origin)
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
            Method::OPTIONS,
            Method::HEAD,
        ])
        .allow_headers(AllowHeaders::mirror_request())
        .expose_headers(EXPOSED_HEADERS.iter().map(|h| HeaderName::from_static(h)).collect::<Vec<_>>())
        .max_age(Duration::from_secs(86_400))
}

/// Marks a response whose body must go out as it is: stored files, whose byte ranges and
/// lengths refer to the stored bytes.
#[derive(Debug, Clone, Copy)]
pub struct Uncompressed;

/// Answers smaller than this are sent as they are: a one-row read gains a few bytes from
/// compression and costs the server more than it saves the network.
const MIN_COMPRESSED_BYTES: u64 = 1024;

/// Not images, server-sent events or gRPC, not small bodies, never a partial response, never a
/// response marked [`Uncompressed`].
fn compressible() -> impl Predicate {
    SizeAbove::new(MIN_COMPRESSED_BYTES)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        .and(NotForContentType::GRPC)
        .and(|_: StatusCode, _: http::Version, headers: &http::HeaderMap, extensions: &http::Extensions| {
            !headers.contains_key(header::CONTENT_RANGE) && extensions.get::<Uncompressed>().is_none()
        })
}

/// A whole REST read's `Content-Range` (`0-4999/*`: rows, not bytes), held aside while the
/// compression layer looks at the answer: that layer never compresses an answer with a
/// `Content-Range`, and these are the largest JSON the server sends (a list of 5,000
/// registrations: 518 KB plain, about 40 KB compressed). A 206 and a range of bytes keep theirs.
#[derive(Clone)]
struct RowRange(HeaderValue);

fn hold_row_range(mut response: Response) -> Response {
    let is_rows = |range: &HeaderValue| !range.as_bytes().starts_with(b"bytes");
    if response.status() == StatusCode::OK
        && response.headers().get(header::CONTENT_RANGE).is_some_and(is_rows)
        && let Some(range) = response.headers_mut().remove(header::CONTENT_RANGE)
    {
        response.extensions_mut().insert(RowRange(range));
    }
    response
}

fn restore_row_range<B>(mut response: http::Response<B>) -> http::Response<B> {
    if let Some(RowRange(range)) = response.extensions_mut().remove::<RowRange>() {
        response.headers_mut().insert(header::CONTENT_RANGE, range);
    }
    response
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "unknown panic".into());
    ApiError::internal(format!("handler panicked: {detail}")).into_response()
}

/// Gives the bare 405 of method routing and the plain-text 413 of the body limit our JSON
/// envelope, so every error a client sees has the same shape.
fn normalise_errors(response: Response) -> Response {
    let is_json =
        response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("json"));
    if is_json {
        return response;
    }
    match response.status() {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allow = response.headers().get(header::ALLOW).cloned();
            let mut error = ApiError::method_not_allowed();
            if let Some(allow) = allow {
                error = error.with_header(header::ALLOW, allow);
            }
            error.into_response()
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(ErrorKind::PayloadTooLarge).into_response(),
        _ => response,
    }
}
