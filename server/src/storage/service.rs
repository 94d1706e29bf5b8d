//! The storage service: settings, the byte store, the signing key, and this process's identity
//! in the upload bookkeeping.

use super::backend::Backend;
use super::settings::StorageSettings;
use super::signed::SigningKey;

pub struct StorageService {
    pub settings: StorageSettings,
    pub backend: Backend,
    pub signing: SigningKey,
    /// This process's id in `storage.pending_uploads`. While the process lives it holds the
    /// advisory lock `(INSTANCE_LOCK_CLASS, instance_id)`, so other replicas can tell a live
    /// upload from one a crash left behind.
    pub instance_id: i32,
    /// Image transformations running at once (one per CPU): they are CPU-bound.
    pub render_slots: tokio::sync::Semaphore,
}

impl StorageService {
    pub fn new(settings: StorageSettings, jwt_secret: &str) -> Result<Self, String> {
        let backend = Backend::from_config(&settings.backend)?;
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self {
            settings,
            backend,
            signing: SigningKey::derive(jwt_secret),
            instance_id: rand::random(),
            render_slots: tokio::sync::Semaphore::new(cpus),
        })
    }
}
