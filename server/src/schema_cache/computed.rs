//! Computed relationships, as PostgREST reads them: a function of one argument, a row of a
//! table or view, returning rows of a table or view (`create function premieres(films)
//! returns setof premieres`). It is to-one when declared `rows 1` or not `setof`. One named
//! like a related table replaces the foreign-key relationships to that table.

use std::collections::BTreeMap;

use sqlx::{PgConnection, Row};

use super::model::{Cardinality, ForeignKey, QualifiedName, Relationship};

const COMPUTED_SQL: &str = "
select pn.nspname::text as function_schema, p.proname::text as function_name,
       an.nspname::text as from_schema, ac.relname::text as from_name,
       rn.nspname::text as to_schema, rc.relname::text as to_name,
       not p.proretset or p.prorows = 1 as to_one
  from pg_proc p
  join pg_namespace pn on pn.oid = p.pronamespace
  join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('r', 'p', 'v', 'm', 'f')
  join pg_namespace an on an.oid = ac.relnamespace
  join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('r', 'p', 'v', 'm', 'f')
  join pg_namespace rn on rn.oid = rc.relnamespace
 where p.pronargs = 1 and p.prokind = 'f' and pn.nspname = any($1)
 order by 1, 2, 3, 4";

/// The computed relationships of the exposed schemas.
pub async fn load(conn: &mut PgConnection, schemas: &[String]) -> Result<Vec<Relationship>, sqlx::Error> {
    let rows = sqlx::query(COMPUTED_SQL).bind(schemas).fetch_all(&mut *conn).await?;
    Ok(rows
        .iter()
        .map(|row| {
            let function =
                QualifiedName::new(row.get::<String, _>("function_schema"), row.get::<String, _>("function_name"));
            let from = QualifiedName::new(row.get::<String, _>("from_schema"), row.get::<String, _>("from_name"));
            let to = QualifiedName::new(row.get::<String, _>("to_schema"), row.get::<String, _>("to_name"));
            computed(function, from, to, row.get("to_one"))
        })
        .collect())
}

pub fn computed(function: QualifiedName, from: QualifiedName, to: QualifiedName, to_one: bool) -> Relationship {
    let foreign_key = ForeignKey {
        constraint: function.name.clone(),
        table: from.clone(),
        columns: Vec::new(),
        foreign_table: to.clone(),
        foreign_columns: Vec::new(),
    };
    Relationship { from, to, foreign_key, cardinality: Cardinality::Computed { function, to_one } }
}

/// Adds the computed relationships, each replacing the foreign-key relationships from its
/// table to the table named like its function (PostgREST's `getOverrideRelationshipsMap`).
pub fn apply(by_relation: &mut BTreeMap<QualifiedName, Vec<Relationship>>, computed: Vec<Relationship>) {
    for relationship in computed {
        let Cardinality::Computed { function, .. } = &relationship.cardinality else { continue };
        let list = by_relation.entry(relationship.from.clone()).or_default();
        list.retain(|r| matches!(r.cardinality, Cardinality::Computed { .. }) || r.to != *function);
        list.push(relationship);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_computed_relationship_named_like_a_table_replaces_the_foreign_keys_to_it() {
        let q = |name: &str| QualifiedName::new("public", name);
        let fk = |constraint: &str| Relationship {
            from: q("awards"),
            to: q("writers"),
            foreign_key: ForeignKey {
                constraint: constraint.into(),
                table: q("awards"),
                columns: vec!["winner_id".into()],
                foreign_table: q("writers"),
                foreign_columns: vec!["id".into()],
            },
            cardinality: Cardinality::ManyToOne,
        };
        let mut map = BTreeMap::from([(q("awards"), vec![fk("awards_winner_fkey"), fk("awards_nominee_fkey")])]);
        apply(
            &mut map,
            vec![
                computed(q("writers"), q("awards"), q("writers"), true),
                computed(q("judges"), q("awards"), q("writers"), false),
            ],
        );
        let list = &map[&q("awards")];
        assert_eq!(list.len(), 2);
        assert!(list.iter().all(|r| matches!(r.cardinality, Cardinality::Computed { .. })));
        assert!(list[0].is_to_one() && !list[1].is_to_one());
    }
}
