//! `/api/admin/backups` in the community app: its super admins and the service key only
//! (policies/75_operations.sql decides who may); a backup made through it is listed; a restore
//! through it is verified and then switched to; /metrics and /ready.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::Duration;

use reqwest::Method;
use serde_json::Value;
use support::app::app_bundle;
use support::{TestApp, TestAppOptions};

async fn app() -> TestApp {
    TestApp::spawn_with(TestAppOptions { app: Some(app_bundle()), backups: true, ..TestAppOptions::default() }).await
}

async fn call(app: &TestApp, method: Method, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path)).header("apikey", &app.keys.anon);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn wait_for(app: &TestApp, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..300 {
        let (status, body) = call(app, Method::GET, "/api/admin/backups", Some(token)).await;
        assert_eq!(status, 200, "{body}");
        if done(&body) {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting on the backups overview");
}

#[tokio::test]
async fn only_super_admins_and_the_service_key_reach_backups() {
    let app = app().await;
    let (status, body) = call(&app, Method::GET, "/api/admin/backups", None).await;
    assert_eq!(status, 403, "the anon key alone: {body}");
    assert_eq!(body["code"], "backups_forbidden");
    for user_type in ["admin", "member", "content_manager"] {
        let token = app.user_token(&app.approved(user_type).await);
        for (method, path) in [
            (Method::GET, "/api/admin/backups"),
            (Method::POST, "/api/admin/backups"),
            (Method::POST, "/api/admin/backups/drill"),
            (Method::POST, "/api/admin/backups/2026-01-01T00-00-00.000Z/restore"),
            (Method::POST, "/api/admin/restores/6b1b1a43-7c4b-4f44-8a35-0d2c7f0e9a10/switch"),
        ] {
            let (status, _) = call(&app, method.clone(), path, Some(&token)).await;
            assert_eq!(status, 403, "{user_type} {method} {path}");
        }
    }
    let pending = app.user_token(&app.product_user("super_admin", "pending").await);
    assert_eq!(call(&app, Method::GET, "/api/admin/backups", Some(&pending)).await.0, 403, "an unapproved super admin");
    let superadmin = app.user_token(&app.approved("super_admin").await);
    let (status, body) = call(&app, Method::GET, "/api/admin/backups", Some(&superadmin)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["backups"], serde_json::json!([]));
    let service = app.keys.service_role.clone();
    assert_eq!(call(&app, Method::GET, "/api/admin/backups", Some(&service)).await.0, 200);
    let response = app
        .client
        .get(app.url("/api/admin/backups"))
        .header("apikey", &app.keys.anon)
        .bearer_auth(&superadmin)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-store"));
}

#[tokio::test]
async fn a_super_admin_backs_up_restores_and_switches_through_the_api() {
    let app = app().await;
    let token = app.user_token(&app.approved("super_admin").await);
    let (status, _) = call(&app, Method::POST, "/api/admin/backups", Some(&token)).await;
    assert_eq!(status, 202);
    let listed = wait_for(&app, &token, |b| b["backups"].as_array().is_some_and(|l| !l.is_empty())).await;
    let id = listed["backups"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(listed["backups"][0]["kind"], "manual");
    assert!(listed["backups"][0]["tables"].as_u64().unwrap() > 20, "{listed}");

    let (status, _) = call(&app, Method::POST, "/api/admin/backups/no-such-backup/restore", Some(&token)).await;
    assert_eq!(status, 404);
    let (status, started) = call(&app, Method::POST, &format!("/api/admin/backups/{id}/restore"), Some(&token)).await;
    assert_eq!(status, 202, "{started}");
    let restore_id = started["id"].as_str().unwrap().to_string();
    let mut restore = Value::Null;
    for _ in 0..600 {
        restore = call(&app, Method::GET, &format!("/api/admin/restores/{restore_id}"), Some(&token)).await.1;
        if restore["status"] != "running" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(restore["status"], "verified", "{restore:#}");
    assert!(restore["summary"]["checks"].as_array().unwrap().iter().all(|c| c["ok"] == true));

    let admin = app.user_token(&app.approved("admin").await);
    let (status, _) = call(&app, Method::POST, &format!("/api/admin/restores/{restore_id}/switch"), Some(&admin)).await;
    assert_eq!(status, 403, "an admin cannot switch");
    let (status, switched) =
        call(&app, Method::POST, &format!("/api/admin/restores/{restore_id}/switch"), Some(&token)).await;
    assert_eq!(status, 200, "{switched}");
    // The service is on the restored copy: it knows of the switch, and serves.
    let status = app.text(&format!("select status from ops.restores where id = '{restore_id}'")).await;
    assert_eq!(status, "switched");
    let mut ready = 0;
    for _ in 0..50 {
        ready = app.client.get(app.url("/ready")).send().await.unwrap().status().as_u16();
        if ready == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ready, 200, "ready again after the switch");
    let replaced = switched["replaced"].as_str().unwrap().to_string();
    app.state.ops.as_ref().unwrap().backups.drop_database(&replaced).await.unwrap();
}

#[tokio::test]
async fn ready_refuses_when_the_request_roles_lose_their_grants() {
    let app = app().await;
    assert_eq!(app.client.get(app.url("/ready")).send().await.unwrap().status(), 200);
    assert_eq!(app.client.get(app.url("/live")).send().await.unwrap().status(), 200);
    // What a careless restore (pg_restore --no-acl) leaves: the auth service's role without
    // its rights. A plain "select 1" still works; a sign-in would answer 500.
    app.sql("revoke all on auth.users from auth_admin").await;
    let response = app.client.get(app.url("/ready")).send().await.unwrap();
    assert_eq!(response.status(), 503);
    let body: Value = response.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("grants"), "{body}");
    app.sql("grant select, insert, update, delete on auth.users to auth_admin").await;
    assert_eq!(app.client.get(app.url("/ready")).send().await.unwrap().status(), 200);
}

#[tokio::test]
async fn metrics_count_requests_by_group_and_read_the_backup_state() {
    let app = app().await;
    let pool = server::db::admin_pool(&app.db.admin, 1);
    let router = server::metrics::server::router(pool, app.state.connections.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    for _ in 0..3 {
        app.client.get(app.url("/rest/v1/events?limit=1")).header("apikey", &app.keys.anon).send().await.unwrap();
    }
    let text = app.client.get(format!("http://{address}/metrics")).send().await.unwrap().text().await.unwrap();
    let rest_ok: f64 = text
        .lines()
        .find(|l| l.starts_with("http_requests_total{") && l.contains("group=\"rest\"") && l.contains("status=\"200\""))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    assert!(rest_ok >= 3.0, "{text}");
    assert!(text.contains("backup_age_seconds -1"), "no backup yet: {text}");
    assert!(text.contains("database_up 1"), "{text}");
    assert!(text.contains("db_pool_max_connections"), "{text}");
    assert!(text.trim_end().ends_with("# EOF"));
}
