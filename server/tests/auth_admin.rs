//! The admin API: the service role, users admitted by `auth.can_manage_users()`, and everyone
//! else refused.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::auth::{PASSWORD, assert_auth_error, email};
use support::rest::send;

#[tokio::test]
async fn the_service_role_creates_reads_updates_and_deletes_users() {
    let app = TestApp::spawn().await;
    let address = email();
    let created = send(app.auth_admin(Method::POST, "/admin/users").json(&json!({
        "email": address, "password": PASSWORD, "email_confirm": true,
        "user_metadata": {"name": "Asha"}, "app_metadata": {"member_no": 17}
    })))
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let user = created.json();
    let id = user["id"].as_str().unwrap().to_owned();
    assert!(user["email_confirmed_at"].is_string());
    assert_eq!(user["app_metadata"], json!({"member_no": 17, "provider": "email", "providers": ["email"]}));
    assert_eq!(app.sign_in(&address, PASSWORD).await.status, StatusCode::OK);

    let again = send(app.auth_admin(Method::POST, "/admin/users").json(&json!({"email": address}))).await;
    assert_auth_error(&again, 422, "email_exists");
    let role =
        send(app.auth_admin(Method::POST, "/admin/users").json(&json!({"email": email(), "role": "service_role"})))
            .await;
    assert_auth_error(&role, 400, "validation_failed");

    let fetched = send(app.auth_admin(Method::GET, &format!("/admin/users/{id}"))).await;
    assert_eq!(fetched.json()["email"], address);
    let updated = send(app.auth_admin(Method::PUT, &format!("/admin/users/{id}")).json(&json!({
        "user_metadata": {"city": "Mumbai"}, "app_metadata": {"member_no": null}, "password": "another passphrase"
    })))
    .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.json()["user_metadata"], json!({"name": "Asha", "city": "Mumbai"}));
    assert_eq!(updated.json()["app_metadata"], json!({"provider": "email", "providers": ["email"]}));
    assert_eq!(app.sign_in(&address, "another passphrase").await.status, StatusCode::OK);

    let deleted =
        send(app.auth_admin(Method::DELETE, &format!("/admin/users/{id}")).json(&json!({"should_soft_delete": false})))
            .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text);
    assert_eq!(deleted.json(), json!({}));
    assert_auth_error(&send(app.auth_admin(Method::GET, &format!("/admin/users/{id}"))).await, 404, "user_not_found");
    assert_auth_error(&send(app.auth_admin(Method::GET, "/admin/users/not-a-uuid")).await, 404, "user_not_found");
    let actions: Vec<String> = {
        let mut conn = app.db.admin_connection().await;
        sqlx::query_scalar("select action from auth.audit_log where action like 'admin_%' order by id")
            .fetch_all(&mut conn)
            .await
            .unwrap()
    };
    assert_eq!(actions, ["admin_user_created", "admin_user_updated", "admin_user_deleted"]);
}

#[tokio::test]
async fn soft_deletion_keeps_the_row_and_clears_the_person() {
    let (app, address, session) = TestApp::with_account().await;
    let id = session["user"]["id"].as_str().unwrap();
    let deleted =
        send(app.auth_admin(Method::DELETE, &format!("/admin/users/{id}")).json(&json!({"should_soft_delete": true})))
            .await;
    assert_eq!(deleted.status, StatusCode::OK);
    let (email_left, deleted_at): (Option<String>, bool) = {
        let mut conn = app.db.admin_connection().await;
        sqlx::query_as("select email, deleted_at is not null from auth.users").fetch_one(&mut conn).await.unwrap()
    };
    assert_eq!((email_left, deleted_at), (None, true));
    assert_auth_error(&app.sign_in(&address, PASSWORD).await, 400, "invalid_credentials");
    assert_auth_error(&app.refresh(session["refresh_token"].as_str().unwrap()).await, 400, "refresh_token_not_found");
    // The address is free again.
    app.sign_up(&address).await;
}

#[tokio::test]
async fn listing_is_paged_with_total_and_links() {
    let app = TestApp::spawn().await;
    for _ in 0..5 {
        send(app.auth_admin(Method::POST, "/admin/users").json(&json!({"email": email()}))).await;
    }
    let page = send(app.auth_admin(Method::GET, "/admin/users?page=2&per_page=2")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert_eq!(page.json()["users"].as_array().unwrap().len(), 2);
    assert_eq!(page.json()["aud"], "authenticated");
    assert_eq!(page.header("x-total-count"), Some("5"));
    assert_eq!(
        page.header("link"),
        Some(
            "</auth/v1/admin/users?page=3&per_page=2>; rel=\"next\", </auth/v1/admin/users?page=3&per_page=2>; rel=\"last\""
        )
    );
    let all = send(app.auth_admin(Method::GET, "/admin/users")).await;
    assert_eq!(all.json()["users"].as_array().unwrap().len(), 5);
    let bad = send(app.auth_admin(Method::GET, "/admin/users?page=0")).await;
    assert_auth_error(&bad, 400, "validation_failed");
}

#[tokio::test]
async fn ordinary_users_are_not_admins_until_the_product_says_so() {
    let app = TestApp::spawn().await;
    let staff = email();
    let session = app.sign_up(&staff).await;
    let access = session["access_token"].as_str().unwrap();
    let refused = send(app.auth_as(access, Method::GET, "/admin/users")).await;
    assert_auth_error(&refused, 403, "not_admin");
    let anon = send(app.auth(Method::GET, "/admin/users")).await;
    assert_auth_error(&anon, 403, "not_admin");
    // The product's rule: users listed in a staff table may manage accounts.
    app.sql(&format!(
        "create table public.staff (email text primary key); insert into public.staff values ('{staff}');
         create or replace function auth.can_manage_users() returns boolean language sql stable security definer
           set search_path = '' as $$ select exists (select from public.staff where email = auth.jwt()->>'email') $$;"
    ))
    .await;
    let allowed = send(app.auth_as(access, Method::GET, "/admin/users")).await;
    assert_eq!(allowed.status, StatusCode::OK, "{}", allowed.text);
    let created = send(app.auth_as(access, Method::POST, "/admin/users").json(&json!({"email": email()}))).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let by: String = app.scalar("select details->>'by' from auth.audit_log where action = 'admin_user_created'").await;
    assert_eq!(by, "user");
    // Another user is still refused; a signed-out staff session is refused too.
    let other = app.sign_up(&email()).await;
    let refused = send(app.auth_as(other["access_token"].as_str().unwrap(), Method::GET, "/admin/users")).await;
    assert_auth_error(&refused, 403, "not_admin");
    send(app.auth_as(access, Method::POST, "/logout")).await;
    let signed_out = send(app.auth_as(access, Method::GET, "/admin/users")).await;
    assert_auth_error(&signed_out, 403, "session_not_found");
}
