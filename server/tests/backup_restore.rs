//! Backups proven by restoring them: backup → change → restore into a new database → every
//! table's checksum equal to the backup's, the stored files back, and the switch; a damaged
//! backup refused by name before anything is restored.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use bytes::Bytes;
use server::backup::Backups;
use server::backup::restore::FilesMode;
use server::backup::snapshot;
use sqlx::{ConnectOptions, Connection};
use support::TestDb;

struct Fixture {
    db: TestDb,
    backups: Backups,
    _dirs: Vec<tempfile::TempDir>,
    backup_dir: std::path::PathBuf,
}

async fn fixture(recipients: Vec<age::x25519::Recipient>, identity_file: Option<std::path::PathBuf>) -> Fixture {
    // The fixture app: a table, a function, a policy and a trigger of an app, none of ours.
    let db = TestDb::with_sql(support::fixture_app()).await;
    let dir = tempfile::tempdir().unwrap();
    let backups = support::test_backups(&db, dir.path(), recipients, identity_file);
    let backup_dir = dir.path().join("backups");
    Fixture { db, backups, _dirs: vec![dir], backup_dir }
}

/// A ledger of 500 rows (numbers, text, times, NULLs), a stored file, and an account.
async fn fill(fixture: &Fixture) -> String {
    let mut conn = fixture.db.admin_connection().await;
    sqlx::raw_sql(
        "create table public.ledger (id int primary key, amount numeric(12,2), note text, at timestamptz, ratio float8);
         alter table public.ledger enable row level security;
         insert into public.ledger
           select i, i * 1.25, case when i % 7 = 0 then null else 'entry ' || i || ' ಹವ್ಯಕ' end,
                  timestamptz '2026-01-01 00:00+05:30' + i * interval '1 hour', 1.0 / i
             from generate_series(1, 500) i;
         insert into storage.buckets (id, name, public) values ('receipts', 'receipts', false);",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let version = uuid::Uuid::new_v4().to_string();
    let mut writer = fixture.backups.files.writer(&version);
    writer.write(Bytes::from_static(b"%PDF-1.4 receipt 80G no. 1")).await.unwrap();
    writer.finish().await.unwrap();
    sqlx::query(
        "insert into storage.objects (bucket_id, name, version, metadata) values ('receipts', '2026/r1.pdf', $1, '{\"size\": 26}')",
    )
    .bind(&version)
    .execute(&mut conn)
    .await
    .unwrap();
    let _ = conn.close().await;
    version
}

async fn connect(fixture: &Fixture, database: &str) -> sqlx::PgConnection {
    fixture.db.admin.clone().database(database).connect().await.unwrap()
}

async fn stats(fixture: &Fixture, database: &str) -> Vec<server::backup::meta::TableStat> {
    let mut conn = connect(fixture, database).await;
    sqlx::raw_sql(snapshot::STABLE_TEXT).execute(&mut conn).await.unwrap();
    let tables = snapshot::tables(&mut conn).await.unwrap();
    let _ = conn.close().await;
    tables
}

#[tokio::test]
async fn a_backup_restores_into_a_new_database_with_every_table_as_it_was() {
    let fixture = fixture(Vec::new(), None).await;
    let version = fill(&fixture).await;
    let meta = fixture.backups.create("manual").await.unwrap();

    let ledger = meta.tables.iter().find(|t| t.qualified() == "public.ledger").expect("the ledger is in meta.json");
    assert_eq!(ledger.rows, 500);
    assert!(ledger.rls, "meta.json records row-level security");
    let newest_platform = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".sql"))
        .max();
    assert_eq!(
        meta.migrations.get("platform"),
        newest_platform.as_ref(),
        "meta.json names the newest platform migration"
    );
    assert!(meta.migrations.contains_key("app"));
    assert_eq!(meta.files.versions, std::slice::from_ref(&version));
    assert!(fixture.backup_dir.join(&meta.id).join("dump.pgc").is_file());
    assert!(fixture.backup_dir.join(format!("files/{version}")).is_file(), "the file's bytes are in the backup");
    assert_eq!(meta, fixture.backups.store.meta(&meta.id).await.unwrap().unwrap(), "meta.json is what create returned");

    // Afterwards the live data changes and the file is removed, bytes and all.
    let mut live = fixture.db.admin_connection().await;
    sqlx::raw_sql(
        "delete from public.ledger where id <= 10; update public.ledger set note = 'changed' where id = 20;
         delete from storage.objects;",
    )
    .execute(&mut live)
    .await
    .unwrap();
    fixture.backups.files.remove_version(&version).await.unwrap();

    let restored = format!("{}_r", fixture.db.name);
    let summary = fixture.backups.restore_into(&meta.id, &restored, FilesMode::PutBack).await.unwrap();
    assert!(summary.ok, "{summary:#?}");
    assert_eq!(summary.files.put_back, 1);
    for name in ["row counts", "checksums", "migrations", "row-level security", "sign-in", "schema cache", "files"] {
        assert!(summary.checks.iter().any(|c| c.name == name && c.ok), "{name}: {summary:#?}");
    }
    assert_eq!(stats(&fixture, &restored).await, meta.tables, "every table's rows and checksum are the backup's");
    assert!(fixture.backups.files.has_version(&version).await.unwrap(), "the file's bytes are back");
    let rows: i64 = sqlx::query_scalar("select count(*) from public.ledger").fetch_one(&mut live).await.unwrap();
    assert_eq!(rows, 490, "the live database is untouched until the switch");
    let _ = live.close().await;

    let switched = fixture.backups.switch(&restored, None).await.unwrap();
    let mut live = fixture.db.admin_connection().await;
    let rows: i64 = sqlx::query_scalar("select count(*) from public.ledger").fetch_one(&mut live).await.unwrap();
    assert_eq!(rows, 500, "after the switch the service's database holds the restored data");
    let kept: String =
        sqlx::query_scalar("select database_name from ops.replaced_databases").fetch_one(&mut live).await.unwrap();
    assert_eq!(kept, switched.replaced);
    let mut old = connect(&fixture, &switched.replaced).await;
    let rows: i64 = sqlx::query_scalar("select count(*) from public.ledger").fetch_one(&mut old).await.unwrap();
    assert_eq!(rows, 490, "the replaced database is kept as it was");
    let _ = old.close().await;
    fixture.backups.drop_database(&switched.replaced).await.unwrap();
}

#[tokio::test]
async fn a_truncated_or_altered_dump_is_refused_before_anything_is_restored() {
    let fixture = fixture(Vec::new(), None).await;
    fill(&fixture).await;
    let meta = fixture.backups.create("manual").await.unwrap();
    let dump = fixture.backup_dir.join(&meta.id).join("dump.pgc");
    let bytes = std::fs::read(&dump).unwrap();

    std::fs::write(&dump, bytes.get(..bytes.len() / 2).unwrap()).unwrap();
    let target = format!("{}_t", fixture.db.name);
    let error = fixture.backups.restore_into(&meta.id, &target, FilesMode::PutBack).await.unwrap_err();
    assert!(error.contains("is damaged") && error.contains("truncated or altered"), "{error}");

    let mut altered = bytes.clone();
    if let Some(byte) = altered.get_mut(bytes.len() / 3) {
        *byte ^= 0x55;
    }
    std::fs::write(&dump, &altered).unwrap();
    let error = fixture.backups.restore_into(&meta.id, &target, FilesMode::PutBack).await.unwrap_err();
    assert!(error.contains("is damaged"), "{error}");
    let mut conn = fixture.db.admin_connection().await;
    let created: bool = sqlx::query_scalar("select exists (select from pg_database where datname = $1)")
        .bind(&target)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(!created, "no database was created for a damaged backup");

    // Bytes that match meta.json but are no pg_dump archive: refused by pg_restore --list.
    let garbage = b"this is not an archive".to_vec();
    std::fs::write(&dump, &garbage).unwrap();
    let mut forged = meta.clone();
    forged.dump.size = garbage.len() as u64;
    forged.dump.sha256 = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&garbage));
    std::fs::write(fixture.backup_dir.join(&meta.id).join("meta.json"), serde_json::to_vec(&forged).unwrap()).unwrap();
    let error = fixture.backups.restore_into(&meta.id, &target, FilesMode::PutBack).await.unwrap_err();
    assert!(error.contains("not a readable pg_dump archive"), "{error}");
}

#[tokio::test]
async fn an_encrypted_backup_is_unreadable_without_its_identity_and_restores_with_it() {
    let identity = age::x25519::Identity::generate();
    let key_dir = tempfile::tempdir().unwrap();
    let key_file = key_dir.path().join("backup.key");
    std::fs::write(&key_file, format!("{}\n", age::secrecy::ExposeSecret::expose_secret(&identity.to_string())))
        .unwrap();
    let fixture = fixture(vec![identity.to_public()], Some(key_file)).await;
    let version = fill(&fixture).await;
    let meta = fixture.backups.create("manual").await.unwrap();
    assert_eq!(meta.dump.name, "dump.pgc.age");
    let stored = std::fs::read(fixture.backup_dir.join(&meta.id).join("dump.pgc.age")).unwrap();
    assert!(stored.starts_with(b"age-encryption.org/v1"), "the dump is an age file");
    assert!(!stored.windows(5).any(|w| w == b"PGDMP"), "no plain archive inside");
    let file = std::fs::read(fixture.backup_dir.join(format!("files/{version}.age"))).unwrap();
    assert!(!file.windows(8).any(|w| w == b"%PDF-1.4"), "stored files are encrypted too");

    let restored = format!("{}_e", fixture.db.name);
    let summary = fixture.backups.restore_into(&meta.id, &restored, FilesMode::CheckOnly).await.unwrap();
    assert!(summary.ok, "{summary:#?}");
    assert_eq!(stats(&fixture, &restored).await, meta.tables);
    fixture.backups.drop_database(&restored).await.unwrap();

    let mut without = fixture.backups.clone();
    without.settings.identity_file = None;
    let error =
        without.restore_into(&meta.id, &format!("{}_x", fixture.db.name), FilesMode::CheckOnly).await.unwrap_err();
    assert!(error.contains("BACKUP_AGE_IDENTITY_FILE"), "{error}");
}

#[tokio::test]
async fn a_drill_records_its_result_and_a_failed_one_raises_an_alert() {
    let fixture = fixture(Vec::new(), None).await;
    fill(&fixture).await;
    let pool = server::db::admin_pool(&fixture.db.admin, 2);
    let failed = fixture.backups.drill(&pool).await.unwrap_err();
    assert!(failed.contains("there is no backup"), "{failed}");
    fixture.backups.create("manual").await.unwrap();
    fixture.backups.drill(&pool).await.unwrap();
    let drills: Vec<(bool, Option<String>)> =
        sqlx::query_as("select ok, error from ops.backup_drills order by id").fetch_all(&pool).await.unwrap();
    assert_eq!(drills.len(), 2);
    assert!(!drills[0].0 && drills[1].0, "{drills:?}");
    let alerts: Vec<String> = sqlx::query_scalar("select kind from ops.alerts").fetch_all(&pool).await.unwrap();
    assert_eq!(alerts, ["backup_drill_failed"]);
    let scratch: bool = sqlx::query_scalar("select exists (select from pg_database where datname = $1)")
        .bind(format!("{}_drill", fixture.db.name))
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(!scratch, "the drill's scratch database is dropped");
    pool.close().await;
}

#[tokio::test]
async fn retention_never_removes_a_backup_while_a_drill_reads_it() {
    let fixture = fixture(Vec::new(), None).await;
    fill(&fixture).await;
    let first = fixture.backups.create("manual").await.unwrap();

    // A drill reading: the shared lock it holds while it restores a backup.
    let mut reader = fixture.db.admin_connection().await;
    sqlx::query("select pg_advisory_lock_shared($1)")
        .bind(server::backup::BACKUP_READ_LOCK)
        .execute(&mut reader)
        .await
        .unwrap();
    let second = fixture.backups.create("manual").await.unwrap();
    assert!(fixture.backups.store.meta(&first.id).await.unwrap().is_some(), "the backup being read is kept");

    reader.close().await.unwrap();
    let third = fixture.backups.create("manual").await.unwrap();
    for (older, name) in [(&first, "first"), (&second, "second")] {
        assert!(
            fixture.backups.store.meta(&older.id).await.unwrap().is_none(),
            "with no reader, retention keeps only the day's newest; the {name} backup is gone"
        );
    }
    assert!(fixture.backups.store.meta(&third.id).await.unwrap().is_some());
}

/// `server migrate` during a backup: its DDL waits for the tables the backup's snapshot has
/// read, and pg_dump's LOCK TABLE then queues behind the DDL. PostgreSQL cannot see that the
/// snapshot's session waits for pg_dump, so the three once waited for ever (a rolling upgrade
/// in CI hung so). Now pg_dump gives up after its lock wait, the DDL goes through, and the next
/// backup has the new column.
#[tokio::test]
async fn ddl_queued_behind_a_backup_does_not_deadlock_with_its_dump() {
    let mut fixture = fixture(Vec::new(), None).await;
    fill(&fixture).await;
    // A pg_dump that starts only once the test says so: the DDL is queued by then.
    let gate = tempfile::tempdir().unwrap();
    let real = fixture.backups.tools.clone().unwrap();
    let wrapper = gate.path().join("pg_dump");
    let dir = gate.path().display();
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\ntouch '{dir}/started'\nwhile [ ! -e '{dir}/go' ]; do sleep 0.02; done\nexec '{}' \"$@\"\n",
            real.pg_dump.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    fixture.backups.tools = Ok(server::backup::tools::PgTools { pg_dump: wrapper, pg_restore: real.pg_restore });
    fixture.backups.settings.dump_lock_wait = std::time::Duration::from_secs(1);

    let mut ddl_conn = fixture.db.admin_connection().await;
    let mut watch = fixture.db.admin_connection().await;
    let backup = fixture.backups.create("manual");
    let ddl = async {
        while !gate.path().join("started").exists() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        sqlx::raw_sql("alter table public.ledger add column extra text").execute(&mut ddl_conn).await
    };
    let release = async {
        loop {
            let queued: i64 = sqlx::query_scalar(
                "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query like 'alter table public.ledger%'",
            )
            .fetch_one(&mut watch)
            .await
            .unwrap();
            if queued == 1 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        std::fs::write(gate.path().join("go"), b"").unwrap();
    };
    let (backup, ddl, ()) =
        tokio::time::timeout(std::time::Duration::from_secs(60), async { tokio::join!(backup, ddl, release) })
            .await
            .expect("the backup, the DDL and the dump finish (no deadlock)");
    let error = backup.unwrap_err();
    assert!(error.contains("pg_dump failed"), "{error}");
    ddl.expect("the DDL went through once the dump gave up");

    let next = fixture.backups.create("manual").await.unwrap();
    assert!(next.tables.iter().any(|t| t.name == "ledger"), "{:?}", next.tables);
    assert!(support::catalog::has_column(&mut watch, "ledger", "extra").await);
}
