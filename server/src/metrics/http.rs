//! The layer that counts every answer (route group, status) and times it.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::Request;
use pin_project_lite::pin_project;
use tower::{Layer, Service};

#[derive(Debug, Clone, Copy, Default)]
pub struct RequestMetricsLayer;

impl<S> Layer<S> for RequestMetricsLayer {
    type Service = RequestMetrics<S>;
    fn layer(&self, inner: S) -> Self::Service {
        RequestMetrics { inner }
    }
}

#[derive(Debug, Clone)]
pub struct RequestMetrics<S> {
    inner: S,
}

impl<S, B> Service<Request> for RequestMetrics<S>
where
    S: Service<Request, Response = http::Response<B>>,
{
    type Response = http::Response<B>;
    type Error = S::Error;
    type Future = Counted<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let group = super::route_group(request.uri().path());
        Counted { inner: self.inner.call(request), group, started: Instant::now() }
    }
}

pin_project! {
    pub struct Counted<F> {
        #[pin]
        inner: F,
        group: &'static str,
        started: Instant,
    }
}

impl<F, B, E> Future for Counted<F>
where
    F: Future<Output = Result<http::Response<B>, E>>,
{
    type Output = Result<http::Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = std::task::ready!(this.inner.poll(cx));
        if let Ok(response) = &result {
            let status = response.status().as_u16();
            let metrics = super::global();
            metrics.request(this.group, status, this.started.elapsed().as_secs_f64());
            if status == 429 {
                metrics.rate_limited(this.group);
            }
        }
        Poll::Ready(result)
    }
}
