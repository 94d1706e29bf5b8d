//! `list`: one level of a bucket below a prefix, folders and files, as the caller (rows it
//! cannot see are not listed). Folders have no id, timestamps or metadata, as on Supabase.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use super::extract::{BucketId, StorageJson};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;
use crate::storage::names;

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

#[derive(Deserialize)]
pub struct ListRequest {
    #[serde(default)]
    prefix: String,
    limit: Option<i64>,
    offset: Option<i64>,
    #[serde(rename = "sortBy")]
    sort_by: Option<SortBy>,
    #[serde(default)]
    search: String,
}

#[derive(Deserialize)]
pub struct SortBy {
    column: Option<String>,
    order: Option<String>,
}

pub async fn list(
    State(state): State<StorageState>,
    BucketId(bucket): BucketId,
    actor: Actor,
    StorageJson(request): StorageJson<ListRequest>,
) -> Result<Json<Value>, StorageError> {
    names::check_prefix(&request.prefix)?;
    let limit = request.limit.unwrap_or(DEFAULT_LIMIT);
    let offset = request.offset.unwrap_or(0);
    if !(1..=MAX_LIMIT).contains(&limit) || offset < 0 {
        return Err(StorageError::invalid_request("limit must be 1 to 1000 and offset at least 0"));
    }
    let sort = request.sort_by.as_ref();
    let column = match sort.and_then(|s| s.column.as_deref()).unwrap_or("name") {
        "name" => "name collate \"C\"",
        "created_at" => "created_at",
        "updated_at" => "updated_at",
        "last_accessed_at" => "last_accessed_at",
        other => return Err(StorageError::invalid_request(format!("Cannot sort by {}", other.escape_debug()))),
    };
    let direction = match sort.and_then(|s| s.order.as_deref()).map(str::to_ascii_lowercase).as_deref() {
        None | Some("asc") => "asc",
        Some("desc") => "desc",
        Some(_) => return Err(StorageError::invalid_request("order must be asc or desc")),
    };
    let prefix = match request.prefix.as_str() {
        "" => String::new(),
        p if p.ends_with('/') => p.to_owned(),
        p => format!("{p}/"),
    };
    // Timestamps as the other storage answers write them (RFC 3339 in UTC with a Z), not in
    // json_agg's `+00:00` form.
    let (updated, created, accessed) =
        (utc_text("entries.updated_at"), utc_text("entries.created_at"), utc_text("entries.last_accessed_at"));
    let sql = format!(
        "with scoped as ( \
           select substr(name, $2) as rest, id, updated_at, created_at, last_accessed_at, metadata \
           from storage.objects where bucket_id = $1 and name like $3 escape '\\' \
         ), entries as ( \
           select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at, \
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata \
           from scoped where strpos(rest, '/') > 0 group by 1 \
           union all \
           select rest, id, updated_at, created_at, last_accessed_at, metadata from scoped where strpos(rest, '/') = 0 \
         ) \
         select coalesce(json_agg(page), '[]') from ( \
           select name, id, {updated} as updated_at, {created} as created_at, \
             {accessed} as last_accessed_at, metadata from entries \
           where name ilike $4 escape '\\' \
           order by entries.{column} {direction}, entries.name collate \"C\" {direction} \
           limit {limit} offset {offset} \
         ) page"
    );
    let start = i32::try_from(prefix.chars().count() + 1).map_err(StorageError::internal)?;
    let prefix_pattern = format!("{}%", escape_like(&prefix));
    let search_pattern = format!("{}%", escape_like(&request.search));
    let listed = actor
        .transact(&state, "object.list", async |tx| {
            let row = tx.query_one(&sql, &[&bucket, &start, &prefix_pattern, &search_pattern]).await?;
            Ok(row.get::<_, Value>(0))
        })
        .await?;
    Ok(Json(listed))
}

/// SQL for `column` (a timestamptz) as RFC 3339 text in UTC with microseconds and a Z; NULL stays
/// NULL.
pub(super) fn utc_text(column: &str) -> String {
    format!("to_char({column} at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')")
}

/// `text` as a LIKE pattern matching itself.
pub(super) fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

#[cfg(test)]
mod tests {
    use super::escape_like;

    #[test]
    fn like_wildcards_are_escaped() {
        assert_eq!(escape_like("a_b%c\\d"), "a\\_b\\%c\\\\d");
    }
}
