//! The generator on a cache built by hand: every kind of column, relation and function.

use std::collections::BTreeMap;

use super::typescript;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{
    Action, Column, ForeignKey, Function, FunctionParam, Privileges, QualifiedName, Relation, RelationKind, ReturnType,
};

fn qn(name: &str) -> QualifiedName {
    QualifiedName::new("public", name)
}

fn everyone() -> Privileges {
    let all = [Action::Select, Action::Insert, Action::Update, Action::Delete, Action::Execute];
    Privileges::default().with("anon", &all).with("authenticated", &all)
}

fn column(name: &str, data_type: &str, nullable: bool) -> Column {
    Column {
        name: name.into(),
        data_type: data_type.into(),
        cast_type: data_type.into(),
        nullable,
        ..Column::default()
    }
}

fn table(name: &str, kind: RelationKind, columns: Vec<Column>) -> Relation {
    let writable = kind == RelationKind::Table;
    Relation {
        name: qn(name),
        kind,
        columns,
        primary_key: vec!["id".into()],
        insertable: writable,
        updatable: writable,
        deletable: writable,
        privileges: everyone(),
        ..Relation::default()
    }
}

fn function(name: &str, params: &[(&str, &str, bool)], returns: ReturnType, returns_set: bool) -> Function {
    Function {
        name: qn(name),
        params: params.iter().map(|(name, data_type, default)| FunctionParam::new(name, data_type, *default)).collect(),
        returns,
        returns_set,
        privileges: everyone(),
        ..Function::default()
    }
}

fn cache() -> SchemaCache {
    let events = table(
        "events",
        RelationKind::Table,
        vec![
            Column { identity: true, ..column("id", "bigint", false) },
            column("title", "text", false),
            Column {
                default: Some("'cultural'::public.event_type".into()),
                ..column("kind", "public.event_type", false)
            },
            column("kinds", "public.event_type[]", true),
            column("organizer_id", "uuid", true),
            Column { generated: true, ..column("search", "tsvector", true) },
            column("full name", "character varying(20)", true),
            column("data", "jsonb", true),
        ],
    );
    let view = table("upcoming", RelationKind::View, vec![column("id", "bigint", true), column("title", "text", true)]);
    let people = table("people", RelationKind::Table, vec![column("id", "uuid", false)]);
    let hidden = Relation { privileges: Privileges::default(), ..table("hidden", RelationKind::Table, vec![]) };
    let scalar = |t: &str| ReturnType::Scalar { data_type: t.into() };
    let functions = vec![
        function("add", &[("a", "integer", false), ("b", "integer", true)], scalar("integer"), false),
        function("echo", &[("value", "text", false)], scalar("text"), false),
        function("echo", &[("value", "integer", false)], scalar("integer"), false),
        function("touch", &[], ReturnType::Void, false),
        function(
            "events_after",
            &[("day", "date", false)],
            ReturnType::Composite { type_name: qn("events"), relation: Some(qn("events")) },
            true,
        ),
        function(
            "titles",
            &[],
            ReturnType::Record { columns: vec![("id".into(), "bigint".into()), ("title".into(), "text".into())] },
            true,
        ),
        function("count_keys", &[("", "json", false)], scalar("integer"), false),
        function("kinds", &[("k", "public.event_type", false)], scalar("public.event_type"), true),
        function("on_change", &[], scalar("trigger"), false),
        function("positional", &[("", "integer", false)], scalar("integer"), false),
        Function { privileges: Privileges::default(), ..function("private", &[], ReturnType::Void, false) },
    ];
    let mut by_name: BTreeMap<QualifiedName, Vec<Function>> = BTreeMap::new();
    for f in functions {
        by_name.entry(f.name.clone()).or_default().push(f);
    }
    SchemaCache {
        schemas: vec!["public".into()],
        relations: [events, view, people, hidden].into_iter().map(|r| (r.name.clone(), r)).collect(),
        foreign_keys: vec![ForeignKey {
            constraint: "events_organizer_id_fkey".into(),
            table: qn("events"),
            columns: vec!["organizer_id".into()],
            foreign_table: qn("people"),
            foreign_columns: vec!["id".into()],
        }],
        functions: by_name,
        enums: [(qn("event_type"), vec!["cultural".into(), "religious".into()])].into_iter().collect(),
        ..SchemaCache::default()
    }
}

#[test]
fn the_whole_module() {
    insta::assert_snapshot!(typescript(&cache(), &["public".into()]));
}

#[test]
fn an_empty_schema_has_empty_records() {
    let empty = SchemaCache { schemas: vec!["public".into()], ..SchemaCache::default() };
    let out = typescript(&empty, &["public".into()]);
    for section in ["Tables", "Views", "Functions", "Enums", "CompositeTypes"] {
        assert!(out.contains(&format!("    {section}: {{ [_ in never]: never }};")), "{section}:\n{out}");
    }
}

#[test]
fn unreachable_relations_and_uncallable_functions_are_left_out() {
    let out = typescript(&cache(), &["public".into()]);
    for absent in ["hidden", "private", "on_change", "positional"] {
        assert!(!out.contains(absent), "{absent} should not be generated");
    }
}

#[test]
fn insert_and_update_follow_defaults_nullability_and_generation() {
    let out = typescript(&cache(), &["public".into()]);
    let insert = section_of(&out, "events", "Insert");
    assert!(insert.contains("id?: number;"), "identity: {insert}");
    assert!(insert.contains("title: string;"), "required: {insert}");
    assert!(insert.contains("kind?: Database[\"public\"][\"Enums\"][\"event_type\"];"), "default: {insert}");
    assert!(insert.contains("organizer_id?: string | null;"), "nullable: {insert}");
    assert!(insert.contains("search?: never;"), "generated: {insert}");
    let update = section_of(&out, "events", "Update");
    assert!(update.contains("title?: string;"), "{update}");
    let view = relation_block(&out, "upcoming");
    assert!(view.contains("Row: {"), "{view}");
    assert!(!view.contains("Insert:") && !view.contains("Update:"), "a read-only view: {view}");
}

/// The lines of the relation `relation`, up to its closing brace.
fn relation_block<'a>(out: &'a str, relation: &str) -> &'a str {
    let start = out.find(&format!("      {relation}: {{\n")).expect("relation");
    let rest = &out[start..];
    &rest[..rest.find("\n      };\n").expect("end")]
}

/// The lines of `Name: { … }` inside the relation `relation`.
fn section_of<'a>(out: &'a str, relation: &str, name: &str) -> &'a str {
    let rest = relation_block(out, relation);
    let open = rest.find(&format!("        {name}: {{\n")).expect("section");
    let body = &rest[open..];
    &body[..body.find("        };\n").expect("end")]
}
