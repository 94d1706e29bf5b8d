//! The hot list queries of spec §7 use an index (EXPLAIN on the product schema, with
//! sequential scans priced out so the small test tables do not hide a missing index).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use sqlx::Connection;
use support::TestDb;

async fn plan(db: &TestDb, query: &str) -> String {
    let mut conn = db.admin_connection().await;
    let mut tx = conn.begin().await.unwrap();
    sqlx::query("set local enable_seqscan = off").execute(&mut *tx).await.unwrap();
    let rows: Vec<String> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("explain {query}"))).fetch_all(&mut *tx).await.unwrap();
    rows.join("\n")
}

async fn assert_uses(db: &TestDb, index: &str, query: &str) {
    let plan = plan(db, query).await;
    assert!(plan.contains(index), "{query} does not use {index}:\n{plan}");
}

#[tokio::test]
async fn the_hot_list_queries_use_indexes() {
    let db = TestDb::product().await;
    assert_uses(
        &db,
        "member_directory_full_name_trgm",
        // The exact count of a search (its page is this, ordered and limited).
        "select count(*) from public.member_directory where full_name ilike '%bhat%' or membership_no ilike '%bhat%' \
         or mobile_number ilike '%bhat%' or email ilike '%bhat%'",
    )
    .await;
    assert_uses(&db, "member_directory_city_trgm", "select * from public.member_directory where city ilike '%mum%'")
        .await;
    assert_uses(
        &db,
        "notifications_user_created",
        "select * from public.notifications where user_id = '00000000-0000-0000-0000-000000000001' order by created_at desc limit 50",
    )
    .await;
    assert_uses(
        &db,
        "events_upcoming",
        "select * from public.events where status in ('upcoming', 'published') and event_date >= current_date \
         order by event_date asc limit 20",
    )
    .await;
    assert_uses(
        &db,
        "media_items_album",
        "select * from public.media_items where album_id = '00000000-0000-0000-0000-000000000001' \
         order by sort_order asc, created_at desc",
    )
    .await;
    assert_uses(&db, "payments_created_at", "select * from public.payments order by created_at desc limit 10").await;
}

/// The queries of bench/scale.sh, as the web app sends them (issue 22): the admin member
/// list's default page (newest first, then id), the public events lists, the bell's list.
#[tokio::test]
async fn the_scale_scenario_queries_use_indexes() {
    let db = TestDb::product().await;
    assert_uses(
        &db,
        "member_directory_newest",
        "select * from public.member_directory order by created_at desc nulls last, id asc limit 50 offset 950",
    )
    .await;
    assert_uses(
        &db,
        "events_date",
        "select * from public.events where status <> 'cancelled' and event_date < current_date \
         order by event_date desc, event_time desc limit 24",
    )
    .await;
    assert_uses(
        &db,
        "events_upcoming",
        "select * from public.events where status <> 'cancelled' and status = any ('{upcoming,published}'::text[]) \
         and event_date >= current_date order by event_date asc, event_time asc",
    )
    .await;
    assert_uses(
        &db,
        "notifications_user_created",
        "select * from public.notifications where user_id = '00000000-0000-0000-0000-000000000001' \
         order by created_at desc limit 50",
    )
    .await;
}

/// An account of `user_type` in the open transaction, and the transaction acting as it (the
/// role and claims the server sets), so that row-level security applies.
async fn act_as_new_account(tx: &mut sqlx::PgConnection, user_type: &str) {
    let id = uuid::Uuid::new_v4();
    let setup = format!(
        "set local session_replication_role = replica;
         insert into auth.users (id, email, email_confirmed_at) values ('{id}', 'u-{id}@example.org', now());
         insert into public.users (id, email, type, status, approval_status)
           values ('{id}', 'u-{id}@example.org', '{user_type}', 'approved', 'approved');
         reset session_replication_role;"
    );
    sqlx::raw_sql(sqlx::AssertSqlSafe(setup)).execute(&mut *tx).await.unwrap();
    sqlx::query("select set_config('request.jwt.claims', $1, true)")
        .bind(format!(r#"{{"role":"authenticated","sub":"{id}"}}"#))
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("set local role authenticated").execute(&mut *tx).await.unwrap();
}

/// Calls of app.directory_contact_allowed and app.listed_directory_entries while `user_type`
/// counts the member register (one approved entry that shows its contact details, one that
/// does not), in one transaction: (entries seen, calls of the first, calls of the second).
async fn contact_checks_while_counting(db: &TestDb, user_type: &str) -> (i64, i64, i64) {
    let mut conn = db.admin_connection().await;
    let mut tx = conn.begin().await.unwrap();
    let setup = "set local session_replication_role = replica;
         insert into public.member_directory (id, unique_id, membership_no, full_name, status, approval_status)
           values ('00000000-0000-0000-0000-0000000000a1', 'HWT-90001', 'M1', 'Shown Entry', 'Yes', 'approved'),
                  ('00000000-0000-0000-0000-0000000000a2', 'HWT-90002', 'M2', 'Hidden Entry', 'Yes', 'approved');
         insert into public.member_directory_visibility (member_id, show_contact_details, show_in_directory)
           values ('00000000-0000-0000-0000-0000000000a1', true, true);
         reset session_replication_role;
         set local track_functions = 'all';";
    sqlx::raw_sql(setup).execute(&mut *tx).await.unwrap();
    act_as_new_account(&mut tx, user_type).await;
    let visible: i64 =
        sqlx::query_scalar("select count(*) from public.member_directory").fetch_one(&mut *tx).await.unwrap();
    sqlx::query("reset role").execute(&mut *tx).await.unwrap();
    let (contact, listed): (i64, i64) = sqlx::query_as(
        "select coalesce(pg_stat_get_xact_function_calls('app.directory_contact_allowed(uuid)'::regprocedure), 0),
                coalesce(pg_stat_get_xact_function_calls('app.listed_directory_entries()'::regprocedure), 0)",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    tx.rollback().await.unwrap();
    (visible, contact, listed)
}

/// An admin's list and exact count cost nothing per row for the other read policies: with
/// 50,000 entries, one call of directory_contact_allowed per approved row took 0.7 s
/// (bench/scale.sh). A member viewer's policy takes the set of listed entries once per query
/// (hashed), not a check per row.
#[tokio::test]
async fn counting_the_register_runs_no_per_row_contact_check() {
    let db = TestDb::product().await;
    let (visible, contact, listed) = contact_checks_while_counting(&db, "admin").await;
    assert!(visible >= 2, "the admin sees every entry, saw {visible}");
    assert_eq!((contact, listed), (0, 0), "an admin's count ran the viewer's checks (per row, per query)");
    let (visible, contact, listed) = contact_checks_while_counting(&db, "member_viewer").await;
    assert_eq!(visible, 1, "a member viewer sees the entry that shows its contact details only");
    assert_eq!(contact, 0, "the member viewer's count checked entries one by one ({contact} calls)");
    assert_eq!(listed, 1, "the member viewer's count took the listed entries once ({listed} calls)");
}

/// The plan of `query` for an admin, through row-level security (as the server runs it), with
/// sequential and bitmap scans priced out.
async fn admin_plan(db: &TestDb, query: &str) -> String {
    let mut conn = db.admin_connection().await;
    let mut tx = conn.begin().await.unwrap();
    act_as_new_account(&mut tx, "admin").await;
    sqlx::raw_sql("set local enable_seqscan = off; set local enable_bitmapscan = off").execute(&mut *tx).await.unwrap();
    let rows: Vec<String> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("explain {query}"))).fetch_all(&mut *tx).await.unwrap();
    tx.rollback().await.unwrap();
    rows.join("\n")
}

/// The admin member list's exact count (bench/scale.sh) reads an index only, not the table:
/// the read policies name id and user_id, which 0071's indexes carry (issue 22).
#[tokio::test]
async fn an_admins_exact_count_of_the_register_reads_an_index_only() {
    let db = TestDb::product().await;
    // A register of 5,000 entries, vacuumed (as autovacuum leaves a settled table): on a few
    // rows any plan is as cheap as another.
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(
        "set session_replication_role = replica;
         insert into public.member_directory (unique_id, membership_no, full_name, member_type, status,
           approval_status, sandesha_delivery_method)
         select 'HWT-' || lpad(g::text, 5, '0'), 'S-' || g, 'Member ' || g,
           (array['life', 'annual', 'patron'])[1 + g % 3], (array['Yes', 'Yes', 'Yes', 'Check', 'No'])[1 + g % 5],
           'approved', (array['post', 'email', 'hand', null])[1 + g % 4]
         from generate_series(1, 5000) g;
         reset session_replication_role;",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    sqlx::query("vacuum analyze public.member_directory").execute(&mut conn).await.unwrap();
    for (filter, index) in [
        ("true", "Index Only Scan"),
        ("status = 'Yes'", "Index Only Scan using member_directory_status_type"),
        ("status = 'Check' and member_type = 'life'", "Index Only Scan using member_directory_status_type"),
        ("member_type = 'life'", "Index Only Scan using member_directory_type"),
        ("sandesha_delivery_method = 'post'", "Index Only Scan using member_directory_delivery_method"),
        ("sandesha_delivery_method is null", "Index Only Scan using member_directory_delivery_method"),
    ] {
        let query = format!("select count(*) from public.member_directory where {filter}");
        let plan = admin_plan(&db, &query).await;
        assert!(plan.contains(index), "an admin's {query} does not use {index}:\n{plan}");
        assert!(!plan.contains("directory_contact_allowed"), "{query} checks contacts per row:\n{plan}");
    }
}

/// public.admin_member_directory_matches (0072) runs these as the register's owner, without
/// row-level security, so its search and partial-match filters are trigram index scans (through
/// the table they cannot be: `ilike` is not leakproof).
#[tokio::test]
async fn the_admin_search_functions_queries_use_trigram_indexes() {
    let db = TestDb::product().await;
    let search = "select d.* from public.member_directory d where true and (d.full_name ilike '%hegde%' \
                  or d.membership_no ilike '%hegde%' or d.unique_id ilike '%hegde%' \
                  or d.mobile_number ilike '%hegde%' or d.email ilike '%hegde%')";
    for index in [
        "member_directory_full_name_trgm",
        "member_directory_membership_no_trgm",
        "member_directory_unique_id_trgm",
        "member_directory_mobile_trgm",
        "member_directory_email_trgm",
    ] {
        assert_uses(&db, index, search).await;
    }
    assert_uses(
        &db,
        "member_directory_city_trgm",
        "select d.* from public.member_directory d where true and d.city ilike '%thane%'",
    )
    .await;
    assert_uses(
        &db,
        "member_directory_native_place_trgm",
        "select d.* from public.member_directory d where true and d.native_place ilike '%sirsi%'",
    )
    .await;
}
