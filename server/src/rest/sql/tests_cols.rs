//! Snapshots of the SQL of computed columns and aggregates (on the hand-built test schema,
//! with a computed column `people.initials` added).

use super::read::{Body, read_statement};
use super::tests::show;
use crate::rest::plan::ReadPlan;
use crate::rest::test_schema;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Function, FunctionParam, QualifiedName, ReturnType};

fn cache() -> SchemaCache {
    let mut cache = test_schema::cache();
    let initials = Function {
        name: QualifiedName::new("public", "initials"),
        params: vec![FunctionParam::new("", "public.people", false)],
        returns: ReturnType::Scalar { data_type: "text".into() },
        ..Function::default()
    };
    cache.functions.insert(initials.name.clone(), vec![initials]);
    cache
}

pub(super) fn plan(cache: &SchemaCache, table: &str, query: &str) -> ReadPlan {
    super::tests::plan_with(cache, table, query, true)
}

#[test]
fn computed_columns_call_the_function_on_the_row() {
    let cache = cache();
    let cases = [
        ("read_computed_column", "people", "select=id,initials,i:initials::varchar&initials=eq.AB&order=initials.desc"),
        ("read_computed_column_in_embed", "events", "select=id,people!organizer_id(initials)&people.initials=like.A*"),
    ];
    for (name, table, query) in cases {
        let plan = plan(&cache, table, query);
        insta::assert_snapshot!(name, show(&read_statement(&plan, false, Body::Json)));
    }
}

#[test]
fn plain_columns_carry_no_computed_columns() {
    let cache = cache();
    let plan = plan(&cache, "people", "select=id,full_name&full_name=eq.x&order=id");
    assert!(plan.columns.computed.is_empty());
}

#[test]
fn aggregates_group_by_every_other_output() {
    let cache = cache();
    let cases = [
        ("read_aggregate_all_rows", "events", "select=count(),n:id.count()::text,id::int.sum()&title=eq.x"),
        (
            "read_aggregate_grouped",
            "events",
            "select=title,total:id.sum(),id.avg()::int,id.max(),id.min()&order=title&limit=5",
        ),
        ("read_aggregate_in_embed", "people", "select=id,registrations(event_id,count())"),
        (
            "read_aggregate_grouped_by_embeds",
            "events",
            "select=count(),organizer:people!organizer_id(full_name),...people!contact_id(contact:full_name),registrations(id)",
        ),
        ("read_aggregate_star_and_json_path", "people", "select=*,data->>n::int.sum()"),
        (
            "read_aggregate_lifted_from_spread",
            "events",
            "select=title,...people!organizer_id(full_name,n:id.count(),data->>k::int.sum()::text)",
        ),
    ];
    for (name, table, query) in cases {
        let plan = plan(&cache, table, query);
        insta::assert_snapshot!(name, show(&read_statement(&plan, false, Body::Json)));
    }
}
