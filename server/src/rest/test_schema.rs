//! A small schema cache built by hand, for planner and SQL tests that run without a database:
//! people, events (two foreign keys to people), registrations (events ↔ people), roles and
//! person_roles (a junction), and functions of each return shape.

use std::collections::BTreeMap;

use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{
    Column, ForeignKey, Function, FunctionParam, QualifiedName, Relation, ReturnType, Volatility,
};
use crate::schema_cache::relationships;

fn name(table: &str) -> QualifiedName {
    QualifiedName::new("public", table)
}

fn relation(table: &str, columns: &[(&str, &str)], primary_key: &[&str]) -> Relation {
    Relation {
        name: name(table),
        columns: columns
            .iter()
            .map(|(column, data_type)| Column {
                name: (*column).into(),
                data_type: (*data_type).into(),
                cast_type: (*data_type).into(),
                nullable: true,
                default: (*column == "id").then(|| format!("nextval('{table}_id_seq'::regclass)")),
                ..Column::default()
            })
            .collect(),
        primary_key: primary_key.iter().map(|c| c.to_string()).collect(),
        insertable: true,
        updatable: true,
        deletable: true,
        ..Relation::default()
    }
}

fn fk(constraint: &str, table: &str, column: &str, foreign_table: &str) -> ForeignKey {
    ForeignKey {
        constraint: constraint.into(),
        table: name(table),
        columns: vec![column.into()],
        foreign_table: name(foreign_table),
        foreign_columns: vec!["id".into()],
    }
}

pub fn cache() -> SchemaCache {
    let relations: BTreeMap<QualifiedName, Relation> = [
        relation("people", &[("id", "uuid"), ("full_name", "text"), ("data", "jsonb"), ("tags", "text[]")], &["id"]),
        relation(
            "events",
            &[
                ("id", "bigint"),
                ("title", "text"),
                ("organizer_id", "uuid"),
                ("contact_id", "uuid"),
                ("search", "tsvector"),
            ],
            &["id"],
        ),
        relation("registrations", &[("id", "bigint"), ("event_id", "bigint"), ("person_id", "uuid")], &["id"]),
        relation("roles", &[("id", "integer"), ("name", "text")], &["id"]),
        relation("person_roles", &[("person_id", "uuid"), ("role_id", "integer")], &["person_id", "role_id"]),
    ]
    .into_iter()
    .map(|r| (r.name.clone(), r))
    .collect();
    let foreign_keys = vec![
        fk("events_organizer_id_fkey", "events", "organizer_id", "people"),
        fk("events_contact_id_fkey", "events", "contact_id", "people"),
        fk("registrations_event_id_fkey", "registrations", "event_id", "events"),
        fk("registrations_person_id_fkey", "registrations", "person_id", "people"),
        fk("person_roles_person_id_fkey", "person_roles", "person_id", "people"),
        fk("person_roles_role_id_fkey", "person_roles", "role_id", "roles"),
    ];
    let relationships = relationships::derive(&relations, &foreign_keys);
    let function = |fname: &str, params: &[(&str, &str)], returns: ReturnType, returns_set: bool| Function {
        name: name(fname),
        params: params.iter().map(|(p, t)| FunctionParam::new(p, t, false)).collect(),
        returns,
        returns_set,
        volatility: Volatility::Stable,
        ..Function::default()
    };
    let functions = [
        function(
            "add",
            &[("a", "integer"), ("b", "integer")],
            ReturnType::Scalar { data_type: "integer".into() },
            false,
        ),
        function(
            "events_after",
            &[("day", "date")],
            ReturnType::Composite { type_name: name("events"), relation: Some(name("events")) },
            true,
        ),
        function("touch", &[], ReturnType::Void, false),
        // One unnamed parameter taking the whole body; a set of a base type.
        function("count_keys", &[("", "json")], ReturnType::Scalar { data_type: "integer".into() }, false),
        function("numbers_upto", &[("n", "integer")], ReturnType::Scalar { data_type: "integer".into() }, true),
    ]
    .into_iter()
    .map(|f| (f.name.clone(), vec![f]))
    .collect();
    SchemaCache {
        schemas: vec!["public".into()],
        relations,
        foreign_keys,
        functions,
        relationships,
        enums: BTreeMap::new(),
        role_settings: BTreeMap::new(),
        aggregate_handlers: BTreeMap::new(),
    }
}
