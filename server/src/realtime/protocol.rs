//! Phoenix's wire format as Supabase Realtime speaks it (realtime-js `lib/serializer.ts`, the
//! server's `V2Serializer`): what a client's frame means and how the server's frames are
//! written.
//!
//! - `vsn=1.0.0`: text frames holding a JSON object `{topic, event, payload, ref, join_ref}`;
//!   the server writes `{topic, event, payload, ref}`.
//! - `vsn=2.0.0`: text frames holding a JSON array `[join_ref, ref, topic, event, payload]`,
//!   and binary frames for user broadcasts: the client sends kind 3
//!   (`kind, join_ref len, ref len, topic len, event len, metadata len, encoding, the five
//!   strings, payload`), the server sends kind 4 (`kind, topic len, event len, metadata len,
//!   encoding, the three strings, payload`). Encoding 1 is JSON, 0 raw bytes.
//!
//! Decoding never panics and bounds nothing but what the frame holds: a malformed frame is a
//! [`FrameError`], which closes the socket with its reason (as Phoenix does).

use axum::extract::ws::{Message, Utf8Bytes};
use bytes::{BufMut, Bytes, BytesMut};
use serde_json::Value;

/// The protocol version of a socket (`vsn` in the URL; Phoenix's default is 1.0.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vsn {
    V1,
    V2,
}

impl Vsn {
    /// `vsn` of the URL; `None` for a version the server does not speak.
    pub fn parse(value: Option<&str>) -> Option<Self> {
        match value {
            None | Some("1.0.0") => Some(Self::V1),
            Some("2.0.0") => Some(Self::V2),
            Some(_) => None,
        }
    }
}

/// Kind bytes of vsn 2's binary frames.
const KIND_PUSH: u8 = 0;
const KIND_USER_BROADCAST_PUSH: u8 = 3;
const KIND_USER_BROADCAST: u8 = 4;
const ENCODING_BINARY: u8 = 0;
const ENCODING_JSON: u8 = 1;

/// One message from a client.
#[derive(Debug, Clone, PartialEq)]
pub struct Inbound {
    pub join_ref: Option<String>,
    pub reference: Option<String>,
    pub topic: String,
    pub event: String,
    pub payload: InboundPayload,
}

#[derive(Debug, Clone, PartialEq)]
pub enum InboundPayload {
    Json(Value),
    /// A broadcast sent as a binary frame: its event name, payload and metadata.
    UserBroadcast(UserBroadcast),
    /// A binary push (kind 0): bytes for `event`; nothing in Realtime reads these.
    Binary(Bytes),
}

/// A user broadcast's payload as it travels: JSON text or raw bytes, kept as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct UserBroadcast {
    pub event: String,
    pub json: bool,
    pub payload: Bytes,
    /// JSON metadata the client attached (realtime-js's allowed metadata keys).
    pub metadata: Option<Value>,
}

/// Why a frame was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError(pub String);

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn error(what: impl Into<String>) -> FrameError {
    FrameError(what.into())
}

/// Decodes a text frame.
pub fn decode_text(vsn: Vsn, text: &str) -> Result<Inbound, FrameError> {
    let value: Value = serde_json::from_str(text).map_err(|e| error(format!("not JSON: {e}")))?;
    match (vsn, value) {
        (Vsn::V2, Value::Array(mut items)) => {
            if items.len() < 5 {
                return Err(error(format!("expected a message of 5 elements, got {}", items.len())));
            }
            items.truncate(5);
            let payload = items.pop().unwrap_or(Value::Null);
            let event = string_field(items.pop(), "event")?;
            let topic = string_field(items.pop(), "topic")?;
            let reference = ref_field(items.pop(), "ref")?;
            let join_ref = ref_field(items.pop(), "join_ref")?;
            Ok(Inbound { join_ref, reference, topic, event, payload: InboundPayload::Json(payload) })
        }
        (Vsn::V1, Value::Object(mut map)) => Ok(Inbound {
            join_ref: ref_field(map.remove("join_ref"), "join_ref")?,
            reference: ref_field(map.remove("ref"), "ref")?,
            topic: string_field(map.remove("topic"), "topic")?,
            event: string_field(map.remove("event"), "event")?,
            payload: InboundPayload::Json(map.remove("payload").unwrap_or(Value::Null)),
        }),
        (Vsn::V2, _) => Err(error("expected a JSON array [join_ref, ref, topic, event, payload]")),
        (Vsn::V1, _) => Err(error("expected a JSON object {topic, event, payload, ref}")),
    }
}

fn string_field(value: Option<Value>, name: &str) -> Result<String, FrameError> {
    match value {
        Some(Value::String(s)) => Ok(s),
        _ => Err(error(format!("{name} must be a string"))),
    }
}

/// A reference: a string, a number (kept as its text) or null.
fn ref_field(value: Option<Value>, name: &str) -> Result<Option<String>, FrameError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(error(format!("{name} must be a string or null"))),
    }
}

/// Decodes a binary frame (vsn 2 only).
pub fn decode_binary(vsn: Vsn, frame: &Bytes) -> Result<Inbound, FrameError> {
    if vsn != Vsn::V2 {
        return Err(error("binary frames need vsn 2.0.0"));
    }
    let mut reader = Reader { frame, at: 0 };
    match reader.byte()? {
        KIND_USER_BROADCAST_PUSH => {
            let sizes = [reader.byte()?, reader.byte()?, reader.byte()?, reader.byte()?, reader.byte()?];
            let encoding = reader.byte()?;
            let join_ref = reader.text(sizes[0])?;
            let reference = reader.text(sizes[1])?;
            let topic = reader.text(sizes[2])?;
            let event = reader.text(sizes[3])?;
            let metadata = reader.text(sizes[4])?;
            let json = match encoding {
                ENCODING_JSON => true,
                ENCODING_BINARY => false,
                other => return Err(error(format!("unknown payload encoding {other}"))),
            };
            let payload = reader.rest();
            if json {
                // Relayed as sent: it must be JSON for every receiver to parse it.
                serde_json::from_slice::<serde::de::IgnoredAny>(&payload)
                    .map_err(|e| error(format!("the broadcast payload is not JSON: {e}")))?;
            }
            let metadata = match metadata.is_empty() {
                true => None,
                false => Some(
                    serde_json::from_str::<Value>(&metadata)
                        .map_err(|e| error(format!("the broadcast metadata is not JSON: {e}")))?,
                ),
            };
            Ok(Inbound {
                join_ref: Some(join_ref).filter(|r| !r.is_empty()),
                reference: Some(reference).filter(|r| !r.is_empty()),
                topic,
                event: "broadcast".into(),
                payload: InboundPayload::UserBroadcast(UserBroadcast { event, json, payload, metadata }),
            })
        }
        KIND_PUSH => {
            let sizes = [reader.byte()?, reader.byte()?, reader.byte()?, reader.byte()?];
            let join_ref = reader.text(sizes[0])?;
            let reference = reader.text(sizes[1])?;
            let topic = reader.text(sizes[2])?;
            let event = reader.text(sizes[3])?;
            Ok(Inbound {
                join_ref: Some(join_ref).filter(|r| !r.is_empty()),
                reference: Some(reference).filter(|r| !r.is_empty()),
                topic,
                event,
                payload: InboundPayload::Binary(reader.rest()),
            })
        }
        other => Err(error(format!("unknown binary message kind {other}"))),
    }
}

struct Reader<'a> {
    frame: &'a Bytes,
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, FrameError> {
        let byte = self.frame.get(self.at).copied().ok_or_else(|| error("the binary message is cut short"))?;
        self.at += 1;
        Ok(byte)
    }

    fn text(&mut self, len: u8) -> Result<String, FrameError> {
        let end = self.at + usize::from(len);
        let bytes = self.frame.get(self.at..end).ok_or_else(|| error("the binary message is cut short"))?;
        self.at = end;
        String::from_utf8(bytes.to_vec()).map_err(|_| error("a binary message field is not UTF-8"))
    }

    fn rest(&self) -> Bytes {
        self.frame.slice(self.at.min(self.frame.len())..)
    }
}

/// JSON text of a string (quoted and escaped).
fn quoted(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

fn optional(text: Option<&str>) -> String {
    text.map_or_else(|| "null".to_owned(), quoted)
}

/// A message from the server to a channel: `payload` is JSON text.
pub fn push_raw(vsn: Vsn, join_ref: Option<&str>, topic: &str, event: &str, payload: &str) -> Message {
    let text = match vsn {
        Vsn::V2 => format!("[{},null,{},{},{payload}]", optional(join_ref), quoted(topic), quoted(event)),
        Vsn::V1 => format!(r#"{{"event":{},"payload":{payload},"ref":null,"topic":{}}}"#, quoted(event), quoted(topic)),
    };
    Message::Text(Utf8Bytes::from(text))
}

/// A message from the server to a channel.
pub fn push(vsn: Vsn, join_ref: Option<&str>, topic: &str, event: &str, payload: &Value) -> Message {
    push_raw(vsn, join_ref, topic, event, &payload.to_string())
}

/// The answer to a client's message: `status` ok or error and its response.
pub fn reply(
    vsn: Vsn,
    join_ref: Option<&str>,
    reference: Option<&str>,
    topic: &str,
    status: &str,
    response: &Value,
) -> Message {
    let payload = format!(r#"{{"status":{},"response":{response}}}"#, quoted(status));
    let text = match vsn {
        Vsn::V2 => {
            format!("[{},{},{},\"phx_reply\",{payload}]", optional(join_ref), optional(reference), quoted(topic))
        }
        Vsn::V1 => format!(
            r#"{{"event":"phx_reply","payload":{payload},"ref":{},"topic":{}}}"#,
            optional(reference),
            quoted(topic)
        ),
    };
    Message::Text(Utf8Bytes::from(text))
}

/// `phx_close` (the channel ended normally) or `phx_error` (it failed) for the channel joined
/// with `join_ref`.
pub fn channel_end(vsn: Vsn, join_ref: &str, topic: &str, event: &str) -> Message {
    let text = match vsn {
        Vsn::V2 => format!("[{0},{0},{1},{2},{{}}]", quoted(join_ref), quoted(topic), quoted(event)),
        Vsn::V1 => format!(
            r#"{{"event":{},"payload":{{}},"ref":{},"topic":{}}}"#,
            quoted(event),
            quoted(join_ref),
            quoted(topic)
        ),
    };
    Message::Text(Utf8Bytes::from(text))
}

/// A user broadcast for vsn 2 receivers (binary kind 4); `None` when a name is longer than a
/// length byte can say (the sender's frame could not have carried it either).
pub fn user_broadcast(topic: &str, message: &UserBroadcast) -> Option<Message> {
    let metadata = message.metadata.as_ref().map(Value::to_string).unwrap_or_default();
    let (topic_len, event_len, meta_len) =
        (u8::try_from(topic.len()).ok()?, u8::try_from(message.event.len()).ok()?, u8::try_from(metadata.len()).ok()?);
    let mut frame =
        BytesMut::with_capacity(5 + topic.len() + message.event.len() + metadata.len() + message.payload.len());
    frame.put_u8(KIND_USER_BROADCAST);
    frame.put_u8(topic_len);
    frame.put_u8(event_len);
    frame.put_u8(meta_len);
    frame.put_u8(if message.json { ENCODING_JSON } else { ENCODING_BINARY });
    frame.put_slice(topic.as_bytes());
    frame.put_slice(message.event.as_bytes());
    frame.put_slice(metadata.as_bytes());
    frame.put_slice(&message.payload);
    Some(Message::Binary(frame.freeze()))
}

/// A user broadcast for vsn 1 receivers: the JSON `broadcast` message (a raw-bytes payload
/// cannot be said in JSON: `None`).
pub fn user_broadcast_as_json(topic: &str, message: &UserBroadcast) -> Option<Message> {
    if !message.json {
        return None;
    }
    let payload = std::str::from_utf8(&message.payload).ok()?;
    let meta = message.metadata.as_ref().map(|m| format!(r#","meta":{m}"#)).unwrap_or_default();
    let body = format!(r#"{{"event":{},"payload":{payload},"type":"broadcast"{meta}}}"#, quoted(&message.event));
    Some(push_raw(Vsn::V1, None, topic, "broadcast", &body))
}

/// The number of bytes a frame occupies in a socket's queue.
pub fn frame_len(message: &Message) -> usize {
    match message {
        Message::Text(text) => text.len(),
        Message::Binary(bytes) | Message::Ping(bytes) | Message::Pong(bytes) => bytes.len(),
        Message::Close(_) => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(message: &Message) -> &str {
        match message {
            Message::Text(text) => text.as_str(),
            other => panic!("expected text, got {other:?}"),
        }
    }

    /// A kind 3 frame as realtime-js's serializer writes it.
    fn client_broadcast(
        join_ref: &str,
        reference: &str,
        topic: &str,
        event: &str,
        meta: &str,
        json: bool,
        payload: &[u8],
    ) -> Bytes {
        let mut frame = vec![
            3,
            join_ref.len() as u8,
            reference.len() as u8,
            topic.len() as u8,
            event.len() as u8,
            meta.len() as u8,
            u8::from(json),
        ];
        for part in [join_ref, reference, topic, event, meta] {
            frame.extend_from_slice(part.as_bytes());
        }
        frame.extend_from_slice(payload);
        Bytes::from(frame)
    }

    #[test]
    fn vsn_2_text_frames_are_arrays() {
        let message = decode_text(Vsn::V2, r#"["1","2","realtime:room","phx_join",{"config":{}}]"#).unwrap();
        assert_eq!(message.join_ref.as_deref(), Some("1"));
        assert_eq!(message.reference.as_deref(), Some("2"));
        assert_eq!(message.topic, "realtime:room");
        assert_eq!(message.event, "phx_join");
        assert_eq!(message.payload, InboundPayload::Json(json!({"config": {}})));
        let heartbeat = decode_text(Vsn::V2, r#"[null,"3","phoenix","heartbeat",{}]"#).unwrap();
        assert_eq!(heartbeat.join_ref, None);
        assert!(decode_text(Vsn::V2, r#"{"topic":"x"}"#).is_err());
        assert!(decode_text(Vsn::V2, r#"[null,"3","phoenix"]"#).is_err());
        assert!(decode_text(Vsn::V2, r#"[null,"3",5,"heartbeat",{}]"#).is_err());
    }

    #[test]
    fn vsn_1_text_frames_are_objects() {
        let message =
            decode_text(Vsn::V1, r#"{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"4"}"#).unwrap();
        assert_eq!(message.reference.as_deref(), Some("4"));
        assert_eq!(message.join_ref, None);
        assert!(decode_text(Vsn::V1, r#"[null,"3","phoenix","heartbeat",{}]"#).is_err());
    }

    #[test]
    fn a_client_broadcast_frame_decodes_to_its_parts() {
        let frame = client_broadcast("1", "7", "realtime:room", "cursor", r#"{"k":1}"#, true, br#"{"x":3}"#);
        let message = decode_binary(Vsn::V2, &frame).unwrap();
        assert_eq!(message.topic, "realtime:room");
        assert_eq!(message.event, "broadcast");
        assert_eq!(message.reference.as_deref(), Some("7"));
        let InboundPayload::UserBroadcast(broadcast) = message.payload else { panic!("a user broadcast") };
        assert_eq!(broadcast.event, "cursor");
        assert!(broadcast.json);
        assert_eq!(&broadcast.payload[..], br#"{"x":3}"#);
        assert_eq!(broadcast.metadata, Some(json!({"k": 1})));
    }

    #[test]
    fn broken_binary_frames_are_refused() {
        assert!(decode_binary(Vsn::V2, &Bytes::from_static(&[3, 1, 1])).is_err());
        assert!(decode_binary(Vsn::V2, &Bytes::from_static(&[9])).is_err());
        assert!(decode_binary(Vsn::V2, &Bytes::new()).is_err());
        let not_json = client_broadcast("", "", "realtime:a", "e", "", true, b"{oops");
        assert!(decode_binary(Vsn::V2, &not_json).is_err());
        let raw = client_broadcast("", "", "realtime:a", "e", "", false, &[0xff, 0]);
        assert!(decode_binary(Vsn::V2, &raw).is_ok());
        assert!(decode_binary(Vsn::V1, &raw).is_err());
    }

    #[test]
    fn a_relayed_broadcast_is_kind_4() {
        let message = UserBroadcast {
            event: "cursor".into(),
            json: true,
            payload: Bytes::from_static(br#"{"x":3}"#),
            metadata: None,
        };
        let Some(Message::Binary(frame)) = user_broadcast("realtime:room", &message) else { panic!("binary") };
        assert_eq!(&frame[..5], &[4, 13, 6, 0, 1]);
        assert_eq!(&frame[5..18], b"realtime:room");
        assert_eq!(&frame[18..24], b"cursor");
        assert_eq!(&frame[24..], br#"{"x":3}"#);
        let v1 = user_broadcast_as_json("realtime:room", &message).unwrap();
        let value: Value = serde_json::from_str(text(&v1)).unwrap();
        assert_eq!(value["payload"], json!({"event": "cursor", "payload": {"x": 3}, "type": "broadcast"}));
        let raw = UserBroadcast { json: false, ..message };
        assert!(user_broadcast_as_json("realtime:room", &raw).is_none());
    }

    #[test]
    fn replies_and_pushes_follow_the_version() {
        let v2 = reply(Vsn::V2, Some("1"), Some("2"), "realtime:a", "ok", &json!({"postgres_changes": []}));
        assert_eq!(
            text(&v2),
            r#"["1","2","realtime:a","phx_reply",{"status":"ok","response":{"postgres_changes":[]}}]"#
        );
        let v1 = reply(Vsn::V1, Some("1"), Some("2"), "realtime:a", "ok", &json!({}));
        let value: Value = serde_json::from_str(text(&v1)).unwrap();
        assert_eq!(
            value,
            json!({"event": "phx_reply", "payload": {"status": "ok", "response": {}}, "ref": "2", "topic": "realtime:a"})
        );
        let close = channel_end(Vsn::V2, "5", "realtime:a", "phx_close");
        assert_eq!(text(&close), r#"["5","5","realtime:a","phx_close",{}]"#);
        let system = push(Vsn::V2, Some("5"), "realtime:\"q\"", "system", &json!({"status": "ok"}));
        assert_eq!(text(&system), r#"["5",null,"realtime:\"q\"","system",{"status":"ok"}]"#);
    }
}

#[cfg(test)]
mod fuzz {
    //! Any bytes, as a binary or a text frame, either decode or are refused: never a panic;
    //! and every frame the client's serializer can write decodes to what it said.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_binary_frames_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            let frame = Bytes::from(bytes);
            let _ = decode_binary(Vsn::V2, &frame);
            let _ = decode_binary(Vsn::V1, &frame);
        }

        #[test]
        fn arbitrary_frames_with_a_known_kind_never_panic(
            kind in prop_oneof![Just(0u8), Just(3u8), Just(4u8)],
            sizes in proptest::collection::vec(any::<u8>(), 0..8),
            body in proptest::collection::vec(any::<u8>(), 0..600),
        ) {
            let mut frame = vec![kind];
            frame.extend(sizes);
            frame.extend(body);
            let _ = decode_binary(Vsn::V2, &Bytes::from(frame));
        }

        #[test]
        fn arbitrary_text_never_panics(text in ".{0,300}") {
            let _ = decode_text(Vsn::V2, &text);
            let _ = decode_text(Vsn::V1, &text);
        }

        #[test]
        fn well_formed_client_broadcasts_round_trip(
            join_ref in "[0-9]{0,6}",
            reference in "[0-9]{0,6}",
            topic in "realtime:[a-z0-9:_-]{1,60}",
            event in "[a-zA-Z0-9_ -]{1,40}",
            number in any::<i64>(),
            text in ".{0,80}",
        ) {
            let payload = serde_json::json!({"n": number, "t": text}).to_string();
            let mut frame = vec![3, join_ref.len() as u8, reference.len() as u8, topic.len() as u8, event.len() as u8, 0, 1];
            for part in [&join_ref, &reference, &topic, &event] {
                frame.extend_from_slice(part.as_bytes());
            }
            frame.extend_from_slice(payload.as_bytes());
            let message = decode_binary(Vsn::V2, &Bytes::from(frame)).unwrap();
            prop_assert_eq!(&message.topic, &topic);
            prop_assert_eq!(message.join_ref, Some(join_ref).filter(|r| !r.is_empty()));
            let InboundPayload::UserBroadcast(broadcast) = message.payload else { panic!("a user broadcast") };
            prop_assert_eq!(&broadcast.event, &event);
            prop_assert_eq!(&broadcast.payload[..], payload.as_bytes());
            // Relayed to a vsn 2 receiver, the same bytes come back in a kind 4 frame.
            let Some(Message::Binary(out)) = user_broadcast(&topic, &broadcast) else { panic!("binary") };
            prop_assert_eq!(&out[5 + topic.len() + event.len()..], payload.as_bytes());
        }
    }
}
