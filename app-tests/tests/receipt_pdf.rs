//! Issue 36's receipt PDF: a UPI donation's receipt and a cash walk-in's are rendered by the
//! documents worker with the app's template (templates/receipt.typ) and fonts, stored in the
//! private receipts bucket, mailed; `pdftotext` finds every field an 80G receipt needs in
//! English and Kannada, and the 80G declaration only on the eligible one. A cancelled receipt
//! is rendered again in place, marked CANCELLED. The donor's year statement (templates/statement.typ)
//! lists every receipt of the year with its totals in both languages, and a refund cancels a
//! receipt in it.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::collections::HashMap;

use server::auth::templates::{Templates, Vars};
use server::documents::TemplateSource;
use server::documents::worker::{Documents, MailSetup, Round};
use server::storage::backend::Backend;
use sqlx::PgPool;
use support::TestDb;
use support::process::project_root;

/// Runs `sql` as `user` (an authenticated API caller) in one transaction.
async fn as_user(pool: &PgPool, user: &str, sql: &str) {
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)")
        .bind(serde_json::json!({ "sub": user, "role": "authenticated" }).to_string())
        .bind(user)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::raw_sql("set local role authenticated").execute(&mut *tx).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

async fn user(pool: &PgPool, user_type: &str, name: &str, language: &str) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "insert into auth.users (id, email, email_confirmed_at) values ('{id}', '{user_type}-{id}@example.org', now());
         insert into public.users (id, email, type, status, full_name, approval_status, preferred_language)
         values ('{id}', '{user_type}-{id}@example.org', '{user_type}', 'approved', '{name}', 'approved', '{language}');"
    )))
    .execute(pool)
    .await
    .unwrap();
    id
}

/// The text of a PDF, every run of white space one space.
fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("receipt.pdf");
    std::fs::write(&path, bytes).unwrap();
    let output = std::process::Command::new("pdftotext")
        .arg("-enc")
        .arg("UTF-8")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs (poppler-utils: scripts/system-deps.sh test)");
    assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every `wanted` is in `text`, hyphens aside: a line may break after one ("Sixty-" / "Seven"),
/// and pdftotext joins such lines without it.
fn assert_has(text: &str, wanted: &[&str], what: &str) {
    let plain = text.replace('-', "");
    let missing: Vec<&&str> = wanted.iter().filter(|w| !plain.contains(&w.replace('-', ""))).collect();
    assert!(missing.is_empty(), "{what} lacks {missing:?} in:\n{text}");
}

struct Rendered {
    _db: TestDb,
    pool: PgPool,
    donor: String,
    admin: String,
    documents: Documents,
    _files: tempfile::TempDir,
}

async fn rendered() -> Rendered {
    let db = TestDb::product().await;
    let pool = server::db::admin_pool(&db.admin, 4);
    let donor = user(&pool, "member", "Ravi Bhat", "kn").await;
    let admin = user(&pool, "admin", "Treasurer", "en").await;
    sqlx::raw_sql(
        "update public.trust_finance set trust_name = 'Havyaka Trust Mumbai', trust_name_kn = 'ಹವ್ಯಕ ಟ್ರಸ್ಟ್ ಮುಂಬೈ',
           address = '12 Temple Road, Matunga, Mumbai 400019', pan = 'AAATH1234K', urn_80g = 'AAATH1234KF20214',
           urn_80g_issued_on = date '2021-05-28', urn_80g_valid_from = date '2021-04-01',
           urn_80g_valid_until = date '2031-03-31', signatory = 'K. Subrahmanya Bhat'",
    )
    .execute(&pool)
    .await
    .unwrap();
    as_user(
        &pool,
        &donor,
        "select public.save_donor('Ravi Shankar Bhat', '4 Hill View, Matunga', 'pan', 'ABCDE1234F', 'Mumbai',
                                  'Maharashtra', '400019');
         select public.start_payment('donation', 1234567, 'educational_aid');",
    )
    .await;
    as_user(
        &pool,
        &admin,
        "update public.payments set status = 'completed' where status = 'pending';
         insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name)
         values ('donation', 5000, 'cash', 'completed', 'general', 'Walk-in Krishna');",
    )
    .await;
    let files = tempfile::tempdir().unwrap();
    let root = project_root();
    let templates = TemplateSource::new(Some(root.join("templates")));
    let mut vars = Vars::new();
    vars.insert("SiteName", "Havyaka Trust".to_string());
    let documents = Documents {
        pool: pool.clone(),
        backend: Backend::local(files.path()).unwrap(),
        instance_id: 11,
        fonts: templates.fonts().unwrap(),
        templates,
        mail: Some(MailSetup {
            templates: Templates::new(Some(root.join("templates/mail")), None),
            vars,
            site_url: url::Url::parse("https://havyaka.example/").unwrap(),
            deliver: None,
        }),
    };
    let round = documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round, Round { stored: 2, lost_races: 0, failed: 0 }, "both receipts are rendered");
    Rendered { _db: db, pool, donor, admin, documents, _files: files }
}

/// The text of the receipt of the payment made in `mode`, and its row's receipt number.
async fn receipt_text(r: &Rendered, mode: &str) -> (String, String) {
    let (receipt_no, path, version): (String, String, String) = sqlx::query_as(
        "select r.receipt_no, r.pdf_path, o.version from public.receipts r
           join storage.objects o on o.bucket_id = 'receipts' and o.name = r.pdf_path
          where r.mode = $1",
    )
    .bind(mode)
    .fetch_one(&r.pool)
    .await
    .unwrap();
    assert!(path.ends_with(&format!("{}.pdf", receipt_no.replace('/', "-"))), "{path}");
    let bytes = r.documents.backend.read_all(&version).await.unwrap();
    (pdf_text(&bytes), receipt_no)
}

#[tokio::test]
async fn the_receipts_print_every_field_in_both_languages_and_the_declaration_only_when_eligible() {
    let r = rendered().await;

    let (upi, upi_no) = receipt_text(&r, "upi").await;
    assert_has(
        &upi,
        &[
            "Havyaka Trust Mumbai",
            "ಹವ್ಯಕ ಟ್ರಸ್ಟ್ ಮುಂಬೈ",
            "12 Temple Road, Matunga, Mumbai 400019",
            "AAATH1234K",
            "AAATH1234KF20214",
            "01-04-2021",
            "31-03-2031",
            &upi_no,
            "Receipt no.",
            "ರಸೀದಿ ಸಂಖ್ಯೆ",
            "Donation receipt",
            "ದೇಣಿಗೆ ರಸೀದಿ",
            "Ravi Shankar Bhat",
            "4 Hill View, Matunga",
            "XXXXXX234F",
            "Educational aid",
            "ಶೈಕ್ಷಣಿಕ ನೆರವು",
            "₹ 12,34,567",
            "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only",
            "ಹನ್ನೆರಡು ಲಕ್ಷದ ಮೂವತ್ತನಾಲ್ಕು ಸಾವಿರದ ಐನೂರ ಅರವತ್ತೇಳು ರೂಪಾಯಿಗಳು ಮಾತ್ರ",
            "UPI",
            "ಯುಪಿಐ",
            "ಉದ್ದೇಶ",
            "eligible for deduction under section",
            "ಕಡಿತಕ್ಕೆ ಅರ್ಹವಾಗಿದೆ",
            "K. Subrahmanya Bhat",
            "Authorised signatory",
            "ಅಧಿಕೃತ ಸಹಿದಾರರು",
        ],
        "the UPI donation's receipt",
    );
    assert!(!upi.contains("not eligible"), "an eligible receipt does not say it is not eligible");

    let (cash, cash_no) = receipt_text(&r, "cash").await;
    assert_has(
        &cash,
        &[
            &cash_no,
            "Walk-in Krishna",
            "₹ 5,000",
            "Rupees Five Thousand Only",
            "Cash donations above ₹2,000 are not eligible",
            "₹2,000ಕ್ಕಿಂತ ಹೆಚ್ಚಿನ ನಗದು ದೇಣಿಗೆಗಳು",
            "ಅರ್ಹವಲ್ಲ",
            "ನಗದು",
        ],
        "the cash walk-in's receipt",
    );
    assert!(!cash.contains("eligible for deduction under section"), "no 80G declaration on an ineligible receipt");
    assert!(!cash.contains("ಕಡಿತಕ್ಕೆ ಅರ್ಹವಾಗಿದೆ"), "nor its Kannada");
}

#[tokio::test]
async fn the_donor_is_mailed_in_their_language_and_a_cancelled_receipt_is_rendered_again() {
    let r = rendered().await;
    let mails: Vec<(String, String, String)> = sqlx::query_as(
        "select recipient, subject, body_text from auth.mail_outbox where kind = 'document:receipt_pdf'",
    )
    .fetch_all(&r.pool)
    .await
    .unwrap();
    assert_eq!(mails.len(), 1, "the account holder is mailed; the walk-in has no address: {mails:?}");
    let receipt_no: String = sqlx::query_scalar("select receipt_no from public.receipts where mode = 'upi'")
        .fetch_one(&r.pool)
        .await
        .unwrap();
    assert!(mails[0].0.starts_with("member-"), "{}", mails[0].0);
    assert!(mails[0].1.contains("ರಸೀದಿ") && mails[0].1.contains(&receipt_no), "Kannada subject: {}", mails[0].1);
    assert!(mails[0].2.contains("https://havyaka.example/account/payments"), "{}", mails[0].2);

    as_user(
        &r.pool,
        &r.admin,
        "select public.cancel_receipt((select id from public.receipts where mode = 'cash'), 'Entered twice')",
    )
    .await;
    let round = r.documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round.stored, 1, "the cancelled receipt is rendered again");
    let (cash, _) = receipt_text(&r, "cash").await;
    assert_has(&cash, &["CANCELLED", "ರದ್ದಾಗಿದೆ", "Entered twice"], "the cancelled receipt");
    let mails: i64 = sqlx::query_scalar("select count(*) from auth.mail_outbox").fetch_one(&r.pool).await.unwrap();
    assert_eq!(mails, 1, "a cancellation is not mailed as a new receipt");
}

/// The stored file at `path` in the receipts bucket, as text.
async fn stored_text(r: &Rendered, path: &str) -> String {
    let version: String =
        sqlx::query_scalar("select version from storage.objects where bucket_id = 'receipts' and name = $1")
            .bind(path)
            .fetch_one(&r.pool)
            .await
            .unwrap();
    pdf_text(&r.documents.backend.read_all(&version).await.unwrap())
}

#[tokio::test]
async fn the_year_statement_lists_every_receipt_with_its_totals_and_a_refund_cancels_one() {
    let r = rendered().await;
    as_user(
        &r.pool,
        &r.admin,
        &format!(
            "insert into public.payments (payment_type, amount, payment_method, status, purpose, payer_name, user_id)
             values ('donation', 2500, 'cash', 'completed', 'general', 'Ravi Shankar Bhat', '{}')",
            r.donor
        ),
    )
    .await;
    as_user(&r.pool, &r.donor, "select public.request_year_statement(app.fy_of(app.india_today()))").await;
    let round = r.documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round, Round { stored: 2, lost_races: 0, failed: 0 }, "the new receipt and the statement");

    let (path, fy, words_en, words_kn): (String, String, String, String) = sqlx::query_as(
        "select s.pdf_path, s.fy, v.total_words_en, v.total_words_kn
           from public.year_statements s join app.year_statement_pdf_rows v on v.id = s.id",
    )
    .fetch_one(&r.pool)
    .await
    .unwrap();
    assert_eq!(path, format!("{}/statement-{fy}.pdf", r.donor), "in the donor's folder");
    assert_eq!(words_en, "Rupees Twelve Lakh Thirty-Seven Thousand Sixty-Seven Only");
    let numbers: Vec<String> =
        sqlx::query_scalar("select receipt_no from public.receipts where user_id = $1::uuid order by serial")
            .bind(&r.donor)
            .fetch_all(&r.pool)
            .await
            .unwrap();
    assert_eq!(numbers.len(), 2);
    let text = stored_text(&r, &path).await;
    assert_has(
        &text,
        &[
            "Havyaka Trust Mumbai",
            "ಹವ್ಯಕ ಟ್ರಸ್ಟ್ ಮುಂಬೈ",
            "AAATH1234K",
            "AAATH1234KF20214",
            &format!("Statement of receipts, financial year {fy}"),
            &format!("{fy} ಆರ್ಥಿಕ ವರ್ಷದ ರಸೀದಿಗಳ ವಿವರಣೆ"),
            &format!("01-04-{}", &fy[..4]),
            "Ravi Shankar Bhat",
            "4 Hill View, Matunga",
            "XXXXXX234F",
            &numbers[0],
            &numbers[1],
            "Receipt no.",
            "ರಸೀದಿ ಸಂಖ್ಯೆ",
            "12,34,567",
            "2,500",
            "UPI",
            "ಯುಪಿಐ",
            "Cash",
            "ನಗದು",
            "Educational aid",
            "ಶೈಕ್ಷಣಿಕ ನೆರವು",
            "General fund",
            "ಸಾಮಾನ್ಯ ನಿಧಿ",
            "Not eligible",
            "ಅರ್ಹವಲ್ಲ",
            "Total received (2 receipts)",
            "ಒಟ್ಟು ಸ್ವೀಕೃತಿ (2 ರಸೀದಿಗಳು)",
            "₹ 12,37,067",
            "Eligible for deduction",
            "ಕಡಿತಕ್ಕೆ ಅರ್ಹ",
            "₹ 12,34,567",
            "₹ 2,500",
            &words_en,
            &words_kn,
            "Authorised signatory",
            "ಅಧಿಕೃತ ಸಹಿದಾರರು",
        ],
        "the year statement",
    );

    // The cash donation refunded: its receipt cancelled (number kept), both files rendered
    // again, the donor mailed in Kannada.
    as_user(
        &r.pool,
        &r.admin,
        "select public.refund_payment((select id from public.payments where amount = 2500), 'Returned at the donor''s request')",
    )
    .await;
    let round = r.documents.run_once(&mut HashMap::new()).await.unwrap();
    assert_eq!(round, Round { stored: 2, lost_races: 0, failed: 0 }, "the receipt and the statement again");
    let receipt_path: String = sqlx::query_scalar("select pdf_path from public.receipts where amount = 2500")
        .fetch_one(&r.pool)
        .await
        .unwrap();
    let receipt = stored_text(&r, &receipt_path).await;
    assert_has(
        &receipt,
        &["CANCELLED", "ರದ್ದಾಗಿದೆ", "Refunded: Returned at the donor's request", &numbers[1]],
        "the refunded receipt",
    );
    let text = stored_text(&r, &path).await;
    assert_has(
        &text,
        &[&numbers[1], "CANCELLED / ರದ್ದಾಗಿದೆ", "Total received (1 receipt)", "₹ 12,34,567"],
        "the statement after the refund",
    );
    // Nothing left that is not eligible (pdftotext may join "₹ 0").
    assert!(text.replace("₹ ", "₹").contains("₹12,34,567 ₹12,34,567 ₹0"), "{text}");
    let (subject, body): (String, String) = sqlx::query_as(
        "select subject, body_text from auth.mail_outbox where kind = 'money_payment_refunded' and recipient like 'member-%'",
    )
    .fetch_one(&r.pool)
    .await
    .unwrap();
    assert!(subject.contains("ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ") && subject.contains("2,500"), "Kannada subject: {subject}");
    assert!(body.contains("Returned at the donor's request") && body.contains(&numbers[1]), "{body}");
}
