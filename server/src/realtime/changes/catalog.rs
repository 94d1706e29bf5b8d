//! What the change reader needs to know of a table, read from PostgreSQL's catalogue and kept
//! until the schema changes: its columns and primary key, whether its changes are published,
//! and for each API role the columns it may read and the policies that decide which rows it
//! sees (for deleted rows, which can no longer be selected: their image is checked against
//! the same policies).
//!
//! Expressions and type names are written by PostgreSQL itself (`pg_get_expr`,
//! `format_type`) with the search path the checks run with (the table's schema, then
//! `extensions`, as a REST request on that schema), so they mean the same there.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use crate::auth::caller::ApiRole;
use crate::db::request_connections::RequestConnections;
use crate::db::service_tx::{DbError, ServiceRole, ServiceTx};

/// The realtime service's role: it reads the queue and the catalogue.
pub struct RealtimeAdmin;

impl ServiceRole for RealtimeAdmin {
    const ROLE: &'static str = "realtime_admin";
}

pub type AdminTx = ServiceTx<RealtimeAdmin>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    /// `pg_type.typname` (`int8`, `_text`, `timestamptz`): the `type` of the payload's
    /// `columns`, as Realtime writes it.
    pub type_name: String,
    /// The type as SQL (`format_type`), for casts.
    pub sql_type: String,
    /// `pg_type.typcategory` (`S` strings, `N` numbers, `B` booleans ...).
    pub category: char,
    /// Part of the primary key.
    pub key: bool,
}

#[derive(Debug)]
pub struct Relation {
    pub relid: u32,
    pub schema: String,
    pub name: String,
    pub columns: Vec<Column>,
    /// Row-level security is on.
    pub rls: bool,
    /// Its changes are published (realtime.enable or the publication).
    pub enabled: bool,
}

impl Relation {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    pub fn keys(&self) -> impl Iterator<Item = &Column> {
        self.columns.iter().filter(|c| c.key)
    }

    /// `"schema"."name"`.
    pub fn qualified(&self) -> String {
        format!("{}.{}", super::filter::quote_ident(&self.schema), super::filter::quote_ident(&self.name))
    }

    /// The search path its checks run with.
    pub fn search_path(&self) -> String {
        format!("{}, extensions", super::filter::quote_ident(&self.schema))
    }
}

/// What one API role may see of a relation.
#[derive(Debug)]
pub struct RoleView {
    /// Per column of the relation: the role may select it.
    pub readable: Vec<bool>,
    /// The role bypasses row-level security (service_role).
    pub bypass_rls: bool,
    /// `USING` expressions of the permissive and restrictive SELECT (or ALL) policies that
    /// apply to the role.
    pub permissive: Vec<String>,
    pub restrictive: Vec<String>,
}

impl RoleView {
    /// The role may read every primary key column (without them it can be told nothing).
    pub fn reads_keys(&self, relation: &Relation) -> bool {
        relation.columns.iter().zip(&self.readable).all(|(column, readable)| !column.key || *readable)
    }

    /// Whether a row (as the alias `row`) is visible to the role by its policies: the SQL of
    /// what PostgreSQL's row-level security would add to a SELECT.
    pub fn visibility_sql(&self, relation: &Relation) -> String {
        if !relation.rls || self.bypass_rls {
            return "true".into();
        }
        if self.permissive.is_empty() {
            return "false".into();
        }
        let permissive = self.permissive.iter().map(|e| format!("({e})")).collect::<Vec<_>>().join(" or ");
        let mut all = vec![format!("coalesce({permissive}, false)")];
        all.extend(self.restrictive.iter().map(|e| format!("coalesce(({e}), false)")));
        all.join(" and ")
    }
}

const RELATION_SQL: &str = "
select c.oid::int8, n.nspname::text, c.relname::text, c.relrowsecurity,
       exists (select from realtime.tables t where t.relid = c.oid),
       coalesce(array_agg(a.attname::text order by a.attnum) filter (where a.attnum is not null), '{}'),
       coalesce(array_agg(t.typname::text order by a.attnum) filter (where a.attnum is not null), '{}'),
       coalesce(array_agg(format_type(a.atttypid, a.atttypmod) order by a.attnum) filter (where a.attnum is not null), '{}'),
       coalesce(array_agg(t.typcategory::text order by a.attnum) filter (where a.attnum is not null), '{}'),
       coalesce(array_agg(coalesce(a.attnum = any (i.indkey::int2[]), false) order by a.attnum)
                filter (where a.attnum is not null), '{}')
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
 where c.relkind in ('r', 'p') and ($1::int8 is null or c.oid = $1::int8::oid)
   and ($2::text is null or (n.nspname = $2::text and c.relname = $3::text))
 group by c.oid, n.nspname, c.relname, c.relrowsecurity";

const ENABLED_SQL: &str = "
select n.nspname::text, c.relname::text
  from realtime.tables t
  join pg_catalog.pg_class c on c.oid = t.relid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace";

const ROLE_VIEW_SQL: &str = "
select coalesce(array(select pg_catalog.has_column_privilege($2::text, a.attrelid, a.attnum, 'SELECT')
                        from pg_catalog.pg_attribute a
                       where a.attrelid = $1::int8::oid and a.attnum > 0 and not a.attisdropped
                       order by a.attnum), '{}'),
       (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = $2::text),
       coalesce(array(select pg_catalog.pg_get_expr(p.polqual, p.polrelid)
                        from pg_catalog.pg_policy p
                       where p.polrelid = $1::int8::oid and p.polcmd in ('r', '*') and p.polpermissive
                         and p.polqual is not null
                         and exists (select from unnest(p.polroles) r
                                      where r = 0 or pg_catalog.pg_has_role($2::text, r, 'USAGE'))
                       order by p.polname), '{}'),
       coalesce(array(select pg_catalog.pg_get_expr(p.polqual, p.polrelid)
                        from pg_catalog.pg_policy p
                       where p.polrelid = $1::int8::oid and p.polcmd in ('r', '*') and not p.polpermissive
                         and p.polqual is not null
                         and exists (select from unnest(p.polroles) r
                                      where r = 0 or pg_catalog.pg_has_role($2::text, r, 'USAGE'))
                       order by p.polname), '{}')";

/// The cached catalogue; cleared whenever the schema may have changed.
#[derive(Default)]
pub struct Catalog {
    state: RwLock<State>,
}

#[derive(Default)]
struct State {
    by_relid: HashMap<u32, Arc<Relation>>,
    by_name: HashMap<(String, String), Arc<Relation>>,
    views: HashMap<(u32, &'static str), Arc<RoleView>>,
    /// Schema and name of every published table.
    enabled: Option<Arc<Vec<(String, String)>>>,
}

impl Catalog {
    /// Forgets everything (a schema reload, a table enabled or disabled).
    pub fn clear(&self) {
        if let Ok(mut state) = self.state.write() {
            *state = State::default();
        }
    }

    pub async fn by_name(
        &self,
        db: &RequestConnections,
        schema: &str,
        name: &str,
    ) -> Result<Option<Arc<Relation>>, DbError> {
        let key = (schema.to_owned(), name.to_owned());
        if let Some(found) = self.state.read().ok().and_then(|s| s.by_name.get(&key).cloned()) {
            return Ok(Some(found));
        }
        self.load(db, None, Some((schema, name))).await
    }

    pub async fn by_relid(&self, db: &RequestConnections, relid: u32) -> Result<Option<Arc<Relation>>, DbError> {
        if let Some(found) = self.state.read().ok().and_then(|s| s.by_relid.get(&relid).cloned()) {
            return Ok(Some(found));
        }
        self.load(db, Some(relid), None).await
    }

    async fn load(
        &self,
        db: &RequestConnections,
        relid: Option<u32>,
        name: Option<(&str, &str)>,
    ) -> Result<Option<Arc<Relation>>, DbError> {
        let mut tx = AdminTx::begin(db).await?;
        let relid_param = relid.map(i64::from);
        let (schema, table) = (name.map(|(s, _)| s.to_owned()), name.map(|(_, t)| t.to_owned()));
        let row = tx.query_opt(RELATION_SQL, &[&relid_param, &schema, &table]).await?;
        tx.commit().await?;
        let Some(row) = row else { return Ok(None) };
        let names: Vec<String> = row.try_get(5).map_err(DbError::Postgres)?;
        let types: Vec<String> = row.try_get(6).map_err(DbError::Postgres)?;
        let sql_types: Vec<String> = row.try_get(7).map_err(DbError::Postgres)?;
        let categories: Vec<String> = row.try_get(8).map_err(DbError::Postgres)?;
        let keys: Vec<bool> = row.try_get(9).map_err(DbError::Postgres)?;
        let columns = names
            .into_iter()
            .zip(types)
            .zip(sql_types)
            .zip(categories)
            .zip(keys)
            .map(|((((name, type_name), sql_type), category), key)| Column {
                name,
                type_name,
                sql_type,
                category: category.chars().next().unwrap_or('X'),
                key,
            })
            .collect();
        let relid: i64 = row.try_get(0).map_err(DbError::Postgres)?;
        let relation = Arc::new(Relation {
            relid: u32::try_from(relid).unwrap_or_default(),
            schema: row.try_get(1).map_err(DbError::Postgres)?,
            name: row.try_get(2).map_err(DbError::Postgres)?,
            rls: row.try_get(3).map_err(DbError::Postgres)?,
            enabled: row.try_get(4).map_err(DbError::Postgres)?,
            columns,
        });
        if let Ok(mut state) = self.state.write() {
            state.by_relid.insert(relation.relid, Arc::clone(&relation));
            state.by_name.insert((relation.schema.clone(), relation.name.clone()), Arc::clone(&relation));
        }
        Ok(Some(relation))
    }

    /// What `role` may see of `relation`.
    pub async fn view(
        &self,
        db: &RequestConnections,
        relation: &Relation,
        role: ApiRole,
    ) -> Result<Arc<RoleView>, DbError> {
        if let Some(found) = self.state.read().ok().and_then(|s| s.views.get(&(relation.relid, role.as_str())).cloned())
        {
            return Ok(found);
        }
        let mut tx = AdminTx::begin(db).await?;
        tx.query("select set_config('search_path', $1, true)", &[&relation.search_path()]).await?;
        let row = tx.query_one(ROLE_VIEW_SQL, &[&i64::from(relation.relid), &role.as_str()]).await?;
        tx.commit().await?;
        let view = Arc::new(RoleView {
            readable: row.try_get(0).map_err(DbError::Postgres)?,
            bypass_rls: row.try_get::<_, Option<bool>>(1).map_err(DbError::Postgres)?.unwrap_or(false),
            permissive: row.try_get(2).map_err(DbError::Postgres)?,
            restrictive: row.try_get(3).map_err(DbError::Postgres)?,
        });
        if let Ok(mut state) = self.state.write() {
            state.views.insert((relation.relid, role.as_str()), Arc::clone(&view));
        }
        Ok(view)
    }

    /// Schema and name of every published table.
    pub async fn enabled(&self, db: &RequestConnections) -> Result<Arc<Vec<(String, String)>>, DbError> {
        if let Some(found) = self.state.read().ok().and_then(|s| s.enabled.clone()) {
            return Ok(found);
        }
        let mut tx = AdminTx::begin(db).await?;
        let rows = tx.query(ENABLED_SQL, &[]).await?;
        tx.commit().await?;
        let mut tables = Vec::with_capacity(rows.len());
        for row in rows {
            tables.push((row.try_get(0).map_err(DbError::Postgres)?, row.try_get(1).map_err(DbError::Postgres)?));
        }
        let tables = Arc::new(tables);
        if let Ok(mut state) = self.state.write() {
            state.enabled = Some(Arc::clone(&tables));
        }
        Ok(tables)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relation(rls: bool) -> Relation {
        Relation {
            relid: 1,
            schema: "public".into(),
            name: "notes".into(),
            columns: vec![
                Column {
                    name: "id".into(),
                    type_name: "int8".into(),
                    sql_type: "bigint".into(),
                    category: 'N',
                    key: true,
                },
                Column {
                    name: "body".into(),
                    type_name: "text".into(),
                    sql_type: "text".into(),
                    category: 'S',
                    key: false,
                },
            ],
            rls,
            enabled: true,
        }
    }

    fn view(permissive: &[&str], restrictive: &[&str], bypass_rls: bool) -> RoleView {
        RoleView {
            readable: vec![true, false],
            bypass_rls,
            permissive: permissive.iter().map(|s| (*s).to_owned()).collect(),
            restrictive: restrictive.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn visibility_follows_row_level_security() {
        assert_eq!(view(&[], &[], false).visibility_sql(&relation(false)), "true");
        assert_eq!(view(&[], &[], true).visibility_sql(&relation(true)), "true");
        assert_eq!(view(&[], &[], false).visibility_sql(&relation(true)), "false", "no permissive policy: nothing");
        assert_eq!(
            view(&["a = 1", "b"], &["c"], false).visibility_sql(&relation(true)),
            "coalesce((a = 1) or (b), false) and coalesce((c), false)"
        );
    }

    #[test]
    fn a_role_must_read_the_key() {
        assert!(view(&[], &[], false).reads_keys(&relation(true)));
        let blind = RoleView { readable: vec![false, true], ..view(&[], &[], false) };
        assert!(!blind.reads_keys(&relation(true)));
    }
}
