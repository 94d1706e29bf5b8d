//! Reads the catalogue of the exposed schemas into a [`SchemaCache`]. Eight queries, each
//! returning plain rows; the shaping happens in Rust.
//!
//! Privileges are read for the API roles only, alongside the relations and functions they
//! belong to: a role needs USAGE on the schema, then the table (or any column's) privilege and,
//! where row-level security is on, a permissive policy for the command (or BYPASSRLS), or
//! EXECUTE on the function. Each column records the roles with no privilege on it.

use std::collections::BTreeMap;

use sqlx::{Acquire, PgConnection, Row};

use super::model::{
    API_ROLES, Action, AggregateHandler, Column, ForeignKey, Function, FunctionParam, MediaHandler, PrivilegeSet,
    Privileges, QualifiedName, Relation, RelationKind, ReturnType, SchemaCache, Volatility,
};
use super::{computed, relationships, views};

const RELATIONS_SQL: &str = "
select n.nspname::text as schema, c.relname::text as name, c.relkind::text as kind,
       obj_description(c.oid, 'pg_class') as comment,
       case when c.relkind in ('r', 'p') then true
            else pg_relation_is_updatable(c.oid::regclass, true) & 8 = 8 end as insertable,
       case when c.relkind in ('r', 'p') then true
            else pg_relation_is_updatable(c.oid::regclass, true) & 4 = 4 end as updatable,
       case when c.relkind in ('r', 'p') then true
            else pg_relation_is_updatable(c.oid::regclass, true) & 16 = 16 end as deletable,
       p.select_roles, p.insert_roles, p.update_roles, p.delete_roles
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  cross join lateral (
    select coalesce(array_agg(r.rolname::text) filter (where has_any_column_privilege(r.oid, c.oid, 'SELECT') and pol.can_select), '{}') as select_roles,
           coalesce(array_agg(r.rolname::text) filter (where has_any_column_privilege(r.oid, c.oid, 'INSERT') and pol.can_insert), '{}') as insert_roles,
           coalesce(array_agg(r.rolname::text) filter (where has_any_column_privilege(r.oid, c.oid, 'UPDATE') and pol.can_update), '{}') as update_roles,
           coalesce(array_agg(r.rolname::text) filter (where has_table_privilege(r.oid, c.oid, 'DELETE') and pol.can_delete), '{}') as delete_roles
      from pg_roles r
      -- With row-level security on, a role no permissive policy applies to can do nothing.
      cross join lateral (
        select not c.relrowsecurity or r.rolbypassrls or coalesce(bool_or(po.polcmd in ('r', '*')), false) as can_select,
               not c.relrowsecurity or r.rolbypassrls or coalesce(bool_or(po.polcmd in ('a', '*')), false) as can_insert,
               not c.relrowsecurity or r.rolbypassrls or coalesce(bool_or(po.polcmd in ('w', '*')), false) as can_update,
               not c.relrowsecurity or r.rolbypassrls or coalesce(bool_or(po.polcmd in ('d', '*')), false) as can_delete
          from pg_policy po
         where po.polrelid = c.oid and po.polpermissive and (0 = any(po.polroles) or r.oid = any(po.polroles))
      ) pol
     where r.rolname = any($2) and has_schema_privilege(r.oid, n.oid, 'USAGE')
  ) p
 where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
   and not c.relispartition";

const COLUMNS_SQL: &str = "
select n.nspname::text as schema, c.relname::text as relation, a.attname::text as name,
       format_type(a.atttypid, a.atttypmod) as data_type,
       format_type(a.atttypid, null) as cast_type,
       not (a.attnotnull or t.typtype = 'd' and t.typnotnull) as nullable,
       coalesce(pg_get_expr(d.adbin, d.adrelid),
                case when a.attidentity <> '' then
                  format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                end) as column_default,
       a.attgenerated <> '' as generated,
       coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder)
                   from pg_enum e where e.enumtypid = coalesce(nullif(t.typbasetype, 0), t.oid)), '{}') as enum_values,
       col_description(c.oid, a.attnum) as comment,
       a.attidentity <> '' as identity,
       array(select r.rolname::text from pg_roles r
              where r.rolname = any($2)
                and not (has_column_privilege(r.oid, c.oid, a.attnum, 'SELECT')
                         or has_column_privilege(r.oid, c.oid, a.attnum, 'INSERT')
                         or has_column_privilege(r.oid, c.oid, a.attnum, 'UPDATE'))) as hidden_from
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
 where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
   and a.attnum > 0 and not a.attisdropped
 order by n.nspname, c.relname, a.attnum";

/// Primary keys, unique constraints, foreign keys, and unique indexes without predicate or
/// expression (ON CONFLICT accepts those too).
const KEYS_SQL: &str = "
select con.contype::text as kind, con.conname::text as name,
       n.nspname::text as schema, c.relname::text as relation,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
       fn.nspname::text as foreign_schema, fc.relname::text as foreign_relation,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as foreign_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class fc on fc.oid = con.confrelid
  left join pg_namespace fn on fn.oid = fc.relnamespace
 where con.contype in ('p', 'u', 'f') and n.nspname = any($1)
union all
select 'i', ic.relname::text, n.nspname::text, c.relname::text,
       array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.ord),
       null, null, null
  from pg_index i
  join pg_class c on c.oid = i.indrelid
  join pg_class ic on ic.oid = i.indexrelid
  join pg_namespace n on n.oid = c.relnamespace
 where i.indisunique and not i.indisprimary and i.indpred is null and i.indexprs is null
   and n.nspname = any($1)
   and not exists (select from pg_constraint con where con.conindid = i.indexrelid)
 order by 1, 2";

/// The base-table columns each view (or materialised view) of the exposed schemas reads,
/// from the dependencies of its rewrite rule.
const VIEW_COLUMNS_SQL: &str = "
select distinct vn.nspname::text as view_schema, v.relname::text as view_name,
       tn.nspname::text as table_schema, t.relname::text as table_name, a.attname::text as column_name
  from pg_rewrite r
  join pg_class v on v.oid = r.ev_class and v.relkind in ('v', 'm')
  join pg_namespace vn on vn.oid = v.relnamespace
  join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
                  and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
  join pg_class t on t.oid = d.refobjid and t.relkind in ('r', 'p')
  join pg_namespace tn on tn.oid = t.relnamespace
  join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
 where vn.nspname = any($1)";

const FUNCTIONS_SQL: &str = "
select n.nspname::text as schema, p.proname::text as name, p.oid::int8 as oid,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(p.proargtypes::oid[])])) as arg_modes,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types,
       p.pronargdefaults::int4 as defaults,
       p.proretset as returns_set, p.provolatile::text as volatility,
       format_type(p.prorettype, null) as return_type, rt.typtype::text as return_kind,
       rtn.nspname::text as return_type_schema, rt.typname::text as return_type_name,
       case when rt.typtype = 'd' then format_type(rt.typbasetype, null) end as return_base_type,
       rc.relname::text as return_relation, rcn.nspname::text as return_relation_schema,
       rc.relkind::text as return_relation_kind,
       obj_description(p.oid, 'pg_proc') as comment,
       array(select r.rolname::text from pg_roles r
              where r.rolname = any($2) and has_schema_privilege(r.oid, n.oid, 'USAGE')
                and has_function_privilege(r.oid, p.oid, 'EXECUTE')) as execute_roles
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  join pg_namespace rtn on rtn.oid = rt.typnamespace
  left join pg_class rc on rc.oid = rt.typrelid
  left join pg_namespace rcn on rcn.oid = rc.relnamespace
 where n.nspname = any($1) and p.prokind = 'f'
 order by n.nspname, p.proname, p.oid";

const ENUMS_SQL: &str = "
select n.nspname::text as schema, t.typname::text as name,
       array_agg(e.enumlabel::text order by e.enumsortorder) as labels
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  join pg_enum e on e.enumtypid = t.oid
 where n.nspname = any($1)
 group by n.nspname, t.typname";

/// Aggregates of the exposed schemas that serve a media type for a relation's rows: one
/// argument of an exposed relation's row type, returning a domain (PostgREST's aggregate
/// media type handlers; the domain's name decides, [`MediaHandler::from_domain`]).
const AGGREGATE_HANDLERS_SQL: &str = "
select an.nspname::text as schema, p.proname::text as name,
       tn.nspname::text as row_schema, t.typname::text as row_type,
       rt.typname::text as domain_name, format_type(rt.typbasetype, null) as base_type
  from pg_aggregate a
  join pg_proc p on p.oid = a.aggfnoid
  join pg_namespace an on an.oid = p.pronamespace
  join pg_type t on t.oid = p.proargtypes[0]
  join pg_namespace tn on tn.oid = t.typnamespace
  join pg_type rt on rt.oid = p.prorettype
 where p.pronargs = 1 and a.aggkind = 'n' and t.typtype = 'c' and rt.typtype = 'd'
   and an.nspname = any($1) and tn.nspname = any($1)
 order by an.nspname, p.proname";

/// The API roles' own settings for every database (0) or this one; the database's come last
/// so that they win.
const ROLE_SETTINGS_SQL: &str = "
select r.rolname::text as role, s.setconfig::text[] as settings
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
 where r.rolname = any($1)
   and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
 order by r.rolname, s.setdatabase <> 0";

pub async fn load(conn: &mut PgConnection, schemas: &[String]) -> Result<SchemaCache, sqlx::Error> {
    // With only pg_catalog on the search path, `format_type` and `pg_get_expr` qualify every
    // other type and function, so the text stays valid whatever schema a request selects.
    let mut tx = conn.begin().await?;
    sqlx::query("set local search_path to pg_catalog").execute(&mut *tx).await?;
    let cache = load_in(&mut tx, schemas).await?;
    tx.commit().await?;
    Ok(cache)
}

async fn load_in(conn: &mut PgConnection, schemas: &[String]) -> Result<SchemaCache, sqlx::Error> {
    let roles = API_ROLES.map(String::from);
    let mut relations = BTreeMap::new();
    for row in sqlx::query(RELATIONS_SQL).bind(schemas).bind(&roles).fetch_all(&mut *conn).await? {
        let name = QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("name"));
        let kind = match row.get::<String, _>("kind").as_str() {
            "p" => RelationKind::PartitionedTable,
            "v" => RelationKind::View,
            "m" => RelationKind::MaterializedView,
            "f" => RelationKind::ForeignTable,
            _ => RelationKind::Table,
        };
        relations.insert(
            name.clone(),
            Relation {
                name,
                kind,
                columns: Vec::new(),
                primary_key: Vec::new(),
                unique_keys: Vec::new(),
                insertable: row.get("insertable"),
                updatable: row.get("updatable"),
                deletable: row.get("deletable"),
                comment: row.get("comment"),
                privileges: privileges_from(&[
                    (Action::Select, row.get("select_roles")),
                    (Action::Insert, row.get("insert_roles")),
                    (Action::Update, row.get("update_roles")),
                    (Action::Delete, row.get("delete_roles")),
                ]),
            },
        );
    }

    for row in sqlx::query(COLUMNS_SQL).bind(schemas).bind(&roles).fetch_all(&mut *conn).await? {
        let name = QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("relation"));
        if let Some(relation) = relations.get_mut(&name) {
            relation.columns.push(Column {
                name: row.get("name"),
                data_type: row.get("data_type"),
                cast_type: row.get("cast_type"),
                nullable: row.get("nullable"),
                default: row.get("column_default"),
                generated: row.get("generated"),
                enum_values: row.get("enum_values"),
                comment: row.get("comment"),
                identity: row.get("identity"),
                hidden_from: row.get("hidden_from"),
            });
        }
    }

    let mut foreign_keys = Vec::new();
    for row in sqlx::query(KEYS_SQL).bind(schemas).fetch_all(&mut *conn).await? {
        let table = QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("relation"));
        let columns: Vec<String> = row.get("columns");
        match row.get::<String, _>("kind").as_str() {
            "p" => {
                if let Some(relation) = relations.get_mut(&table) {
                    relation.primary_key = columns;
                }
            }
            "u" | "i" => {
                if let Some(relation) = relations.get_mut(&table) {
                    relation.unique_keys.push(columns);
                }
            }
            _ => {
                let (Some(schema), Some(name)) =
                    (row.get::<Option<String>, _>("foreign_schema"), row.get::<Option<String>, _>("foreign_relation"))
                else {
                    continue;
                };
                foreign_keys.push(ForeignKey {
                    constraint: row.get("name"),
                    table,
                    columns,
                    foreign_table: QualifiedName::new(schema, name),
                    foreign_columns: row.get::<Option<Vec<String>>, _>("foreign_columns").unwrap_or_default(),
                });
            }
        }
    }

    let mut functions: BTreeMap<QualifiedName, Vec<Function>> = BTreeMap::new();
    for row in sqlx::query(FUNCTIONS_SQL).bind(schemas).bind(&roles).fetch_all(&mut *conn).await? {
        let function = function_from_row(&row);
        functions.entry(function.name.clone()).or_default().push(function);
    }

    let mut enums = BTreeMap::new();
    for row in sqlx::query(ENUMS_SQL).bind(schemas).fetch_all(&mut *conn).await? {
        let name = QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("name"));
        enums.insert(name, row.get("labels"));
    }

    let mut role_settings: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for row in sqlx::query(ROLE_SETTINGS_SQL).bind(&roles).fetch_all(&mut *conn).await? {
        let settings = role_settings.entry(row.get("role")).or_default();
        merge_settings(settings, &row.get::<Vec<String>, _>("settings"));
    }

    let mut aggregate_handlers: BTreeMap<QualifiedName, Vec<AggregateHandler>> = BTreeMap::new();
    for row in sqlx::query(AGGREGATE_HANDLERS_SQL).bind(schemas).fetch_all(&mut *conn).await? {
        let Some(handler) =
            MediaHandler::from_domain(&row.get::<String, _>("domain_name"), &row.get::<String, _>("base_type"))
        else {
            continue;
        };
        let rows = QualifiedName::new(row.get::<String, _>("row_schema"), row.get::<String, _>("row_type"));
        let aggregate = QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("name"));
        aggregate_handlers.entry(rows).or_default().push(AggregateHandler { aggregate, handler });
    }

    let mut view_columns: BTreeMap<(QualifiedName, QualifiedName), Vec<String>> = BTreeMap::new();
    for row in sqlx::query(VIEW_COLUMNS_SQL).bind(schemas).fetch_all(&mut *conn).await? {
        let view = QualifiedName::new(row.get::<String, _>("view_schema"), row.get::<String, _>("view_name"));
        let table = QualifiedName::new(row.get::<String, _>("table_schema"), row.get::<String, _>("table_name"));
        view_columns.entry((view, table)).or_default().push(row.get("column_name"));
    }
    views::inherit_keys(&mut relations, &mut foreign_keys, &view_columns);

    let mut relationships = relationships::derive(&relations, &foreign_keys);
    computed::apply(&mut relationships, computed::load(conn, schemas).await?);
    relationships::sort_all(&mut relationships, &relations);
    Ok(SchemaCache {
        schemas: schemas.to_vec(),
        relations,
        foreign_keys,
        functions,
        relationships,
        enums,
        role_settings,
        aggregate_handlers,
    })
}

/// Privileges from (action, roles holding it) pairs.
fn privileges_from(grants: &[(Action, Vec<String>)]) -> Privileges {
    let mut privileges = Privileges::default();
    for role in API_ROLES {
        let set = grants
            .iter()
            .filter(|(_, roles)| roles.iter().any(|r| r == role))
            .fold(PrivilegeSet::default(), |set, (action, _)| set.with(*action));
        if !set.is_empty() {
            privileges.set(role, set);
        }
    }
    privileges
}

/// Adds `name=value` entries, a later entry replacing an earlier one of the same name.
fn merge_settings(settings: &mut Vec<(String, String)>, entries: &[String]) {
    for (name, value) in entries.iter().filter_map(|entry| entry.split_once('=')) {
        match settings.iter_mut().find(|(existing, _)| existing == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => settings.push((name.to_string(), value.to_string())),
        }
    }
}

fn function_from_row(row: &sqlx::postgres::PgRow) -> Function {
    let names: Vec<String> = row.get("arg_names");
    let modes: Vec<String> = row.get("arg_modes");
    let types: Vec<String> = row.get("arg_types");
    let defaults = usize::try_from(row.get::<i32, _>("defaults")).unwrap_or(0);

    let mut params = Vec::new();
    let mut outputs = Vec::new();
    for (index, data_type) in types.iter().enumerate() {
        let name = names.get(index).cloned().unwrap_or_default();
        match modes.get(index).map(String::as_str).unwrap_or("i") {
            "o" | "t" => outputs.push((name, data_type.clone())),
            mode => {
                if mode == "b" {
                    outputs.push((name.clone(), data_type.clone()));
                }
                params.push(FunctionParam {
                    name,
                    data_type: data_type.clone(),
                    has_default: false,
                    variadic: mode == "v",
                });
            }
        }
    }
    // The last `defaults` input parameters have defaults.
    let count = params.len();
    for param in params.iter_mut().skip(count.saturating_sub(defaults)) {
        param.has_default = true;
    }

    let return_kind: String = row.get("return_kind");
    let return_type: String = row.get("return_type");
    let returns = if return_type == "void" {
        ReturnType::Void
    } else if return_type == "record" {
        ReturnType::Record { columns: outputs }
    } else if return_kind == "c" {
        let relation = match (
            row.get::<Option<String>, _>("return_relation_schema"),
            row.get::<Option<String>, _>("return_relation"),
            row.get::<Option<String>, _>("return_relation_kind").as_deref(),
        ) {
            (Some(schema), Some(name), Some(kind)) if kind != "c" => Some(QualifiedName::new(schema, name)),
            _ => None,
        };
        ReturnType::Composite {
            type_name: QualifiedName::new(
                row.get::<String, _>("return_type_schema"),
                row.get::<String, _>("return_type_name"),
            ),
            relation,
        }
    } else {
        ReturnType::Scalar { data_type: return_type }
    };

    Function {
        name: QualifiedName::new(row.get::<String, _>("schema"), row.get::<String, _>("name")),
        params,
        returns,
        returns_set: row.get("returns_set"),
        volatility: match row.get::<String, _>("volatility").as_str() {
            "i" => Volatility::Immutable,
            "s" => Volatility::Stable,
            _ => Volatility::Volatile,
        },
        comment: row.get("comment"),
        privileges: privileges_from(&[(Action::Execute, row.get("execute_roles"))]),
        media_handler: match (return_kind.as_str(), row.get::<Option<String>, _>("return_base_type")) {
            ("d", Some(base)) => MediaHandler::from_domain(&row.get::<String, _>("return_type_name"), &base),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_settings_override_the_roles_own() {
        let mut settings = Vec::new();
        merge_settings(&mut settings, &["statement_timeout=3s".into(), "search_path=public, extensions".into()]);
        merge_settings(&mut settings, &["statement_timeout=1s".into(), "bad entry".into()]);
        assert_eq!(
            settings,
            [
                ("statement_timeout".to_string(), "1s".to_string()),
                ("search_path".to_string(), "public, extensions".to_string())
            ]
        );
    }

    #[test]
    fn privileges_are_gathered_per_role() {
        let privileges = privileges_from(&[
            (Action::Select, vec!["anon".into(), "authenticated".into()]),
            (Action::Insert, vec!["authenticated".into()]),
        ]);
        assert!(privileges.allows("anon", Action::Select));
        assert!(!privileges.allows("anon", Action::Insert));
        assert!(privileges.allows("authenticated", Action::Insert));
        assert!(!privileges.allows_any("service_role"));
    }
}
