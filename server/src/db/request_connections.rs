//! The connections REST transactions run on.
//!
//! sqlx's pool pings every connection it takes back (one more round trip per request, and the
//! connection is unavailable until it answers). Here a connection goes back to the idle list
//! only when its transaction ended with a successful COMMIT or ROLLBACK, so it is known to be
//! idle and needs no ping; any other connection (an interrupted request, a lost socket) is
//! closed, and PostgreSQL rolls back whatever it had open.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[derive(Clone)]
pub struct RequestConnections {
    inner: Arc<Inner>,
}

struct Inner {
    options: PgConnectOptions,
    idle: Mutex<Vec<PgConnection>>,
    permits: Arc<Semaphore>,
    acquire_timeout: Duration,
}

impl RequestConnections {
    pub fn new(options: PgConnectOptions, size: u32, acquire_timeout: Duration) -> Self {
        let size = usize::try_from(size.max(1)).unwrap_or(1);
        Self {
            inner: Arc::new(Inner {
                options,
                idle: Mutex::new(Vec::with_capacity(size)),
                permits: Arc::new(Semaphore::new(size)),
                acquire_timeout,
            }),
        }
    }

    /// An idle connection, or a new one when none is idle; waits at most the acquire timeout
    /// for a free slot.
    pub async fn checkout(&self) -> Result<Checkout, sqlx::Error> {
        let permit = tokio::time::timeout(self.inner.acquire_timeout, Arc::clone(&self.inner.permits).acquire_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.inner.idle.lock().map(|mut idle| idle.pop()).unwrap_or(None);
        let connection = match idle {
            Some(connection) => connection,
            None => self.inner.options.connect().await?,
        };
        Ok(Checkout { connection: Some(connection), inner: Arc::clone(&self.inner), reusable: false, _permit: permit })
    }

    /// Closes every idle connection and refuses new checkouts (shutdown).
    pub fn close(&self) {
        self.inner.permits.close();
        if let Ok(mut idle) = self.inner.idle.lock() {
            idle.clear();
        }
    }
}

/// A connection on loan to one request.
pub struct Checkout {
    connection: Option<PgConnection>,
    inner: Arc<Inner>,
    reusable: bool,
    _permit: OwnedSemaphorePermit,
}

impl Checkout {
    pub fn connection(&mut self) -> &mut PgConnection {
        match self.connection.as_mut() {
            Some(connection) => connection,
            // The option is only emptied by Drop.
            None => unreachable!("a checked-out connection is present until dropped"),
        }
    }

    /// Marks the connection idle again (its transaction has ended).
    pub fn set_reusable(&mut self, reusable: bool) {
        self.reusable = reusable;
    }
}

impl Drop for Checkout {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take()
            && self.reusable
            && !self.inner.permits.is_closed()
            && let Ok(mut idle) = self.inner.idle.lock()
        {
            idle.push(connection);
        }
    }
}
