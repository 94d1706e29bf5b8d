//! Every statement on `storage.buckets`, `storage.objects` and the upload bookkeeping. Each runs
//! as whoever the transaction currently acts as (see [`super::access::Actor`]), so the same
//! statement is checked by row-level security for a caller and unrestricted for the service.

use crate::db::wire::Row;
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use uuid::Uuid;

use super::tx::StorageTx;
use crate::db::service_tx::DbError;

#[derive(Debug, Clone)]
pub struct Bucket {
    pub id: String,
    pub name: String,
    pub owner: Option<Uuid>,
    pub public: bool,
    pub file_size_limit: Option<i64>,
    pub allowed_mime_types: Option<Vec<String>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const BUCKET_COLUMNS: &str = "id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at";

impl Bucket {
    pub fn from_row(row: &Row) -> Self {
        Self {
            id: row.get("id"),
            name: row.get("name"),
            owner: row.get("owner"),
            public: row.get("public"),
            file_size_limit: row.get("file_size_limit"),
            allowed_mime_types: row.get("allowed_mime_types"),
            created_at: row.get("created_at"),
            updated_at: row.get("updated_at"),
        }
    }

    /// The JSON storage-js reads (`getBucket`, `listBuckets`).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "owner": self.owner.map(|o| o.to_string()).unwrap_or_default(),
            "public": self.public,
            "file_size_limit": self.file_size_limit,
            "allowed_mime_types": self.allowed_mime_types,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        })
    }
}

pub async fn bucket(tx: &mut StorageTx, id: &str) -> Result<Option<Bucket>, DbError> {
    let sql = format!("select {BUCKET_COLUMNS} from storage.buckets where id = $1");
    Ok(tx.query_opt(&sql, &[&id]).await?.as_ref().map(Bucket::from_row))
}

/// One object's row.
#[derive(Debug, Clone)]
pub struct StoredObject {
    pub id: Uuid,
    pub bucket_id: String,
    pub name: String,
    pub owner: Option<Uuid>,
    pub version: String,
    pub metadata: Value,
    pub user_metadata: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub last_accessed_at: DateTime<Utc>,
}

pub const OBJECT_COLUMNS: &str = "id, bucket_id, name, owner, version, coalesce(metadata, '{}') as metadata, \
     user_metadata, created_at, updated_at, last_accessed_at";

impl StoredObject {
    pub fn from_row(row: &Row) -> Self {
        Self {
            id: row.get("id"),
            bucket_id: row.get("bucket_id"),
            name: row.get("name"),
            owner: row.get("owner"),
            version: row.get("version"),
            metadata: row.get("metadata"),
            user_metadata: row.get("user_metadata"),
            created_at: row.get("created_at"),
            updated_at: row.get("updated_at"),
            last_accessed_at: row.get("last_accessed_at"),
        }
    }

    pub fn size(&self) -> u64 {
        self.metadata.get("size").and_then(Value::as_u64).unwrap_or(0)
    }

    pub fn mimetype(&self) -> &str {
        self.metadata.get("mimetype").and_then(Value::as_str).unwrap_or("application/octet-stream")
    }

    pub fn cache_control(&self) -> &str {
        self.metadata.get("cacheControl").and_then(Value::as_str).unwrap_or("max-age=3600")
    }

    pub fn etag(&self) -> String {
        match self.metadata.get("eTag").and_then(Value::as_str) {
            Some(etag) => etag.to_owned(),
            None => format!("\"{}\"", self.version),
        }
    }

    /// The row as `remove` answers it (storage-js `FileObject`).
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "bucket_id": self.bucket_id,
            "name": self.name,
            "owner": self.owner,
            "owner_id": self.owner,
            "version": self.version,
            "metadata": self.metadata,
            "user_metadata": self.user_metadata,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "last_accessed_at": self.last_accessed_at,
        })
    }

    /// The answer of `info`, with Storage's fields (storage-js camel-cases them; there is no
    /// `updated_at`: `last_modified` says it).
    pub fn info_json(&self) -> Value {
        json!({
            "id": self.id,
            "version": self.version,
            "name": self.name,
            "bucket_id": self.bucket_id,
            "size": self.size(),
            "content_type": self.mimetype(),
            "cache_control": self.cache_control(),
            "etag": self.etag(),
            "metadata": self.user_metadata.clone().unwrap_or_else(|| json!({})),
            "last_modified": self.updated_at,
            "created_at": self.created_at,
        })
    }
}

/// The object `name` of `bucket`, if the current actor may see it.
pub async fn object(tx: &mut StorageTx, bucket: &str, name: &str) -> Result<Option<StoredObject>, DbError> {
    let sql = format!("select {OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2");
    Ok(tx.query_opt(&sql, &[&bucket, &name]).await?.as_ref().map(StoredObject::from_row))
}

/// The object `name` of a public bucket (any caller, no token).
pub async fn public_object(tx: &mut StorageTx, bucket: &str, name: &str) -> Result<Option<StoredObject>, DbError> {
    let sql = format!(
        "select {OBJECT_COLUMNS} from storage.objects o where bucket_id = $1 and name = $2 \
         and exists (select from storage.buckets b where b.id = o.bucket_id and b.public)"
    );
    Ok(tx.query_opt(&sql, &[&bucket, &name]).await?.as_ref().map(StoredObject::from_row))
}

/// A row to write for a new version of an object.
pub struct NewObject<'a> {
    pub id: Uuid,
    pub bucket: &'a str,
    pub name: &'a str,
    pub owner: Option<&'a str>,
    pub version: &'a str,
    pub metadata: Value,
    pub user_metadata: Option<Value>,
}

/// Inserts the object, or with `upsert` replaces the version of an existing one of that name.
/// No `RETURNING`: an insert-only policy is enough to upload, as on Supabase.
pub async fn write_object(tx: &mut StorageTx, object: &NewObject<'_>, upsert: bool) -> Result<(), DbError> {
    const INSERT: &str = "insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, \
         user_metadata) values ($1, $2, $3, $4, $5, $6, $7, $8)";
    const UPSERT: &str = "insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, \
         user_metadata) values ($1, $2, $3, $4, $5, $6, $7, $8) \
         on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, \
         version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata, \
         last_accessed_at = now()";
    let owner_uuid = object.owner.and_then(|o| Uuid::parse_str(o).ok());
    let sql = if upsert { UPSERT } else { INSERT };
    tx.execute(
        sql,
        &[
            &object.id,
            &object.bucket,
            &object.name,
            &owner_uuid,
            &object.owner,
            &object.version,
            &object.metadata,
            &object.user_metadata,
        ],
    )
    .await
    .map(|_| ())
}

/// The id of the object now stored under `name` (after an upsert kept an existing row's id).
pub async fn object_id(tx: &mut StorageTx, bucket: &str, name: &str) -> Result<Uuid, DbError> {
    let row =
        tx.query_one("select id from storage.objects where bucket_id = $1 and name = $2", &[&bucket, &name]).await?;
    Ok(row.get(0))
}

/// Records that `version`'s bytes are being written by this instance.
pub async fn add_pending(tx: &mut StorageTx, version: &str, instance_id: i32) -> Result<(), DbError> {
    tx.execute(
        "insert into storage.pending_uploads (version, instance_id) values ($1, $2)",
        &[&version, &i64::from(instance_id)],
    )
    .await
    .map(|_| ())
}

/// Ends the bookkeeping of an upload; false when a sweeper already gave it up.
pub async fn remove_pending(tx: &mut StorageTx, version: &str) -> Result<bool, DbError> {
    Ok(tx.execute("delete from storage.pending_uploads where version = $1", &[&version]).await? == 1)
}
