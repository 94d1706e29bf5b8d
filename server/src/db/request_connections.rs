//! The connections REST transactions run on: tokio-postgres clients, because a request's
//! BEGIN, settings and first statement are pipelined into one round trip (sqlx has no
//! pipelining), and each client keeps its own prepared statements.
//!
//! A client goes back to the idle list only when its transaction ended with a successful
//! COMMIT or ROLLBACK, so it is known to be idle and needs no ping; any other client (an
//! interrupted request, a lost socket) is dropped, and PostgreSQL rolls back what it had open.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgSslMode};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_postgres::{Client, Statement};

/// At most this many prepared statements per client; the cache is emptied when full.
const STATEMENT_CACHE: usize = 256;

#[derive(Clone)]
pub struct RequestConnections {
    inner: Arc<Inner>,
}

struct Inner {
    config: tokio_postgres::Config,
    tls: Option<tokio_postgres_rustls::MakeRustlsConnect>,
    idle: Mutex<Vec<PgClient>>,
    permits: Arc<Semaphore>,
    acquire_timeout: Duration,
}

/// One connection: the client, its prepared statements, and the task driving its socket.
pub struct PgClient {
    pub client: Client,
    statements: HashMap<String, Statement>,
    driver: tokio::task::JoinHandle<()>,
}

impl Drop for PgClient {
    fn drop(&mut self) {
        self.driver.abort();
    }
}

impl PgClient {
    pub fn cached(&self, sql: &str) -> Option<Statement> {
        self.statements.get(sql).cloned()
    }

    pub fn remember(&mut self, sql: &str, statement: Statement) {
        if self.statements.len() >= STATEMENT_CACHE {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement);
    }
}

impl RequestConnections {
    /// Connections like `options` (sqlx's), with `password` when the login needs one.
    pub fn new(options: &PgConnectOptions, password: Option<&str>, size: u32, acquire_timeout: Duration) -> Self {
        let mut config = tokio_postgres::Config::new();
        let host = options.get_host();
        let socket = options.get_socket().cloned().or_else(|| host.starts_with('/').then(|| host.into()));
        match &socket {
            Some(dir) => {
                config.host_path(dir);
            }
            None => {
                config.host(host);
            }
        }
        config.port(options.get_port()).user(options.get_username()).application_name("server");
        if let Some(database) = options.get_database() {
            config.dbname(database);
        }
        if let Some(password) = password {
            config.password(password);
        }
        let tls = match (socket.is_some(), options.get_ssl_mode()) {
            (true, _) | (false, PgSslMode::Disable | PgSslMode::Allow) => None,
            (false, PgSslMode::Prefer) => {
                config.ssl_mode(tokio_postgres::config::SslMode::Prefer);
                rustls_connector()
            }
            (false, _) => {
                config.ssl_mode(tokio_postgres::config::SslMode::Require);
                rustls_connector()
            }
        };
        let size = usize::try_from(size.max(1)).unwrap_or(1);
        Self {
            inner: Arc::new(Inner {
                config,
                tls,
                idle: Mutex::new(Vec::with_capacity(size)),
                permits: Arc::new(Semaphore::new(size)),
                acquire_timeout,
            }),
        }
    }

    /// An idle client, or a new one when none is idle; waits at most the acquire timeout for
    /// a free slot.
    pub async fn checkout(&self) -> Result<Checkout, CheckoutError> {
        let permit = tokio::time::timeout(self.inner.acquire_timeout, Arc::clone(&self.inner.permits).acquire_owned())
            .await
            .map_err(|_| CheckoutError::Timeout)?
            .map_err(|_| CheckoutError::Closed)?;
        let idle = loop {
            let next = self.inner.idle.lock().map(|mut idle| idle.pop()).unwrap_or(None);
            match next {
                Some(client) if client.client.is_closed() => continue,
                other => break other,
            }
        };
        let client = match idle {
            Some(client) => client,
            // Boxed: connecting is rare and its future is large; inline, every request's
            // future (and each move of it) would carry its size.
            None => Box::pin(self.connect()).await.map_err(CheckoutError::Connect)?,
        };
        Ok(Checkout {
            client: Some(client),
            inner: Arc::clone(&self.inner),
            reusable: false,
            busy: false,
            _permit: permit,
        })
    }

    async fn connect(&self) -> Result<PgClient, tokio_postgres::Error> {
        let (client, driver) = match &self.inner.tls {
            None => {
                let (client, connection) = self.inner.config.connect(tokio_postgres::NoTls).await?;
                (client, tokio::spawn(drive(connection)))
            }
            Some(tls) => {
                let (client, connection) = self.inner.config.connect(tls.clone()).await?;
                (client, tokio::spawn(drive(connection)))
            }
        };
        Ok(PgClient { client, statements: HashMap::new(), driver })
    }

    /// Drops every idle client and refuses new checkouts (shutdown).
    pub fn close(&self) {
        self.inner.permits.close();
        if let Ok(mut idle) = self.inner.idle.lock() {
            idle.clear();
        }
    }
}

async fn drive<S, T>(connection: tokio_postgres::Connection<S, T>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    if let Err(error) = connection.await {
        tracing::debug!(%error, "request connection ended");
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
    Connect(tokio_postgres::Error),
}

/// A client on loan to one request.
pub struct Checkout {
    client: Option<PgClient>,
    inner: Arc<Inner>,
    reusable: bool,
    /// A statement was sent and its answer not yet read: dropped like this (the client went
    /// away), the statement is cancelled rather than left running.
    busy: bool,
    _permit: OwnedSemaphorePermit,
}

impl Checkout {
    pub fn client(&mut self) -> &mut PgClient {
        match self.client.as_mut() {
            Some(client) => client,
            None => unreachable!("a checked-out client is present until dropped"),
        }
    }

    /// Marks the client idle again (its transaction has ended).
    pub fn set_reusable(&mut self, reusable: bool) {
        self.reusable = reusable;
    }

    /// Marks a statement in flight (see [`Checkout::busy`]).
    pub fn set_busy(&mut self, busy: bool) {
        self.busy = busy;
    }

    /// Asks PostgreSQL to cancel what the client's connection is running.
    fn cancel(&self, client: &PgClient) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let token = client.client.cancel_token();
        let tls = self.inner.tls.clone();
        runtime.spawn(async move {
            let sent = match tls {
                None => token.cancel_query(tokio_postgres::NoTls).await,
                Some(tls) => token.cancel_query(tls).await,
            };
            match sent {
                Ok(()) => tracing::debug!("cancelled the statement of an abandoned request"),
                Err(error) => tracing::debug!(%error, "cannot cancel the statement of an abandoned request"),
            }
        });
    }
}

impl Drop for Checkout {
    fn drop(&mut self) {
        if self.busy
            && !self.reusable
            && let Some(client) = self.client.as_ref()
            && !client.client.is_closed()
        {
            self.cancel(client);
        }
        if let Some(client) = self.client.take()
            && self.reusable
            && !client.client.is_closed()
            && !self.inner.permits.is_closed()
            && let Ok(mut idle) = self.inner.idle.lock()
        {
            idle.push(client);
        }
    }
}
