//! Views take part in embedding the way PostgREST lets them: a view that shows a base table's
//! key columns (under the same names) inherits that table's primary key and the foreign keys
//! through those columns, in both directions.

use std::collections::BTreeMap;

use super::model::{ForeignKey, QualifiedName, Relation};

/// `view_columns` maps (view, base table) to the base columns the view reads.
pub fn inherit_keys(
    relations: &mut BTreeMap<QualifiedName, Relation>,
    foreign_keys: &mut Vec<ForeignKey>,
    view_columns: &BTreeMap<(QualifiedName, QualifiedName), Vec<String>>,
) {
    let mut inherited = Vec::new();
    for ((view, table), used) in view_columns {
        let Some(view_relation) = relations.get(view) else { continue };
        // A base column counts when the view shows a column of the same name.
        let shown: Vec<&String> = used.iter().filter(|c| view_relation.column(c).is_some()).collect();
        let covers = |columns: &[String]| !columns.is_empty() && columns.iter().all(|c| shown.contains(&c));

        let base_key = relations.get(table).map(|t| t.primary_key.clone()).unwrap_or_default();
        if covers(&base_key)
            && let Some(view_relation) = relations.get_mut(view)
            && view_relation.primary_key.is_empty()
        {
            view_relation.primary_key = base_key;
        }
        for fk in foreign_keys.iter() {
            if fk.table == *table && covers(&fk.columns) {
                inherited.push(ForeignKey { table: view.clone(), ..fk.clone() });
            }
            if fk.foreign_table == *table && covers(&fk.foreign_columns) {
                inherited.push(ForeignKey { foreign_table: view.clone(), ..fk.clone() });
            }
        }
    }
    foreign_keys.extend(inherited);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_cache::model::Column;

    fn relation(name: &str, columns: &[&str], pk: &[&str]) -> (QualifiedName, Relation) {
        let qn = QualifiedName::new("public", name);
        let relation = Relation {
            name: qn.clone(),
            columns: columns.iter().map(|c| Column { name: (*c).into(), ..Column::default() }).collect(),
            primary_key: pk.iter().map(|c| c.to_string()).collect(),
            ..Relation::default()
        };
        (qn, relation)
    }

    #[test]
    fn a_view_showing_key_columns_inherits_keys_both_ways() {
        let mut relations: BTreeMap<_, _> = [
            relation("events", &["id", "organizer_id"], &["id"]),
            relation("upcoming", &["id", "title"], &[]),
            relation("registrations", &["id", "event_id"], &["id"]),
        ]
        .into_iter()
        .collect();
        let q = |n: &str| QualifiedName::new("public", n);
        let mut fks = vec![
            ForeignKey {
                constraint: "registrations_event_id_fkey".into(),
                table: q("registrations"),
                columns: vec!["event_id".into()],
                foreign_table: q("events"),
                foreign_columns: vec!["id".into()],
            },
            ForeignKey {
                constraint: "events_organizer_id_fkey".into(),
                table: q("events"),
                columns: vec!["organizer_id".into()],
                foreign_table: q("people"),
                foreign_columns: vec!["id".into()],
            },
        ];
        let used = BTreeMap::from([((q("upcoming"), q("events")), vec!["id".to_string(), "title".to_string()])]);
        inherit_keys(&mut relations, &mut fks, &used);
        assert_eq!(relations[&q("upcoming")].primary_key, ["id"]);
        assert!(fks.iter().any(|fk| fk.table == q("registrations") && fk.foreign_table == q("upcoming")));
        // organizer_id is not shown by the view: that key is not inherited.
        assert!(!fks.iter().any(|fk| fk.table == q("upcoming")));
    }
}
