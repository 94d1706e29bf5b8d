//! Helpers for the REST engine's HTTP tests.

use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::Value;

use super::{TestApp, TestAppOptions};

pub const ASHA: &str = "00000000-0000-0000-0000-000000000001";
pub const RAVI: &str = "00000000-0000-0000-0000-000000000002";

/// A finished response: status, headers and body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Answer {
    pub async fn of(response: Response) -> Self {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        Self { status, headers, text }
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().expect("ASCII header"))
    }

    /// Asserts the error envelope: status, code, all four keys.
    pub fn assert_error(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status.as_u16(), status, "{}", self.text);
        let body = self.json();
        for key in ["code", "message", "details", "hint"] {
            assert!(body.get(key).is_some(), "missing {key} in {body}");
        }
        assert_eq!(body["code"], code, "{body}");
        body
    }
}

impl TestApp {
    /// The app on a fixture schema of a test file's own (`tests/fixtures/<name>.sql`).
    pub async fn with_fixture(fixture: &'static str) -> Self {
        Self::spawn_with(TestAppOptions { fixture: Some(fixture), ..TestAppOptions::default() }).await
    }

    /// As the service role (bypasses RLS).
    pub fn service(&self, method: Method, path: &str) -> RequestBuilder {
        let key = self.keys.service_role.clone();
        self.rest(method, path, &key).bearer_auth(key)
    }

    /// As the anonymous role (anon key as bearer, like supabase-js).
    pub fn anon(&self, method: Method, path: &str) -> RequestBuilder {
        let key = self.keys.anon.clone();
        self.rest(method, path, &key).bearer_auth(key)
    }

    /// As a signed-in user.
    pub fn user(&self, user_id: &str, method: Method, path: &str) -> RequestBuilder {
        let key = self.keys.anon.clone();
        self.rest(method, path, &key).bearer_auth(self.user_token(user_id))
    }
}

pub async fn send(request: RequestBuilder) -> Answer {
    Answer::of(request.send().await.expect("request sent")).await
}

/// A write as the service role: `method` on `path` with `Prefer: prefer` and a JSON body.
pub async fn service_write(app: &TestApp, method: Method, path: &str, prefer: &str, body: &Value) -> Answer {
    send(app.service(method, path).header("prefer", prefer).json(body)).await
}

/// GET as the service role; asserts 200 and returns the JSON.
pub async fn get_json(app: &TestApp, path: &str) -> Value {
    let answer = send(app.service(Method::GET, path)).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text);
    answer.json()
}
