//! The bucket API, as the caller: row-level security on `storage.buckets` decides (the service
//! role always may; the product's policies let staff manage buckets), as on Supabase.

use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::extract::{BucketId, StorageJson};
use super::{new_bucket_id, query_param};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::store::{self, BUCKET_COLUMNS, Bucket};
use crate::storage::{mime, size};

#[derive(Deserialize)]
pub struct BucketRequest {
    id: Option<String>,
    name: Option<String>,
    public: Option<bool>,
    /// Bytes, or a size such as "20mb" (Storage's decimal units); null removes the bucket's own
    /// limit.
    #[serde(default, deserialize_with = "present")]
    file_size_limit: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    allowed_mime_types: Option<Value>,
}

/// Tells "absent" (None) from "null" (Some(Null)).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

struct Limits {
    file_size_limit: Option<i64>,
    allowed_mime_types: Option<Vec<String>>,
}

impl BucketRequest {
    /// The limits given, and whether each was given at all (an update leaves absent ones).
    fn limits(&self) -> Result<(Limits, bool, bool), StorageError> {
        let size = match &self.file_size_limit {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::Number(n)) => match n.as_i64() {
                Some(bytes) if bytes > 0 => Some(Some(bytes)),
                Some(0) => Some(None),
                _ => return Err(StorageError::invalid_request("file_size_limit must be a positive number of bytes")),
            },
            Some(Value::String(text)) if text.trim().is_empty() => Some(None),
            Some(Value::String(text)) => match size::parse_bucket_limit(text).and_then(|b| i64::try_from(b).ok()) {
                Some(bytes) => Some(Some(bytes)),
                None => {
                    return Err(StorageError::invalid_request(
                        "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
                    ));
                }
            },
            Some(_) => return Err(StorageError::invalid_request("file_size_limit must be a number or a size")),
        };
        let types = match &self.allowed_mime_types {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::Array(items)) if items.is_empty() => Some(None),
            Some(Value::Array(items)) => {
                let mut types = Vec::with_capacity(items.len());
                for item in items {
                    let text = item.as_str().map(str::trim).unwrap_or("");
                    let valid = mime::is_valid(&text.to_ascii_lowercase()) || text == "*";
                    if !valid {
                        return Err(StorageError::invalid_request(format!("Invalid MIME type: {}", item)));
                    }
                    types.push(text.to_ascii_lowercase());
                }
                Some(Some(types))
            }
            Some(_) => return Err(StorageError::invalid_request("allowed_mime_types must be a list of MIME types")),
        };
        let (size_given, types_given) = (size.is_some(), types.is_some());
        let limits = Limits { file_size_limit: size.flatten(), allowed_mime_types: types.flatten() };
        Ok((limits, size_given, types_given))
    }
}

pub async fn create(
    State(state): State<StorageState>,
    actor: Actor,
    StorageJson(request): StorageJson<BucketRequest>,
) -> Result<Json<Value>, StorageError> {
    let id = request.id.as_deref().or(request.name.as_deref()).unwrap_or("");
    let id = new_bucket_id(id)?;
    let name = request.name.as_deref().unwrap_or(id);
    let (limits, _, _) = request.limits()?;
    let owner = actor.owner().and_then(|o| uuid::Uuid::parse_str(o).ok());
    actor
        .transact(&state, "bucket.create", async |tx| {
            tx.execute(
                "insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) \
                 values ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &id,
                    &name,
                    &owner,
                    &actor.owner(),
                    &request.public.unwrap_or(false),
                    &limits.file_size_limit,
                    &limits.allowed_mime_types,
                ],
            )
            .await
            .map_err(|e| match StorageError::from(e) {
                error if error.code() == "KeyAlreadyExists" => StorageError::bucket_exists(),
                error => error,
            })?;
            Ok(())
        })
        .await?;
    Ok(Json(json!({"name": id})))
}

pub async fn get(
    State(state): State<StorageState>,
    BucketId(id): BucketId,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    let bucket = actor.transact(&state, "bucket.get", async |tx| Ok(store::bucket(tx, &id).await?)).await?;
    let bucket = bucket.ok_or_else(StorageError::bucket_not_found)?;
    Ok(Json(bucket.to_json()))
}

pub async fn list(
    State(state): State<StorageState>,
    RawQuery(query): RawQuery,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    let query = query.as_deref();
    let number = |name: &str, default: i64| -> Result<i64, StorageError> {
        match query_param(query, name) {
            None => Ok(default),
            Some(text) => text
                .parse()
                .ok()
                .filter(|n: &i64| *n >= 0)
                .ok_or_else(|| StorageError::invalid_request(format!("{name} must be a whole number"))),
        }
    };
    let limit = number("limit", 1000)?.min(1000);
    let offset = number("offset", 0)?;
    let column = match query_param(query, "sortColumn").as_deref().unwrap_or("name") {
        "id" => "id",
        "name" => "name",
        "created_at" => "created_at",
        "updated_at" => "updated_at",
        _ => return Err(StorageError::invalid_request("sortColumn must be id, name, created_at or updated_at")),
    };
    let direction = match query_param(query, "sortOrder").as_deref().unwrap_or("asc") {
        "asc" => "asc",
        "desc" => "desc",
        _ => return Err(StorageError::invalid_request("sortOrder must be asc or desc")),
    };
    let search = format!("%{}%", query_param(query, "search").unwrap_or_default().replace(['%', '_', '\\'], ""));
    let sql = format!(
        "select {BUCKET_COLUMNS} from storage.buckets where name ilike $1 \
         order by {column} {direction} limit {limit} offset {offset}"
    );
    let listed = actor
        .transact(&state, "bucket.list", async |tx| {
            let rows = tx.query(&sql, &[&search]).await?;
            Ok(rows.iter().map(|row| Bucket::from_row(row).to_json()).collect::<Vec<_>>())
        })
        .await?;
    Ok(Json(Value::Array(listed)))
}

pub async fn update(
    State(state): State<StorageState>,
    BucketId(id): BucketId,
    actor: Actor,
    StorageJson(request): StorageJson<BucketRequest>,
) -> Result<Json<Value>, StorageError> {
    let (limits, size_given, types_given) = request.limits()?;
    actor
        .change_one(
            &state,
            "bucket.update",
            "update storage.buckets set public = coalesce($2, public), \
             file_size_limit = case when $3 then $4 else file_size_limit end, \
             allowed_mime_types = case when $5 then $6 else allowed_mime_types end \
             where id = $1",
            &[&id, &request.public, &size_given, &limits.file_size_limit, &types_given, &limits.allowed_mime_types],
            StorageError::bucket_not_found,
        )
        .await?;
    Ok(Json(json!({"message": "Successfully updated"})))
}

/// Removes every object the caller may remove; their bytes follow through the sweeper.
pub async fn empty(
    State(state): State<StorageState>,
    BucketId(id): BucketId,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    actor
        .transact(&state, "bucket.empty", async |tx| {
            store::bucket(tx, &id).await?.ok_or_else(StorageError::bucket_not_found)?;
            tx.execute("delete from storage.objects where bucket_id = $1", &[&id]).await?;
            Ok(())
        })
        .await?;
    Ok(Json(json!({"message": "Empty bucket has been queued. Completion may take up to an hour."})))
}

pub async fn delete(
    State(state): State<StorageState>,
    BucketId(id): BucketId,
    actor: Actor,
) -> Result<Json<Value>, StorageError> {
    actor
        .transact(&state, "bucket.delete", async |tx| {
            let deleted = tx.execute("delete from storage.buckets where id = $1", &[&id]).await;
            let count = deleted.map_err(|e| match e.sqlstate() {
                Some("23503") => StorageError::bucket_not_empty(),
                _ => StorageError::from(e),
            })?;
            if count == 0 { Err(StorageError::bucket_not_found()) } else { Ok(()) }
        })
        .await?;
    Ok(Json(json!({"message": "Successfully deleted"})))
}
