//! Embedding as PostgREST resolves it: targets and hints (table, constraint, column,
//! junction), self-references, views, duplicate embeds, computed relationships and spreads,
//! over HTTP on the library fixture (`tests/fixtures/rest_embed.sql`).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::Method;
use serde_json::{Value, json};
use support::TestApp;
use support::rest::{get_json, send};

const FIXTURE: &str = include_str!("fixtures/rest_embed.sql");

async fn library() -> TestApp {
    TestApp::with_fixture(FIXTURE).await
}

async fn error(app: &TestApp, path: &str, status: u16, code: &str) -> Value {
    send(app.service(Method::GET, path)).await.assert_error(status, code)
}

#[tokio::test]
async fn a_column_target_leaves_views_out_of_the_search() {
    let app = library().await;
    // writers_public inherits novels_writer_id_fkey; PostgREST still finds one relationship.
    let rows = get_json(&app, "/novels?select=title,writer_id(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "writer_id": {"name": "Shivarama Karanth"}}]));
    let rows = get_json(&app, "/novels?select=title,editor:novels_editor_fkey(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "editor": {"name": "Kuvempu"}}]));
    // The view is still embeddable by its own name.
    let rows = get_json(&app, "/novels?select=title,writers_public!writer_id(name)&id=eq.3").await;
    assert_eq!(rows, json!([{"title": "Chomana Dudi", "writers_public": {"name": "Shivarama Karanth"}}]));
}

#[tokio::test]
async fn two_embeds_under_one_key_are_refused_as_postgresql_refuses_them() {
    let app = library().await;
    let body = error(&app, "/novels?select=id,writer_id(name),writer_id(country)", 400, "42712").await;
    assert_eq!(body["message"], "table name \"novels_writer_id_1\" specified more than once");
    assert_eq!(body["details"], Value::Null);
    assert_eq!(body["hint"], Value::Null);
    // An alias that repeats the name of another embed collides too; so do nested ones.
    let body =
        error(&app, "/novels?select=id,writers_public!writer_id(name),writers_public:writer_id(id)", 400, "42712")
            .await;
    assert_eq!(body["message"], "table name \"novels_writers_public_1\" specified more than once");
    let body = error(&app, "/writers?select=id,novels!writer_id(id,genres(name),genres(id))", 400, "42712").await;
    assert_eq!(body["message"], "table name \"novels_genres_2\" specified more than once");
    // Different keys for the same relationship are fine.
    let rows = get_json(&app, "/novels?select=id,w:writer_id(name),c:writer_id(country)&id=eq.1").await;
    assert_eq!(rows, json!([{"id": 1, "w": {"name": "Kuvempu"}, "c": {"country": "India"}}]));
}

#[tokio::test]
async fn hints_name_a_constraint_a_column_of_either_side_or_a_junction() {
    let app = library().await;
    let rows = get_json(
        &app,
        "/novels?select=title,writer:writers!novels_writer_id_fkey(name),editor:writers!editor_id(name)&id=eq.1",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"title": "Malegalalli Madumagalu", "writer": {"name": "Kuvempu"}, "editor": {"name": "Shivarama Karanth"}}])
    );
    let rows = get_json(
        &app,
        "/writers?select=name,written:novels!writer_id(title),edited:novels!novels_editor_fkey(title)&id=eq.2&written.order=id",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"name": "Shivarama Karanth", "written": [{"title": "Chomana Dudi"}, {"title": "Marali Mannige"}],
                "edited": [{"title": "Malegalalli Madumagalu"}]}])
    );
    // many-to-many through novel_genres, by table name or with the junction as hint
    let rows = get_json(&app, "/novels?select=title,genres(name)&id=eq.1&genres.order=name").await;
    assert_eq!(rows, json!([{"title": "Malegalalli Madumagalu", "genres": [{"name": "epic"}, {"name": "rural"}]}]));
    let rows = get_json(&app, "/genres?select=name,novels!novel_genres(title)&id=eq.3").await;
    assert_eq!(rows, json!([{"name": "social", "novels": [{"title": "Chomana Dudi"}]}]));
}

#[tokio::test]
async fn a_self_reference_gives_children_by_table_name_and_the_parent_by_column() {
    let app = library().await;
    let rows = get_json(
        &app,
        "/staff?select=name,supervisor:supervisor_id(name),supervisees:staff!supervisor_id(name)&id=eq.2",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"name": "Ganesh", "supervisor": {"name": "Lakshmi"}, "supervisees": [{"name": "Vinay"}]}])
    );
    let rows = get_json(&app, "/staff?select=name,staff(name)&id=eq.1&staff.order=id").await;
    assert_eq!(rows, json!([{"name": "Lakshmi", "staff": [{"name": "Ganesh"}, {"name": "Shreya"}]}]));
    // Nested: the parent's children.
    let rows = get_json(&app, "/staff?select=name,supervisor_id(name,team:staff!supervisor_id(name))&id=eq.4").await;
    assert_eq!(rows, json!([{"name": "Vinay", "supervisor_id": {"name": "Ganesh", "team": [{"name": "Vinay"}]}}]));
    // With a hint, the table name means the children through the hinted column only.
    let body = error(&app, "/staff?select=name,staff!staff_supervisor_id_fkey(name)", 400, "PGRST200").await;
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'staff' and 'staff' using the hint 'staff_supervisor_id_fkey' in the schema 'public', but no matches were found."
    );
}

#[tokio::test]
async fn ambiguity_lists_the_candidates_in_postgrest_order_with_its_texts() {
    let app = library().await;
    let body = error(&app, "/novels?select=title,writers(name)", 300, "PGRST201").await;
    assert_eq!(
        body,
        json!({
            "code": "PGRST201",
            "message": "Could not embed because more than one relationship was found for 'novels' and 'writers'",
            "details": [
                {"cardinality": "many-to-one", "embedding": "novels with writers",
                 "relationship": "novels_editor_fkey using novels(editor_id) and writers(id)"},
                {"cardinality": "many-to-one", "embedding": "novels with writers",
                 "relationship": "novels_writer_id_fkey using novels(writer_id) and writers(id)"},
            ],
            "hint": "Try changing 'writers' to one of the following: 'writers!novels_editor_fkey', 'writers!novels_writer_id_fkey'. Find the desired relationship in the 'details' key.",
        })
    );
    let body = error(&app, "/writers?select=novels(title)", 300, "PGRST201").await;
    assert_eq!(
        body["details"],
        json!([
            {"cardinality": "one-to-many", "embedding": "writers with novels",
             "relationship": "novels_editor_fkey using writers(id) and novels(editor_id)"},
            {"cardinality": "one-to-many", "embedding": "writers with novels",
             "relationship": "novels_writer_id_fkey using writers(id) and novels(writer_id)"},
        ])
    );
    let body = error(&app, "/novels?select=writers!nope(name)", 400, "PGRST200").await;
    assert_eq!(body["message"], "Could not find a relationship between 'novels' and 'writers' in the schema cache");
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'novels' and 'writers' using the hint 'nope' in the schema 'public', but no matches were found."
    );
    let body = error(&app, "/genres?select=staff(name)", 400, "PGRST200").await;
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'genres' and 'staff' in the schema 'public', but no matches were found."
    );
}

#[tokio::test]
async fn computed_relationships_embed_like_foreign_keys() {
    let app = library().await;
    // setof: an array, with filters, order and limit inside
    let rows = get_json(&app, "/writers?select=name,works(title)&id=eq.1&works.order=year").await;
    assert_eq!(
        rows,
        json!([{"name": "Kuvempu", "works": [{"title": "Kanuru Heggadithi"}, {"title": "Malegalalli Madumagalu"}]}])
    );
    let rows = get_json(&app, "/writers?select=name,works(title)&id=eq.1&works.year=gt.1950&works.limit=5").await;
    assert_eq!(rows, json!([{"name": "Kuvempu", "works": [{"title": "Malegalalli Madumagalu"}]}]));
    // rows 1: an object or null
    let rows = get_json(&app, "/writers?select=name,latest_novel(title)&order=id").await;
    assert_eq!(
        rows,
        json!([
            {"name": "Kuvempu", "latest_novel": {"title": "Malegalalli Madumagalu"}},
            {"name": "Shivarama Karanth", "latest_novel": {"title": "Marali Mannige"}},
            {"name": "Anita Desai", "latest_novel": null},
        ])
    );
    // !inner drops the writers without a matching work; so does a null filter
    let rows = get_json(&app, "/writers?select=name,works!inner(title)&works.year=lt.1940&order=id").await;
    assert_eq!(
        rows,
        json!([
            {"name": "Kuvempu", "works": [{"title": "Kanuru Heggadithi"}]},
            {"name": "Shivarama Karanth", "works": [{"title": "Chomana Dudi"}]},
        ])
    );
    let rows = get_json(&app, "/writers?select=name,latest_novel()&latest_novel=is.null").await;
    assert_eq!(rows, json!([{"name": "Anita Desai"}]));
    // ordering the parent by a to-one computed embed, and nesting foreign keys inside
    let rows = get_json(
        &app,
        "/writers?select=name,latest_novel(year,genres(name))&order=latest_novel(year).desc.nullslast&limit=2",
    )
    .await;
    assert_eq!(
        rows,
        json!([
            {"name": "Kuvempu", "latest_novel": {"year": 1967, "genres": [{"name": "epic"}, {"name": "rural"}]}},
            {"name": "Shivarama Karanth", "latest_novel": {"year": 1941, "genres": []}},
        ])
    );
    // self-references through functions
    let rows = get_json(&app, "/staff?select=name,supervisor(name),supervisees(name)&id=eq.2").await;
    assert_eq!(
        rows,
        json!([{"name": "Ganesh", "supervisor": {"name": "Lakshmi"}, "supervisees": [{"name": "Vinay"}]}])
    );
}

#[tokio::test]
async fn a_computed_relationship_named_like_a_table_overrides_its_foreign_keys() {
    let app = library().await;
    // awards has two foreign keys to writers; writers(awards) replaces both.
    let rows = get_json(&app, "/awards?select=name,writers(name)&order=id").await;
    assert_eq!(
        rows,
        json!([{"name": "Jnanpith", "writers": {"name": "Kuvempu"}}, {"name": "Pampa", "writers": {"name": "Shivarama Karanth"}}])
    );
    // The foreign keys themselves are gone from that search: as in PostgREST, a computed
    // relationship answers to its name whatever the hint.
    let rows = get_json(&app, "/awards?select=name,writers!awards_nominee_fkey(name)&id=eq.1").await;
    assert_eq!(rows, json!([{"name": "Jnanpith", "writers": {"name": "Kuvempu"}}]));
    // Nor does a column find them any more.
    error(&app, "/awards?select=name,nominee_id(name)", 400, "PGRST200").await;
}

#[tokio::test]
async fn to_many_spreads_give_arrays_of_the_column_values() {
    let app = library().await;
    // computed, in the embed's order
    let rows = get_json(&app, "/writers?select=name,...works(title,year)&id=eq.1&works.order=year").await;
    assert_eq!(
        rows,
        json!([{"name": "Kuvempu", "title": ["Kanuru Heggadithi", "Malegalalli Madumagalu"], "year": [1936, 1967]}])
    );
    // one-to-many by foreign key, aliased, [] without rows
    let rows = get_json(&app, "/writers?select=name,...novels!writer_id(titles:title)&order=id&novels.order=id").await;
    assert_eq!(
        rows,
        json!([
            {"name": "Kuvempu", "titles": ["Malegalalli Madumagalu", "Kanuru Heggadithi"]},
            {"name": "Shivarama Karanth", "titles": ["Chomana Dudi", "Marali Mannige"]},
            {"name": "Anita Desai", "titles": []},
        ])
    );
    // many-to-many, and nested embeds and to-one spreads inside
    let rows = get_json(&app, "/novels?select=title,...genres(genre:name)&id=eq.1&genres.order=name").await;
    assert_eq!(rows, json!([{"title": "Malegalalli Madumagalu", "genre": ["epic", "rural"]}]));
    let rows = get_json(
        &app,
        "/writers?select=name,...works(title,genres(name),...novels_editor_fkey(editor:name))&id=eq.1&works.order=id&works.genres.order=name",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"name": "Kuvempu", "title": ["Malegalalli Madumagalu", "Kanuru Heggadithi"],
                "genres": [[{"name": "epic"}, {"name": "rural"}], [{"name": "rural"}]],
                "editor": ["Shivarama Karanth", null]}])
    );
    // !inner and null filters select parents as on any embed
    let rows = get_json(&app, "/writers?select=name,...works!inner(title)&works.year=gt.1950").await;
    assert_eq!(rows, json!([{"name": "Kuvempu", "title": ["Malegalalli Madumagalu"]}]));
    let rows = get_json(&app, "/writers?select=name,...works(title)&works=is.null").await;
    assert_eq!(rows, json!([{"name": "Anita Desai", "title": []}]));
    // to-one spreads still lift plain values
    let rows = get_json(&app, "/novels?select=title,...writer_id(author:name)&id=eq.2").await;
    assert_eq!(rows, json!([{"title": "Kanuru Heggadithi", "author": "Kuvempu"}]));
    // A to-many spread inside another joins its rows: values repeat as in PostgREST.
    let rows = get_json(
        &app,
        "/writers?select=name,...works(title,...genres(genre:name))&id=eq.1&works.order=id&works.genres.order=name",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"name": "Kuvempu", "title": ["Malegalalli Madumagalu", "Malegalalli Madumagalu", "Kanuru Heggadithi"],
                "genre": ["epic", "rural", "rural"]}])
    );
    error(&app, "/writers?select=name,...works(title,...genres(name))&works.genres=is.null", 400, "PGRST127").await;
}

#[tokio::test]
async fn a_write_returns_computed_embeds_in_its_representation() {
    let app = library().await;
    app.sql("grant insert on public.writers to service_role").await;
    let answer = send(
        app.service(Method::POST, "/writers?select=name,works(title),latest_novel(title)")
            .header("Prefer", "return=representation")
            .json(&json!({"id": 9, "name": "Vaidehi"})),
    )
    .await;
    assert_eq!(answer.status.as_u16(), 201, "{}", answer.text);
    assert_eq!(answer.json(), json!([{"name": "Vaidehi", "works": [], "latest_novel": null}]));
}

#[tokio::test]
async fn relations_outside_the_schema_are_not_embeddable() {
    let app = library().await;
    let body = error(&app, "/readers?select=name,users(id)", 400, "PGRST200").await;
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'readers' and 'users' in the schema 'public', but no matches were found."
    );
}
