//! The realtime schema (server/migrations/0030_realtime.sql): what the capture triggers write,
//! how a table opts in (a call or the publication), what the API roles may touch (nothing of
//! the queue, the registry or the presences; realtime.send for the service role only; messages
//! by their policies), and how the heartbeat trims what every live replica has read.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use serde_json::{Value, json};
use sqlx::{Connection, PgConnection, Row};
use support::TestDb;

async fn exec(conn: &mut PgConnection, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned()))
        .execute(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn queue(conn: &mut PgConnection) -> Vec<(String, Value, Option<Value>, Option<Value>)> {
    sqlx::query("select kind::text, pk, old_pk, old_row from realtime.queue where relid is not null order by xid, id")
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .into_iter()
        .map(|row| (row.get(0), row.get(1), row.get(2), row.get(3)))
        .collect()
}

async fn setup() -> (TestDb, PgConnection) {
    let db = TestDb::migrated().await;
    let mut conn = db.admin_connection().await;
    exec(
        &mut conn,
        "create table public.things (id bigint primary key, n int, o text, new_rows text, old_rows text);
         select realtime.enable('public.things');
         create table public.pairs (a int, b text, v text, primary key (a, b));
         select realtime.enable('public.pairs');",
    )
    .await;
    (db, conn)
}

#[tokio::test]
async fn each_changed_row_is_queued_with_its_key_and_a_deleted_row_with_its_image() {
    let (_db, mut conn) = setup().await;
    exec(&mut conn, "insert into public.things (id, n, o, new_rows, old_rows) values (1, 10, 'x', 'shadow', 'shadow'), (2, 20, 'y', null, null)").await;
    exec(&mut conn, "update public.things set n = n + 1 where id = 1").await;
    exec(&mut conn, "delete from public.things where id = 2").await;
    exec(&mut conn, "insert into public.pairs values (1, 'a', 'v')").await;
    let rows = queue(&mut conn).await;
    assert_eq!(
        rows,
        vec![
            ("I".into(), json!({"id": 1}), None, None),
            ("I".into(), json!({"id": 2}), None, None),
            ("U".into(), json!({"id": 1}), None, None),
            (
                "D".into(),
                json!({"id": 2}),
                None,
                Some(json!({"id": 2, "n": 20, "o": "y", "new_rows": null, "old_rows": null}))
            ),
            ("I".into(), json!({"a": 1, "b": "a"}), None, None),
        ],
        "columns named like the trigger's row aliases do not shadow them"
    );
}

#[tokio::test]
async fn key_changes_are_told() {
    let (_db, mut conn) = setup().await;
    exec(&mut conn, "insert into public.things (id) values (1), (2), (3)").await;
    exec(&mut conn, "delete from realtime.queue").await;
    exec(&mut conn, "update public.things set id = 10 where id = 1").await;
    exec(&mut conn, "update public.things set id = id + 100 where id in (2, 3)").await;
    exec(&mut conn, "update public.things set n = 1 where false").await;
    let rows = queue(&mut conn).await;
    assert_eq!(rows[0], ("U".into(), json!({"id": 10}), Some(json!({"id": 1})), None), "one row: its old key");
    let (updates, deletes): (Vec<_>, Vec<_>) = rows[1..].iter().partition(|r| r.0 == "U");
    let mut updated: Vec<Value> = updates.iter().map(|r| r.1.clone()).collect();
    updated.sort_by_key(|v| v["id"].as_i64());
    assert_eq!(updated, vec![json!({"id": 102}), json!({"id": 103})]);
    let mut gone: Vec<Value> = deletes.iter().map(|r| r.1.clone()).collect();
    gone.sort_by_key(|v| v["id"].as_i64());
    assert_eq!(gone, vec![json!({"id": 2}), json!({"id": 3})], "several rows: the keys they left, as deleted");
    assert_eq!(rows.len(), 5, "an update of no row queues nothing");
}

#[tokio::test]
async fn a_table_opts_in_by_a_call_or_the_publication_and_out_again() {
    let (_db, mut conn) = setup().await;
    let refused = sqlx::raw_sql("create table public.nokey (v int); select realtime.enable('public.nokey')")
        .execute(&mut conn)
        .await;
    assert!(refused.unwrap_err().to_string().contains("has no primary key"));
    exec(&mut conn, "select realtime.enable('public.things')").await;
    let triggers: i64 = sqlx::query_scalar(
        "select count(*) from pg_trigger where tgrelid = 'public.things'::regclass and tgname like 'realtime_%'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(triggers, 3, "enabling twice leaves three triggers");
    exec(&mut conn, "create table public.published (id int primary key); alter publication supabase_realtime add table public.published").await;
    let via: Option<String> =
        sqlx::query_scalar("select via from realtime.tables where relid = 'public.published'::regclass")
            .fetch_optional(&mut conn)
            .await
            .unwrap();
    assert_eq!(via.as_deref(), Some("publication"), "the event trigger attached it");
    exec(&mut conn, "alter publication supabase_realtime add table public.things").await;
    exec(&mut conn, "alter publication supabase_realtime drop table public.published, public.things").await;
    let left: Vec<String> = sqlx::query_scalar("select relid::regclass::text from realtime.tables order by 1")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(left, vec!["pairs", "things"], "a table enabled by a call stays when the publication drops it");
    exec(&mut conn, "insert into public.published values (1); select realtime.disable('public.things'); insert into public.things (id) values (9)").await;
    assert!(queue(&mut conn).await.is_empty(), "neither table queues anything now");
}

#[tokio::test]
async fn the_api_roles_reach_nothing_of_realtime_but_messages_by_policy() {
    let (db, mut admin) = setup().await;
    exec(&mut admin, "insert into public.things (id) values (1)").await;
    let mut conn = PgConnection::connect_with(&db.requests).await.unwrap();
    for role in ["anon", "authenticated", "service_role"] {
        for statement in [
            "select * from realtime.queue",
            "select * from realtime.replicas",
            "select * from realtime.presences",
            "select * from realtime.tables",
            "select realtime.heartbeat(gen_random_uuid(), pg_current_snapshot())",
            "select realtime.relay('B', 't', false, '{}', null)",
            "select realtime.keep_presence(gen_random_uuid(), 't', false, 'k', 'r', '{}')",
            "select realtime.farewell(gen_random_uuid())",
            "select realtime.enable('public.things')",
            "select realtime.sync_publication()",
        ] {
            let mut tx = conn.begin().await.unwrap();
            sqlx::raw_sql(sqlx::AssertSqlSafe(format!("set local role {role}"))).execute(&mut *tx).await.unwrap();
            let result = sqlx::raw_sql(sqlx::AssertSqlSafe(statement.to_owned())).execute(&mut *tx).await;
            assert!(result.is_err(), "{role} may not run `{statement}`");
            tx.rollback().await.unwrap();
        }
    }
    for (role, allowed) in [("anon", false), ("authenticated", false), ("service_role", true)] {
        let mut tx = conn.begin().await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("set local role {role}"))).execute(&mut *tx).await.unwrap();
        let sent = sqlx::raw_sql("select realtime.send('{\"a\": 1}', 'e', 'room', false)").execute(&mut *tx).await;
        assert_eq!(sent.is_ok(), allowed, "{role} and realtime.send");
        tx.rollback().await.unwrap();
    }
    // Without policies, messages are neither readable nor writable by the client roles.
    exec(&mut admin, "insert into realtime.messages (topic, extension) values ('room', 'broadcast')").await;
    for role in ["anon", "authenticated"] {
        let mut tx = conn.begin().await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("set local role {role}; set local realtime.topic = 'room'")))
            .execute(&mut *tx)
            .await
            .unwrap();
        let seen: i64 = sqlx::query_scalar("select count(*) from realtime.messages").fetch_one(&mut *tx).await.unwrap();
        assert_eq!(seen, 0, "{role} reads no message");
        let topic: Option<String> = sqlx::query_scalar("select realtime.topic()").fetch_one(&mut *tx).await.unwrap();
        assert_eq!(topic.as_deref(), Some("room"));
        let wrote = sqlx::raw_sql("insert into realtime.messages (topic, extension) values ('room', 'broadcast')")
            .execute(&mut *tx)
            .await;
        assert!(wrote.unwrap_err().to_string().contains("row-level security"), "{role} writes no message");
        tx.rollback().await.unwrap();
    }
}

#[tokio::test]
async fn realtime_send_queues_a_broadcast_and_keeps_the_message() {
    let (_db, mut conn) = setup().await;
    exec(&mut conn, "select realtime.send('{\"text\": \"hi\"}', 'greeting', 'room:1')").await;
    let (message, private): (Value, bool) =
        sqlx::query_as("select message, private from realtime.queue where kind = 'B'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert!(private, "private by default, as on Supabase");
    assert_eq!(message["event"], "greeting");
    assert_eq!(message["type"], "broadcast");
    assert_eq!(message["payload"]["text"], "hi");
    let id = message["meta"]["id"].as_str().unwrap().to_owned();
    assert_eq!(message["payload"]["id"], id.as_str(), "a payload without an id gets the message's");
    let kept: i64 =
        sqlx::query_scalar("select count(*) from realtime.messages where id::text = $1 and topic = 'room:1'")
            .bind(&id)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!(kept, 1);
}

#[tokio::test]
async fn the_heartbeat_trims_what_every_live_replica_has_read() {
    let (_db, mut conn) = setup().await;
    let (a, b) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
    exec(&mut conn, "insert into public.things (id) values (1)").await;
    // Replica B registers now: its cursor is after the first row.
    let live: Vec<uuid::Uuid> = sqlx::query_scalar("select realtime.heartbeat($1, pg_current_snapshot())")
        .bind(b)
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(live, vec![b]);
    // A replica silent for over a minute, with a presence and a cursor far behind.
    exec(
        &mut conn,
        &format!(
            "insert into realtime.replicas values ('{a}', '1', now() - interval '2 minutes');
             insert into realtime.presences values ('{a}', 'room', false, 'k', 'r', '{{}}');
             update realtime.queue set at = now() - interval '1 minute';
             insert into public.things (id) values (2);"
        ),
    )
    .await;
    let live: Vec<uuid::Uuid> = sqlx::query_scalar("select realtime.heartbeat($1, pg_current_snapshot())")
        .bind(b)
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(live, vec![b], "the silent replica is forgotten");
    let presences: i64 =
        sqlx::query_scalar("select count(*) from realtime.presences").fetch_one(&mut conn).await.unwrap();
    assert_eq!(presences, 0, "with its presences");
    let left = queue(&mut conn).await;
    assert_eq!(left.len(), 1, "the old row, read by every live replica, is gone; the new one stays: {left:?}");
    assert_eq!(left[0].1, json!({"id": 2}));
    exec(&mut conn, "update realtime.queue set at = now() - interval '2 hours'").await;
    sqlx::query("select realtime.heartbeat($1, $2::text::pg_snapshot)")
        .bind(b)
        .bind("1:1:")
        .execute(&mut conn)
        .await
        .unwrap();
    assert!(queue(&mut conn).await.is_empty(), "anything older than an hour goes, whoever lags");
}
