//! The schema cache: what the exposed schemas contain, loaded at start-up and reloaded on
//! `NOTIFY pgrst, 'reload schema'` (sent by the bootstrap after migrations, and by anyone
//! who changes the schema by hand).

pub(crate) mod computed;
mod load;
pub mod model;
mod privileges;
mod relationship_order;
pub(crate) mod relationships;
mod views;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;

pub use model::SchemaCache;

/// The channel and payloads PostgREST listens for.
const CHANNEL: &str = "pgrst";

/// The current cache, swapped whole on reload. Readers clone the `Arc` and never block a reload.
#[derive(Clone)]
pub struct SharedSchemaCache {
    current: Arc<RwLock<Arc<SchemaCache>>>,
    schemas: Arc<Vec<String>>,
    /// False while the last (re)load failed: the cache may not match the database, and
    /// `/ready` says so.
    current_ok: Arc<std::sync::atomic::AtomicBool>,
}

impl SharedSchemaCache {
    /// Loads the cache once.
    pub async fn load(pool: &PgPool, schemas: Vec<String>) -> Result<Self, sqlx::Error> {
        let cache = load_from(pool, &schemas).await?;
        Ok(Self {
            current: Arc::new(RwLock::new(Arc::new(cache))),
            schemas: Arc::new(schemas),
            current_ok: Arc::new(std::sync::atomic::AtomicBool::new(true)),
        })
    }

    /// Whether the last load of the catalogue succeeded.
    pub fn is_current(&self) -> bool {
        self.current_ok.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The cache as it is now.
    pub fn get(&self) -> Arc<SchemaCache> {
        match self.current.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Reads the catalogue again and swaps the new cache in.
    pub async fn reload(&self, pool: &PgPool) -> Result<(), sqlx::Error> {
        let loaded = load_from(pool, &self.schemas).await;
        self.current_ok.store(loaded.is_ok(), std::sync::atomic::Ordering::SeqCst);
        let cache = Arc::new(loaded?);
        match self.current.write() {
            Ok(mut guard) => *guard = cache,
            Err(poisoned) => *poisoned.into_inner() = cache,
        }
        tracing::info!("schema cache reloaded");
        Ok(())
    }

    /// Listens for reload notices until the pool closes. After a lost connection the cache is
    /// reloaded too, since notices sent meanwhile were missed.
    pub fn spawn_listener(&self, pool: PgPool) -> tokio::task::JoinHandle<()> {
        let cache = self.clone();
        tokio::spawn(async move {
            while !pool.is_closed() {
                let mut listener = match PgListener::connect_with(&pool).await {
                    Ok(listener) => listener,
                    Err(error) => {
                        tracing::warn!(%error, "schema reload listener cannot connect; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                };
                if let Err(error) = listener.listen(CHANNEL).await {
                    tracing::warn!(%error, "cannot LISTEN for schema reloads; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
                loop {
                    match listener.try_recv().await {
                        Ok(Some(notice)) if is_reload(notice.payload()) => {
                            if let Err(error) = cache.reload(&pool).await {
                                tracing::error!(%error, "schema cache reload failed");
                            }
                        }
                        Ok(Some(_)) => {}
                        Ok(None) => {
                            // The connection dropped and sqlx reconnected: catch up.
                            let _ = cache.reload(&pool).await;
                        }
                        Err(_) => break,
                    }
                }
            }
        })
    }
}

fn is_reload(payload: &str) -> bool {
    matches!(payload.trim(), "" | "reload schema")
}

async fn load_from(pool: &PgPool, schemas: &[String]) -> Result<SchemaCache, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    load::load(&mut conn, schemas).await
}
