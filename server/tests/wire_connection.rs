//! The request path's PostgreSQL client (`db::wire`): batches answered in order with the first
//! refusal reported after the whole batch, nothing sent when a parameter will not encode, rows
//! decoded by position and name, the statement cache, logins with each password method, a
//! connection the server closed never handed out, and a dropped request's statement cancelled.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::Duration;

use serde_json::{Value, json};
use server::db::request_connections::{Checkout, RequestConnections};
use server::db::wire::{Connection, Error, Replies, Status};
use support::TestDb;
use tokio_postgres::types::Type;

async fn pool(db: &TestDb) -> RequestConnections {
    RequestConnections::new(&db.requests, None, 1, Duration::from_secs(5))
}

/// The pool on `db` and a connection checked out of it.
async fn checked_out(db: &TestDb) -> (RequestConnections, Checkout) {
    let pool = pool(db).await;
    let checkout = pool.checkout().await.unwrap();
    (pool, checkout)
}

async fn exec(db: &TestDb, sql: &str) {
    let mut conn = db.admin_connection().await;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned())).execute(&mut conn).await.unwrap();
}

async fn scalar(db: &TestDb, sql: &str) -> i64 {
    let mut conn = db.admin_connection().await;
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&mut conn).await.unwrap()
}

/// Sends `statements` (each with whether its rows are kept) as one batch ending in one Sync.
async fn send_batch(connection: &mut Connection, statements: &[(&str, bool)]) -> Result<Replies, Error> {
    let mut batch = connection.batch();
    for (sql, keep) in statements {
        batch.run(sql, &[], &[], *keep).unwrap();
    }
    batch.sync();
    batch.send().await
}

/// Runs `sql` alone (one batch, one Sync) and returns its rows.
async fn rows(checkout: &mut Checkout, sql: &str) -> Result<Vec<server::db::wire::Row>, Error> {
    let mut batch = checkout.connection().batch();
    batch.run(sql, &[], &[], true)?;
    batch.sync();
    batch.send().await.map(|replies| replies.rows)
}

#[tokio::test]
async fn a_batch_runs_in_order_in_one_round_trip_and_keeps_only_the_kept_rows() {
    let db = TestDb::migrated().await;
    exec(&db, "create table public.marks (n int); grant insert, select on public.marks to anon").await;
    let (_pool, mut checkout) = checked_out(&db).await;
    let connection = checkout.connection();
    let statements = [
        ("BEGIN READ WRITE", false),
        ("select set_config('role', 'anon', true)", false),
        ("insert into public.marks values (1), (2)", false),
        ("select current_user::text, count(*) from public.marks", true),
        ("COMMIT", false),
    ];
    let replies = send_batch(connection, &statements).await.unwrap();
    assert_eq!(replies.rows.len(), 1, "only the kept statement's rows");
    let (user, count): (String, i64) = (replies.rows[0].get(0), replies.rows[0].get(1));
    assert_eq!((user.as_str(), count), ("anon", 2), "the role was set before the statement ran");
    assert_eq!(replies.affected, 1, "the kept statement's command tag");
    assert_eq!(connection.status(), Status::Idle, "committed in the same batch");
    assert_eq!(scalar(&db, "select count(*) from public.marks").await, 2);
}

#[tokio::test]
async fn a_refusal_skips_the_rest_of_the_batch_and_is_reported_after_it() {
    let db = TestDb::migrated().await;
    exec(&db, "create table public.marks (n int); grant insert, select on public.marks to public").await;
    let (_pool, mut checkout) = checked_out(&db).await;
    let connection = checkout.connection();
    let statements = [
        ("BEGIN", false),
        ("insert into public.marks values (1)", false),
        ("select 1 / 0", true),
        ("insert into public.marks values (2)", false),
        ("COMMIT", false),
    ];
    let error = send_batch(connection, &statements).await.unwrap_err();
    assert_eq!(error.as_db_error().map(|db| db.code()), Some("22012"), "{error}");
    assert_eq!(connection.status(), Status::Failed, "the COMMIT was skipped: the transaction is failed");
    assert!(
        !connection.is_prepared("insert into public.marks values (2)"),
        "a statement whose Parse was skipped is not remembered as prepared"
    );
    send_batch(connection, &[("ROLLBACK", false)]).await.unwrap();
    assert_eq!(connection.status(), Status::Idle);
    // The statement skipped above is prepared and runs now.
    let replies = send_batch(connection, &[("insert into public.marks values (2)", false)]).await.unwrap();
    assert_eq!(replies.affected, 0, "affected rows are the kept statement's only");
    assert_eq!(scalar(&db, "select count(*) from public.marks").await, 1, "only the later insert is there");
}

#[tokio::test]
async fn a_parameter_that_will_not_encode_sends_nothing() {
    let db = TestDb::migrated().await;
    let (_pool, mut checkout) = checked_out(&db).await;
    let connection = checkout.connection();
    let mut batch = connection.batch();
    batch.run("BEGIN", &[], &[], false).unwrap();
    let error = batch.run("select $1::int", &[Type::INT4], &[&"seven"], true).unwrap_err();
    assert!(matches!(error, Error::Encode(_)), "{error:?}");
    drop(batch);
    assert_eq!(connection.status(), Status::Idle, "the BEGIN before it was not sent either");
    let mut batch = connection.batch();
    batch.run("select $1::int + 1", &[Type::INT4], &[&6_i32], true).unwrap();
    batch.sync();
    let replies = batch.send().await.unwrap();
    assert_eq!(replies.rows[0].get::<_, i32>(0), 7);
    assert_eq!(connection.status(), Status::Idle, "no transaction was left open");
}

#[tokio::test]
async fn rows_decode_by_position_and_by_name_and_refuse_another_type() {
    let db = TestDb::migrated().await;
    let (_pool, mut checkout) = checked_out(&db).await;
    let rows = rows(
        &mut checkout,
        "select 7::int4 as n, 'ಹವ್ಯಕ'::text as s, null::text as z, '{\"a\": [1]}'::jsonb as j, true as b, \
         '5b3c3e5e-8d4f-4a58-a7f2-9f0d2b1c0a11'::uuid as u",
    )
    .await
    .unwrap();
    let row = &rows[0];
    assert_eq!(row.columns().iter().map(|c| c.name()).collect::<Vec<_>>(), ["n", "s", "z", "j", "b", "u"]);
    assert_eq!(row.columns()[3].type_(), &Type::JSONB);
    assert_eq!(row.get::<_, i32>(0), 7);
    assert_eq!(row.get::<_, String>("s"), "ಹವ್ಯಕ");
    assert_eq!(row.get::<_, Option<String>>("z"), None);
    assert_eq!(row.get::<_, Value>("j"), json!({"a": [1]}));
    assert!(row.get::<_, bool>(4));
    assert_eq!(row.get::<_, uuid::Uuid>("u").to_string(), "5b3c3e5e-8d4f-4a58-a7f2-9f0d2b1c0a11");
    assert!(matches!(row.try_get::<_, String>(0), Err(Error::Decode { column: 0, .. })), "an int is not text");
    assert!(row.try_get::<_, i32>(9).is_err(), "no such column");
    assert!(row.try_get::<_, i32>("missing").is_err(), "no such name");
    assert!(row.try_get::<_, String>("z").is_err(), "a null is not a String");
}

#[tokio::test]
async fn the_statement_cache_closes_its_statements_when_full() {
    let db = TestDb::migrated().await;
    let (_pool, mut checkout) = checked_out(&db).await;
    for n in 0..300 {
        let found = rows(&mut checkout, &format!("select {n}")).await.unwrap();
        assert_eq!(found[0].get::<_, i32>(0), n);
    }
    let prepared = rows(&mut checkout, "select count(*) from pg_prepared_statements").await.unwrap();
    let prepared: i64 = prepared[0].get(0);
    assert!(prepared <= 257, "{prepared} statements prepared on the server");
    assert!(prepared >= 40, "the cache keeps statements between its clean-ups: {prepared}");
    assert_eq!(rows(&mut checkout, "select 5").await.unwrap()[0].get::<_, i32>(0), 5, "closed ones are re-prepared");
}

#[tokio::test]
async fn a_connection_the_server_closed_is_never_handed_out() {
    let db = TestDb::migrated().await;
    let pool = pool(&db).await;
    let pid = |mut checkout: Checkout| async move {
        let pid: i32 = rows(&mut checkout, "select pg_backend_pid()").await.unwrap()[0].get(0);
        checkout.set_reusable(true);
        pid
    };
    let first = pid(pool.checkout().await.unwrap()).await;
    assert_eq!(pid(pool.checkout().await.unwrap()).await, first, "an idle connection is reused");
    let ended = scalar(&db, &format!("select pg_terminate_backend({first})::int::bigint")).await;
    assert_eq!(ended, 1);
    // The backend's goodbye (a FATAL error, then the end of the socket) arrives meanwhile.
    let mut waited = 0;
    while scalar(&db, &format!("select count(*) from pg_stat_activity where pid = {first}")).await > 0 && waited < 50 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 1;
    }
    let second = pid(pool.checkout().await.unwrap()).await;
    assert_ne!(second, first, "the closed connection was replaced, not handed out");
}

#[tokio::test]
async fn a_dropped_request_has_its_statement_cancelled() {
    let db = TestDb::migrated().await;
    let (_pool, mut checkout) = checked_out(&db).await;
    let sleeping = async {
        checkout.set_busy(true);
        rows(&mut checkout, "select pg_sleep(60), 'wire-cancel-probe'").await
    };
    assert!(tokio::time::timeout(Duration::from_millis(300), sleeping).await.is_err(), "still sleeping");
    drop(checkout);
    let running = "select count(*) from pg_stat_activity where query like '%wire-cancel-probe%' \
                   and state = 'active' and pid <> pg_backend_pid()";
    let mut waited = 0;
    while scalar(&db, running).await > 0 && waited < 100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 1;
    }
    assert_eq!(scalar(&db, running).await, 0, "the statement was cancelled within 5 s, not left for 60");
}

/// Login roles in groups the cluster's `pg_hba.conf` asks a password of, by method.
async fn password_roles(db: &TestDb) {
    let hba: String = {
        let mut conn = db.admin_connection().await;
        sqlx::query_scalar("select current_setting('hba_file')").fetch_one(&mut conn).await.unwrap()
    };
    exec(
        db,
        "do $$ begin
           create role wire_probes_scram nologin; exception when duplicate_object then null; end $$;
         do $$ begin
           create role wire_probes_md5 nologin; exception when duplicate_object then null; end $$;
         do $$ begin
           create role wire_probes_password nologin; exception when duplicate_object then null; end $$;",
    )
    .await;
    let current = std::fs::read_to_string(&hba).unwrap();
    if !current.contains("+wire_probes_scram") {
        let lines = "local all +wire_probes_scram scram-sha-256\n\
                     local all +wire_probes_md5 md5\n\
                     local all +wire_probes_password password\n";
        std::fs::write(&hba, format!("{lines}{current}")).unwrap();
    }
    exec(db, "select pg_reload_conf()").await;
}

#[tokio::test]
async fn each_password_method_logs_in_and_a_wrong_password_is_refused() {
    let db = TestDb::migrated().await;
    password_roles(&db).await;
    for (method, encryption) in [("scram", "scram-sha-256"), ("md5", "md5"), ("password", "scram-sha-256")] {
        let role = format!("wire_{method}_{}", uuid::Uuid::new_v4().simple());
        exec(
            &db,
            &format!(
                "set password_encryption = '{encryption}';
                 create role {role} login password 'right horse' in role wire_probes_{method};
                 grant connect on database \"{}\" to {role}",
                db.name
            ),
        )
        .await;
        let options = db.requests.clone().username(&role);
        let connect = |password: &'static str| {
            let options = options.clone();
            async move {
                let pool = RequestConnections::new(&options, Some(password), 1, Duration::from_secs(5));
                match pool.checkout().await {
                    Ok(mut checkout) => rows(&mut checkout, "select current_user::text")
                        .await
                        .map(|rows| rows[0].get::<_, String>(0))
                        .map_err(|e| e.to_string()),
                    Err(error) => Err(format!("{error:?}")),
                }
            }
        };
        // The configuration reload is asynchronous: wait until the role's method applies.
        let mut refused = connect("wrong horse").await;
        for _ in 0..50 {
            if refused.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            refused = connect("wrong horse").await;
        }
        let refused = refused.unwrap_err();
        assert!(refused.contains("28P01"), "{method}: {refused}");
        assert_eq!(connect("right horse").await.unwrap(), role, "{method}");
        exec(&db, &format!("drop owned by {role}; drop role {role}")).await;
    }
}

/// A TCP port forwarding every connection to the cluster's Unix socket (the test cluster
/// listens on no TCP port), so the TCP path is tried end to end.
async fn tcp_to_socket(db: &TestDb) -> u16 {
    let dir = db.requests.get_socket().cloned().unwrap_or_else(|| db.requests.get_host().into());
    let path = dir.join(format!(".s.PGSQL.{}", db.requests.get_port()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let path = path.clone();
            tokio::spawn(async move {
                if let Ok(mut unix) = tokio::net::UnixStream::connect(path).await {
                    let _ = tokio::io::copy_bidirectional(&mut tcp, &mut unix).await;
                }
            });
        }
    });
    port
}

#[tokio::test]
async fn over_tcp_tls_is_tried_when_preferred_and_its_refusal_ends_a_required_login() {
    use sqlx::postgres::{PgConnectOptions, PgSslMode};
    let db = TestDb::migrated().await;
    let port = tcp_to_socket(&db).await;
    let options = |mode| {
        PgConnectOptions::new_without_pgpass()
            .host("127.0.0.1")
            .port(port)
            .username(db.requests.get_username())
            .database(&db.name)
            .ssl_mode(mode)
    };
    for mode in [PgSslMode::Disable, PgSslMode::Prefer] {
        let pool = RequestConnections::new(&options(mode), None, 1, Duration::from_secs(5));
        let mut checkout = pool.checkout().await.unwrap();
        let found = rows(&mut checkout, "select current_user::text").await.unwrap();
        assert_eq!(found[0].get::<_, String>(0), "authenticator", "{mode:?}");
    }
    // The test cluster has no certificate: it answers the TLS request with `N`.
    let pool = RequestConnections::new(&options(PgSslMode::Require), None, 1, Duration::from_secs(5));
    let refused = pool.checkout().await.err().map(|e| format!("{e:?}")).unwrap_or_default();
    assert!(refused.contains("does not accept TLS"), "{refused}");
}

#[tokio::test]
async fn a_connection_the_server_ends_mid_batch_reports_why_and_is_never_reused() {
    let db = TestDb::migrated().await;
    let (pool, mut checkout) = checked_out(&db).await;
    let pid: i32 = rows(&mut checkout, "select pg_backend_pid()").await.unwrap()[0].get(0);
    let terminate = async {
        // Once the statement below is running.
        for _ in 0..100 {
            let running = format!("select count(*) from pg_stat_activity where pid = {pid} and state = 'active'");
            if scalar(&db, &running).await > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        scalar(&db, &format!("select pg_terminate_backend({pid})::int::bigint")).await
    };
    let (sleeping, terminated) = tokio::join!(rows(&mut checkout, "select pg_sleep(30)"), terminate);
    assert_eq!(terminated, 1);
    let error = sleeping.unwrap_err();
    assert_eq!(error.as_db_error().map(|db| db.code()), Some("57P01"), "PostgreSQL's reason is kept: {error}");
    assert!(checkout.connection().is_broken(), "its answers ended early");
    checkout.set_reusable(true);
    drop(checkout);
    let mut next = pool.checkout().await.unwrap();
    let second: i32 = rows(&mut next, "select pg_backend_pid()").await.unwrap()[0].get(0);
    assert_ne!(second, pid, "a broken connection is not handed out even when marked reusable");
}

#[tokio::test]
async fn a_commit_after_a_failed_statement_is_refused_not_reported_as_committed() {
    use server::auth::caller::{ApiRole, Caller};
    use server::db::request_tx::{RequestContext, begin};
    let db = TestDb::migrated().await;
    let pool = pool(&db).await;
    let caller = Caller::new(ApiRole::Anon, serde_json::Map::new());
    let context = RequestContext {
        caller: &caller,
        method: "POST",
        path: "/rest/v1/x",
        read_only: false,
        search_path: "public",
        settings: &[],
    };
    let mut tx = begin(&pool, &context).await.unwrap();
    assert!(tx.query("select 1 / 0", &[], &[]).await.is_err());
    assert!(tx.commit().await.is_err(), "COMMIT of a failed transaction is an error");
    let mut tx = begin(&pool, &context).await.unwrap();
    let rows = tx.query("select 1", &[], &[]).await.unwrap();
    assert_eq!(rows[0].get::<_, i32>(0), 1, "the connection was rolled back and is usable");
    tx.commit().await.unwrap();
}

/// A TCP server that accepts connections and answers as `script` says.
async fn fake_server<F, Fut>(script: F) -> u16
where
    F: Fn(tokio::net::TcpStream) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(script(socket));
        }
    });
    port
}

fn tcp_options(port: u16) -> sqlx::postgres::PgConnectOptions {
    sqlx::postgres::PgConnectOptions::new_without_pgpass()
        .host("127.0.0.1")
        .port(port)
        .username("someone")
        .database("app")
        .ssl_mode(sqlx::postgres::PgSslMode::Disable)
}

#[tokio::test]
async fn a_server_that_says_nothing_after_accepting_is_given_up_on() {
    let port = fake_server(|socket| async move {
        tokio::time::sleep(Duration::from_secs(30)).await;
        drop(socket);
    })
    .await;
    let pool = RequestConnections::new(&tcp_options(port), None, 1, Duration::from_millis(300));
    let started = std::time::Instant::now();
    let error = pool.checkout().await.err().map(|e| format!("{e:?}")).unwrap_or_default();
    assert!(started.elapsed() < Duration::from_secs(5), "gave up after {:?}", started.elapsed());
    assert!(error.contains("TimedOut"), "{error}");
}

#[tokio::test]
async fn a_server_ending_scram_without_its_proof_is_refused() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let port = fake_server(|mut socket| async move {
        let mut buf = [0u8; 1024];
        let _ = socket.read(&mut buf).await; // the startup message
        // AuthenticationSASL offering SCRAM-SHA-256.
        let mechanism = b"SCRAM-SHA-256\0\0";
        let mut message = vec![b'R'];
        message.extend_from_slice(&(8 + mechanism.len() as i32).to_be_bytes());
        message.extend_from_slice(&10i32.to_be_bytes());
        message.extend_from_slice(mechanism);
        let _ = socket.write_all(&message).await;
        let _ = socket.read(&mut buf).await; // the client's first SCRAM message
        // AuthenticationOk at once, without AuthenticationSASLFinal.
        let _ = socket.write_all(&[b'R', 0, 0, 0, 8, 0, 0, 0, 0]).await;
        tokio::time::sleep(Duration::from_secs(5)).await;
    })
    .await;
    let pool = RequestConnections::new(&tcp_options(port), Some("secret"), 1, Duration::from_secs(2));
    let error = pool.checkout().await.err().map(|e| format!("{e:?}")).unwrap_or_default();
    assert!(error.contains("without proving"), "{error}");
}
