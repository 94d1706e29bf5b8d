//! `list-v2` (storage-js `listV2`): the objects under a prefix, as the caller (rows it cannot
//! see are not listed), in pages with an opaque cursor; with `with_delimiter` one level only,
//! deeper objects grouped into folders. Sorted by name (bytewise), `created_at` or `updated_at`;
//! a folder's time is its oldest object's creation, as on Supabase Storage.

use axum::Json;
use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::extract::{BucketId, StorageJson};
use super::list::{escape_like, utc_text};
use crate::storage::StorageState;
use crate::storage::access::Actor;
use crate::storage::error::StorageError;

const MAX_LIMIT: i64 = 1000;

#[derive(Deserialize)]
pub struct ListV2Request {
    #[serde(default)]
    prefix: String,
    limit: Option<i64>,
    cursor: Option<String>,
    #[serde(default)]
    with_delimiter: bool,
    #[serde(rename = "sortBy")]
    sort_by: Option<SortBy>,
}

#[derive(Deserialize)]
pub struct SortBy {
    column: Option<String>,
    order: Option<String>,
}

/// Where the next page starts: after this name (and, sorted by a time, this time), in the
/// order of the page that made it.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Cursor {
    after: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<String>,
    column: String,
    order: String,
}

impl Cursor {
    fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(self).unwrap_or_default())
    }

    fn decode(text: &str) -> Option<Self> {
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(text).ok()?).ok()
    }
}

pub async fn list_v2(
    State(state): State<StorageState>,
    BucketId(bucket): BucketId,
    actor: Actor,
    StorageJson(request): StorageJson<ListV2Request>,
) -> Result<Json<Value>, StorageError> {
    let limit = match request.limit {
        None | Some(0) => MAX_LIMIT,
        Some(n) if n > 0 => n.min(MAX_LIMIT),
        Some(_) => return Err(StorageError::invalid_request("limit must be at least 1")),
    };
    let cursor = match request.cursor.as_deref().filter(|c| !c.is_empty()) {
        Some(text) => Some(Cursor::decode(text).ok_or_else(|| StorageError::invalid_request("Invalid cursor"))?),
        None => None,
    };
    let sort = request.sort_by.as_ref();
    let column = cursor.as_ref().map(|c| c.column.clone()).or_else(|| sort.and_then(|s| s.column.clone()));
    let column = match column.as_deref().unwrap_or("name") {
        "name" => "name",
        "created_at" => "created_at",
        "updated_at" => "updated_at",
        other => return Err(StorageError::invalid_request(format!("Cannot sort by {}", other.escape_debug()))),
    };
    let order = cursor.as_ref().map(|c| c.order.clone()).or_else(|| sort.and_then(|s| s.order.clone()));
    let (direction, after_op) = match order.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("asc") => ("asc", ">"),
        Some("desc") => ("desc", "<"),
        Some(_) => return Err(StorageError::invalid_request("order must be asc or desc")),
    };
    let prefix = request.prefix.as_str();
    let start = i32::try_from(prefix.chars().count() + 1).map_err(StorageError::internal)?;
    let levels = i32::try_from(prefix.split('/').count()).map_err(StorageError::internal)?;
    let pattern = format!("{}%", escape_like(prefix));
    let after_name = cursor.as_ref().map(|c| c.after.clone());
    let after_time = cursor.as_ref().and_then(|c| c.at.clone());

    let sql = statement(request.with_delimiter, column, direction, after_op, limit + 1);
    let rows = actor
        .transact(&state, "object.list", async |tx| {
            Ok(tx.query(&sql, &[&bucket, &pattern, &start, &levels, &after_name, &after_time]).await?)
        })
        .await?;

    let has_next = rows.len() as i64 > limit;
    let mut folders = Vec::new();
    let mut objects = Vec::new();
    for row in rows.iter().take(usize::try_from(limit).unwrap_or(0)) {
        let name: String = row.get("name");
        let mut entry = Map::new();
        if request.with_delimiter {
            entry.insert("key".into(), json!(row.get::<_, String>("key")));
        }
        if row.get::<_, bool>("folder") {
            entry.insert("name".into(), json!(format!("{name}/")));
            folders.push(Value::Object(entry));
            continue;
        }
        entry.insert("name".into(), json!(name));
        entry.insert("id".into(), json!(row.get::<_, uuid::Uuid>("id")));
        for time in ["updated_at", "created_at", "last_accessed_at"] {
            entry.insert(time.into(), json!(row.get::<_, String>(time)));
        }
        entry.insert("metadata".into(), row.get::<_, Option<Value>>("metadata").unwrap_or(Value::Null));
        objects.push(Value::Object(entry));
    }
    let mut answer = json!({"hasNext": has_next, "folders": folders, "objects": objects});
    if has_next && let Some(last) = rows.get(usize::try_from(limit - 1).unwrap_or(0)) {
        let after: String = last.get("name");
        let next = Cursor {
            after: after.clone(),
            at: (column != "name").then(|| last.get::<_, Option<String>>("cursor_at")).flatten(),
            column: column.to_owned(),
            order: direction.to_owned(),
        };
        answer["nextCursor"] = json!(next.encode());
        answer["nextCursorKey"] = json!(after);
    }
    Ok(Json(answer))
}

/// The page's statement. Its parameters, named once in `args` (so each has a type whether the
/// page uses it or not): `$1` bucket, `$2` the prefix as a LIKE pattern, `$3` where the rest of
/// a name starts (prefix length + 1), `$4` the level of a key (segments of the prefix), `$5`
/// and `$6` the cursor's name and time.
fn statement(delimited: bool, column: &str, direction: &str, after_op: &str, fetch: i64) -> String {
    let args = "with args as ( \
                  select $1::text as bucket, $2::text as pattern, $3::int4 as start, $4::int4 as levels, \
                         $5::text as after_name, $6::text::timestamptz as after_at \
                ), matched as ( \
                  select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, \
                         strpos(substr(o.name, args.start), '/') as slash \
                    from storage.objects o, args \
                   where o.bucket_id = args.bucket and o.name like args.pattern escape '\\' \
                )";
    let entries = if delimited {
        // A folder is named by its path without the slash, as Storage sorts it.
        ", entries as ( \
           select left(name, (select start from args) + slash - 2) as name, null::uuid as id, \
                  min(created_at) as updated_at, min(created_at) as created_at, \
                  null::timestamptz as last_accessed_at, null::jsonb as metadata, true as folder \
             from matched where slash > 0 group by 1 \
           union all \
           select name, id, updated_at, created_at, last_accessed_at, metadata, false \
             from matched where slash = 0 \
         )"
    } else {
        ", entries as ( \
           select name, id, updated_at, created_at, last_accessed_at, metadata, false as folder from matched \
         )"
    };
    let (after, order) = if column == "name" {
        (
            format!("entries.name collate \"C\" {after_op} args.after_name"),
            format!("entries.name collate \"C\" {direction}"),
        )
    } else {
        (
            format!(
                "row(date_trunc('milliseconds', entries.{column}), entries.name collate \"C\") {after_op} \
                 row(coalesce(args.after_at, 'epoch'::timestamptz), args.after_name)"
            ),
            format!(
                "coalesce(date_trunc('milliseconds', entries.{column}), 'epoch'::timestamptz) {direction}, \
                 entries.name collate \"C\" {direction}"
            ),
        )
    };
    let cursor_at = format!(
        "to_char(date_trunc('milliseconds', entries.{}) at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
        if column == "name" { "created_at" } else { column }
    );
    format!(
        "{args}{entries} \
         select split_part(entries.name, '/', args.levels) as key, entries.name, entries.id, \
                {updated} as updated_at, {created} as created_at, {accessed} as last_accessed_at, \
                entries.metadata, entries.folder, {cursor_at} as cursor_at \
           from entries, args \
          where args.after_name is null or {after} \
          order by {order} \
          limit {fetch}",
        updated = utc_text("entries.updated_at"),
        created = utc_text("entries.created_at"),
        accessed = utc_text("entries.last_accessed_at"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        let cursor = Cursor {
            after: "a/b.png".into(),
            at: Some("2026-01-02T03:04:05.678Z".into()),
            column: "created_at".into(),
            order: "desc".into(),
        };
        assert_eq!(Cursor::decode(&cursor.encode()), Some(cursor));
        assert_eq!(Cursor::decode("not a cursor"), None);
        assert_eq!(Cursor::decode(&URL_SAFE_NO_PAD.encode("[1]")), None);
    }
}
