//! The access log: one line per request (method, path, status, time taken, request id), written
//! by the request's own task when its answer is ready and handed to the lossy writer
//! (`logging/batched.rs`). At the default level no span is opened (a span formatted when it
//! opens and entered on every poll is work every request pays for; bench/README.md, issue 41).
//! At `debug` each request gets one, so the lines a handler writes carry its method, path and id.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::Request;
use http::{HeaderValue, Method};
use pin_project_lite::pin_project;
use tower::{Layer, Service};
use tower_http::request_id::RequestId;
use tracing::{Level, Span};

#[derive(Debug, Clone, Copy, Default)]
pub struct AccessLogLayer;

impl<S> Layer<S> for AccessLogLayer {
    type Service = AccessLog<S>;
    fn layer(&self, inner: S) -> Self::Service {
        AccessLog { inner }
    }
}

#[derive(Debug, Clone)]
pub struct AccessLog<S> {
    inner: S,
}

/// What the line says besides the answer, taken before the request is handed on.
struct Line {
    method: Method,
    /// The path only: query strings can carry personal data (filters on e-mail, phone...).
    path: String,
    request_id: Option<HeaderValue>,
    started: Instant,
}

impl<S, B> Service<Request> for AccessLog<S>
where
    S: Service<Request, Response = http::Response<B>>,
{
    type Response = http::Response<B>;
    type Error = S::Error;
    type Future = Logged<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if !tracing::enabled!(Level::INFO) {
            return Logged { inner: self.inner.call(request), line: None, span: Span::none() };
        }
        let request_id = request.extensions().get::<RequestId>().map(|id| id.header_value().clone());
        let line = Line {
            method: request.method().clone(),
            path: request.uri().path().to_owned(),
            request_id,
            started: Instant::now(),
        };
        let span = tracing::debug_span!(
            "request",
            method = %line.method,
            path = %line.path,
            request_id = %shown(line.request_id.as_ref()),
        );
        let inner = span.in_scope(|| self.inner.call(request));
        Logged { inner, line: Some(line), span }
    }
}

fn shown(id: Option<&HeaderValue>) -> &str {
    id.and_then(|id| id.to_str().ok()).unwrap_or("-")
}

pin_project! {
    pub struct Logged<F> {
        #[pin]
        inner: F,
        line: Option<Line>,
        span: Span,
    }
}

impl<F, B, E> Future for Logged<F>
where
    F: Future<Output = Result<http::Response<B>, E>>,
{
    type Output = Result<http::Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = {
            let _entered = this.span.enter();
            std::task::ready!(this.inner.poll(cx))
        };
        if let (Some(line), Ok(response)) = (this.line.take(), &result) {
            tracing::info!(
                method = %line.method,
                path = %line.path,
                status = response.status().as_u16(),
                latency_ms = line.started.elapsed().as_secs_f64() * 1000.0,
                request_id = %shown(line.request_id.as_ref()),
                "response"
            );
        }
        Poll::Ready(result)
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::sync::{Arc, Mutex};

    use axum::body::Body;
    use tower::ServiceExt;
    use tracing_subscriber::fmt::MakeWriter;

    use super::*;

    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("lock").extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Captured {
        type Writer = Captured;
        fn make_writer(&'a self) -> Self::Writer {
            self.clone()
        }
    }

    /// The lines one request to a handler that logs a warning leaves at `level`.
    fn lines_at(level: Level) -> Vec<String> {
        let captured = Captured::default();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(level)
            .with_writer(captured.clone())
            .with_ansi(false)
            .without_time()
            .with_target(false)
            .finish();
        let handler = tower::service_fn(|_request: Request| async {
            tracing::warn!("the handler says something");
            Ok::<_, Infallible>(http::Response::builder().status(201).body(Body::empty()).expect("response"))
        });
        let mut request = Request::builder()
            .method("POST")
            .uri("/rest/v1/notes?email=eq.a@b.org")
            .body(Body::empty())
            .expect("request");
        request.extensions_mut().insert(RequestId::new(HeaderValue::from_static("7")));
        tracing::subscriber::with_default(subscriber, || {
            let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
            let response = runtime.block_on(AccessLogLayer.layer(handler).oneshot(request)).expect("answer");
            assert_eq!(response.status(), 201);
        });
        let text = String::from_utf8(captured.0.lock().expect("lock").clone()).expect("utf-8");
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn one_line_per_request_with_no_span_at_the_default_level() {
        let lines = lines_at(Level::INFO);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0], " WARN the handler says something");
        let access = &lines[1];
        assert!(
            access.starts_with(" INFO response method=POST path=/rest/v1/notes status=201 latency_ms="),
            "{access}"
        );
        assert!(access.ends_with(" request_id=7"), "{access}");
        assert!(!access.contains("email"), "the query string is never logged: {access}");
    }

    #[test]
    fn at_debug_a_handlers_lines_carry_the_request() {
        let lines = lines_at(Level::DEBUG);
        let warning = lines.iter().find(|l| l.contains("the handler says something")).expect("the warning");
        assert!(warning.contains("request{method=POST path=/rest/v1/notes request_id=7}"), "{warning}");
    }

    #[test]
    fn nothing_is_written_below_the_access_level() {
        let lines = lines_at(Level::WARN);
        assert_eq!(lines, [" WARN the handler says something"]);
    }
}
