//! The documents worker's statements, on the pool of the role that migrates (it owns the app's
//! tables and views, as the scheduler's app jobs do).

use serde_json::Value;
use sqlx::{PgPool, Postgres, Row, Transaction};

/// A document the app declared (`ops.documents`), with its key column's type.
#[derive(Debug, Clone)]
pub struct Declaration {
    pub name: String,
    pub source_view: String,
    pub key_column: String,
    pub key_type: String,
    pub template: String,
    pub bucket: String,
    pub path_column: String,
    pub target_table: String,
    pub target_column: String,
    pub owner_column: Option<String>,
    pub mail_template: Option<String>,
    pub link_path: Option<String>,
}

pub async fn declarations(pool: &PgPool) -> Result<Vec<Declaration>, sqlx::Error> {
    let rows = sqlx::query(
        "select d.name, d.source_view, d.key_column, format_type(a.atttypid, a.atttypmod) as key_type, d.template,
                d.bucket, d.path_column, d.target_table, d.target_column, d.owner_column, d.mail_template, d.link_path
           from ops.documents d
           join pg_catalog.pg_attribute a on a.attrelid = to_regclass(d.target_table) and a.attname = d.key_column
          order by d.name",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| Declaration {
            name: row.get("name"),
            source_view: row.get("source_view"),
            key_column: row.get("key_column"),
            key_type: row.get("key_type"),
            template: row.get("template"),
            bucket: row.get("bucket"),
            path_column: row.get("path_column"),
            target_table: row.get("target_table"),
            target_column: row.get("target_column"),
            owner_column: row.get("owner_column"),
            mail_template: row.get("mail_template"),
            link_path: row.get("link_path"),
        })
        .collect())
}

/// An identifier, quoted.
fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A row waiting for its document.
#[derive(Debug)]
pub struct Pending {
    pub key: String,
    pub object_name: String,
    pub owner: Option<String>,
    pub row: Value,
}

/// Up to `limit` rows of the view whose column is still null.
pub async fn pending(pool: &PgPool, doc: &Declaration, limit: i64) -> Result<Vec<Pending>, sqlx::Error> {
    let owner = doc.owner_column.as_deref().map_or("null".to_string(), |c| format!("v.{}::text", ident(c)));
    let sql = format!(
        "select v.{key}::text as key, v.{path}::text as object_name, {owner} as owner, to_jsonb(v) as row
           from {view} v where v.{target} is null and v.{path} is not null
          order by v.{key} limit $1",
        key = ident(&doc.key_column),
        path = ident(&doc.path_column),
        view = doc.source_view,
        target = ident(&doc.target_column),
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(limit).fetch_all(pool).await?;
    Ok(rows
        .iter()
        .map(|row| Pending {
            key: row.get("key"),
            object_name: row.get("object_name"),
            owner: row.get("owner"),
            row: row.get("row"),
        })
        .collect())
}

/// Records that `version`'s bytes are being written by storage instance `instance_id` (the
/// storage sweeper removes them if this server dies before [`store`] commits).
pub async fn begin_write(pool: &PgPool, version: &str, instance_id: i32) -> Result<(), sqlx::Error> {
    sqlx::query("insert into storage.pending_uploads (version, instance_id) values ($1, $2)")
        .bind(version)
        .bind(i64::from(instance_id))
        .execute(pool)
        .await
        .map(|_| ())
}

/// Ends the bookkeeping of bytes that will not be stored; true when the caller should remove
/// them (false: a sweeper did already).
pub async fn abandon_write(pool: &PgPool, version: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("delete from storage.pending_uploads where version = $1")
        .bind(version)
        .execute(pool)
        .await?
        .rows_affected()
        == 1)
}

/// A stored file's description.
pub struct Stored<'a> {
    pub version: &'a str,
    pub size: i64,
}

/// Claims the row (its column still null) by setting the column, and records the object; in
/// `tx`, which the caller commits. False when another worker stored it first.
pub async fn store(
    tx: &mut Transaction<'static, Postgres>,
    doc: &Declaration,
    item: &Pending,
    stored: &Stored<'_>,
) -> Result<bool, sqlx::Error> {
    let claim = format!(
        "update {table} set {target} = $1 where {key} = $2::text::{key_type} and {target} is null",
        table = doc.target_table,
        target = ident(&doc.target_column),
        key = ident(&doc.key_column),
        key_type = doc.key_type,
    );
    let claimed = sqlx::query(sqlx::AssertSqlSafe(claim))
        .bind(&item.object_name)
        .bind(&item.key)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if claimed != 1 {
        return Ok(false);
    }
    sqlx::query(
        "insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
         values ($1, $2, $3::uuid, $4, $5, jsonb_build_object('eTag', '\"' || $5 || '\"', 'size', $6::bigint,
           'mimetype', 'application/pdf', 'cacheControl', 'max-age=3600', 'lastModified', now(),
           'contentLength', $6::bigint, 'httpStatusCode', 200))
         on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           version = excluded.version, metadata = excluded.metadata, last_accessed_at = now()",
    )
    .bind(&doc.bucket)
    .bind(&item.object_name)
    .bind(item.owner.as_deref().filter(|o| uuid::Uuid::parse_str(o).is_ok()))
    .bind(item.owner.as_deref())
    .bind(stored.version)
    .bind(stored.size)
    .execute(&mut **tx)
    .await?;
    let done = sqlx::query("delete from storage.pending_uploads where version = $1")
        .bind(stored.version)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    // Swept while it rendered (this server looked dead): the bytes are gone, so no row.
    Ok(done == 1)
}

/// Queues a mail in `tx`; its id.
pub async fn queue_mail(
    tx: &mut Transaction<'static, Postgres>,
    recipient: &str,
    kind: &str,
    letter: &crate::auth::templates::Letter,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "insert into auth.mail_outbox (recipient, subject, body_text, body_html, kind) values ($1, $2, $3, $4, $5)
         returning id",
    )
    .bind(recipient)
    .bind(&letter.subject)
    .bind(&letter.body)
    .bind(letter.html.as_deref())
    .bind(kind)
    .fetch_one(&mut **tx)
    .await
}
