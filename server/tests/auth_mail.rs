//! Mail delivery over SMTP, and what the client address is when proxies are (not) trusted.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use server::auth::settings::{AuthSettings, IpRange, Limit, SmtpSecurity, SmtpSettings};
use support::auth::{assert_auth_error, email};
use support::rest::send;
use support::smtp::SmtpSink;
use support::{TestApp, TestAppOptions, test_site_url};

/// Auth settings whose mail goes to the SMTP server on this port of the loopback, in the clear.
fn mailing_to(port: u16) -> AuthSettings {
    let mut settings = AuthSettings::defaults(test_site_url());
    settings.smtp =
        Some(SmtpSettings { host: "127.0.0.1".into(), port, credentials: None, security: SmtpSecurity::None });
    settings
}

/// A new account asks for a password reset: its address, and the answer to the request.
async fn a_reset_mail_asked_for(app: &TestApp) -> (String, support::rest::Answer) {
    let address = email();
    app.sign_up(&address).await;
    let answer = send(app.auth(Method::POST, "/recover").json(&json!({"email": address}))).await;
    (address, answer)
}

#[tokio::test]
async fn mail_goes_out_over_smtp_and_is_marked_sent() {
    let sink = SmtpSink::start().await;
    let mut settings = mailing_to(sink.port);
    settings.sender = ("Example Club".into(), "office@site.example".into());
    let app = TestApp::spawn_with(TestAppOptions { auth: Some(settings), ..TestAppOptions::default() }).await;
    let (address, answer) = a_reset_mail_asked_for(&app).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let messages = sink.wait_for(1).await;
    assert_eq!(messages.len(), 1, "one mail delivered");
    let message = &messages[0];
    assert!(message.contains(&format!("To: {address}")), "{message}");
    assert!(message.contains("From: \"Example Club\" <office@site.example>"), "{message}");
    assert!(message.contains("Subject: Reset your password"), "{message}");
    assert!(message.contains("http://localhost:3000/auth/v1/verify?token="), "{message}");
    // The outbox row is marked sent.
    let mut sent = false;
    for _ in 0..50 {
        sent = app.scalar::<bool>("select bool_and(sent_at is not null) from auth.mail_outbox").await;
        if sent {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(sent, "outbox row marked sent");
}

#[tokio::test]
async fn a_mail_written_in_sql_goes_with_the_next_delivery_linking_to_its_page_on_the_site() {
    let sink = SmtpSink::start().await;
    let settings = mailing_to(sink.port);
    let app = TestApp::spawn_with(TestAppOptions { auth: Some(settings), ..TestAppOptions::default() }).await;
    app.sql(
        "insert into auth.mail_outbox (recipient, subject, body_text, kind, link) \
         values ('elder@example.org', 'A seat is yours', 'Accept or decline by Friday.', 'event_offer', '/events/42')",
    )
    .await;
    let (address, answer) = a_reset_mail_asked_for(&app).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let messages = sink.wait_for(2).await;
    let offer = messages.iter().find(|m| m.contains("To: elder@example.org")).expect("the SQL mail was delivered");
    let offer = offer.replace("\r\n", "\n");
    assert!(offer.contains("Accept or decline by Friday.\n\nhttp://localhost:3000/events/42\n"), "{offer}");
    assert!(messages.iter().any(|m| m.contains(&format!("To: {address}"))), "the reset mail went too");
    // A link that is not a path on the site is refused where it is written.
    let mut conn = app.db.admin_connection().await;
    let refused = sqlx::query(
        "insert into auth.mail_outbox (recipient, subject, body_text, kind, link) \
         values ('a@b.c', 's', 'b', 'k', 'https://evil.example/')",
    )
    .execute(&mut conn)
    .await;
    assert!(refused.is_err(), "an absolute link is refused: {refused:?}");
}

#[tokio::test]
async fn an_unreachable_smtp_server_leaves_the_mail_in_the_outbox_with_its_error() {
    let closed_port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let settings = mailing_to(closed_port);
    let app = TestApp::spawn_with(TestAppOptions { auth: Some(settings), ..TestAppOptions::default() }).await;
    let (_, answer) = a_reset_mail_asked_for(&app).await;
    assert_eq!(answer.status, StatusCode::OK, "the request does not depend on delivery");
    let mut failed = false;
    for _ in 0..100 {
        failed = app
            .scalar::<bool>("select bool_and(last_error is not null and sent_at is null) from auth.mail_outbox")
            .await;
        if failed {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(failed, "the mail waits in the outbox with its error");
}

fn limited(trusted: &[&str]) -> AuthSettings {
    let mut settings = AuthSettings::defaults(test_site_url());
    settings.request_limit = Limit { hits: 2, window: std::time::Duration::from_secs(60) };
    settings.trusted_proxies = trusted.iter().map(|t| IpRange::parse(t).unwrap()).collect();
    settings
}

async fn sign_in_from(app: &TestApp, forwarded_for: &str) -> support::rest::Answer {
    send(
        app.auth(Method::POST, "/token?grant_type=password")
            .header("x-forwarded-for", forwarded_for)
            .json(&json!({"email": "nobody@example.org", "password": "whatever-it-is"})),
    )
    .await
}

#[tokio::test]
async fn forwarded_for_from_an_untrusted_peer_cannot_dodge_the_limit() {
    let app = TestApp::spawn_with(TestAppOptions { auth: Some(limited(&[])), ..TestAppOptions::default() }).await;
    sign_in_from(&app, "1.1.1.1").await;
    sign_in_from(&app, "2.2.2.2").await;
    assert_auth_error(&sign_in_from(&app, "3.3.3.3").await, 429, "over_request_rate_limit");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limit() {
    let app =
        TestApp::spawn_with(TestAppOptions { auth: Some(limited(&["127.0.0.1"])), ..TestAppOptions::default() }).await;
    sign_in_from(&app, "1.1.1.1").await;
    sign_in_from(&app, "1.1.1.1").await;
    assert_auth_error(&sign_in_from(&app, "1.1.1.1").await, 429, "over_request_rate_limit");
    assert_auth_error(&sign_in_from(&app, "2.2.2.2").await, 400, "invalid_credentials");
    let ip: String = app.scalar("select ip from auth.audit_log order by id desc limit 1").await;
    assert_eq!(ip, "2.2.2.2");
}
