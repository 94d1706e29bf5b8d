//! Serves the built web app (`client/dist`) at `/` with a single-page-app fallback.
//!
//! Hashed assets are cached for a year (`immutable`); `index.html`, the service worker and
//! the SPA fallback are `no-cache` so a deploy is seen at once. API prefixes never fall back
//! to the app: an unknown API path is a JSON 404.
//!
//! The client's build writes a Brotli and a gzip copy beside each text file
//! (`client/vite.config.ts`, `precompress`); a client accepting one gets it as it is, with
//! `Vary: accept-encoding`, instead of the compression layer compressing the file again on
//! every request. A file without such a copy is compressed on the fly as any response is.

use std::path::Path;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, Method, StatusCode, header};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::error::ApiError;
use crate::state::AppState;

/// Paths owned by the API: never answered with the web app.
const API_PREFIXES: &[&str] = &["/rest/", "/auth/", "/storage/", "/api/", "/functions/", "/realtime/"];

pub async fn serve_client(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if API_PREFIXES.iter().any(|prefix| path.starts_with(prefix) || path == prefix.trim_end_matches('/')) {
        return ApiError::not_found().into_response();
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return ApiError::not_found().into_response();
    }
    let Some(dir) = state.client_dir.as_deref() else {
        return ApiError::not_found()
            .with_hint("The web app is not built here; `make run` builds it into client/dist.")
            .into_response();
    };
    match resolve(dir, &path) {
        Some(file) => {
            let cache = cache_control(&path, false);
            send(&state, file.as_path(), request, cache).await
        }
        // A missing file with an extension is a missing asset, not an app route: answering it
        // with HTML would poison caches with a page where a script was expected.
        None if has_extension(&path) => ApiError::not_found().into_response(),
        None => send(&state, &dir.join("index.html"), request, cache_control(&path, true)).await,
    }
}

/// The file under `dir` for a URL path, refusing anything that leaves `dir`.
fn resolve(dir: &Path, url_path: &str) -> Option<std::path::PathBuf> {
    let decoded = percent_decode(url_path)?;
    let mut file = dir.to_path_buf();
    for segment in decoded.split('/').filter(|s| !s.is_empty()) {
        if segment == "." || segment == ".." || segment.contains('\\') || segment.contains('\0') {
            return None;
        }
        file.push(segment);
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

fn percent_decode(path: &str) -> Option<String> {
    url::form_urlencoded::parse(format!("p={}", path.replace('+', "%2B")).as_bytes())
        .next()
        .map(|(_, value)| value.into_owned())
}

fn has_extension(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

fn cache_control(path: &str, spa_fallback: bool) -> &'static str {
    if spa_fallback
        || path == "/"
        || path.ends_with("/index.html")
        || path == "/sw.js"
        || path.ends_with(".webmanifest")
    {
        "no-cache"
    } else if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    }
}

async fn send(state: &AppState, file: &Path, request: Request, cache: &'static str) -> Response {
    let (parts, _) = request.into_parts();
    // A page gets its policy, built from its own inline scripts.
    let page = match file.extension().is_some_and(|e| e == "html") {
        true => tokio::fs::read(file).await.ok(),
        false => None,
    };
    let request = Request::from_parts(parts, Body::empty());
    match ServeFile::new(file).precompressed_br().precompressed_gzip().oneshot(request).await {
        Ok(response) => {
            let mut response = response.map(Body::new);
            if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
                response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
                if let Some(page) = &page {
                    super::page_policy::protect(response.headers_mut(), &state.page_policy, page);
                }
            }
            response
        }
        Err(error) => ApiError::internal(error).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traversal_never_leaves_the_directory() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "x").unwrap();
        assert!(resolve(dir.path(), "/../etc/passwd").is_none());
        assert!(resolve(dir.path(), "/%2e%2e/etc/passwd").is_none());
        assert!(resolve(dir.path(), "/a/..%2F..%2Fetc").is_none());
        assert_eq!(resolve(dir.path(), "/").unwrap(), dir.path().join("index.html"));
    }

    #[test]
    fn hashed_assets_are_immutable_and_the_shell_is_not_cached() {
        assert_eq!(cache_control("/assets/index-abc123.js", false), "public, max-age=31536000, immutable");
        assert_eq!(cache_control("/sw.js", false), "no-cache");
        assert_eq!(cache_control("/index.html", false), "no-cache");
        assert_eq!(cache_control("/events/42", true), "no-cache");
    }
}
