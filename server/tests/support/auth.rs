//! Helpers for the auth service's HTTP tests: requests shaped like auth-js's, and the common
//! sign-up / sign-in steps.

use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{Value, json};

use super::TestApp;
use super::rest::{Answer, send};

pub const PASSWORD: &str = "correct horse battery";

impl TestApp {
    /// A request to `/auth/v1{path}` as auth-js sends it: anon key, API version header.
    pub fn auth(&self, method: Method, path: &str) -> RequestBuilder {
        self.auth_with(method, path, &self.keys.anon, &self.keys.anon)
    }

    /// The same with a user's access token as the bearer.
    pub fn auth_as(&self, access_token: &str, method: Method, path: &str) -> RequestBuilder {
        self.auth_with(method, path, &self.keys.anon, access_token)
    }

    /// An admin request with the service key.
    pub fn auth_admin(&self, method: Method, path: &str) -> RequestBuilder {
        self.auth_with(method, path, &self.keys.service_role, &self.keys.service_role)
    }

    fn auth_with(&self, method: Method, path: &str, apikey: &str, bearer: &str) -> RequestBuilder {
        self.client
            .request(method, self.url(&format!("/auth/v1{path}")))
            .header("apikey", apikey)
            .header("x-supabase-api-version", "2024-01-01")
            .bearer_auth(bearer)
    }

    /// A fresh app with one account signed up: its address and session.
    pub async fn with_account() -> (Self, String, Value) {
        let app = Self::spawn().await;
        let address = email();
        let session = app.sign_up(&address).await;
        (app, address, session)
    }

    /// Signs up (auto-confirmed by default) and returns the session.
    pub async fn sign_up(&self, email: &str) -> Value {
        let answer =
            send(self.auth(Method::POST, "/signup").json(&json!({"email": email, "password": PASSWORD}))).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        answer.json()
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> Answer {
        send(
            self.auth(Method::POST, "/token?grant_type=password")
                .json(&json!({"email": email, "password": password, "gotrue_meta_security": {}})),
        )
        .await
    }

    pub async fn refresh(&self, refresh_token: &str) -> Answer {
        send(self.auth(Method::POST, "/token?grant_type=refresh_token").json(&json!({"refresh_token": refresh_token})))
            .await
    }

    /// The newest mail to `recipient` in the outbox: (kind, body).
    pub async fn last_mail(&self, recipient: &str) -> Option<(String, String)> {
        let mut conn = self.db.admin_connection().await;
        sqlx::query_as::<_, (String, String)>(
            "select kind, body_text from auth.mail_outbox where recipient = $1 order by id desc limit 1",
        )
        .bind(recipient)
        .fetch_optional(&mut conn)
        .await
        .expect("read the outbox")
    }

    /// A scalar from SQL as superuser.
    pub async fn scalar<T>(&self, sql: &'static str) -> T
    where
        T: Send + Unpin + for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres>,
    {
        let mut conn = self.db.admin_connection().await;
        sqlx::query_scalar::<_, T>(sql).fetch_one(&mut conn).await.expect("scalar query")
    }
}

/// The link in a mail body.
pub fn link_in(body: &str) -> url::Url {
    let line = body.lines().find(|l| l.starts_with("http")).unwrap_or_else(|| panic!("no link in {body}"));
    url::Url::parse(line).expect("a URL")
}

/// A query parameter of a URL.
pub fn param(url: &url::Url, name: &str) -> String {
    url.query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| panic!("no {name} in {url}"))
}

/// The claims of a JWT, unverified.
pub fn claims_of(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).expect("three parts");
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("base64url");
    serde_json::from_slice(&bytes).expect("JSON claims")
}

/// Asserts an auth error in the modern shape.
pub fn assert_auth_error(answer: &Answer, status: u16, code: &str) -> Value {
    assert_eq!(answer.status.as_u16(), status, "{}", answer.text);
    let body = answer.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["message"].is_string(), "{body}");
    assert_eq!(answer.header("x-supabase-api-version"), Some("2024-01-01"));
    body
}

/// A fresh address.
pub fn email() -> String {
    format!("user-{}@example.org", uuid::Uuid::new_v4().simple())
}
