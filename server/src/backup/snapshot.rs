//! What a database holds, read the same way at backup time (inside the dump's snapshot) and
//! after a restore: every table's row count and a checksum of its rows, whether row-level
//! security is on, both migration heads, and the storage manifest.

use std::collections::BTreeMap;

use sqlx::{PgConnection, Row};

use super::meta::{ManifestEntry, TableStat};

/// Session settings that make a row's text the same on any server and connection.
pub const STABLE_TEXT: &str = "set time zone 'UTC'; set datestyle = 'ISO, MDY'; set intervalstyle = 'postgres'; \
                               set extra_float_digits = 1; set bytea_output = 'hex'";

/// Every table outside the system schemas (and not an extension's), in name order.
const TABLES: &str = "
select n.nspname::text, c.relname::text, c.relrowsecurity
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p')
   and n.nspname not in ('pg_catalog', 'information_schema')
   and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
   and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
 order by 1, 2";

pub async fn tables(conn: &mut PgConnection) -> Result<Vec<TableStat>, sqlx::Error> {
    let listed = sqlx::query(TABLES).fetch_all(&mut *conn).await?;
    let mut stats = Vec::with_capacity(listed.len());
    for row in listed {
        let (schema, name, rls): (String, String, bool) = (row.get(0), row.get(1), row.get(2));
        let sql = format!(
            "select count(*), coalesce(md5(string_agg(h, '' order by h)), md5('')) \
               from (select md5(t::text) as h from {}.{} t) rows",
            quote(&schema),
            quote(&name)
        );
        let (rows, checksum): (i64, String) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(&mut *conn).await?;
        stats.push(TableStat { schema, name, rows, checksum, rls });
    }
    Ok(stats)
}

/// The last applied migration of each history.
pub async fn migration_heads(conn: &mut PgConnection) -> Result<BTreeMap<String, String>, sqlx::Error> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("select history, max(name) from server_meta.migrations group by history order by history")
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().collect())
}

pub async fn manifest(conn: &mut PgConnection) -> Result<Vec<ManifestEntry>, sqlx::Error> {
    let rows: Vec<(String, String, String, Option<i64>)> = sqlx::query_as(
        "select bucket_id, name, version, case when metadata->>'size' ~ '^[0-9]+$' then (metadata->>'size')::bigint end
           from storage.objects order by bucket_id, name",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(bucket, name, version, size)| ManifestEntry { bucket, name, version, size }).collect())
}

pub async fn server_version(conn: &mut PgConnection) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("select current_setting('server_version')").fetch_one(conn).await
}

/// A quoted identifier (double quotes doubled).
pub fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
}
