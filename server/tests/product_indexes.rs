//! The hot list queries of spec §7 use an index (EXPLAIN on the product schema, with
//! sequential scans priced out so the small test tables do not hide a missing index).

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

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
