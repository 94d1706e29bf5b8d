//! The HTTP/1.1 accept loop and what it promises about connections (axum's `serve` has no
//! limits, so a client sending a byte a second kept its connection, and its file descriptor,
//! forever):
//!
//! - the request head (line and headers) must arrive within `header_read_timeout`, which also
//!   closes a keep-alive connection idle that long;
//! - the head may be at most `max_header_bytes` (hyper answers 431 past it);
//! - a body that stalls for `body_idle_timeout` between two chunks is answered 408 and the
//!   connection closed;
//! - at most `max_connections` are open at once; one more is answered 503 with `Retry-After`
//!   and closed, so the server keeps file descriptors for the connections it serves.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http::{HeaderValue, Request, StatusCode, header};
use http_body::{Body as HttpBody, Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// Limits of the accept loop (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub body_idle_timeout: Duration,
    /// 0: [`default_max_connections`].
    pub max_connections: usize,
    pub max_header_bytes: usize,
}

/// hyper's smallest read buffer: the header cap cannot go below it.
pub const MIN_HEADER_BYTES: usize = 8192;

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            body_idle_timeout: Duration::from_secs(30),
            max_connections: 0,
            max_header_bytes: 32 * 1024,
        }
    }
}

/// Three quarters of the file descriptors left after a reserve for the database, files and
/// logs, between 16 and 4096.
pub fn default_max_connections() -> usize {
    let soft = open_files_limit().unwrap_or(1024);
    (soft.saturating_sub(256) * 3 / 4).clamp(16, 4096)
}

fn open_files_limit() -> Option<usize> {
    let (soft, _) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
    Some(usize::try_from(soft).unwrap_or(usize::MAX))
}

/// Raises the soft limit on open files to the hard limit (best effort), as servers do: the
/// connection cap's default is derived from it.
pub fn raise_open_files_limit() {
    if let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE)
        && soft < hard
    {
        let _ = setrlimit(Resource::RLIMIT_NOFILE, hard, hard);
    }
}

/// Overflow connections being answered 503 at once (each for at most a second); beyond
/// this many they are closed without an answer.
const REFUSALS_IN_FLIGHT: usize = 64;

/// Serves `app` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    let max_connections = match limits.max_connections {
        0 => default_max_connections(),
        n => n,
    };
    let permits = Arc::new(Semaphore::new(max_connections));
    let refusals = Arc::new(Semaphore::new(REFUSALS_IN_FLIGHT));
    // Told to every connection at shutdown: each finishes its request and closes. (hyper-util's
    // GracefulShutdown cannot watch connections that may upgrade to a WebSocket.)
    let (stopping, stop) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors (or a connection reset before accept): retry shortly.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY");
        }
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            if let Ok(refusal) = Arc::clone(&refusals).try_acquire_owned() {
                tokio::spawn(async move {
                    refuse(stream).await;
                    drop(refusal);
                });
            }
            continue;
        };
        let app = app.clone();
        // One flag per connection (its requests come one after the other), not one per request.
        let timed_out = Arc::new(AtomicBool::new(false));
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            handle(app.clone(), request, peer, limits.body_idle_timeout, timed_out.clone())
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .max_buf_size(limits.max_header_bytes.max(MIN_HEADER_BYTES));
        // With upgrades: `/realtime/v1/websocket` takes the connection over (the socket then
        // lives apart from this count; realtime limits its own).
        let connection = builder.serve_connection(TokioIo::new(stream), service).with_upgrades();
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                () = stopped(stop) => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(error) = ended {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    // Every connection holds a permit until it ends.
    let _ = permits.acquire_many(u32::try_from(max_connections).unwrap_or(u32::MAX)).await;
}

async fn handle(
    app: Router,
    request: Request<Incoming>,
    peer: SocketAddr,
    body_idle_timeout: Duration,
    timed_out: Arc<AtomicBool>,
) -> Result<Response, Infallible> {
    timed_out.store(false, Ordering::SeqCst);
    let mut request = request.map(|body| Body::new(IdleTimeoutBody::new(body, body_idle_timeout, timed_out.clone())));
    request.extensions_mut().insert(ConnectInfo(peer));
    let response = app.oneshot(request).await;
    if timed_out.load(Ordering::SeqCst) {
        return Ok(body_timeout_response(body_idle_timeout));
    }
    response
}

/// Completes once the server is stopping (never, if it cannot be told).
async fn stopped(mut stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        if stop.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// 408 for a body that stalled; the connection is closed after it.
fn body_timeout_response(timeout: Duration) -> Response {
    let body = serde_json::json!({
        "code": "request_timeout",
        "message": format!("The request body stalled for {} s", timeout.as_secs()),
        "details": null,
        "hint": null,
    });
    let mut response = (StatusCode::REQUEST_TIMEOUT, axum::Json(body)).into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Answers an overflow connection 503 and closes it.
async fn refuse(mut stream: TcpStream) {
    const BODY: &str = r#"{"code":"too_many_connections","message":"The server is at its connection limit","details":null,"hint":null}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{BODY}",
        BODY.len()
    );
    let exchange = async {
        // Answer once the request has begun (an answer before it confuses HTTP clients), then
        // read the rest so closing does not reset the connection before the client reads.
        let mut sink = [0u8; 4096];
        let _ = stream.read(&mut sink).await;
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), exchange).await;
}

/// A request body that fails when no chunk arrives for `timeout`.
struct IdleTimeoutBody {
    inner: Incoming,
    timeout: Duration,
    /// Armed when the body is first waited for (a handler may read it late), re-armed by
    /// every chunk.
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    timed_out: Arc<AtomicBool>,
}

impl IdleTimeoutBody {
    fn new(inner: Incoming, timeout: Duration, timed_out: Arc<AtomicBool>) -> Self {
        Self { inner, timeout, sleep: None, timed_out }
    }
}

impl HttpBody for IdleTimeoutBody {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(frame) => {
                this.sleep = None;
                Poll::Ready(frame.map(|f| f.map_err(Into::into)))
            }
            Poll::Pending => {
                match this.sleep.get_or_insert_with(|| Box::pin(tokio::time::sleep(this.timeout))).as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        this.timed_out.store(true, Ordering::SeqCst);
                        Poll::Ready(Some(Err("the request body stalled".into())))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_connection_cap_stays_below_the_file_limit() {
        let cap = default_max_connections();
        assert!((16..=4096).contains(&cap));
        if let Some(limit) = open_files_limit() {
            assert!(cap < limit.max(17), "{cap} of {limit}");
        }
    }
}
