//! The connections REST and service transactions run on: [`wire`] connections, because a
//! request's BEGIN, settings, statement and COMMIT go out as one batch answered in one round
//! trip (sqlx has no pipelining; tokio-postgres pipelines but ends every statement with its
//! own `Sync`), and each connection keeps its own prepared statements.
//!
//! A connection goes back to the idle list only when its transaction ended with a successful
//! COMMIT or ROLLBACK, so it is known to be idle and needs no ping; any other connection (an
//! interrupted request, a lost socket) is dropped, and PostgreSQL rolls back what it had open.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgSslMode};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::wire::{self, Connection, Target, Tls};

/// How long a cancel request may take (it opens a connection of its own).
const CANCEL_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct RequestConnections {
    inner: Arc<Inner>,
}

struct Inner {
    config: wire::Config,
    idle: Mutex<Vec<Connection>>,
    permits: Arc<Semaphore>,
    acquire_timeout: Duration,
    size: usize,
}

impl RequestConnections {
    /// Connections like `options` (sqlx's), with `password` when the login needs one.
    pub fn new(options: &PgConnectOptions, password: Option<&str>, size: u32, acquire_timeout: Duration) -> Self {
        let host = options.get_host();
        let socket = options.get_socket().cloned().or_else(|| host.starts_with('/').then(|| host.into()));
        let target = match socket {
            Some(dir) => Target::Socket(dir),
            None => Target::Tcp(host.to_owned()),
        };
        let tls = match (&target, options.get_ssl_mode()) {
            (Target::Socket(_), _) | (Target::Tcp(_), PgSslMode::Disable | PgSslMode::Allow) => Tls::Off,
            (Target::Tcp(_), PgSslMode::Prefer) => rustls_connector().map_or(Tls::Off, Tls::Prefer),
            // Never plain text in its place: every connection attempt fails instead.
            (Target::Tcp(_), _) => rustls_connector().map_or(Tls::Unavailable, Tls::Require),
        };
        let config = wire::Config {
            target,
            port: options.get_port(),
            user: options.get_username().to_owned(),
            password: password.map(str::to_owned),
            database: options.get_database().map(str::to_owned),
            application_name: "server".to_owned(),
            tls,
        };
        let size = usize::try_from(size.max(1)).unwrap_or(1);
        Self {
            inner: Arc::new(Inner {
                config,
                idle: Mutex::new(Vec::with_capacity(size)),
                permits: Arc::new(Semaphore::new(size)),
                acquire_timeout,
                size,
            }),
        }
    }

    /// An idle connection, or a new one when none is idle; waits at most the acquire timeout
    /// for a free slot.
    pub async fn checkout(&self) -> Result<Checkout, CheckoutError> {
        let waited = std::time::Instant::now();
        let permit = tokio::time::timeout(self.inner.acquire_timeout, Arc::clone(&self.inner.permits).acquire_owned())
            .await
            .map_err(|_| {
                crate::metrics::global().pool_timeout();
                CheckoutError::Timeout
            })?
            .map_err(|_| CheckoutError::Closed)?;
        crate::metrics::global().pool_acquired(waited.elapsed().as_secs_f64());
        let idle = loop {
            let next = self.inner.idle.lock().map(|mut idle| idle.pop()).unwrap_or(None);
            match next {
                Some(mut connection) => {
                    if connection.is_usable() {
                        break Some(connection);
                    }
                }
                None => break None,
            }
        };
        let connection = match idle {
            Some(connection) => connection,
            // Boxed: connecting is rare and its future is large; inline, every request's
            // future (and each move of it) would carry its size.
            None => {
                // A server that accepts the connection and then says nothing (a stalled host)
                // is given as long as a free slot is waited for.
                let connect = tokio::time::timeout(self.inner.acquire_timeout, Box::pin(self.inner.config.connect()));
                match connect.await {
                    Ok(connected) => connected.map_err(CheckoutError::Connect)?,
                    Err(_) => {
                        return Err(CheckoutError::Connect(wire::Error::Io(std::io::ErrorKind::TimedOut.into())));
                    }
                }
            }
        };
        Ok(Checkout {
            connection: Some(connection),
            inner: Arc::clone(&self.inner),
            reusable: false,
            busy: false,
            _permit: permit,
        })
    }

    /// Idle connections, connections on loan, and the most there may be (for /metrics).
    pub fn stats(&self) -> (i64, i64, i64) {
        let idle = self.inner.idle.lock().map(|idle| idle.len()).unwrap_or(0);
        let in_use = self.inner.size.saturating_sub(self.inner.permits.available_permits());
        let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        (as_i64(idle), as_i64(in_use), as_i64(self.inner.size))
    }

    /// Drops every idle connection (after a restore's switch ended them on the server side), so
    /// the next requests connect afresh instead of failing once each.
    pub fn drop_idle(&self) {
        if let Ok(mut idle) = self.inner.idle.lock() {
            idle.clear();
        }
    }

    /// Drops every idle connection and refuses new checkouts (shutdown).
    pub fn close(&self) {
        self.inner.permits.close();
        if let Ok(mut idle) = self.inner.idle.lock() {
            idle.clear();
        }
    }
}

/// TLS with the Mozilla roots (webpki-roots), for databases reached over TCP.
fn rustls_connector() -> Option<tokio_postgres_rustls::MakeRustlsConnect> {
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    match rustls::ClientConfig::builder_with_provider(provider).with_safe_default_protocol_versions() {
        Ok(builder) => Some(tokio_postgres_rustls::MakeRustlsConnect::new(
            builder.with_root_certificates(roots).with_no_client_auth(),
        )),
        Err(error) => {
            tracing::error!(%error, "TLS is unavailable for request connections");
            None
        }
    }
}

/// Why no connection could be had.
#[derive(Debug)]
pub enum CheckoutError {
    Timeout,
    Closed,
    Connect(wire::Error),
}

/// A connection on loan to one request.
pub struct Checkout {
    connection: Option<Connection>,
    inner: Arc<Inner>,
    reusable: bool,
    /// A batch was sent and its answers not all read: dropped like this (the client went
    /// away), the statement is cancelled rather than left running.
    busy: bool,
    _permit: OwnedSemaphorePermit,
}

impl Checkout {
    pub fn connection(&mut self) -> &mut Connection {
        match self.connection.as_mut() {
            Some(connection) => connection,
            None => unreachable!("a checked-out connection is present until dropped"),
        }
    }

    /// Marks the connection idle again (its transaction has ended).
    pub fn set_reusable(&mut self, reusable: bool) {
        self.reusable = reusable;
    }

    /// Marks a batch in flight (see [`Checkout::busy`]).
    pub fn set_busy(&mut self, busy: bool) {
        self.busy = busy;
    }

    /// Asks PostgreSQL to cancel what the connection's backend is running.
    fn cancel(&self, connection: &Connection) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let (process_id, secret_key) = connection.cancel_key();
        let config = self.inner.config.clone();
        runtime.spawn(async move {
            match tokio::time::timeout(CANCEL_TIMEOUT, config.cancel(process_id, secret_key)).await {
                Ok(Ok(())) => tracing::debug!("cancelled the statement of an abandoned request"),
                Ok(Err(error)) => tracing::debug!(%error, "cannot cancel the statement of an abandoned request"),
                Err(_) => tracing::debug!("the cancel request of an abandoned request timed out"),
            }
        });
    }
}

impl Drop for Checkout {
    fn drop(&mut self) {
        if self.busy
            && !self.reusable
            && let Some(connection) = self.connection.as_ref()
        {
            self.cancel(connection);
        }
        if let Some(connection) = self.connection.take()
            && self.reusable
            && !connection.is_broken()
            && connection.status() == wire::Status::Idle
            && !self.inner.permits.is_closed()
            && let Ok(mut idle) = self.inner.idle.lock()
        {
            idle.push(connection);
        }
    }
}
