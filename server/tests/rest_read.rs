//! GET and HEAD on tables and views: selection, embedding, filters, ordering, paging, counts
//! and media types, over HTTP on the fixture schema.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::{ASHA, get_json, send};

#[tokio::test]
async fn columns_aliases_casts_and_json_paths_are_selected() {
    let app = TestApp::with_rest_fixture().await;
    let rows = get_json(&app, "/notes?select=id,text:body,id_text:id::text,data->a->>b,n:data->n&id=eq.1").await;
    assert_eq!(rows, json!([{"id": 1, "text": "Cats and dogs play together", "id_text": "1", "b": "x", "n": 5}]));

    let rows = get_json(&app, "/people?select=%22full_name%22&order=full_name&limit=1").await;
    assert_eq!(rows, json!([{"full_name": "Asha Bhat"}]));
}

#[tokio::test]
async fn values_are_formatted_by_postgresql() {
    let app = TestApp::with_rest_fixture().await;
    let rows = get_json(&app, &format!("/people?select=created_at,email&id=eq.{}", support::rest::ASHA)).await;
    assert_eq!(rows, json!([{"created_at": "2026-01-01T10:00:00+00:00", "email": "asha@example.org"}]));
    let rows = get_json(&app, "/notes?select=tags,period&id=eq.1").await;
    assert_eq!(rows, json!([{"tags": ["pets", "home"], "period": "[1,10)"}]));
}

#[tokio::test]
async fn embeds_follow_every_cardinality() {
    let app = TestApp::with_rest_fixture().await;
    // many-to-one (disambiguated by column), one-to-many
    let rows = get_json(
        &app,
        "/events?select=title,organizer:people!organizer_id(full_name),registrations(person_id)&order=id&limit=1",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"title": "Ugadi celebration", "organizer": {"full_name": "Asha Bhat"},
                "registrations": [{"person_id": ASHA}, {"person_id": support::rest::RAVI}]}])
    );
    // one-to-one is an object (or null), many-to-many an array
    let rows = get_json(&app, "/people?select=full_name,profiles(bio),roles(name)&order=full_name").await;
    assert_eq!(
        rows,
        json!([
            {"full_name": "Asha Bhat", "profiles": {"bio": "Teacher"}, "roles": [{"name": "member"}, {"name": "trustee"}]},
            {"full_name": "Meera Joshi", "profiles": null, "roles": []},
            {"full_name": "Ravi Hegde", "profiles": null, "roles": [{"name": "member"}]},
        ])
    );
    // by constraint name, nested
    let rows = get_json(
        &app,
        "/registrations?select=id,events(title,contact:people!events_contact_id_fkey(full_name))&id=eq.3",
    )
    .await;
    assert_eq!(
        rows,
        json!([{"id": 3, "events": {"title": "Scholarship workshop", "contact": {"full_name": "Ravi Hegde"}}}])
    );
}

#[tokio::test]
async fn an_ambiguous_embed_is_300_pgrst201_and_a_missing_one_400_pgrst200() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.service(Method::GET, "/events?select=*,people(*)")).await;
    let body = answer.assert_error(300, "PGRST201");
    assert_eq!(body["details"].as_array().unwrap().len(), 3);
    assert!(body["hint"].as_str().unwrap().contains("people!events_organizer_id_fkey"));

    let answer = send(app.service(Method::GET, "/roles?select=*,events(*)")).await;
    answer.assert_error(400, "PGRST200");
}

#[tokio::test]
async fn inner_embeds_and_embed_null_filters_drop_parents() {
    let app = TestApp::with_rest_fixture().await;
    let rows =
        get_json(&app, "/events?select=title,people!organizer_id!inner(full_name)&people.full_name=eq.Ravi%20Hegde")
            .await;
    assert_eq!(rows, json!([{"title": "Scholarship workshop", "people": {"full_name": "Ravi Hegde"}}]));

    // Without !inner the parent stays, with a null embed.
    let rows =
        get_json(&app, "/events?select=id,people!organizer_id(full_name)&people.full_name=eq.Ravi%20Hegde&order=id")
            .await;
    assert_eq!(rows.as_array().unwrap().len(), 3);
    assert_eq!(rows[0]["people"], json!(null));

    // Anti-join: people with no registrations.
    let rows = get_json(&app, "/people?select=full_name,registrations()&registrations=is.null").await;
    assert_eq!(rows, json!([]));
    let rows = get_json(&app, "/people?select=full_name,person_roles()&person_roles=is.null").await;
    assert_eq!(rows, json!([{"full_name": "Meera Joshi"}]));
    let rows = get_json(&app, "/people?select=full_name,person_roles()&person_roles=not.is.null&order=full_name").await;
    assert_eq!(rows, json!([{"full_name": "Asha Bhat"}, {"full_name": "Ravi Hegde"}]));

    let answer = send(app.service(Method::GET, "/people?select=full_name,person_roles()&person_roles=eq.1")).await;
    answer.assert_error(400, "PGRST120");
}

#[tokio::test]
async fn embedded_order_limit_and_filters_apply_inside_the_embed() {
    let app = TestApp::with_rest_fixture().await;
    let rows = get_json(
        &app,
        "/people?select=full_name,roles(name)&roles.order=name.desc&roles.limit=1&id=eq.00000000-0000-0000-0000-000000000001",
    )
    .await;
    assert_eq!(rows, json!([{"full_name": "Asha Bhat", "roles": [{"name": "trustee"}]}]));
    let rows = get_json(&app, &format!("/people?select=id,roles(name)&roles.or=(name.eq.member)&id=eq.{ASHA}")).await;
    assert_eq!(rows, json!([{"id": ASHA, "roles": [{"name": "member"}]}]));

    let answer = send(app.service(Method::GET, "/people?select=id&roles.name=eq.x")).await;
    answer.assert_error(400, "PGRST108");
}

#[tokio::test]
async fn spread_lifts_to_one_columns() {
    let app = TestApp::with_rest_fixture().await;
    let rows = get_json(&app, "/events?select=title,...people!organizer_id(organizer:full_name)&id=eq.2").await;
    assert_eq!(rows, json!([{"title": "Scholarship workshop", "organizer": "Ravi Hegde"}]));
}

#[tokio::test]
async fn every_filter_operator_works() {
    let app = TestApp::with_rest_fixture().await;
    let ids = |rows: serde_json::Value| -> Vec<i64> {
        rows.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
    };
    let cases: &[(&str, &[i64])] = &[
        ("id=eq.2", &[2]),
        ("id=neq.2", &[1, 3]),
        ("id=gt.1", &[2, 3]),
        ("id=gte.2", &[2, 3]),
        ("id=lt.2", &[1]),
        ("id=lte.2", &[1, 2]),
        ("id=in.(1,3)", &[1, 3]),
        ("id=not.in.(1,3)", &[2]),
        ("id=in.()", &[]),
        ("title=like.*celebration", &[1]),
        ("title=ilike.%25WORKSHOP%25", &[2]),
        ("title=match.^S", &[2, 3]),
        ("title=imatch.^s.*pooja$", &[3]),
        ("max_attendees=is.null", &[3]),
        ("max_attendees=not.is.null", &[1, 2]),
        ("max_attendees=isdistinct.100", &[2, 3]),
        ("event_type=eq.religious", &[3]),
        ("event_date=gt.2025-01-01", &[1, 2]),
        ("id=eq(any).{1,2}", &[1, 2]),
        ("title=like(any).{Ugadi*,Satya*}", &[1, 3]),
        ("title=like(all).{*a*,*o*}", &[1, 2, 3]),
        ("or=(id.eq.1,and(id.gt.2,title.ilike.*pooja))", &[1, 3]),
        ("not.or=(id.eq.1,id.eq.2)", &[3]),
        ("and=(id.gte.2,or(max_attendees.is.null,max_attendees.lt.50))", &[2, 3]),
        ("title=in.(%22Ugadi celebration%22,x)", &[1]),
        ("id=gt.1&id=lt.3", &[2]),
    ];
    for (filter, expected) in cases {
        let rows = get_json(&app, &format!("/events?select=id&order=id&{filter}")).await;
        assert_eq!(ids(rows), *expected, "{filter}");
    }
    let note_cases: &[(&str, &[i64])] = &[
        ("tags=cs.{pets}", &[1]),
        ("tags=cd.{pets,home,x}", &[1, 2]),
        ("tags=ov.{temple,x}", &[3]),
        ("period=sl.[15,16)", &[1]),
        ("period=sr.[15,16)", &[3]),
        ("period=adj.[10,12)", &[1]),
        ("period=nxr.[1,11)", &[1]),
        ("period=nxl.[20,40)", &[3]),
        ("data=cs.{%22n%22:7}", &[3]),
        ("data->>n=eq.5", &[1]),
        ("data->n=gt.6", &[3]),
        ("data->a->>b=eq.x", &[1]),
        ("search=fts.cat", &[1]),
        ("search=plfts(english).dogs play", &[1]),
        ("search=phfts.timings changed", &[3]),
        ("search=wfts(english).temple -cats", &[3]),
        ("body=fts(english).thought", &[2]),
        ("is_public=is.true", &[1, 3]),
        ("is_public=is.false", &[2]),
    ];
    for (filter, expected) in note_cases {
        let rows = get_json(&app, &format!("/notes?select=id&order=id&{filter}")).await;
        assert_eq!(ids(rows), *expected, "{filter}");
    }
}

#[tokio::test]
async fn an_unknown_column_or_operator_is_a_400_before_any_query() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.service(Method::GET, "/events?select=nope")).await;
    let body = answer.assert_error(400, "42703");
    assert_eq!(body["message"], "column events.nope does not exist");
    send(app.service(Method::GET, "/events?nope=eq.1")).await.assert_error(400, "42703");
    let body = send(app.service(Method::GET, "/events?id=foo.1")).await.assert_error(400, "PGRST100");
    assert!(body["message"].as_str().unwrap().contains("column"), "{body}");
    send(app.service(Method::GET, "/events?order=nope.desc")).await.assert_error(400, "42703");
    send(app.service(Method::GET, "/events?select=id::1x")).await.assert_error(400, "PGRST100");
    // A value of the wrong type is PostgreSQL's 22P02, still a 400.
    send(app.service(Method::GET, "/events?id=eq.abc")).await.assert_error(400, "22P02");
}

#[tokio::test]
async fn order_supports_directions_nulls_json_and_related_to_one() {
    let app = TestApp::with_rest_fixture().await;
    let titles = |rows: serde_json::Value| -> Vec<String> {
        rows.as_array().unwrap().iter().map(|r| r["id"].to_string()).collect()
    };
    assert_eq!(titles(get_json(&app, "/events?select=id&order=max_attendees.desc.nullslast").await), ["1", "2", "3"]);
    assert_eq!(titles(get_json(&app, "/events?select=id&order=max_attendees.asc.nullsfirst").await), ["3", "2", "1"]);
    assert_eq!(titles(get_json(&app, "/notes?select=id&order=data->n.desc.nullslast,id").await), ["3", "1", "2"]);
    let rows = get_json(
        &app,
        "/events?select=id,organizer:people!organizer_id(full_name)&order=organizer(full_name).desc,id.desc",
    )
    .await;
    assert_eq!(titles(rows), ["2", "3", "1"]);
    send(app.service(Method::GET, "/people?select=id,registrations(id)&order=registrations(id)"))
        .await
        .assert_error(400, "PGRST118");
}

#[tokio::test]
async fn limit_offset_range_and_counts_set_status_and_content_range() {
    let app = TestApp::with_rest_fixture().await;
    let page = send(app.service(Method::GET, "/events?select=id&order=id&limit=2&offset=1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.header("content-range"), Some("1-2/*"));
    assert_eq!(page.json(), json!([{"id": 2}, {"id": 3}]));

    let counted =
        send(app.service(Method::GET, "/events?select=id&order=id&limit=2").header("prefer", "count=exact")).await;
    assert_eq!(counted.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(counted.header("content-range"), Some("0-1/3"));
    assert_eq!(counted.header("preference-applied"), Some("count=exact"));

    let all = send(app.service(Method::GET, "/events?select=id").header("prefer", "count=exact")).await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(all.header("content-range"), Some("0-2/3"));

    let filtered = send(
        app.service(Method::GET, "/events?select=id,people!organizer_id!inner(id)&people.full_name=eq.Asha%20Bhat")
            .header("prefer", "count=exact"),
    )
    .await;
    assert_eq!(filtered.header("content-range"), Some("0-1/2"));

    let head = send(app.service(Method::HEAD, "/events").header("prefer", "count=exact")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(head.header("content-range"), Some("0-2/3"));
    assert_eq!(head.text, "");

    let ranged = send(app.service(Method::GET, "/events?select=id&order=id").header("range", "1-1")).await;
    assert_eq!(ranged.json(), json!([{"id": 2}]));
    assert_eq!(ranged.header("content-range"), Some("1-1/*"));

    let empty = send(app.service(Method::GET, "/events?id=eq.99").header("prefer", "count=exact")).await;
    assert_eq!(empty.header("content-range"), Some("*/0"));
    assert_eq!(empty.json(), json!([]));

    let beyond = send(app.service(Method::GET, "/events?offset=10").header("prefer", "count=exact")).await;
    let body = beyond.assert_error(416, "PGRST103");
    assert_eq!(body["details"], "An offset of 10 was requested, but there are only 3 rows.");
    send(app.service(Method::GET, "/events").header("range", "5-2")).await.assert_error(416, "PGRST103");

    for count in ["planned", "estimated"] {
        let answer =
            send(app.service(Method::GET, "/events?select=id").header("prefer", format!("count={count}"))).await;
        let total: u64 = answer.header("content-range").unwrap().rsplit('/').next().unwrap().parse().unwrap();
        assert!(total > 0, "{count}");
    }
}

#[tokio::test]
async fn reads_are_capped_at_the_configured_maximum() {
    let app = TestApp::spawn_with(support::TestAppOptions {
        fixture: Some(support::REST_FIXTURE),
        max_rows: Some(2),
        ..Default::default()
    })
    .await;
    app.sql(support::REST_DATA).await;
    let answer = send(app.service(Method::GET, "/events?select=id&order=id").header("prefer", "count=exact")).await;
    assert_eq!(answer.json(), json!([{"id": 1}, {"id": 2}]));
    assert_eq!(answer.header("content-range"), Some("0-1/3"));
    assert_eq!(answer.status, StatusCode::PARTIAL_CONTENT);
}

#[tokio::test]
async fn legacy_count_works_and_aggregates_are_disabled() {
    let app = TestApp::with_rest_fixture().await;
    assert_eq!(get_json(&app, "/events?select=count").await, json!([{"count": 3}]));
    let rows = get_json(&app, "/events?select=id,registrations(count)&order=id").await;
    assert_eq!(rows[0]["registrations"], json!([{"count": 2}]));
    assert_eq!(rows[2]["registrations"], json!([{"count": 0}]));
    send(app.service(Method::GET, "/events?select=max_attendees.sum()")).await.assert_error(400, "PGRST123");
}

#[tokio::test]
async fn single_object_csv_and_stripped_nulls_are_negotiated() {
    let app = TestApp::with_rest_fixture().await;
    let one = send(
        app.service(Method::GET, "/events?select=id,title&id=eq.1")
            .header("accept", "application/vnd.pgrst.object+json"),
    )
    .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json(), json!({"id": 1, "title": "Ugadi celebration"}));
    assert!(one.header("content-type").unwrap().starts_with("application/vnd.pgrst.object+json"));

    for (filter, rows) in [("id=eq.99", 0), ("id=gt.0", 3)] {
        let answer = send(
            app.service(Method::GET, &format!("/events?{filter}"))
                .header("accept", "application/vnd.pgrst.object+json"),
        )
        .await;
        let body = answer.assert_error(406, "PGRST116");
        assert_eq!(body["details"], format!("The result contains {rows} rows"));
    }

    let csv =
        send(app.service(Method::GET, "/events?select=id,title&order=id&limit=2").header("accept", "text/csv")).await;
    assert_eq!(csv.text, "id,title\n1,\"Ugadi celebration\"\n2,\"Scholarship workshop\"");
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));

    let stripped = send(
        app.service(Method::GET, "/events?select=id,max_attendees&id=eq.3")
            .header("accept", "application/vnd.pgrst.array+json;nulls=stripped"),
    )
    .await;
    assert_eq!(stripped.json(), json!([{"id": 3}]));

    send(app.service(Method::GET, "/events").header("accept", "image/png")).await.assert_error(406, "PGRST107");
}

#[tokio::test]
async fn views_are_readable_and_unknown_tables_are_404_pgrst205_with_a_hint() {
    let app = TestApp::with_rest_fixture().await;
    let rows = get_json(&app, "/upcoming_events?select=title&order=event_date").await;
    assert_eq!(rows, json!([{"title": "Ugadi celebration"}, {"title": "Scholarship workshop"}]));

    let body = send(app.service(Method::GET, "/peple")).await.assert_error(404, "PGRST205");
    assert_eq!(body["message"], "Could not find the table 'public.peple' in the schema cache");
    assert_eq!(body["hint"], "Perhaps you meant the table 'public.people'");
}

#[tokio::test]
async fn profiles_select_exposed_schemas_only() {
    let app = TestApp::with_rest_fixture().await;
    let answer = send(app.service(Method::GET, "/events?select=id&limit=1").header("accept-profile", "public")).await;
    assert_eq!(answer.status, StatusCode::OK);
    let body =
        send(app.service(Method::GET, "/events").header("accept-profile", "auth")).await.assert_error(406, "PGRST106");
    assert_eq!(body["hint"], "Only the following schemas are exposed: public");
}

#[tokio::test]
async fn the_api_key_is_accepted_as_a_query_parameter_and_not_taken_for_a_filter() {
    let app = TestApp::with_rest_fixture().await;
    let url = app.url(&format!("/rest/v1/events?select=id&id=eq.1&apikey={}", app.keys.service_role));
    let answer = support::rest::Answer::of(app.client.get(url).send().await.unwrap()).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json(), json!([{"id": 1}]));
}

/// `select=id,a0:registrations(id),…` with `n` embeds.
fn wide_select(n: usize) -> String {
    let embeds: Vec<String> = (0..n).map(|i| format!("a{i}:registrations(id)")).collect();
    format!("/events?select=id,{}", embeds.join(","))
}

#[tokio::test]
async fn a_request_broader_than_the_limits_is_refused_before_the_database() {
    let app = TestApp::with_rest_fixture().await;
    let started = std::time::Instant::now();
    let body = send(app.anon(Method::GET, &wide_select(300))).await.assert_error(400, "PGRST100");
    assert_eq!(body["message"], "the request is too broad: 300 embedded resources (at most 32)");
    assert!(started.elapsed() < std::time::Duration::from_secs(1), "refused without planning");
    let filters: Vec<String> = (0..101).map(|i| format!("title=neq.x{i}")).collect();
    let body =
        send(app.anon(Method::GET, &format!("/events?{}", filters.join("&")))).await.assert_error(400, "PGRST100");
    assert!(body["message"].as_str().unwrap().contains("101 filters (at most 100)"), "{body}");
    let conditions: Vec<String> = (0..100).map(|i| format!("title.eq.x{i}")).collect();
    let path = format!("/rpc/whoami?or=({})", conditions.join(","));
    let body = send(app.anon(Method::GET, &path)).await.assert_error(400, "PGRST100");
    assert!(body["message"].as_str().unwrap().contains("101 logic tree nodes"), "{body}");
    // At the limit the request runs.
    let answer = send(app.anon(Method::GET, &wide_select(32))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
}

/// The role's settings for this test's database only (role settings are cluster-wide).
async fn set_anon(app: &TestApp, settings: &[(&str, &str)]) {
    for (name, value) in settings {
        app.sql(&format!("alter role anon in database \"{}\" set {name} = '{value}'", app.db.name)).await;
    }
    app.state.schema.reload(&app.state.pool).await.unwrap();
}

#[tokio::test]
async fn a_wide_read_is_not_jit_compiled_past_the_statement_timeout() {
    let app = TestApp::with_rest_fixture().await;
    // JIT on for everything: compiling 32 embeds took ~5 s, and compilation ignores the timeout.
    let jit_everything = [("jit_above_cost", "0"), ("jit_inline_above_cost", "0"), ("jit_optimize_above_cost", "0")];
    set_anon(&app, &jit_everything).await;
    set_anon(&app, &[("statement_timeout", "1s")]).await;
    let started = std::time::Instant::now();
    let answer = send(app.anon(Method::GET, &wide_select(32))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(started.elapsed() < std::time::Duration::from_secs(1), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn slow_requests_are_cut_at_the_timeout_and_do_not_starve_a_simple_read() {
    let app = TestApp::spawn_with(support::TestAppOptions {
        fixture: Some(support::REST_FIXTURE),
        pool_size: 8,
        ..support::TestAppOptions::default()
    })
    .await;
    app.sql(support::REST_DATA).await;
    // A CPU-bound function anon may call: it would run for a minute.
    app.sql(
        "create function public.burn() returns int language plpgsql as $$
         declare n bigint := 0; begin
           while clock_timestamp() < statement_timestamp() + interval '60 s' loop n := n + 1; end loop;
           return 1; end $$",
    )
    .await;
    set_anon(&app, &[("statement_timeout", "2s")]).await;
    let simple = || async {
        let started = std::time::Instant::now();
        let answer = send(app.anon(Method::GET, "/people?select=id&limit=1")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        started.elapsed()
    };
    simple().await;
    let idle = simple().await;
    let started = std::time::Instant::now();
    let burners: Vec<_> = (0..4)
        .map(|_| {
            let request = app.anon(Method::POST, "/rpc/burn").json(&json!({}));
            tokio::spawn(async move { send(request).await })
        })
        .collect();
    // Wait until the four run in the database, then read while they burn.
    let running = format!(
        "select count(*) from pg_stat_activity where datname = '{}' and state = 'active' and pid <> pg_backend_pid() and query like '%burn%'",
        app.db.name
    );
    while app.count(&running).await < 4 {
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "the slow requests never started");
        tokio::task::yield_now().await;
    }
    let busy = simple().await;
    let bound = (idle * 20).max(std::time::Duration::from_millis(1000));
    assert!(busy < bound, "a simple read took {busy:?} beside four slow ones (idle {idle:?})");
    for burner in burners {
        let answer = burner.await.unwrap();
        assert_eq!(answer.json()["code"], "57014", "{}", answer.text);
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(6), "cut at the 2 s timeout: {:?}", started.elapsed());
}
