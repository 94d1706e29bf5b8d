//! Relationships between relations, derived from foreign keys the way PostgREST does:
//! many-to-one and one-to-one from the side holding the key, one-to-many from the other,
//! and many-to-many through a junction whose foreign-key columns are all part of its
//! primary key (or a unique key).

use std::collections::BTreeMap;

use super::model::{Cardinality, ForeignKey, Junction, QualifiedName, Relation, Relationship};
use super::relationship_order;

pub fn derive(
    relations: &BTreeMap<QualifiedName, Relation>,
    foreign_keys: &[ForeignKey],
) -> BTreeMap<QualifiedName, Vec<Relationship>> {
    let mut by_relation: BTreeMap<QualifiedName, Vec<Relationship>> = BTreeMap::new();
    let unique_in = |name: &QualifiedName, columns: &[String]| {
        relations.get(name).is_some_and(|relation| relation.is_unique(columns))
    };
    for fk in foreign_keys {
        let one_to_one = unique_in(&fk.table, &fk.columns);
        by_relation.entry(fk.table.clone()).or_default().push(Relationship {
            from: fk.table.clone(),
            to: fk.foreign_table.clone(),
            foreign_key: fk.clone(),
            cardinality: if one_to_one { Cardinality::OneToOne } else { Cardinality::ManyToOne },
        });
        by_relation.entry(fk.foreign_table.clone()).or_default().push(Relationship {
            from: fk.foreign_table.clone(),
            to: fk.table.clone(),
            foreign_key: fk.clone(),
            cardinality: if one_to_one { Cardinality::OneToOne } else { Cardinality::OneToMany },
        });
    }
    for (junction, relation) in relations {
        let keys: Vec<&ForeignKey> = foreign_keys.iter().filter(|fk| &fk.table == junction).collect();
        let in_key = |fk: &ForeignKey| {
            let key_columns: Vec<&String> = std::iter::once(&relation.primary_key)
                .chain(relation.unique_keys.iter())
                .flat_map(|key| key.iter())
                .collect();
            fk.columns.iter().all(|c| key_columns.contains(&c))
        };
        for (i, to_from) in keys.iter().enumerate() {
            for (j, to_target) in keys.iter().enumerate() {
                if i == j || !in_key(to_from) || !in_key(to_target) {
                    continue;
                }
                if to_from.columns.iter().any(|c| to_target.columns.contains(c)) {
                    continue;
                }
                by_relation.entry(to_from.foreign_table.clone()).or_default().push(Relationship {
                    from: to_from.foreign_table.clone(),
                    to: to_target.foreign_table.clone(),
                    foreign_key: (*to_from).clone(),
                    cardinality: Cardinality::ManyToMany(Box::new(Junction {
                        relation: junction.clone(),
                        to_from: (*to_from).clone(),
                        to_target: (*to_target).clone(),
                    })),
                });
            }
        }
    }
    sort_all(&mut by_relation, relations);
    by_relation
}

/// Puts every relation's relationships in PostgREST's order.
pub fn sort_all(
    by_relation: &mut BTreeMap<QualifiedName, Vec<Relationship>>,
    relations: &BTreeMap<QualifiedName, Relation>,
) {
    for list in by_relation.values_mut() {
        relationship_order::sort(list, relations);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_cache::model::RelationKind;

    fn relation(name: &str, pk: &[&str]) -> (QualifiedName, Relation) {
        let qn = QualifiedName::new("public", name);
        (
            qn.clone(),
            Relation {
                name: qn,
                kind: RelationKind::Table,
                columns: Vec::new(),
                primary_key: pk.iter().map(|s| s.to_string()).collect(),
                unique_keys: Vec::new(),
                insertable: true,
                updatable: true,
                deletable: true,
                ..Default::default()
            },
        )
    }

    fn fk(name: &str, table: &str, columns: &[&str], target: &str) -> ForeignKey {
        ForeignKey {
            constraint: name.into(),
            table: QualifiedName::new("public", table),
            columns: columns.iter().map(|s| s.to_string()).collect(),
            foreign_table: QualifiedName::new("public", target),
            foreign_columns: vec!["id".into()],
        }
    }

    #[test]
    fn a_foreign_key_gives_many_to_one_and_one_to_many() {
        let relations = BTreeMap::from([relation("events", &["id"]), relation("registrations", &["id"])]);
        let keys = [fk("registrations_event_id_fkey", "registrations", &["event_id"], "events")];
        let derived = derive(&relations, &keys);
        let up = &derived[&QualifiedName::new("public", "registrations")][0];
        assert_eq!(up.cardinality, Cardinality::ManyToOne);
        assert_eq!(up.join_columns(), [("event_id".to_string(), "id".to_string())]);
        let down = &derived[&QualifiedName::new("public", "events")][0];
        assert_eq!(down.cardinality, Cardinality::OneToMany);
        assert_eq!(down.join_columns(), [("id".to_string(), "event_id".to_string())]);
    }

    #[test]
    fn a_unique_foreign_key_is_one_to_one_both_ways() {
        let relations = BTreeMap::from([relation("users", &["id"]), relation("members", &["user_id"])]);
        let keys = [fk("members_user_id_fkey", "members", &["user_id"], "users")];
        let derived = derive(&relations, &keys);
        assert_eq!(derived[&QualifiedName::new("public", "users")][0].cardinality, Cardinality::OneToOne);
        assert!(derived[&QualifiedName::new("public", "users")][0].is_to_one());
        assert_eq!(
            derived[&QualifiedName::new("public", "users")][0].join_columns(),
            [("id".to_string(), "user_id".to_string())]
        );
    }

    #[test]
    fn a_junction_whose_key_holds_both_foreign_keys_gives_many_to_many() {
        let relations = BTreeMap::from([
            relation("users", &["id"]),
            relation("roles", &["id"]),
            relation("user_roles", &["user_id", "role_id"]),
        ]);
        let keys = [
            fk("user_roles_user_id_fkey", "user_roles", &["user_id"], "users"),
            fk("user_roles_role_id_fkey", "user_roles", &["role_id"], "roles"),
        ];
        let derived = derive(&relations, &keys);
        let from_users = &derived[&QualifiedName::new("public", "users")];
        assert!(
            from_users.iter().any(|r| r.to == QualifiedName::new("public", "roles")
                && matches!(r.cardinality, Cardinality::ManyToMany(_)))
        );
    }
}
