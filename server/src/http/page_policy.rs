//! The headers that protect the web app's pages (the HTML the server hosts): a
//! Content-Security-Policy, frame protection, a referrer policy.
//!
//! The policy is a setting (`CONTENT_SECURITY_POLICY`); in it, `{inline-scripts}` becomes the
//! `'sha256-…'` source of each inline `<script>` of the page being sent, so a build may inline a
//! small boot script without `'unsafe-inline'`: scripts still run only from this origin or by
//! their exact hash. The default allows scripts, frames, fonts and connections from this origin
//! only, images and media also from https, no plugins, and no framing of the pages anywhere.
//! `connect-src 'self'` covers the app's own realtime WebSocket (`/realtime/v1/websocket`): CSP
//! level 3 matches `ws:`/`wss:` on this host with `'self'` (client/e2e/realtime.mjs proves it
//! in Chromium). An API on another origin (VITE_API_URL) needs its `https:` and `wss:` origins
//! added to `connect-src`.

use base64::Engine;
use http::{HeaderMap, HeaderValue, header};
use sha2::{Digest, Sha256};

/// `CONTENT_SECURITY_POLICY`'s default.
pub const DEFAULT_POLICY: &str = "default-src 'self'; script-src 'self' {inline-scripts}; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' blob: https:; \
    font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'none'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const INLINE_SCRIPTS: &str = "{inline-scripts}";

/// Adds the page headers to the response for an HTML page whose text is `page`.
pub fn protect(headers: &mut HeaderMap, policy: &str, page: &[u8]) {
    if !policy.is_empty() {
        let policy = policy.replace(INLINE_SCRIPTS, &inline_script_sources(page).join(" "));
        let policy = policy.split_whitespace().collect::<Vec<_>>().join(" ").replace(" ;", ";");
        if let Ok(value) = HeaderValue::from_str(&policy) {
            headers.insert(header::CONTENT_SECURITY_POLICY, value);
        }
    }
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
}

/// The `'sha256-…'` source of each inline script (a `<script>` without `src`) in `page`.
pub fn inline_script_sources(page: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(page);
    let lower = text.to_ascii_lowercase();
    let mut sources = Vec::new();
    let mut at = 0;
    while let Some(open) = lower[at..].find("<script").map(|i| i + at) {
        let Some(tag_end) = lower[open..].find('>').map(|i| i + open) else { break };
        let Some(close) = lower[tag_end..].find("</script").map(|i| i + tag_end) else { break };
        let attributes = &lower[open + "<script".len()..tag_end];
        if !has_src(attributes) {
            let body = &text[tag_end + 1..close];
            let digest = Sha256::digest(body.as_bytes());
            sources.push(format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest)));
        }
        at = close + "</script".len();
    }
    sources
}

fn has_src(attributes: &str) -> bool {
    attributes
        .split(|c: char| c.is_ascii_whitespace())
        .any(|attribute| attribute == "src" || attribute.starts_with("src="))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_allowed_by_their_hash_and_nothing_else() {
        let page = b"<html><head><script>boot()</script><script type=\"module\" src=\"/a.js\"></script>\
            <SCRIPT type=module>x=1</SCRIPT></head></html>";
        let sources = inline_script_sources(page);
        let hash = |s: &str| {
            format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(s.as_bytes())))
        };
        assert_eq!(sources, vec![hash("boot()"), hash("x=1")]);
        let mut headers = HeaderMap::new();
        protect(&mut headers, DEFAULT_POLICY, page);
        let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(policy.contains(&format!("script-src 'self' {} {};", hash("boot()"), hash("x=1"))), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "{policy}");
        let script_src = policy.split(';').find(|d| d.trim().starts_with("script-src")).unwrap();
        assert!(!script_src.contains("unsafe"), "{script_src}");
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
    }

    #[test]
    fn a_page_without_inline_scripts_allows_this_origin_only() {
        let mut headers = HeaderMap::new();
        protect(&mut headers, DEFAULT_POLICY, b"<script src=\"/x.js\"></script>");
        let policy = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(policy.contains("script-src 'self'; style-src"), "{policy}");
    }

    #[test]
    fn an_empty_policy_sends_none_but_keeps_frame_protection() {
        let mut headers = HeaderMap::new();
        protect(&mut headers, "", b"<p>");
        assert!(!headers.contains_key(header::CONTENT_SECURITY_POLICY));
        assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
    }
}
