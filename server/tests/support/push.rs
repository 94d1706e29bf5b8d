//! Web push test helpers: a stand-in push service on loopback that keeps every request it
//! receives and answers as scripted, browser-side devices that hold their own keys and decrypt
//! what arrives (with the `ece` crate, RFC 8291), and the VAPID header check (RFC 8292).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http::{HeaderMap, StatusCode, Uri};
use reqwest::Method;
use serde_json::{Value, json};
use server::push::endpoint::HostPattern;
use server::push::keys::VapidKeys;
use server::push::settings::PushSettings;
use server::push::worker::{self, WorkerHandle};

use super::rest::{Answer, send};
use super::{TestApp, TestAppOptions, test_site_url};

/// One request the stand-in received.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    pub at: Instant,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
}

/// A scripted answer: status and `Retry-After`.
type Scripted = (u16, Option<String>);

#[derive(Default)]
struct SinkState {
    received: Mutex<Vec<Received>>,
    /// Answers to give, per path, before the default 201.
    script: Mutex<HashMap<String, VecDeque<Scripted>>>,
}

/// A push service on 127.0.0.1 (plain HTTP; the test settings allow it).
#[derive(Clone)]
pub struct PushSink {
    state: Arc<SinkState>,
    pub port: u16,
}

impl PushSink {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the push sink");
        let port = listener.local_addr().expect("address").port();
        let state = Arc::new(SinkState::default());
        let app = axum::Router::new().fallback(receive).with_state(Arc::clone(&state));
        tokio::spawn(async move {
            axum::serve(listener, app).await.expect("serve the push sink");
        });
        Self { state, port }
    }

    /// The endpoint of device `name` on this service.
    pub fn endpoint(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}/push/{name}", self.port)
    }

    /// The next answers for device `name` (then 201 again).
    pub fn answer(&self, name: &str, answers: &[(u16, Option<&str>)]) {
        let mut script = self.state.script.lock().expect("lock");
        let queue = script.entry(format!("/push/{name}")).or_default();
        queue.extend(answers.iter().map(|(status, retry_after)| (*status, retry_after.map(str::to_owned))));
    }

    pub fn received(&self) -> Vec<Received> {
        self.state.received.lock().expect("lock").clone()
    }

    /// Waits until `count` requests arrived (or `limit` passed); all received so far.
    pub async fn wait_for(&self, count: usize, limit: Duration) -> Vec<Received> {
        let deadline = Instant::now() + limit;
        loop {
            let received = self.received();
            if received.len() >= count || Instant::now() >= deadline {
                return received;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn receive(State(state): State<Arc<SinkState>>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let path = uri.path().to_owned();
    state.received.lock().expect("lock").push(Received {
        path: path.clone(),
        headers,
        body: body.to_vec(),
        at: Instant::now(),
    });
    let next = state.script.lock().expect("lock").get_mut(&path).and_then(VecDeque::pop_front);
    match next {
        Some((status, retry_after)) => {
            let status = StatusCode::from_u16(status).expect("a status");
            match retry_after {
                Some(value) => (status, [(http::header::RETRY_AFTER, value)]).into_response(),
                None => status.into_response(),
            }
        }
        None => StatusCode::CREATED.into_response(),
    }
}

/// A browser's push subscription: its own P-256 key pair and auth secret.
pub struct Device {
    pub endpoint: String,
    components: ece::crypto::EcKeyComponents,
    auth: [u8; 16],
}

impl Device {
    pub fn new(endpoint: String) -> Self {
        let (pair, auth) = ece::generate_keypair_and_auth_secret().expect("device keys");
        Self { endpoint, components: pair.raw_components().expect("key components"), auth }
    }

    /// `PushSubscription.toJSON()`.
    pub fn subscription(&self) -> Value {
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(self.components.public_key()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
    }

    /// Decrypts an aes128gcm body meant for this device: the notification JSON.
    pub fn decrypt(&self, body: &[u8]) -> Value {
        let plain =
            ece::decrypt(&self.components, &self.auth, body).expect("the payload decrypts with the device keys");
        serde_json::from_slice(&plain).expect("the payload is JSON")
    }
}

/// Checks `Authorization: vapid t=<jwt>, k=<key>`: `k` is the server's public key, the JWT is
/// ES256-signed by it, `aud` is `audience`, `exp` is within 24 hours, `sub` is `subject`.
pub fn verify_vapid(received: &Received, public_key: &str, audience: &str, subject: &str) {
    let header = received.header("authorization");
    let rest = header.strip_prefix("vapid ").unwrap_or_else(|| panic!("not a vapid header: {header}"));
    let mut token = None;
    let mut key = None;
    for part in rest.split(',').map(str::trim) {
        match part.split_once('=') {
            Some(("t", value)) => token = Some(value),
            Some(("k", value)) => key = Some(value),
            _ => panic!("unexpected part {part} in {header}"),
        }
    }
    let (token, key) = (token.expect("t="), key.expect("k="));
    assert_eq!(key, public_key, "k is the server's public key");
    let point = URL_SAFE_NO_PAD.decode(key).expect("k is base64url");
    assert_eq!(point.len(), 65);
    let decoding = jsonwebtoken::DecodingKey::from_ec_components(
        &URL_SAFE_NO_PAD.encode(&point[1..33]),
        &URL_SAFE_NO_PAD.encode(&point[33..65]),
    )
    .expect("an EC key");
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_audience(&[audience]);
    validation.set_required_spec_claims(&["exp", "aud", "sub"]);
    let claims = jsonwebtoken::decode::<Value>(token, &decoding, &validation).expect("a valid ES256 VAPID JWT").claims;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs();
    let exp = claims["exp"].as_u64().expect("exp");
    assert!(exp > now && exp <= now + 24 * 3600, "exp within 24 h: {claims}");
    assert_eq!(claims["sub"], subject);
    assert_eq!(claims["aud"], audience);
}

/// Settings for push tests: the stand-in (127.0.0.1 over http) allowed, fast retries.
pub fn test_push_settings() -> PushSettings {
    let mut settings = PushSettings::defaults(&test_site_url(), Some(VapidKeys::generate()));
    settings.allowed_hosts = vec![HostPattern::parse("127.0.0.1").expect("a host")];
    settings.allow_loopback_http = true;
    settings.subject = "mailto:office@site.example".into();
    settings.retry_base = Duration::from_millis(100);
    settings.retry_max = Duration::from_secs(10);
    settings.send_timeout = Duration::from_secs(5);
    // Only NOTIFY and due retries wake the worker: a test that waits on a sweep fails.
    settings.sweep_every = Duration::from_secs(3600);
    settings
}

impl TestApp {
    /// The app with push `settings` (see [`test_push_settings`]).
    pub async fn with_push(settings: PushSettings) -> Self {
        Self::spawn_with(TestAppOptions { push: Some(settings), ..TestAppOptions::default() }).await
    }

    /// A delivery worker on the app's database (with a pool of its own, like another replica).
    pub fn start_push_worker(&self) -> WorkerHandle {
        worker::spawn(server::db::request_pool(&self.db.requests, 8), Arc::clone(&self.state.push))
    }

    /// The server's VAPID public key, from `GET /api/push-public-key`.
    pub async fn push_public_key(&self) -> String {
        let answer = send(self.client.get(self.url("/api/push-public-key"))).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        answer.json()["publicKey"].as_str().expect("publicKey").to_owned()
    }

    /// `POST /api/push-subscription` as a visitor (`user: None`) or as a signed-in user.
    pub async fn subscribe(&self, user: Option<&str>, subscription: &Value) -> Answer {
        let request = self.client.post(self.url("/api/push-subscription")).header("apikey", &self.keys.anon);
        let request = match user {
            Some(user) => request.bearer_auth(self.user_token(user)),
            None => request.bearer_auth(&self.keys.anon),
        };
        send(request.json(subscription)).await
    }

    /// `DELETE /api/push-subscription`.
    pub async fn unsubscribe(&self, endpoint: &str) -> Answer {
        send(
            self.client
                .request(Method::DELETE, self.url("/api/push-subscription"))
                .header("apikey", &self.keys.anon)
                .json(&json!({"endpoint": endpoint})),
        )
        .await
    }

    /// Runs SQL as superuser and returns the first column of the first row.
    pub async fn push_scalar<T>(&self, sql: &str) -> T
    where
        T: Send + Unpin + for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres>,
    {
        let mut conn = self.db.admin_connection().await;
        sqlx::query_scalar::<_, T>(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// Waits until `sql` (a boolean; NULL, as `bool_and` of no rows, is false) holds, up to `limit`.
    pub async fn wait_until(&self, sql: &str, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            if self.push_scalar::<Option<bool>>(sql).await == Some(true) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl TestApp {
    /// A new account (a row in auth.users); its id.
    pub async fn create_user(&self) -> String {
        let id = uuid::Uuid::new_v4().to_string();
        self.sql(&format!("insert into auth.users (id, email) values ('{id}', '{id}@example.org')")).await;
        id
    }
}
