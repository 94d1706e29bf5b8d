//! The documents worker (server/src/documents): a declared view's rows are rendered with a
//! fixture template, stored once in the bucket, marked, mailed; two workers racing on a row
//! store one file; a row set back to null is rendered again in place; a broken template leaves
//! the row waiting and no bytes behind.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use server::auth::templates::{Templates, Vars};
use server::documents::worker::{Documents, MailSetup, Round};
use server::documents::{TemplateSource, store};
use server::storage::backend::Backend;
use sqlx::PgPool;
use support::TestDb;

const SCHEMA: &str = r#"
insert into storage.buckets (id, name, public) values ('letters', 'letters', false);
create table public.letters (
  id uuid primary key default gen_random_uuid(),
  number int not null,
  addressee text not null,
  email text,
  pdf_path text
);
create view public.letter_rows as
  select l.id, l.number, l.addressee, l.pdf_path, 'user-' || l.number || '/letter-' || l.number || '.pdf' as pdf_name,
         l.email as mail_to, 'en' as mail_language, 'L-' || l.number as mail_reference
    from public.letters l;
"#;

fn fixtures() -> PathBuf {
    support::process::project_root().join("server/tests/fixtures/documents")
}

struct Setup {
    _db: TestDb,
    pool: PgPool,
    files: tempfile::TempDir,
}

async fn setup(template: &str) -> Setup {
    let db = TestDb::migrated().await;
    let pool = server::db::admin_pool(&db.admin, 4);
    sqlx::raw_sql(SCHEMA).execute(&pool).await.unwrap();
    sqlx::query(
        "select ops.declare_document('letter', 'public.letter_rows', 'id', $1, 'letters', 'pdf_name',
                                     'public.letters', 'pdf_path', null, 'letter', '/account/letters')",
    )
    .bind(template)
    .execute(&pool)
    .await
    .unwrap();
    Setup { _db: db, pool, files: tempfile::tempdir().unwrap() }
}

fn worker(setup: &Setup) -> Documents {
    let source = TemplateSource::new(Some(fixtures()));
    let mut vars = Vars::new();
    vars.insert("SiteName", "Test Trust".to_string());
    Documents {
        pool: setup.pool.clone(),
        backend: Backend::local(setup.files.path()).unwrap(),
        instance_id: 7,
        // No fonts/ in the fixture folder: the fonts embedded from templates/fonts.
        fonts: source.fonts().unwrap(),
        templates: source,
        mail: Some(MailSetup {
            templates: Templates::new(Some(fixtures().join("mail")), None),
            vars,
            site_url: url::Url::parse("https://trust.example/").unwrap(),
            deliver: None,
        }),
    }
}

/// Every stored byte file under the backend's root (staging files excluded).
fn stored_files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if !path.to_string_lossy().contains("staging") && !path.to_string_lossy().contains("#") {
                found.push(path);
            }
        }
    }
    found
}

async fn insert(pool: &PgPool, number: i32, email: Option<&str>) -> uuid::Uuid {
    sqlx::query_scalar(
        "insert into public.letters (number, addressee, email) values ($1, 'Subrahmanya', $2) returning id",
    )
    .bind(number)
    .bind(email)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn each_waiting_row_is_rendered_stored_marked_and_mailed_once() {
    let setup = setup("letter.typ").await;
    insert(&setup.pool, 1, Some("reader@example.com")).await;
    insert(&setup.pool, 2, None).await;
    let documents = worker(&setup);

    let round = documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round, Round { stored: 2, lost_races: 0, failed: 0 });

    let marked: Vec<(i32, Option<String>)> =
        sqlx::query_as("select number, pdf_path from public.letters order by number")
            .fetch_all(&setup.pool)
            .await
            .unwrap();
    assert_eq!(
        marked,
        vec![(1, Some("user-1/letter-1.pdf".to_string())), (2, Some("user-2/letter-2.pdf".to_string()))]
    );
    let objects: Vec<(String, String, String, i64)> = sqlx::query_as(
        "select name, version, metadata->>'mimetype', (metadata->>'size')::bigint from storage.objects
          where bucket_id = 'letters' order by name",
    )
    .fetch_all(&setup.pool)
    .await
    .unwrap();
    assert_eq!(objects.len(), 2);
    for (name, version, mimetype, size) in &objects {
        assert_eq!(mimetype, "application/pdf", "{name}");
        let bytes = documents.backend.read_all(version).await.unwrap();
        assert!(bytes.starts_with(b"%PDF-"), "{name} is a PDF");
        assert_eq!(i64::try_from(bytes.len()).unwrap(), *size, "{name}: the recorded size");
    }
    let pending: i64 =
        sqlx::query_scalar("select count(*) from storage.pending_uploads").fetch_one(&setup.pool).await.unwrap();
    assert_eq!(pending, 0, "no bookkeeping is left");

    let mails: Vec<(String, String, String, String)> =
        sqlx::query_as("select recipient, subject, body_text, kind from auth.mail_outbox")
            .fetch_all(&setup.pool)
            .await
            .unwrap();
    assert_eq!(mails.len(), 1, "only the row with a recipient is mailed: {mails:?}");
    assert_eq!(mails[0].0, "reader@example.com");
    assert_eq!(mails[0].1, "Letter L-1 from Test Trust");
    assert!(mails[0].2.contains("https://trust.example/account/letters"), "{}", mails[0].2);
    assert_eq!(mails[0].3, "document:letter");

    let again = documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(again, Round::default(), "nothing waits any more");
    assert_eq!(stored_files(setup.files.path()).len(), 2, "two files on disk");
}

#[tokio::test]
async fn two_workers_rendering_the_same_row_store_one_file() {
    let setup = setup("letter.typ").await;
    insert(&setup.pool, 3, Some("reader@example.com")).await;
    let (a, b) = (worker(&setup), worker(&setup));
    let declaration = store::declarations(&setup.pool).await.unwrap().remove(0);
    let pending = store::pending(&setup.pool, &declaration, 10).await.unwrap();
    assert_eq!(pending.len(), 1);

    let (first, second) =
        tokio::join!(a.render_and_store(&declaration, &pending[0]), b.render_and_store(&declaration, &pending[0]));
    let outcomes = [first.unwrap(), second.unwrap()];
    assert_eq!(outcomes.iter().filter(|stored| **stored).count(), 1, "exactly one stored it: {outcomes:?}");

    let (objects, pending, mails): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from storage.objects where bucket_id = 'letters'),
                (select count(*) from storage.pending_uploads), (select count(*) from auth.mail_outbox)",
    )
    .fetch_one(&setup.pool)
    .await
    .unwrap();
    assert_eq!((objects, pending, mails), (1, 0, 1), "one object, no bookkeeping, one mail");
    let files = stored_files(setup.files.path());
    assert_eq!(files.len(), 1, "the loser's bytes are gone: {files:?}");
    let version: String =
        sqlx::query_scalar("select version from storage.objects").fetch_one(&setup.pool).await.unwrap();
    assert!(files[0].to_string_lossy().contains(&version), "the file left is the stored version");
}

#[tokio::test]
async fn a_row_set_back_to_null_is_rendered_again_in_place() {
    let setup = setup("letter.typ").await;
    let id = insert(&setup.pool, 4, None).await;
    let documents = worker(&setup);
    documents.run_once(&mut HashMap::new()).await.unwrap();
    let first: String = sqlx::query_scalar("select version from storage.objects").fetch_one(&setup.pool).await.unwrap();

    sqlx::query("update public.letters set addressee = 'Krishna', pdf_path = null where id = $1")
        .bind(id)
        .execute(&setup.pool)
        .await
        .unwrap();
    let round = documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round.stored, 1);
    let versions: Vec<String> =
        sqlx::query_scalar("select version from storage.objects where name = 'user-4/letter-4.pdf'")
            .fetch_all(&setup.pool)
            .await
            .unwrap();
    assert_eq!(versions.len(), 1, "one object under the name");
    assert_ne!(versions[0], first, "with the new bytes");
    let orphaned: i64 = sqlx::query_scalar("select count(*) from storage.orphaned_versions where version = $1")
        .bind(&first)
        .fetch_one(&setup.pool)
        .await
        .unwrap();
    assert_eq!(orphaned, 1, "the old bytes are queued for the sweeper");
}

#[tokio::test]
async fn a_broken_template_leaves_the_row_waiting_and_no_bytes() {
    let setup = setup("broken.typ").await;
    insert(&setup.pool, 5, Some("reader@example.com")).await;
    let documents = worker(&setup);
    let mut skip = HashMap::new();
    let round = documents.run_once(&mut skip).await.unwrap();
    assert_eq!(round, Round { stored: 0, lost_races: 0, failed: 1 });
    let (marked, objects, pending, mails): (i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from public.letters where pdf_path is not null),
                (select count(*) from storage.objects), (select count(*) from storage.pending_uploads),
                (select count(*) from auth.mail_outbox)",
    )
    .fetch_one(&setup.pool)
    .await
    .unwrap();
    assert_eq!((marked, objects, pending, mails), (0, 0, 0, 0));
    assert!(stored_files(setup.files.path()).is_empty(), "nothing was written");
    let next = documents.run_once(&mut skip).await.unwrap();
    assert_eq!(next, Round::default(), "a failed row waits before it is tried again");
}

#[tokio::test]
async fn a_declaration_naming_a_missing_column_is_refused() {
    let setup = setup("letter.typ").await;
    // A declaration of `letter.typ` into `bucket`, its file name read from `column`: refused.
    let refusal = async |bucket: &str, column: &str| {
        sqlx::query(
            "select ops.declare_document('bad', 'public.letter_rows', 'id', 'letter.typ', $1, $2,
                                         'public.letters', 'pdf_path')",
        )
        .bind(bucket)
        .bind(column)
        .execute(&setup.pool)
        .await
        .unwrap_err()
        .to_string()
    };
    let error = refusal("letters", "no_such_column").await;
    assert!(error.contains("has no column no_such_column"), "{error}");
    let error = refusal("nowhere", "pdf_name").await;
    assert!(error.contains("no bucket nowhere"), "{error}");
}

#[test]
fn kannada_is_shaped_with_the_embedded_fonts() {
    let fonts = TemplateSource::new(None).fonts().unwrap();
    assert_eq!(fonts.len(), 4, "Noto Sans and Noto Sans Kannada, regular and bold");
    let template = "#set text(font: (\"Noto Sans\", \"Noto Sans Kannada\"))\nಕೃಷ್ಣ ಶ್ರೀ ಸುಬ್ರಹ್ಮಣ್ಯ";
    let pdf = server::documents::render_pdf("k.typ", template, &serde_json::json!({}), &fonts, "k").unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let again = server::documents::render_pdf("k.typ", template, &serde_json::json!({}), &fonts, "k").unwrap();
    assert_eq!(pdf, again, "the same input gives the same bytes");
}
