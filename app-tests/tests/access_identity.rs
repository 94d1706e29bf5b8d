//! Identity numbers (PAN and Aadhaar of `student_details` and `members`): masked for everyone,
//! revealed to admins with an audit row, changed only with a row that is written, through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn pan_and_aadhaar_are_masked_for_everyone_and_revealed_to_admins_with_an_audit_row() {
    let app = TestApp::product().await;
    let student = app.approved("student").await;
    let created = send(
        app.user(&student, Method::POST, "/student_details?select=id,pan_no,aadhar_no,approval_status")
            .header("prefer", "return=representation")
            .json(&json!({
                "user_id": student, "first_name": "Kavya", "surname": "Joshi", "email": "kavya@example.org",
                "mobile_number": "+91 98450 12345", "pan_no": "abcde1234f", "aadhar_no": "1234 5678 9012",
                "approval_status": "approved"
            })),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let row = &created.json()[0];
    assert_eq!((row["pan_no"].as_str(), row["aadhar_no"].as_str()), (Some("XXXXXX234F"), Some("XXXX XXXX 9012")));
    assert_eq!(row["approval_status"], "pending", "a student cannot approve herself");
    let id = row["id"].as_str().unwrap().to_string();

    // Saving the form again as loaded keeps the numbers.
    let saved = send(
        app.user(&student, Method::PATCH, &format!("/student_details?id=eq.{id}"))
            .json(&json!({"pan_no": "XXXXXX234F", "aadhar_no": "XXXX XXXX 9012", "hometown": "Sirsi"})),
    )
    .await;
    assert_eq!(saved.status, StatusCode::NO_CONTENT, "{}", saved.text);
    let admin = app.approved("admin").await;
    let list = send(app.user(&admin, Method::GET, "/student_details?select=pan_no")).await.json();
    assert_eq!(list, json!([{"pan_no": "XXXXXX234F"}]), "staff lists show the mask");
    let reveal = json!({"record_table": "student_details", "record_id": id});
    send(app.user(&student, Method::POST, "/rpc/reveal_identity_numbers").json(&reveal))
        .await
        .assert_error(403, "42501");
    // An admin must have used a second factor (aal2) to read the numbers (app.security_policy).
    let one_factor = send(app.user(&admin, Method::POST, "/rpc/reveal_identity_numbers").json(&reveal)).await;
    assert_eq!(one_factor.assert_error(403, "42501")["message"], "Second factor required");
    let two_factors = support::sign(&json!({
        "sub": admin, "role": "authenticated", "aud": "authenticated", "email": format!("{admin}@example.org"),
        "exp": 4_000_000_000u64, "iat": 1_700_000_000u64, "aal": "aal2",
        "amr": [{"method": "totp", "timestamp": 1_700_000_000u64}],
    }));
    let key = app.keys.anon.clone();
    let revealed =
        send(app.rest(Method::POST, "/rpc/reveal_identity_numbers", &key).bearer_auth(two_factors).json(&reveal)).await;
    assert_eq!(revealed.json(), json!([{"pan": "ABCDE1234F", "aadhar": "123456789012"}]), "{}", revealed.text);
    assert_eq!(
        app.count(&format!("select count(*) from app.identity_reads where reader_id = '{admin}' and aal = 'aal2'"))
            .await,
        1
    );

    let bad = send(
        app.user(&student, Method::PATCH, &format!("/student_details?id=eq.{id}")).json(&json!({"pan_no": "12345"})),
    )
    .await;
    assert_eq!(bad.assert_error(400, "23514")["message"], "PAN format is invalid");
}

/// Issue 21, critical 1: a row that is not written never touches the identity vault. An account
/// that knows someone's `student_details.id` (or `members.id`) posts its own row with that id
/// and `resolution=ignore-duplicates`: nothing is inserted, and the other person's numbers stay.
#[tokio::test]
async fn identity_numbers_change_only_with_a_row_that_is_written() {
    let app = TestApp::product().await;
    let victim = app.approved("student").await;
    let attacker = app.approved("member").await;
    let reveal = |table: &str, id: &str| {
        format!(
            "select coalesce(pan, '-') || '/' || coalesce(aadhar, '-') from app.identity_numbers where record_table = '{table}' and record_id = '{id}'"
        )
    };
    for (table, pan, aadhar, extra) in [
        (
            "student_details",
            "pan_no",
            "aadhar_no",
            json!({"first_name": "Kavya", "surname": "Joshi", "email": "k@example.org", "mobile_number": "+91 98450 12345"}),
        ),
        ("members", "pan_number", "aadhar_number", json!({"first_name": "Kavya", "city": "Mumbai"})),
    ] {
        let mut row = extra.clone();
        row["user_id"] = json!(victim);
        row[pan] = json!("ABCDE1234F");
        row[aadhar] = json!("123456789012");
        let created = send(
            app.user(&victim, Method::POST, &format!("/{table}?select=id"))
                .header("prefer", "return=representation")
                .json(&row),
        )
        .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let id = created.json()[0]["id"].as_str().unwrap().to_string();
        assert_eq!(app.text(&reveal(table, &id)).await, "ABCDE1234F/123456789012");

        for (label, new_pan, new_aadhar) in
            [("overwrite", json!("ZZZZZ9999Z"), json!("999999999999")), ("erase", Value::Null, Value::Null)]
        {
            let mut attack = extra.clone();
            attack["id"] = json!(id);
            attack["user_id"] = json!(attacker);
            attack[pan] = new_pan.clone();
            attack[aadhar] = new_aadhar.clone();
            let ignored = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=ignore-duplicates,return=representation")
                    .json(&attack),
            )
            .await;
            assert_eq!((ignored.status, ignored.json()), (StatusCode::CREATED, json!([])), "{table} {label}");
            // The other half of an upsert meets the row's policy and is refused.
            let merged = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=merge-duplicates")
                    .json(&attack),
            )
            .await;
            assert!(merged.status.is_client_error(), "{table} {label}: {}", merged.text);
            // Thousands of rows in one request change nothing either.
            let many: Vec<Value> = (0..2000).map(|_| attack.clone()).collect();
            let bulk = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=ignore-duplicates,return=minimal")
                    .json(&many),
            )
            .await;
            assert_eq!(bulk.status, StatusCode::CREATED, "{table} {label} bulk: {}", bulk.text);
            assert_eq!(app.text(&reveal(table, &id)).await, "ABCDE1234F/123456789012", "{table} after {label}");
            assert_eq!(app.count("select count(*) from app.identity_numbers_staged").await, 0, "nothing stays staged");
        }

        // The owner's own upsert (both halves) still updates, and a masked copy keeps the numbers.
        let mut mine = extra.clone();
        mine["id"] = json!(id);
        mine["user_id"] = json!(victim);
        mine[pan] = json!("FGHIJ5678K");
        mine[aadhar] = json!("XXXX XXXX 9012");
        let upserted = send(
            app.user(&victim, Method::POST, &format!("/{table}"))
                .header("prefer", "resolution=merge-duplicates")
                .json(&mine),
        )
        .await;
        assert!(upserted.status.is_success(), "{table}: {}", upserted.text);
        assert_eq!(app.text(&reveal(table, &id)).await, "FGHIJ5678K/123456789012", "{table} owner's upsert");
    }
}
