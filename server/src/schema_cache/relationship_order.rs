//! The order PostgREST keeps each relation's relationships in (its derived `Ord` on
//! `Relationship`): the order of the candidates a 300 PGRST201 lists.
//!
//! Foreign-key relationships come first, by target relation, self-reference, then cardinality
//! (one-to-many, many-to-one, one-to-one, many-to-many) with its constraint and columns, then
//! whether either end is a view; computed relationships follow, by function.

use std::collections::BTreeMap;

use super::model::{Cardinality, QualifiedName, Relation, RelationKind, Relationship};

type Pairs<'a> = Vec<(&'a str, &'a str)>;

#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum CardinalityKey<'a> {
    OneToMany(&'a str, Pairs<'a>),
    ManyToOne(&'a str, Pairs<'a>),
    OneToOne(&'a str, Pairs<'a>, bool),
    ManyToMany(&'a QualifiedName, &'a str, &'a str, Pairs<'a>, Pairs<'a>),
}

/// Foreign-key relationships sort before computed ones (PostgREST's constructor order).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key<'a> {
    ForeignKey { to: &'a QualifiedName, is_self: bool, cardinality: CardinalityKey<'a>, from_view: bool, to_view: bool },
    Computed { function: &'a QualifiedName, to: &'a QualifiedName },
}

/// Sorts one relation's relationships as PostgREST does.
pub fn sort(list: &mut [Relationship], relations: &BTreeMap<QualifiedName, Relation>) {
    list.sort_by(|a, b| key(a, relations).cmp(&key(b, relations)));
}

fn key<'a>(r: &'a Relationship, relations: &BTreeMap<QualifiedName, Relation>) -> Key<'a> {
    let fk = &r.foreign_key;
    let zip = |left: &'a [String], right: &'a [String]| -> Pairs<'a> {
        left.iter().map(String::as_str).zip(right.iter().map(String::as_str)).collect()
    };
    // (column of `from`, column of `to`), as PostgREST's `relColumns`.
    let (from_columns, to_columns) =
        if fk.table == r.from { (&fk.columns, &fk.foreign_columns) } else { (&fk.foreign_columns, &fk.columns) };
    let cardinality = match &r.cardinality {
        Cardinality::Computed { function, .. } => return Key::Computed { function, to: &r.to },
        Cardinality::OneToMany => CardinalityKey::OneToMany(&fk.constraint, zip(from_columns, to_columns)),
        Cardinality::ManyToOne => CardinalityKey::ManyToOne(&fk.constraint, zip(from_columns, to_columns)),
        Cardinality::OneToOne => {
            CardinalityKey::OneToOne(&fk.constraint, zip(from_columns, to_columns), fk.table != r.from)
        }
        Cardinality::ManyToMany(junction) => CardinalityKey::ManyToMany(
            &junction.relation,
            &junction.to_from.constraint,
            &junction.to_target.constraint,
            zip(&junction.to_from.foreign_columns, &junction.to_from.columns),
            zip(&junction.to_target.foreign_columns, &junction.to_target.columns),
        ),
    };
    let is_view = |name: &QualifiedName| {
        relations.get(name).is_some_and(|r| matches!(r.kind, RelationKind::View | RelationKind::MaterializedView))
    };
    Key::ForeignKey {
        to: &r.to,
        is_self: r.from == r.to,
        cardinality,
        from_view: is_view(&r.from),
        to_view: is_view(&r.to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_cache::model::ForeignKey;
    use crate::schema_cache::relationships::derive;

    fn table(name: &str, pk: &[&str]) -> (QualifiedName, Relation) {
        let qn = QualifiedName::new("public", name);
        let primary_key = pk.iter().map(|c| c.to_string()).collect();
        (qn.clone(), Relation { name: qn, primary_key, ..Relation::default() })
    }

    fn fk(constraint: &str, table: &str, column: &str, target: &str) -> ForeignKey {
        ForeignKey {
            constraint: constraint.into(),
            table: QualifiedName::new("public", table),
            columns: vec![column.into()],
            foreign_table: QualifiedName::new("public", target),
            foreign_columns: vec!["id".into()],
        }
    }

    #[test]
    fn candidates_are_ordered_by_target_then_cardinality_then_constraint() {
        // agents and departments reference each other; jobs joins sites and projects, and
        // sites also has a many-to-one to projects (PostgREST's EmbedDisambiguationSpec).
        let relations = BTreeMap::from([
            table("agents", &["id"]),
            table("departments", &["id"]),
            table("sites", &["id"]),
            table("projects", &["id"]),
            table("jobs", &["site_id", "project_id"]),
        ]);
        let keys = [
            fk("agents_department_id_fkey", "agents", "department_id", "departments"),
            fk("departments_head_id_fkey", "departments", "head_id", "agents"),
            fk("main_project", "sites", "main_project_id", "projects"),
            fk("jobs_site_id_fkey", "jobs", "site_id", "sites"),
            fk("jobs_project_id_fkey", "jobs", "project_id", "projects"),
        ];
        let derived = derive(&relations, &keys);
        let constraints = |from: &str, to: &str| -> Vec<String> {
            derived[&QualifiedName::new("public", from)]
                .iter()
                .filter(|r| r.to.name == to)
                .map(|r| match &r.cardinality {
                    Cardinality::ManyToMany(junction) => junction.relation.name.clone(),
                    _ => r.foreign_key.constraint.clone(),
                })
                .collect()
        };
        assert_eq!(constraints("agents", "departments"), ["departments_head_id_fkey", "agents_department_id_fkey"]);
        assert_eq!(constraints("sites", "projects"), ["main_project", "jobs"]);
        let targets: Vec<&str> =
            derived[&QualifiedName::new("public", "sites")].iter().map(|r| r.to.name.as_str()).collect();
        assert_eq!(targets, ["jobs", "projects", "projects"]);
    }
}
