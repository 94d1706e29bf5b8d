//! The HTTP skeleton: health and readiness, the error envelope, CORS, request ids,
//! compression, body limits, the panic guard and the web app's files.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use http::StatusCode;
use serde_json::{Value, json};
use server::app::{AppOptions, build_app};
use server::http::settings::CorsOrigins;
use server::state::AppState;
use support::{TestApp, TestAppOptions};

async fn json_of(response: reqwest::Response) -> Value {
    response.json().await.expect("a JSON body")
}

fn assert_envelope(body: &Value, code: &str) {
    let keys: Vec<&str> = body.as_object().expect("an object").keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 4, "{body}");
    for key in ["code", "message", "details", "hint"] {
        assert!(body.get(key).is_some(), "missing {key} in {body}");
    }
    assert_eq!(body["code"], code, "{body}");
}

/// Serves `app` on a free loopback port.
async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("test set-up");
    let address = format!("http://{}", listener.local_addr().expect("test set-up"));
    tokio::spawn(async move { axum::serve(listener, app).await.expect("test set-up") });
    address
}

#[tokio::test]
async fn health_answers_without_the_database() {
    let app = TestApp::spawn().await;
    let response = app.get("/health").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(json_of(response).await, json!({"status": "ok"}));
}

#[tokio::test]
async fn ready_answers_when_the_database_is_migrated() {
    // The platform's migrations (no app): /ready waits for the latest one.
    let app = TestApp::spawn().await;
    let response = app.get("/ready").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(json_of(response).await, json!({"status": "ready"}));
}

#[tokio::test]
async fn ready_is_503_with_retry_after_when_the_database_is_unreachable() {
    let app = TestApp::spawn().await;
    let pool = server::db::request_pool(&app.db.requests.clone().database("no_such_database"), 1);
    let auth =
        server::auth::service::AuthService::with_defaults(support::test_site_url(), support::TEST_JWT_SECRET).unwrap();
    let storage = server::storage::service::StorageService::new(
        server::storage::settings::StorageSettings::local(app.storage_dir.path().to_path_buf()),
        support::TEST_JWT_SECRET,
    )
    .unwrap();
    let push = support::test_push_service(None);
    let state = AppState::new(
        pool,
        app.state.schema.clone(),
        support::TEST_JWT_SECRET,
        app.keys.clone(),
        None,
        server::state::Services { auth, storage, push },
    );
    let address = serve(build_app(state, AppOptions { cors_origins: CorsOrigins::Any, max_body_bytes: 1024 })).await;
    let response = support::http_client().get(format!("{address}/ready")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()["retry-after"], "1");
    let body = json_of(response).await;
    assert_envelope(&body, "PGRST000");
    assert!(!body.to_string().contains("no_such_database"), "internal detail leaked: {body}");
}

#[tokio::test]
async fn ready_is_503_while_shutting_down() {
    let app = TestApp::spawn().await;
    app.state.begin_shutdown();
    let response = app.get("/ready").await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_envelope(&json_of(response).await, "PGRST002");
}

#[tokio::test]
/// (Unknown paths under /auth/v1 answer in GoTrue's shape: see auth_signin.rs.)
async fn unknown_api_paths_are_json_404s() {
    let app = TestApp::spawn().await;
    for path in ["/rest/v1/events/1", "/storage/v1/x", "/api/x", "/rest"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        assert_envelope(&json_of(response).await, "PGRST125");
    }
    let response = app.client.post(app.url("/somewhere")).body("{}").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_envelope(&json_of(response).await, "PGRST125");
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405_with_allow() {
    let app = TestApp::spawn().await;
    let response = app.client.delete(app.url("/health")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(response.headers()["allow"].to_str().unwrap().contains("GET"));
    assert_envelope(&json_of(response).await, "PGRST117");
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_json_413() {
    let app = TestApp::spawn().await;
    let body = vec![b'x'; 2 * 1024 * 1024];
    let response = app.client.post(app.url("/health")).body(body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_envelope(&json_of(response).await, "request_too_large");
}

#[tokio::test]
async fn preflight_echoes_the_requested_headers_without_auth() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/rest/v1/events"))
        .header("origin", "https://app.example")
        .header("access-control-request-method", "PATCH")
        .header("access-control-request-headers", "apikey,authorization,prefer,x-client-info")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert_eq!(headers["access-control-allow-headers"], "apikey,authorization,prefer,x-client-info");
    assert!(headers["access-control-allow-methods"].to_str().unwrap().contains("PATCH"));
    assert_eq!(headers["access-control-max-age"], "86400");
}

#[tokio::test]
async fn responses_expose_the_headers_clients_read() {
    let app = TestApp::spawn().await;
    let response = app.client.get(app.url("/health")).header("origin", "https://app.example").send().await.unwrap();
    let exposed = response.headers()["access-control-expose-headers"].to_str().unwrap().to_lowercase();
    for header in ["content-range", "x-total-count", "location", "x-supabase-api-version", "content-disposition"] {
        assert!(exposed.contains(header), "{header} not exposed: {exposed}");
    }
}

#[tokio::test]
async fn only_configured_origins_are_allowed() {
    let allowed = http::HeaderValue::from_static("https://site.example");
    let app = TestApp::spawn_with(TestAppOptions {
        cors_origins: CorsOrigins::List(vec![allowed]),
        ..TestAppOptions::default()
    })
    .await;
    let ok = app.client.get(app.url("/health")).header("origin", "https://site.example").send().await.unwrap();
    assert_eq!(ok.headers()["access-control-allow-origin"], "https://site.example");
    let other = app.client.get(app.url("/health")).header("origin", "https://evil.example").send().await.unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_keeps_a_given_one() {
    let app = TestApp::spawn().await;
    let response = app.get("/health").await;
    let id = response.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(id).is_ok(), "{id}");

    let response = app.client.get(app.url("/health")).header("x-request-id", "trace-me-42").send().await.unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn a_panicking_handler_answers_a_generic_500() {
    let router = axum::Router::new().route(
        "/boom",
        axum::routing::get(|| async {
            let secret_detail: Option<&str> = None;
            #[allow(clippy::unnecessary_literal_unwrap, reason = "the panic is the point")]
            secret_detail.expect("the secret detail of a bug")
        }),
    );
    let app = server::http::middleware::apply(
        router,
        &server::http::middleware::LayerSettings { cors_origins: CorsOrigins::Any },
    );
    let address = serve(app).await;
    let response = support::http_client().get(format!("{address}/boom")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let body = json_of(response).await;
    assert_envelope(&body, "PGRSTX00");
    assert!(!body.to_string().contains("secret detail"), "{body}");
}

fn client_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><title>app</title>").unwrap();
    std::fs::write(dir.path().join("sw.js"), "self.addEventListener('install', () => {});").unwrap();
    std::fs::write(dir.path().join("assets/app-3f9a1c.js"), "console.log('app');\n".repeat(200)).unwrap();
    dir
}

#[tokio::test]
async fn the_web_app_is_served_with_spa_fallback_and_cache_rules() {
    let dir = client_dir();
    let app =
        TestApp::spawn_with(TestAppOptions { client_dir: Some(dir.path().to_path_buf()), ..TestAppOptions::default() })
            .await;
    let get = |path: &str| app.client.get(app.url(path)).send();

    let index = get("/").await.unwrap();
    assert_eq!(index.status(), StatusCode::OK);
    assert_eq!(index.headers()["cache-control"], "no-cache");
    assert!(index.text().await.unwrap().contains("<title>app</title>"));

    let route = get("/events/42").await.unwrap();
    assert_eq!(route.status(), StatusCode::OK, "an app route falls back to index.html");
    assert_eq!(route.headers()["cache-control"], "no-cache");
    assert!(route.headers()["content-type"].to_str().unwrap().starts_with("text/html"));

    let asset = get("/assets/app-3f9a1c.js").await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));

    let worker = get("/sw.js").await.unwrap();
    assert_eq!(worker.headers()["cache-control"], "no-cache");

    let missing = get("/assets/missing-123.js").await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND, "a missing asset is never answered with HTML");

    let api = get("/rest/v1/events/1").await.unwrap();
    assert_eq!(api.status(), StatusCode::NOT_FOUND);
    assert!(api.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
}

#[tokio::test]
async fn large_responses_are_compressed_when_the_client_accepts_it() {
    let dir = client_dir();
    let app =
        TestApp::spawn_with(TestAppOptions { client_dir: Some(dir.path().to_path_buf()), ..TestAppOptions::default() })
            .await;
    let response =
        app.client.get(app.url("/assets/app-3f9a1c.js")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn a_large_rest_read_is_compressed_but_a_partial_answer_is_not() {
    let app = TestApp::with_rest_fixture().await;
    app.sql(
        "insert into events (title, event_date) \
         select 'A gathering of the community, number ' || g, current_date from generate_series(1, 500) g",
    )
    .await;
    let read = |path: &'static str, encoding: &'static str, prefer: &'static str| {
        app.service(reqwest::Method::GET, path).header("accept-encoding", encoding).header("prefer", prefer).send()
    };
    // Its Content-Range names rows, not bytes: the whole list is compressed.
    let whole = read("/events?select=id,title&order=id", "gzip", "count=none").await.unwrap();
    assert_eq!(whole.status(), StatusCode::OK);
    assert!(whole.headers()["content-range"].to_str().unwrap().starts_with("0-"));
    assert_eq!(whole.headers()["content-encoding"], "gzip");
    let zipped = whole.bytes().await.unwrap().len();
    let plain = read("/events?select=id,title&order=id", "identity", "count=none").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.unwrap().len();
    assert!(zipped * 4 < plain, "{zipped} bytes compressed, {plain} plain");
    // A small answer (one row) is sent as it is.
    let one = read("/events?select=id,title&order=id&limit=1", "gzip", "count=none").await.unwrap();
    assert_eq!(one.status(), StatusCode::OK);
    assert!(one.headers().get("content-encoding").is_none());
    // A 206 (a part of the rows, with their exact count) is sent as it is.
    let part = read("/events?select=id,title&order=id&limit=300", "gzip", "count=exact").await.unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert!(part.headers().get("content-encoding").is_none());
}

#[tokio::test]
async fn a_precompressed_copy_is_sent_as_it_is_to_a_client_accepting_it() {
    let dir = client_dir();
    // Not real Brotli: the server must send the build's bytes untouched, not decode or redo them.
    std::fs::write(dir.path().join("assets/app-3f9a1c.js.br"), b"brotli bytes of app.js").unwrap();
    std::fs::write(dir.path().join("index.html.br"), b"brotli bytes of index.html").unwrap();
    let app =
        TestApp::spawn_with(TestAppOptions { client_dir: Some(dir.path().to_path_buf()), ..TestAppOptions::default() })
            .await;
    let get = |path: &str, accept: &str| app.client.get(app.url(path)).header("accept-encoding", accept).send();

    let asset = get("/assets/app-3f9a1c.js", "gzip, deflate, br").await.unwrap();
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(asset.headers()["content-encoding"], "br");
    assert_eq!(asset.headers()["vary"], "accept-encoding");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(asset.bytes().await.unwrap().as_ref(), b"brotli bytes of app.js");

    // The shell and an app route falling back to it: the same copy, still never cached.
    for path in ["/", "/events/42"] {
        let shell = get(path, "br").await.unwrap();
        assert_eq!(shell.headers()["content-encoding"], "br", "{path}");
        assert_eq!(shell.headers()["cache-control"], "no-cache", "{path}");
        assert!(shell.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert_eq!(shell.bytes().await.unwrap().as_ref(), b"brotli bytes of index.html", "{path}");
    }

    // No gzip copy: the file itself, compressed on the fly as before.
    let gzip = get("/assets/app-3f9a1c.js", "gzip").await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    // A client accepting neither gets the file itself.
    let plain = get("/assets/app-3f9a1c.js", "identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), "console.log('app');\n".repeat(200));
}

#[tokio::test]
async fn without_a_built_client_the_root_explains_itself() {
    let app = TestApp::spawn().await;
    let response = app.get("/").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body = json_of(response).await;
    assert_envelope(&body, "PGRST125");
    assert!(body["hint"].as_str().unwrap().contains("make run"));
}

#[tokio::test]
async fn the_web_app_reads_the_anon_key_and_never_the_service_key() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/client-config").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let body = json_of(response).await;
    assert_eq!(body, json!({"anonKey": app.keys.anon}));
    assert!(!body.to_string().contains(&app.keys.service_role));
}

fn limits(header_secs: u64, body_secs: u64, max_connections: usize) -> server::http::connections::ConnectionLimits {
    server::http::connections::ConnectionLimits {
        header_read_timeout: std::time::Duration::from_secs(header_secs),
        body_idle_timeout: std::time::Duration::from_secs(body_secs),
        max_connections,
        max_header_bytes: 32 * 1024,
    }
}

async fn app_with_limits(limits: server::http::connections::ConnectionLimits) -> TestApp {
    TestApp::spawn_with(TestAppOptions { connections: limits, ..TestAppOptions::default() }).await
}

/// A raw TCP connection to the app.
async fn raw(app: &TestApp) -> tokio::net::TcpStream {
    tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap()
}

/// Writes `bytes` one at a time, `pause` apart, until done or the server closes the connection;
/// returns how long the server kept it open.
async fn trickle(stream: &mut tokio::net::TcpStream, bytes: &[u8], pause: std::time::Duration) -> std::time::Duration {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let started = std::time::Instant::now();
    let mut buffer = [0u8; 1024];
    for byte in bytes {
        if stream.write_all(&[*byte]).await.is_err() {
            return started.elapsed();
        }
        // A closed connection reads as end of input (or an answer, then end of input).
        if let Ok(read) = tokio::time::timeout(pause, stream.read(&mut buffer)).await {
            match read {
                Ok(0) | Err(_) => return started.elapsed(),
                Ok(_) => {}
            }
        }
    }
    started.elapsed()
}

#[tokio::test]
async fn a_client_sending_headers_slowly_is_cut_off_at_the_header_timeout() {
    let app = app_with_limits(limits(1, 30, 0)).await;
    let mut stream = raw(&app).await;
    let request = "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ".to_string() + &"a".repeat(200);
    let open = trickle(&mut stream, request.as_bytes(), std::time::Duration::from_millis(100)).await;
    assert!(open < std::time::Duration::from_secs(3), "kept open for {open:?}");
    // A connection that sends nothing at all is closed too.
    let mut idle = raw(&app).await;
    let mut buffer = [0u8; 16];
    let read =
        tokio::time::timeout(std::time::Duration::from_secs(3), tokio::io::AsyncReadExt::read(&mut idle, &mut buffer));
    assert!(matches!(read.await, Ok(Ok(0) | Err(_))), "an idle connection was kept open");
    // Other clients are served meanwhile.
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_body_that_stalls_is_answered_408_at_the_body_timeout() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = app_with_limits(limits(10, 1, 0)).await;
    let mut stream = raw(&app).await;
    let head = format!(
        "POST /rest/v1/rpc/none HTTP/1.1\r\nHost: x\r\napikey: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"a\":",
        app.keys.anon
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the stalled body was never cut off");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request_timeout"), "{answer}");
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "{:?}", started.elapsed());
}

#[tokio::test]
async fn beyond_the_connection_cap_a_new_connection_is_refused_cleanly_and_health_answers_again_after() {
    use tokio::io::AsyncWriteExt;
    let app = app_with_limits(limits(2, 30, 4)).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = raw(&app).await;
        stream.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        held.push(stream);
    }
    let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let refused = client.get(app.url("/health")).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(refused.headers()["retry-after"], "1");
    assert_envelope(&json_of(refused).await, "too_many_connections");
    // The held connections are cut at the header timeout; the server answers again.
    let started = std::time::Instant::now();
    loop {
        let status = client.get(app.url("/health")).send().await.unwrap().status();
        if status == StatusCode::OK {
            break;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "still refused: {status}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    drop(held);
}

#[tokio::test]
async fn request_headers_beyond_the_cap_are_refused_with_431() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let big = client.get(app.url("/health")).header("authorization", "a".repeat(70 * 1024)).send().await.unwrap();
    assert_eq!(big.status(), StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    let fine = client.get(app.url("/health")).header("x-note", "a".repeat(16 * 1024)).send().await.unwrap();
    assert_eq!(fine.status(), StatusCode::OK);
}

/// Hardening, second round (8): the web app's pages carry a strict Content-Security-Policy
/// (scripts from this origin or by the exact hash of the page's own inline script, no plugins,
/// never framed) and frame protection.
#[tokio::test]
async fn the_web_apps_pages_carry_a_strict_policy_and_cannot_be_framed() {
    use base64::Engine;
    use sha2::Digest;
    let dir = client_dir();
    let boot = "document.documentElement.dataset.boot='1'";
    std::fs::write(
        dir.path().join("index.html"),
        format!("<!doctype html><head><script>{boot}</script><script type=\"module\" src=\"/assets/app-3f9a1c.js\"></script></head>"),
    )
    .unwrap();
    let app =
        TestApp::spawn_with(TestAppOptions { client_dir: Some(dir.path().to_path_buf()), ..TestAppOptions::default() })
            .await;
    let hash = format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(boot)));
    for path in ["/", "/index.html", "/admin/members"] {
        let page = app.get(path).await;
        assert_eq!(page.status(), StatusCode::OK, "{path}");
        let policy = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
        let script_src = policy.split(';').map(str::trim).find(|d| d.starts_with("script-src")).unwrap();
        assert_eq!(script_src, format!("script-src 'self' {hash}"), "{path}: {policy}");
        for directive in ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"] {
            assert!(policy.contains(directive), "{path}: {directive} missing from {policy}");
        }
        assert_eq!(page.headers()["x-frame-options"], "DENY", "{path}");
    }
    let asset = app.get("/assets/app-3f9a1c.js").await;
    assert!(!asset.headers().contains_key("content-security-policy"), "scripts need no page policy");
}
