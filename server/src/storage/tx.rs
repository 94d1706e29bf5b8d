//! The storage service's transaction: as `storage_admin` for bucket settings and bookkeeping,
//! and as the request's caller (role, claims and `storage.operation`) wherever row-level
//! security must decide.

use super::error::StorageError;
use crate::db::service_tx::{ServiceRole, ServiceTx};

pub struct StorageAdmin;

impl ServiceRole for StorageAdmin {
    const ROLE: &'static str = "storage_admin";
}

pub type StorageTx = ServiceTx<StorageAdmin>;

/// Ends a transaction by its work's result: commits an `Ok`, rolls back an `Err`.
/// Runs `work` in one transaction as the storage service (`storage_admin`): committed when it
/// succeeds, rolled back otherwise.
pub async fn as_service<T>(
    state: &crate::storage::StorageState,
    work: impl AsyncFnOnce(&mut StorageTx) -> Result<T, StorageError>,
) -> Result<T, StorageError> {
    let mut tx = StorageTx::begin(&state.connections).await?;
    let result = work(&mut tx).await;
    finish(tx, result).await
}

pub async fn finish<T>(tx: StorageTx, result: Result<T, StorageError>) -> Result<T, StorageError> {
    match result {
        Ok(value) => {
            tx.commit().await?;
            Ok(value)
        }
        Err(error) => {
            tx.rollback().await;
            Err(error)
        }
    }
}
