//! Snapshots of the SQL of computed-relationship embeds and to-many spreads, on the
//! hand-made test schema with two computed relationships added:
//! `organized(people) returns setof events` and `organizer(events) returns setof people rows 1`.

use super::read::{Body, read_statement};
use super::tests::plan;
use crate::rest::test_schema;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::computed;
use crate::schema_cache::model::QualifiedName;

fn cache() -> SchemaCache {
    let mut cache = test_schema::cache();
    let q = |name: &str| QualifiedName::new("public", name);
    computed::apply(
        &mut cache.relationships,
        vec![
            computed::computed(q("organized"), q("people"), q("events"), false),
            computed::computed(q("organizer"), q("events"), q("people"), true),
        ],
    );
    cache
}

#[test]
fn computed_relationship_and_spread_statements() {
    let cache = cache();
    let cases = [
        (
            "read_computed_to_many_inner_filtered_ordered",
            "people",
            "select=full_name,organized!inner(title)&organized.title=like.U*&organized.order=id.desc&organized.limit=2",
            true,
        ),
        (
            "read_computed_to_one_and_related_order",
            "events",
            "select=title,organizer(full_name)&order=organizer(full_name).desc",
            false,
        ),
        (
            "read_to_many_spreads",
            "people",
            "select=full_name,...registrations(id),...roles!inner(role:name)&roles.order=name&registrations=is.null",
            false,
        ),
        (
            "read_to_many_spread_inside_a_to_many_spread",
            "people",
            "select=full_name,...registrations(id,...events(title,...registrations(person_id)))",
            false,
        ),
    ];
    for (name, table, query, count) in cases {
        let plan = plan(&cache, table, query);
        insta::assert_snapshot!(name, read_statement(&plan, count, Body::Json).text);
    }
}
