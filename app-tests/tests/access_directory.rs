//! The member directory (`member_directory`): contact details only for approved entries that
//! allow it, and the public listing without them, through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::Method;
use serde_json::json;
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn directory_contact_details_reach_member_viewers_only_for_approved_entries_that_allow_it() {
    let app = TestApp::product().await;
    let (shown_owner, hidden_owner) = (app.approved("member").await, app.approved("member").await);
    app.sql(&format!(
        "insert into public.member_directory (full_name, mobile_number, status, approval_status, user_id) values
           ('Shown', '+91 98200 11111', 'Yes', 'approved', '{shown_owner}'),
           ('Hidden', '+91 98200 22222', 'Yes', 'approved', '{hidden_owner}'),
           ('Applicant', '+91 98200 33333', 'Check', 'pending', null);
         insert into public.member_directory_visibility (member_id, user_id, show_contact_details)
           select id, user_id, true from public.member_directory where full_name = 'Shown';"
    ))
    .await;
    let viewer = app.approved("member_viewer").await;
    let rows = send(app.user(&viewer, Method::GET, "/member_directory?select=full_name,mobile_number")).await.json();
    assert_eq!(rows, json!([{"full_name": "Shown", "mobile_number": "+91 98200 11111"}]));
    let member = app.approved("member").await;
    assert_eq!(send(app.user(&member, Method::GET, "/member_directory?select=full_name")).await.json(), json!([]));
    // The public listing names approved members without any contact detail.
    let listing = send(app.anon(Method::POST, "/rpc/get_public_members").json(&json!({}))).await.json();
    let names: Vec<&str> = listing.as_array().unwrap().iter().map(|r| r["full_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Hidden", "Shown"]);
    assert!(listing[0].get("mobile_number").is_none());
}
