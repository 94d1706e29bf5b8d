//! Who a storage request acts as: the caller named by its token (row-level security decides),
//! or the storage service itself on behalf of a signed URL (the signature decided).

use http::HeaderMap;
use tokio_postgres::types::ToSql;

use super::error::StorageError;
use super::store::{self, StoredObject};
use super::tx::{self, StorageTx};
use serde_json::{Map, Value};

use crate::auth::caller::{self, ApiRole, Caller};
use crate::db::service_tx::DbError;
use crate::storage::StorageState;

pub enum Actor {
    Caller(Caller),
    /// A signed upload URL: the row is written as `storage_admin`, owned by whoever signed it.
    Signed {
        owner: Option<String>,
    },
}

impl Actor {
    /// The caller of a request, from `Authorization` (and `apikey`, when given).
    pub fn from_headers(state: &StorageState, headers: &HeaderMap) -> Result<Self, StorageError> {
        let now = chrono::Utc::now().timestamp();
        let caller = caller::resolve_without_key(headers, &state.keys, &state.auth.token_check(), now)?;
        Ok(Self::Caller(caller))
    }

    /// The user id objects written by this actor are owned by.
    pub fn owner(&self) -> Option<&str> {
        match self {
            Self::Caller(caller) => caller.subject(),
            Self::Signed { owner } => owner.as_deref(),
        }
    }

    /// Who signs a download URL, as the URL remembers them: the role and subject whose read
    /// rights are checked again when the URL is used. The service role needs no check.
    pub fn signer(&self) -> Option<Map<String, Value>> {
        let Self::Caller(caller) = self else { return None };
        if caller.role == ApiRole::ServiceRole {
            return None;
        }
        let mut signer = Map::new();
        signer.insert("role".into(), Value::String(caller.role.as_str().into()));
        if let Some(subject) = caller.subject() {
            signer.insert("sub".into(), Value::String(subject.into()));
        }
        Some(signer)
    }

    /// The actor a download URL's signer was; `None` for the service role or an unknown role.
    pub fn of_signer(signer: &Map<String, Value>) -> Option<Self> {
        let role = match signer.get("role").and_then(Value::as_str) {
            Some("authenticated") => ApiRole::Authenticated,
            Some("anon") => ApiRole::Anon,
            _ => return None,
        };
        Some(Self::Caller(Caller::new(role, signer.clone())))
    }

    /// Makes the following statements run as this actor, for `operation` (`object.upload`...).
    pub async fn enter(&self, tx: &mut StorageTx, operation: &str) -> Result<(), DbError> {
        match self {
            Self::Caller(caller) => tx.act_as(caller, &[("storage.operation", operation)]).await,
            Self::Signed { .. } => Ok(()),
        }
    }

    /// Runs `work` in one transaction acting as this actor for `operation`: committed when it
    /// succeeds, rolled back otherwise.
    pub async fn transact<T>(
        &self,
        state: &StorageState,
        operation: &str,
        work: impl AsyncFnOnce(&mut StorageTx) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        tx::as_service(state, async |tx| {
            self.enter(tx, operation).await?;
            work(tx).await
        })
        .await
    }

    /// Runs one statement in [`Self::transact`]; `missing()` when it changed no row (a row this
    /// actor may not change counts as missing).
    pub async fn change_one(
        &self,
        state: &StorageState,
        operation: &str,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        missing: fn() -> StorageError,
    ) -> Result<(), StorageError> {
        self.transact(state, operation, async |tx| {
            let count = tx.execute(sql, params).await?;
            if count == 0 { Err(missing()) } else { Ok(()) }
        })
        .await
    }

    /// The object `name` of `bucket` when this actor may see it; 404 otherwise (hidden and
    /// missing objects answer alike).
    pub async fn visible_object(
        &self,
        state: &StorageState,
        operation: &str,
        bucket: &str,
        name: &str,
    ) -> Result<StoredObject, StorageError> {
        let found = self.transact(state, operation, async |tx| Ok(store::object(tx, bucket, name).await?)).await?;
        found.ok_or_else(StorageError::object_not_found)
    }

    /// Back to `storage_admin` for bookkeeping.
    pub async fn leave(&self, tx: &mut StorageTx) -> Result<(), DbError> {
        match self {
            Self::Caller(_) => tx.act_as_service().await,
            Self::Signed { .. } => Ok(()),
        }
    }
}
