//! One notification for one device: the JSON the service worker reads (kept under the
//! payload limit), encrypted for the device (RFC 8291, aes128gcm) with a VAPID signature
//! (RFC 8292) by the `web-push` crate.

use serde_json::{Value, json};
use web_push::{ContentEncoding, SubscriptionInfo, VapidSignatureBuilder, WebPushMessageBuilder};

use super::endpoint::Endpoint;
use super::keys::VapidKeys;

/// Largest plaintext the `web-push` crate encrypts (one aes128gcm record under 4 KiB).
pub const MAX_PAYLOAD_BYTES: usize = 3052;

/// What the service worker shows: `{"id", "title", "body", "url", "tag", "data"}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub url: Option<String>,
    pub tag: Option<String>,
    pub data: Value,
}

/// The request to send: the encrypted body and the headers that go with it.
#[derive(Debug)]
pub struct Encrypted {
    pub body: Vec<u8>,
    /// `Content-Encoding`, `Authorization: vapid t=…, k=…`, `TTL` and, for a short tag,
    /// `Topic` (the push service then keeps only the newest undelivered one).
    pub headers: Vec<(&'static str, String)>,
}

/// The payload JSON, shortened to fit: the body is cut first (with an ellipsis), then `data`
/// is dropped, then the title is cut (the URL and tag go only when nothing else is left).
pub fn payload(notification: &Notification) -> Vec<u8> {
    let mut current = notification.clone();
    loop {
        let bytes = render(&current);
        let excess = bytes.len().saturating_sub(MAX_PAYLOAD_BYTES);
        if excess == 0 {
            return bytes;
        }
        if !current.body.is_empty() {
            current.body = shorten(&current.body, excess);
        } else if current.data != json!({}) {
            current.data = json!({});
        } else if current.title.len() > excess + 3 {
            current.title = shorten(&current.title, excess);
        } else if current.url.is_some() {
            current.url = None;
        } else if current.tag.is_some() {
            current.tag = None;
        } else if !current.title.is_empty() {
            current.title = String::new();
        } else {
            return bytes;
        }
    }
}

fn render(notification: &Notification) -> Vec<u8> {
    json!({
        "id": notification.id,
        "title": notification.title,
        "body": notification.body,
        "url": notification.url,
        "tag": notification.tag,
        "data": notification.data,
    })
    .to_string()
    .into_bytes()
}

/// `text` shortened by at least `excess` bytes of its JSON form, ending in "…" (empty when
/// nothing would be left).
fn shorten(text: &str, excess: usize) -> String {
    // The ellipsis takes 3 bytes back.
    let mut removed = 0;
    let mut cut = text.len();
    for (index, c) in text.char_indices().rev() {
        if removed >= excess + 3 {
            break;
        }
        removed += json_len(c);
        cut = index;
    }
    if cut == 0 { String::new() } else { format!("{}…", &text[..cut]) }
}

/// Bytes `c` takes inside a JSON string.
fn json_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
        c if c.is_control() && (c as u32) < 0x20 => 6,
        c => c.len_utf8(),
    }
}

/// Encrypts `payload` for the device and signs the request for `endpoint`'s origin.
pub fn encrypt(
    keys: &VapidKeys,
    subject: &str,
    endpoint: &Endpoint,
    device: (&str, &str),
    payload: &[u8],
    ttl: u32,
    tag: Option<&str>,
) -> Result<Encrypted, String> {
    let (p256dh, auth) = device;
    let info = SubscriptionInfo::new(endpoint.url.as_str(), p256dh, auth);
    let mut signature =
        VapidSignatureBuilder::from_base64(&keys.private_base64(), &info).map_err(|e| format!("VAPID key: {e}"))?;
    signature.add_claim("sub", subject);
    signature.add_claim("aud", endpoint.origin());
    let signature = signature.build().map_err(|e| format!("VAPID signature: {e}"))?;
    let mut builder = WebPushMessageBuilder::new(&info);
    builder.set_payload(ContentEncoding::Aes128Gcm, payload);
    builder.set_ttl(ttl);
    builder.set_vapid_signature(signature);
    if let Some(topic) = tag.filter(|t| is_topic(t)) {
        builder.set_topic(topic.to_owned());
    }
    let message = builder.build().map_err(|e| format!("encryption: {e}"))?;
    let encrypted = message.payload.ok_or("encryption produced no payload")?;
    let mut headers = vec![("TTL", message.ttl.to_string()), ("Content-Encoding", "aes128gcm".to_owned())];
    headers.extend(encrypted.crypto_headers);
    if let Some(topic) = message.topic {
        headers.push(("Topic", topic));
    }
    Ok(Encrypted { body: encrypted.content, headers })
}

/// A `Topic` header value: at most 32 base64url characters (RFC 8030 §5.4).
fn is_topic(tag: &str) -> bool {
    !tag.is_empty() && tag.len() <= 32 && tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notification(body: &str) -> Notification {
        Notification {
            id: 7,
            title: "Yugadi celebration".into(),
            body: body.into(),
            url: Some("/events/12".into()),
            tag: Some("event-12".into()),
            data: json!({"type": "event", "event_id": 12}),
        }
    }

    #[test]
    fn the_payload_carries_every_field() {
        let bytes = payload(&notification("At the hall, 6 pm"));
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["id"], 7);
        assert_eq!(value["title"], "Yugadi celebration");
        assert_eq!(value["body"], "At the hall, 6 pm");
        assert_eq!(value["url"], "/events/12");
        assert_eq!(value["tag"], "event-12");
        assert_eq!(value["data"]["type"], "event");
    }

    #[test]
    fn a_long_body_is_cut_to_fit() {
        for body in ["ಹ".repeat(3000), "\"".repeat(4000), "x".repeat(10_000)] {
            let bytes = payload(&notification(&body));
            assert!(bytes.len() <= MAX_PAYLOAD_BYTES, "{}", bytes.len());
            let value: Value = serde_json::from_slice(&bytes).unwrap();
            assert!(value["body"].as_str().unwrap().ends_with('…'));
            assert_eq!(value["data"]["type"], "event", "data is kept while the body can give way");
        }
    }

    #[test]
    fn huge_data_is_dropped_then_the_title_cut() {
        let mut big = notification("");
        big.data = json!({"blob": "y".repeat(5000)});
        big.title = "t".repeat(5000);
        let bytes = payload(&big);
        assert!(bytes.len() <= MAX_PAYLOAD_BYTES);
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["data"], json!({}));
    }

    #[test]
    fn only_short_base64url_tags_become_topics() {
        assert!(is_topic("event-12"));
        assert!(!is_topic("event 12"));
        assert!(!is_topic(&"a".repeat(33)));
        assert!(!is_topic(""));
    }
}
