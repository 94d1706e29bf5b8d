//! The WebSocket at `/realtime/v1/websocket`: the handshake (`apikey`, `vsn`, the limits on
//! open sockets) and each socket's task, which reads the client's frames, writes what its
//! queue holds, closes channels whose token expired and closes a socket silent for longer than
//! REALTIME_IDLE_TIMEOUT_SECONDS (clients send a heartbeat every 25 s).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::Extension;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use http::{HeaderMap, StatusCode};

use super::RealtimeState;
use super::channel::{Next, Session};
use super::hub::{ClientLimits, Refusal};
use super::outbox::{CLOSE_TOO_SLOW, Outbound, Outbox, OutboxReceiver};
use super::protocol::{self, Vsn};
use super::{error, identity};

/// Close codes: a frame that is not a Phoenix message, and a silent client.
const CLOSE_INVALID: u16 = 1007;
const CLOSE_IDLE: u16 = 1000;
/// The longest a closing socket may take to say goodbye.
const CLOSING_TIME: Duration = Duration::from_secs(2);

/// `GET /realtime/v1/websocket`.
pub async fn websocket(
    State(state): State<RealtimeState>,
    Query(params): Query<HashMap<String, String>>,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let service = std::sync::Arc::clone(&state.realtime);
    let settings = &service.settings;
    if !settings.enabled {
        return error::disabled();
    }
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => return error::handshake(rejection.status(), &rejection.body_text()),
    };
    let Some(vsn) = Vsn::parse(params.get("vsn").map(String::as_str)) else {
        return error::handshake(StatusCode::BAD_REQUEST, "Unsupported serializer version: use vsn 1.0.0 or 2.0.0");
    };
    let token = headers
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or_else(|| params.get("apikey").cloned())
        .filter(|t| !t.trim().is_empty());
    let Some(token) = token else {
        return error::handshake(StatusCode::UNAUTHORIZED, "API key is missing");
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    if let Err(refusal) = identity::verify(&token, &state.auth.keys.current(), &state.auth.claim_rules, now) {
        let message = match refusal {
            identity::TokenError::Expired(_) => "Token has expired".to_owned(),
            other => other.message(),
        };
        return error::handshake(StatusCode::UNAUTHORIZED, &message);
    }
    let peer = connect.map(|Extension(ConnectInfo(peer))| peer.ip());
    let address = crate::auth::api::client::client_address(peer, &headers, &state.auth.settings.trusted_proxies)
        .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
    let limits = ClientLimits {
        total: settings.max_clients,
        per_address: settings.max_clients_per_address,
        per_account: settings.max_clients_per_account,
    };
    let (outbox, receiver) = Outbox::new(service.hub.next_id(), vsn, settings.max_buffered_bytes);
    let admission = match service.hub.admit(address, limits, &outbox) {
        Ok(admission) => admission,
        Err(Refusal::TooManyClients | Refusal::TooManyForAddress | Refusal::TooManyForAccount) => {
            return error::handshake(StatusCode::TOO_MANY_REQUESTS, "Too many connected users");
        }
    };
    let idle = settings.idle_timeout;
    let frame_limit = settings.max_payload_bytes + 64 * 1024;
    let session = Session::new(
        std::sync::Arc::clone(&service),
        std::sync::Arc::clone(&state.auth.keys),
        state.auth.claim_rules.clone(),
        outbox,
        vsn,
        token,
        admission,
    );
    upgrade
        .max_message_size(frame_limit)
        .max_frame_size(frame_limit)
        .on_upgrade(move |socket| run(socket, session, receiver, idle))
}

async fn run(socket: WebSocket, mut session: Session, mut receiver: OutboxReceiver, idle: Duration) {
    let (mut sink, mut stream) = socket.split();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_heard = Instant::now();
    let vsn = session.vsn;
    let close = loop {
        tokio::select! {
            biased;
            outbound = receiver.next() => match outbound {
                Some(Outbound::Frame(frame)) => {
                    // A client that stops reading blocks the write: its queue overflowing ends it.
                    let sent = tokio::select! {
                        biased;
                        () = receiver.overflowed() => None,
                        sent = sink.send(frame) => Some(sent.is_ok()),
                    };
                    match sent {
                        Some(true) => {}
                        Some(false) => break None,
                        None => break Some((CLOSE_TOO_SLOW, "the client reads too slowly".to_owned())),
                    }
                }
                Some(Outbound::Close(code, reason)) => break Some((code, reason.to_owned())),
                None => break None,
            },
            incoming = stream.next() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    Some(Err(_)) | None => break None,
                };
                last_heard = Instant::now();
                let decoded = match message {
                    Message::Text(text) => protocol::decode_text(vsn, text.as_str()),
                    Message::Binary(bytes) => protocol::decode_binary(vsn, &bytes),
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Close(_) => break None,
                };
                match decoded {
                    Ok(inbound) => {
                        if let Next::Close(code, reason) = session.handle(inbound).await {
                            break Some((code, reason.to_owned()));
                        }
                    }
                    Err(problem) => {
                        tracing::debug!(%problem, "a realtime client sent a frame that is not a Phoenix message");
                        let mut reason = format!("invalid message: {problem}");
                        reason.truncate(120);
                        break Some((CLOSE_INVALID, reason));
                    }
                }
            }
            _ = tick.tick() => {
                session.tick();
                if last_heard.elapsed() > idle {
                    break Some((CLOSE_IDLE, "heartbeat timeout".to_owned()));
                }
            }
        }
    };
    session.close();
    let goodbye = async {
        if let Some((code, reason)) = close {
            // What is queued goes first (a system message explaining the close, say), unless
            // the client is being dropped for not reading it.
            if !receiver.has_overflowed() {
                while let Ok(Some(Outbound::Frame(frame))) =
                    tokio::time::timeout(Duration::from_millis(50), receiver.next()).await
                {
                    if sink.send(frame).await.is_err() {
                        return;
                    }
                }
            }
            let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
        }
        let _ = sink.close().await;
    };
    // A client that does not read cannot hold the task: it is cut off.
    let _ = tokio::time::timeout(CLOSING_TIME, goodbye).await;
}
