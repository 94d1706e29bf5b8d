//! The metrics listener: `GET /metrics` on an address of its own (METRICS_ADDR), so the public
//! port and its proxy never serve it.

use std::net::SocketAddr;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sqlx::PgPool;

use crate::db::request_connections::RequestConnections;

#[derive(Clone)]
struct MetricsState {
    pool: PgPool,
    connections: RequestConnections,
}

/// The metrics router (tests call it directly).
pub fn router(pool: PgPool, connections: RequestConnections) -> Router {
    Router::new().route("/metrics", get(metrics)).with_state(MetricsState { pool, connections })
}

/// Binds `address` and serves until the task is aborted.
pub async fn spawn(
    address: SocketAddr,
    pool: PgPool,
    connections: RequestConnections,
) -> std::io::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    let bound = listener.local_addr()?;
    let app = router(pool, connections);
    let task = tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok((bound, task))
}

async fn metrics(State(state): State<MetricsState>) -> Response {
    let metrics = super::global();
    let (idle, in_use, size) = state.connections.stats();
    metrics.pool_connections.get_or_create(&super::labels(&[("state", "idle")])).set(idle);
    metrics.pool_connections.get_or_create(&super::labels(&[("state", "in_use")])).set(in_use);
    metrics.pool_size.set(size);
    metrics.log_lines_dropped(crate::logging::dropped_lines());
    metrics.gauges.refresh(&state.pool).await;
    let mut text = String::new();
    if prometheus_client::encoding::text::encode(&mut text, &metrics.registry).is_err() {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    }
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], text).into_response()
}
