//! Accounts (`users`): what users change on their own record, and ranks nobody acts above
//! (through the auth admin API and the tables), through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

#[tokio::test]
async fn users_edit_their_names_but_never_their_own_type_status_or_approval() {
    let app = TestApp::product().await;
    let user = app.product_user("member", "pending").await;
    let renamed = send(
        app.user(&user, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"full_name": "Shreya Bhat"})),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::NO_CONTENT, "{}", renamed.text);
    for change in [
        json!({"type": "admin"}),
        json!({"status": "approved"}),
        json!({"approval_status": "approved"}),
        json!({"role": "super_admin"}),
    ] {
        let answer = send(app.user(&user, Method::PATCH, &format!("/users?id=eq.{user}")).json(&change)).await;
        answer.assert_error(403, "42501");
    }
    assert_eq!(
        app.text(&format!("select type || '/' || status from public.users where id = '{user}'")).await,
        "member/pending"
    );

    // An admin approves people, but only a super admin grants staff types.
    let admin = app.approved("admin").await;
    let approved =
        send(app.user(&admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"status": "approved"})))
            .await;
    assert_eq!(approved.status, StatusCode::NO_CONTENT, "{}", approved.text);
    send(app.user(&admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"type": "event_manager"})))
        .await
        .assert_error(403, "42501");
    let super_admin = app.approved("super_admin").await;
    let promoted = send(
        app.user(&super_admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"type": "event_manager"})),
    )
    .await;
    assert_eq!(promoted.status, StatusCode::NO_CONTENT, "{}", promoted.text);
    assert_eq!(app.text(&format!("select role from public.users where id = '{user}'")).await, "event_manager");
}

/// Issue 21, critical 2: nobody acts on an account that ranks above them, through the auth admin
/// API or through the tables.
#[tokio::test]
async fn an_admin_cannot_act_on_a_super_admin() {
    let app = TestApp::product().await;
    let account = |kind: &'static str| {
        let app = &app;
        async move {
            let address = support::auth::email();
            let session = app.sign_up(&address).await;
            let id = session["user"]["id"].as_str().unwrap().to_string();
            app.sql(&format!(
                "insert into public.users (id, email, type, status, approval_status) values ('{id}', '{address}', '{kind}', 'approved', 'approved')"
            ))
            .await;
            (id, session["access_token"].as_str().unwrap().to_string())
        }
    };
    let (super_id, _) = account("super_admin").await;
    let (admin_id, admin_token) = account("admin").await;
    let (other_admin, _) = account("admin").await;
    let (member_id, _) = account("member").await;

    let path = |id: &str| format!("/admin/users/{id}");
    for body in [
        json!({"password": "a brand new passphrase"}),
        json!({"email": "taken@example.org"}),
        json!({"ban_duration": "24h"}),
    ] {
        let refused = send(app.auth_as(&admin_token, Method::PUT, &path(&super_id)).json(&body)).await;
        support::auth::assert_auth_error(&refused, 403, "not_admin");
    }
    let refused = send(app.auth_as(&admin_token, Method::DELETE, &path(&super_id)).json(&json!({}))).await;
    support::auth::assert_auth_error(&refused, 403, "not_admin");
    assert_eq!(
        app.sign_in(
            &app.text(&format!("select email from auth.users where id = '{super_id}'")).await,
            support::auth::PASSWORD
        )
        .await
        .status,
        StatusCode::OK
    );
    // Reading is not acting; an equal is out of reach too, those below are managed as before.
    let read = send(app.auth_as(&admin_token, Method::GET, &path(&super_id))).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    let equal = send(
        app.auth_as(&admin_token, Method::PUT, &path(&other_admin))
            .json(&json!({"password": "a brand new passphrase"})),
    )
    .await;
    support::auth::assert_auth_error(&equal, 403, "not_admin");
    for target in [&member_id, &admin_id] {
        let changed =
            send(app.auth_as(&admin_token, Method::PUT, &path(target)).json(&json!({"user_metadata": {"note": "ok"}})))
                .await;
        assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    }

    // The tables: the super_admin's record is out of an admin's reach.
    let inactive = send(
        app.user(&admin_id, Method::PATCH, &format!("/users?id=eq.{super_id}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(inactive.json(), json!([]), "{}", inactive.text);
    let deleted = send(
        app.user(&admin_id, Method::DELETE, &format!("/users?id=eq.{super_id}"))
            .header("prefer", "return=representation"),
    )
    .await;
    assert_eq!(deleted.json(), json!([]), "{}", deleted.text);
    assert_eq!(app.text(&format!("select status from public.users where id = '{super_id}'")).await, "approved");
    let approved_member = send(
        app.user(&admin_id, Method::PATCH, &format!("/users?id=eq.{member_id}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(approved_member.json()[0]["status"], "inactive", "{}", approved_member.text);
}

/// Hardening, second round, critical 1: an admin minted a super_admin by inserting its record
/// (and re-created a member's record as an admin). Nobody creates, promotes, re-creates or
/// demotes an account at or above their own rank; only a super_admin grants staff types.
#[tokio::test]
async fn an_admin_never_mints_or_recreates_a_staff_account() {
    let app = TestApp::product().await;
    let account = |kind: &'static str| {
        let app = &app;
        async move {
            let address = support::auth::email();
            let session = app.sign_up(&address).await;
            let id = session["user"]["id"].as_str().unwrap().to_string();
            app.sql(&format!(
                "insert into public.users (id, email, type, status, approval_status) values ('{id}', '{address}', '{kind}', 'approved', 'approved')"
            ))
            .await;
            (id, session["access_token"].as_str().unwrap().to_string())
        }
    };
    let (admin, admin_token) = account("admin").await;
    let (super_admin, _) = account("super_admin").await;

    // Route one: an account made through the auth admin API, then a record of any staff type.
    let made = send(app.auth_as(&admin_token, Method::POST, "/admin/users").json(&json!({
        "email": "x@example.org", "password": "a long enough passphrase", "email_confirm": true
    })))
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    let minted = made.json()["id"].as_str().unwrap().to_string();
    for (kind, role) in
        [("super_admin", None), ("admin", None), ("content_manager", None), ("member", Some("super_admin"))]
    {
        let mut record = json!({"id": minted, "email": "x@example.org", "type": kind, "status": "approved"});
        if let Some(role) = role {
            record["role"] = json!(role);
        }
        let refused = send(app.user(&admin, Method::POST, "/users").json(&record)).await;
        refused.assert_error(403, "42501");
    }
    // Nor as the insert half of an upsert, nor hidden among thousands of rows.
    let upsert = send(
        app.user(&admin, Method::POST, "/users?on_conflict=id")
            .header("prefer", "resolution=merge-duplicates")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "super_admin", "status": "approved"})),
    )
    .await;
    upsert.assert_error(403, "42501");
    assert_eq!(app.count(&format!("select count(*) from public.users where id = '{minted}'")).await, 0);
    // Through the RPC, too.
    let rpc = send(app.user(&admin, Method::POST, "/rpc/create_user_record").json(&json!({
        "user_id": minted, "user_email": "x@example.org", "user_type": "super_admin", "user_status": "approved"
    })))
    .await;
    rpc.assert_error(403, "42501");
    // A member's record is what an admin may make.
    let member = send(
        app.user(&admin, Method::POST, "/users")
            .header("prefer", "return=representation")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "member", "status": "approved"})),
    )
    .await;
    assert_eq!(member.status, StatusCode::CREATED, "{}", member.text);

    // Route two: delete a member's record and insert it again as an admin.
    let deleted = send(
        app.user(&admin, Method::DELETE, &format!("/users?id=eq.{minted}")).header("prefer", "return=representation"),
    )
    .await;
    assert_eq!(deleted.json()[0]["id"], json!(minted), "{}", deleted.text);
    let recreated = send(
        app.user(&admin, Method::POST, "/users")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "admin", "status": "approved"})),
    )
    .await;
    recreated.assert_error(403, "42501");
    assert_eq!(app.count(&format!("select count(*) from public.users where id = '{minted}'")).await, 0);

    // A super_admin grants staff types below their own rank, never another super_admin.
    let staff = send(
        app.user(&super_admin, Method::POST, "/users")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "admin", "status": "approved"})),
    )
    .await;
    assert_eq!(staff.status, StatusCode::CREATED, "{}", staff.text);
    let promoted = send(
        app.user(&super_admin, Method::PATCH, &format!("/users?id=eq.{minted}")).json(&json!({"type": "super_admin"})),
    )
    .await;
    promoted.assert_error(403, "42501");
    // The minted admin cannot touch the real super_admin: not its record, not its password.
    let signed_in = app.sign_in("x@example.org", "a long enough passphrase").await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    let minted_token = signed_in.json()["access_token"].as_str().unwrap().to_string();
    let deactivated = send(
        app.user(&minted, Method::PATCH, &format!("/users?id=eq.{super_admin}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(deactivated.json(), json!([]), "{}", deactivated.text);
    let reset = send(
        app.auth_as(&minted_token, Method::PUT, &format!("/admin/users/{super_admin}"))
            .json(&json!({"password": "another long passphrase"})),
    )
    .await;
    support::auth::assert_auth_error(&reset, 403, "not_admin");
    assert_eq!(app.text(&format!("select status from public.users where id = '{super_admin}'")).await, "approved");
}
