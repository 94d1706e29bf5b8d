//! Broadcasting over HTTP, as Supabase Realtime's API: `POST /realtime/v1/api/broadcast`
//! with `{"messages": [{topic, event, payload, private?, id?}]}` (what supabase-js's
//! `channel.send()` falls back to before joining), and `POST
//! /realtime/v1/api/broadcast/{topic}/events/{event}[?private=true]` with a JSON or binary
//! body (`channel.httpSend()`). Both answer 202. The caller is the bearer token (or the
//! `apikey`); a private topic needs its policies' INSERT on `realtime.messages` (a message
//! refused is dropped in a batch, answered 403 alone).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, StatusCode, header};
use serde_json::{Value, json};

use super::RealtimeState;
use super::hub::{Broadcast, TopicKey};
use super::identity::{self, Identity};
use super::protocol::UserBroadcast;
use super::{authorize, error};

/// Messages per client address and second, for the HTTP API (this replica).
#[derive(Default)]
pub struct ApiRate {
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl ApiRate {
    fn hit(&self, address: IpAddr, count: u32, limit: u32) -> bool {
        let Ok(mut windows) = self.windows.lock() else { return true };
        let now = Instant::now();
        if windows.len() > 10_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start).as_secs() < 1);
        }
        let window = windows.entry(address).or_insert((now, 0));
        if now.duration_since(window.0).as_secs() >= 1 {
            *window = (now, 0);
        }
        window.1 = window.1.saturating_add(count);
        window.1 <= limit
    }
}

fn rate() -> &'static ApiRate {
    static RATE: std::sync::OnceLock<ApiRate> = std::sync::OnceLock::new();
    RATE.get_or_init(ApiRate::default)
}

/// The caller: the bearer token, else the `apikey` header; `None` when neither is valid.
fn caller(state: &RealtimeState, headers: &HeaderMap) -> Option<Identity> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_owned())
        .filter(|token| !token.is_empty());
    let token = bearer.or_else(|| headers.get("apikey").and_then(|v| v.to_str().ok()).map(str::to_owned));
    let token = token?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    identity::verify(&token, &state.auth.keys.current(), &state.auth.claim_rules, now).ok()
}

fn address(state: &RealtimeState, peer: Option<SocketAddr>, headers: &HeaderMap) -> IpAddr {
    crate::auth::api::client::client_address(peer.map(|p| p.ip()), headers, &state.auth.settings.trusted_proxies)
        .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
}

/// A caller the API admits: the API is enabled (else Realtime's "not enabled") and the token is
/// valid (else 401). The refusal is boxed: a `Response` is large and this is the cold path.
fn admit(state: &RealtimeState, headers: &HeaderMap) -> Result<Identity, Box<Response>> {
    if !state.realtime.settings.enabled {
        return Err(Box::new(error::disabled()));
    }
    caller(state, headers).ok_or_else(|| Box::new(error::message(StatusCode::UNAUTHORIZED, "Unauthorized")))
}

/// `count` more messages from the caller's address stay within the rate (else 429).
fn within_rate(
    state: &RealtimeState,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: &HeaderMap,
    count: u32,
) -> Result<(), Box<Response>> {
    let address = address(state, connect.map(|Extension(ConnectInfo(peer))| peer), headers);
    if rate().hit(address, count, state.realtime.settings.max_events_per_second) {
        Ok(())
    } else {
        Err(Box::new(error::message(StatusCode::TOO_MANY_REQUESTS, "You have exceeded your rate limit")))
    }
}

/// `POST /realtime/v1/api/broadcast`.
pub async fn batch(
    State(state): State<RealtimeState>,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Response> {
    let identity = admit(&state, &headers).map_err(|refusal| *refusal)?;
    let Ok(body) = serde_json::from_slice::<Value>(&body) else {
        return Err(error::invalid("messages", "can't be blank"));
    };
    let Some(messages) = body.get("messages").and_then(Value::as_array) else {
        return Err(error::invalid("messages", "can't be blank"));
    };
    let settings = &state.realtime.settings;
    let mut parsed = Vec::with_capacity(messages.len());
    for (index, message) in messages.iter().enumerate() {
        let field = |name: &str| message.get(name).filter(|v| !v.is_null());
        let topic = field("topic").and_then(Value::as_str);
        let event = field("event").and_then(Value::as_str);
        let payload = field("payload");
        match (topic, event, payload) {
            (Some(topic), Some(event), Some(payload)) if !topic.is_empty() && !event.is_empty() => {
                if payload.to_string().len() > settings.max_payload_bytes {
                    return Err(error::invalid(
                        &format!("messages[{index}].payload"),
                        "Payload size exceeds tenant limit",
                    ));
                }
                let private = field("private").and_then(Value::as_bool).unwrap_or(false);
                let mut body = json!({"payload": payload, "event": event, "type": "broadcast"});
                if let Some(id) = field("id") {
                    body["meta"] = json!({"id": id});
                }
                parsed.push((topic.to_owned(), private, body));
            }
            _ => return Err(error::invalid(&format!("messages[{index}]"), "topic, event and payload can't be blank")),
        }
    }
    within_rate(&state, connect, &headers, u32::try_from(parsed.len()).unwrap_or(u32::MAX))
        .map_err(|refusal| *refusal)?;
    let mut allowed: HashMap<String, bool> = HashMap::new();
    for (topic, private, body) in parsed {
        if private {
            let permitted = match allowed.get(&topic) {
                Some(permitted) => *permitted,
                None => {
                    let permitted =
                        match authorize::write(state.realtime.connections(), &identity, &topic, "broadcast").await {
                            Ok(permitted) => permitted,
                            Err(error) => {
                                tracing::warn!(%error, "cannot check a private broadcast's policies");
                                return Err(error::message(
                                    StatusCode::UNPROCESSABLE_ENTITY,
                                    "Tenant database unavailable",
                                ));
                            }
                        };
                    allowed.insert(topic.clone(), permitted);
                    permitted
                }
            };
            if !permitted {
                continue;
            }
        }
        let key = TopicKey { name: Arc::from(topic.as_str()), private };
        state.realtime.broadcast(&key, None, &Broadcast::Json(Arc::from(body.to_string())));
    }
    Ok(StatusCode::ACCEPTED.into_response())
}

#[derive(serde::Deserialize)]
pub struct SingleQuery {
    private: Option<String>,
}

/// `POST /realtime/v1/api/broadcast/{topic}/events/{event}`.
pub async fn single(
    State(state): State<RealtimeState>,
    Path((topic, event)): Path<(String, String)>,
    Query(query): Query<SingleQuery>,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Response> {
    let identity = admit(&state, &headers).map_err(|refusal| *refusal)?;
    let private = query.private.as_deref() == Some("true");
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("application/json");
    let settings = &state.realtime.settings;
    if body.len() > settings.max_payload_bytes {
        return Err(error::invalid("payload", "Payload size exceeds tenant limit"));
    }
    let broadcast = if content_type.starts_with("application/octet-stream") {
        Broadcast::User(UserBroadcast { event: event.clone(), json: false, payload: body, metadata: None })
    } else if content_type.starts_with("application/json") {
        let Ok(payload) = serde_json::from_slice::<Value>(&body) else {
            return Err(error::invalid("payload", "can't be blank"));
        };
        if payload.is_null() {
            return Err(error::invalid("payload", "can't be blank"));
        }
        Broadcast::Json(Arc::from(json!({"payload": payload, "event": event, "type": "broadcast"}).to_string()))
    } else {
        return Err(error::message(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Unsupported content type"));
    };
    if topic.is_empty() || event.is_empty() {
        return Err(error::invalid("topic", "can't be blank"));
    }
    within_rate(&state, connect, &headers, 1).map_err(|refusal| *refusal)?;
    if private {
        match authorize::write(state.realtime.connections(), &identity, &topic, "broadcast").await {
            Ok(true) => {}
            Ok(false) => return Err(error::message(StatusCode::FORBIDDEN, "Unauthorized")),
            Err(error) => {
                tracing::warn!(%error, "cannot check a private broadcast's policies");
                return Err(error::message(StatusCode::UNPROCESSABLE_ENTITY, "Tenant database unavailable"));
            }
        }
    }
    let key = TopicKey { name: Arc::from(topic.as_str()), private };
    state.realtime.broadcast(&key, None, &broadcast);
    Ok(StatusCode::ACCEPTED.into_response())
}
