//! The storage service's settings.

use crate::storage::backend::StorageConfig;

#[derive(Debug, Clone)]
pub struct StorageSettings {
    /// Where bytes are kept.
    pub backend: StorageConfig,
    /// Largest accepted file, in bytes (STORAGE_MAX_FILE_SIZE); buckets may only lower it.
    pub max_file_size: u64,
    pub render: RenderLimits,
    /// An upload that sends nothing for this long is given up.
    pub upload_idle_timeout: std::time::Duration,
}

/// Default of [`StorageSettings::upload_idle_timeout`].
pub const UPLOAD_IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// Bounds of image transformations, so one request cannot take the server's memory.
#[derive(Debug, Clone, Copy)]
pub struct RenderLimits {
    /// Most pixels of an original (IMAGE_TRANSFORM_MAX_PIXELS).
    pub max_input_pixels: u64,
    /// Largest original, in bytes.
    pub max_input_bytes: u64,
    /// Largest requested width or height (as on Supabase).
    pub max_output_side: u32,
}

impl Default for RenderLimits {
    fn default() -> Self {
        Self { max_input_pixels: 40_000_000, max_input_bytes: 25 * 1024 * 1024, max_output_side: 2500 }
    }
}

impl StorageSettings {
    /// A local directory, the default limits (tests and tools).
    pub fn local(root: std::path::PathBuf) -> Self {
        Self {
            backend: StorageConfig::Local { root },
            max_file_size: 50 * 1024 * 1024,
            render: RenderLimits::default(),
            upload_idle_timeout: UPLOAD_IDLE_TIMEOUT,
        }
    }
}
