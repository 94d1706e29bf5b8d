//! Payments (`payments`): status and amount change only by admins, recorded as verifier, through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn payment_status_and_amount_change_only_by_admins_who_are_recorded_as_verifier() {
    let app = TestApp::product().await;
    let payer = app.approved("member").await;
    let recorded = send(
        app.user(&payer, Method::POST, "/payments?select=id,status")
            .header("prefer", "return=representation")
            .json(&json!({"payment_type": "donation", "amount": 1001, "user_id": payer, "status": "completed"})),
    )
    .await;
    assert_eq!(recorded.status, StatusCode::CREATED, "{}", recorded.text);
    assert_eq!(recorded.json()[0]["status"], "pending", "a payer cannot mark their own payment completed");
    let id = recorded.json()[0]["id"].as_str().unwrap().to_string();
    let changed = send(
        app.user(&payer, Method::PATCH, &format!("/payments?id=eq.{id}&select=id"))
            .header("prefer", "return=representation")
            .json(&json!({"amount": 1})),
    )
    .await;
    assert_eq!(changed.json(), json!([]), "no policy lets a payer update: {}", changed.text);
    let admin = app.approved("admin").await;
    let verified = send(
        app.user(&admin, Method::PATCH, &format!("/payments?id=eq.{id}&select=status,verified_by"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "completed"})),
    )
    .await;
    assert_eq!(verified.json(), json!([{"status": "completed", "verified_by": admin}]));
    // The admin list embeds the payer and the verifier.
    let listed = send(app.user(
        &admin,
        Method::GET,
        "/payments?select=amount,payer:users!payments_user_id_fkey(id),verifier:users!payments_verified_by_fkey(id)&order=created_at.desc&limit=10",
    ))
    .await;
    assert_eq!(
        listed.json(),
        json!([{"amount": 1001.00, "payer": {"id": payer}, "verifier": {"id": admin}}]),
        "{}",
        listed.text
    );
}
