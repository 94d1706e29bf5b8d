//! What one socket's channels do with its client's messages, as Supabase Realtime's
//! `RealtimeChannel` does: `phx_join` (token, limits, private-channel policies, the
//! `postgres_changes` bindings echoed with their ids in order, then `presence_state` and the
//! `system` message), `phx_leave` (reply, then `phx_close`), `heartbeat` on `phoenix`,
//! `access_token` (a refreshed token: checked, applied to changes and policies), `broadcast`
//! (`self`, `ack`, payload size) and `presence` (`track`, `untrack`). A channel whose token
//! expires, or that sends too fast, is told in a `system` message and closed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::Message;
use serde_json::{Map, Value, json};

use super::RealtimeService;
use super::authorize::{self, Policies};
use super::changes::catalog::AdminTx;
use super::changes::filter;
use super::changes::subscription::{self, Binding, ChangeListener};
use super::hub::{Admission, Broadcast, Member, Refusal, TopicKey};
use super::identity::{self, Identity, TokenError};
use super::outbox::Outbox;
use super::protocol::{self, Inbound, InboundPayload, Vsn};
use crate::auth::jwt::ClaimRules;
use crate::auth::keys::SigningKeys;

/// One joined channel.
struct Channel {
    id: u64,
    join_ref: Option<String>,
    /// `realtime:<name>`.
    topic: String,
    key: TopicKey,
    identity: Arc<Identity>,
    /// The token the channel acts with (its own, or the socket's).
    token: String,
    ack: bool,
    presence_key: String,
    tracked: Option<Map<String, Value>>,
    /// Private channels only.
    policies: Option<Policies>,
    /// The bindings listening to changes.
    bindings: Vec<Binding>,
    presence_window: (Instant, u32),
}

/// What the socket does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Continue,
    Close(u16, &'static str),
}

/// One socket's channels and counters.
pub struct Session {
    pub service: Arc<RealtimeService>,
    pub keys: Arc<SigningKeys>,
    pub rules: ClaimRules,
    pub outbox: Outbox,
    pub vsn: Vsn,
    /// The token of the connection (`apikey`), used by channels that bring none.
    pub socket_token: String,
    pub admission: Admission,
    channels: HashMap<String, Channel>,
    events: (Instant, u32),
    joins: (Instant, u32),
}

fn now_seconds() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Counts one hit in a one-second window; false past `limit`.
fn within(window: &mut (Instant, u32), limit: u32, span: std::time::Duration) -> bool {
    let now = Instant::now();
    if now.duration_since(window.0) >= span {
        *window = (now, 0);
    }
    window.1 += 1;
    window.1 <= limit
}

impl Session {
    pub fn new(
        service: Arc<RealtimeService>,
        keys: Arc<SigningKeys>,
        rules: ClaimRules,
        outbox: Outbox,
        vsn: Vsn,
        socket_token: String,
        admission: Admission,
    ) -> Self {
        let now = Instant::now();
        Self {
            service,
            keys,
            rules,
            outbox,
            vsn,
            socket_token,
            admission,
            channels: HashMap::new(),
            events: (now, 0),
            joins: (now, 0),
        }
    }

    fn send(&self, frame: Message) {
        self.outbox.send(frame);
    }

    fn reply(&self, message: &Inbound, status: &str, response: Value) {
        self.send(protocol::reply(
            self.vsn,
            message.join_ref.as_deref(),
            message.reference.as_deref(),
            &message.topic,
            status,
            &response,
        ));
    }

    /// Handles one message of the client.
    pub async fn handle(&mut self, message: Inbound) -> Next {
        if message.topic == "phoenix" && message.event == "heartbeat" {
            self.reply(&message, "ok", json!({}));
            return Next::Continue;
        }
        if !within(&mut self.events, self.service.settings.max_events_per_second, std::time::Duration::from_secs(1)) {
            if self.channels.contains_key(&message.topic) {
                self.shutdown(&message.topic, "Too many messages per second");
            }
            return Next::Continue;
        }
        if message.event == "phx_join" {
            self.join(message).await;
            return Next::Continue;
        }
        if !self.channels.contains_key(&message.topic) {
            if message.event == "phx_leave" {
                self.reply(&message, "ok", json!({}));
            } else {
                self.reply(&message, "error", json!({"reason": "unmatched topic"}));
            }
            return Next::Continue;
        }
        match message.event.as_str() {
            "phx_leave" => {
                self.reply(&message, "ok", json!({}));
                self.close_channel(&message.topic, "phx_close");
            }
            "access_token" => self.access_token(&message).await,
            "broadcast" => self.broadcast(&message).await,
            "presence" => self.presence(&message).await,
            other => {
                tracing::debug!(event = other, topic = %message.topic, "an unexpected realtime message was ignored");
            }
        }
        Next::Continue
    }

    /// Closes channels whose token has expired (told first).
    pub fn tick(&mut self) {
        let now = now_seconds();
        let expired: Vec<(String, i64)> = self
            .channels
            .values()
            .filter(|c| c.identity.expires_at <= now)
            .map(|c| (c.topic.clone(), c.identity.expires_at))
            .collect();
        for (topic, expires_at) in expired {
            self.shutdown(&topic, &TokenError::Expired(now - expires_at).message());
        }
    }

    /// Leaves every channel (the socket is closing).
    pub fn close(&mut self) {
        let topics: Vec<String> = self.channels.keys().cloned().collect();
        for topic in topics {
            if let Some(channel) = self.channels.remove(&topic) {
                self.forget(&channel);
            }
        }
    }

    /// Pushes a `system` message to a channel.
    fn system(&self, channel: &Channel, extension: &str, status: &str, message: &str) {
        self.send(protocol::push(
            self.vsn,
            channel.join_ref.as_deref(),
            &channel.topic,
            "system",
            &json!({"extension": extension, "status": status, "message": message, "channel": channel.key.name.as_ref()}),
        ));
    }

    /// Tells a channel why it ends, then closes it (Realtime's `shutdown_response`).
    fn shutdown(&mut self, topic: &str, message: &str) {
        if let Some(channel) = self.channels.get(topic) {
            self.system(channel, "system", "error", message);
            tracing::info!(topic, reason = message, "realtime channel shut down");
        }
        self.close_channel(topic, "phx_close");
    }

    fn close_channel(&mut self, topic: &str, event: &str) {
        if let Some(channel) = self.channels.remove(topic) {
            self.forget(&channel);
            if let Some(join_ref) = &channel.join_ref {
                self.send(protocol::channel_end(self.vsn, join_ref, &channel.topic, event));
            }
        }
    }

    /// Removes a channel from the hub (its presence leaves).
    fn forget(&self, channel: &Channel) {
        self.service.hub.unlisten(channel.id);
        let diff = self.service.hub.leave(&channel.key, channel.id);
        self.service.presence_changed(&channel.key, &diff);
    }

    fn identity_for(&self, token: &str) -> Result<Identity, TokenError> {
        identity::verify(token, &self.keys.current(), &self.rules, now_seconds())
    }

    async fn join(&mut self, message: Inbound) {
        let Some(name) = message.topic.strip_prefix("realtime:") else {
            self.reply(&message, "error", json!({"reason": "unmatched topic"}));
            return;
        };
        if name.is_empty() {
            self.reply(&message, "error", json!({"reason": "TopicNameRequired: You must provide a topic name"}));
            return;
        }
        let name = name.to_owned();
        if self.channels.contains_key(&message.topic) {
            // A second join of a topic replaces the first (Phoenix closes the old channel).
            self.close_channel(&message.topic, "phx_close");
        }
        if !within(&mut self.joins, self.service.settings.max_joins_per_second, std::time::Duration::from_secs(1)) {
            self.reply(&message, "error", json!({"reason": "ClientJoinRateLimitReached: Too many joins per second"}));
            return;
        }
        if self.channels.len() >= self.service.settings.max_channels_per_client {
            self.reply(&message, "error", json!({"reason": "ChannelRateLimitReached: Too many channels"}));
            return;
        }
        let params = match &message.payload {
            InboundPayload::Json(Value::Object(map)) => map.clone(),
            _ => Map::new(),
        };
        let config = params.get("config").and_then(Value::as_object).cloned().unwrap_or_default();
        let flag = |section: &str, name: &str| -> bool {
            match config.get(section).and_then(|s| s.get(name)) {
                Some(Value::Bool(b)) => *b,
                Some(Value::String(s)) => s == "true",
                _ => false,
            }
        };
        let private = match config.get("private") {
            Some(Value::Bool(b)) => *b,
            Some(Value::String(s)) => s == "true",
            _ => false,
        };
        let token = match params.get("access_token").or_else(|| params.get("user_token")) {
            Some(Value::String(token)) if !token.starts_with("sb_") => token.clone(),
            _ => self.socket_token.clone(),
        };
        let identity = match self.identity_for(&token) {
            Ok(identity) => Arc::new(identity),
            Err(error) => {
                self.reply(&message, "error", json!({"reason": format!("{}: {}", error.code(), error.message())}));
                return;
            }
        };
        if let Some(subject) = &identity.subject
            && self.admission.add_account(subject, self.service.settings.max_clients_per_account).is_err()
        {
            self.reply(&message, "error", json!({"reason": "ConnectionRateLimitReached: Too many connected users"}));
            return;
        }
        let key = TopicKey { name: Arc::from(name.as_str()), private };
        let policies = if private {
            match authorize::read(self.service.connections(), &identity, &name).await {
                Ok(policies) if policies.broadcast_read || policies.presence_read => Some(policies),
                Ok(_) => {
                    self.reply(
                        &message,
                        "error",
                        json!({"reason": format!("Unauthorized: You do not have permissions to read from this Channel topic: {name}")}),
                    );
                    return;
                }
                Err(error) => {
                    tracing::warn!(%error, "cannot check a private channel's policies");
                    self.reply(
                        &message,
                        "error",
                        json!({"reason": "Realtime was unable to connect to the project database"}),
                    );
                    return;
                }
            }
        } else {
            None
        };
        // postgres_changes: every entry is echoed with its id, in order; the bindings start
        // listening before the reply, so a change made once the client is told SUBSCRIBED is
        // never missed.
        let entries: Vec<Value> = config
            .get("postgres_changes")
            .and_then(Value::as_array)
            .map(|entries| entries.iter().filter(|e| !e.is_null()).cloned().collect())
            .unwrap_or_default();
        let mut echoes = Vec::with_capacity(entries.len());
        let mut bindings = Vec::new();
        let mut problem: Option<String> = None;
        for entry in &entries {
            match subscription::parse_binding(entry) {
                Ok(binding) => {
                    echoes.push(binding.echo.clone());
                    bindings.push(binding);
                }
                Err(error) => {
                    let mut echo = entry.as_object().cloned().unwrap_or_default();
                    echo.insert("id".into(), json!(0));
                    echoes.push(Value::Object(echo));
                    problem.get_or_insert(error);
                }
            }
        }
        if problem.is_none() && !bindings.is_empty() {
            problem = self.check_bindings(&bindings, &identity).await.err();
        }
        let id = self.service.hub.next_id();
        let presence_enabled = flag("presence", "enabled");
        let presence_key = match config.get("presence").and_then(|p| p.get("key")) {
            Some(Value::String(key)) if !key.is_empty() => key.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => uuid::Uuid::new_v4().to_string(),
        };
        let channel = Channel {
            id,
            join_ref: message.join_ref.clone().or_else(|| message.reference.clone()),
            topic: message.topic.clone(),
            key: key.clone(),
            identity: Arc::clone(&identity),
            token,
            ack: flag("broadcast", "ack"),
            presence_key,
            tracked: None,
            policies,
            bindings: if problem.is_none() { bindings } else { Vec::new() },
            presence_window: (Instant::now(), 0),
        };
        if presence_enabled {
            self.service.load_remote_presences(&key).await;
        }
        self.service.hub.join(
            &key,
            Member {
                channel: id,
                outbox: self.outbox.clone(),
                self_broadcast: flag("broadcast", "self"),
                read_broadcast: policies.is_none_or(|p| p.broadcast_read),
                read_presence: policies.is_none_or(|p| p.presence_read),
            },
        );
        if !channel.bindings.is_empty() {
            self.service.hub.listen(self.listener(&channel));
        }
        self.reply(&message, "ok", json!({"postgres_changes": echoes}));
        if presence_enabled && policies.is_none_or(|p| p.presence_read) {
            self.send(protocol::push(
                self.vsn,
                channel.join_ref.as_deref(),
                &channel.topic,
                "presence_state",
                &self.service.hub.presence_state(&key),
            ));
        }
        if !entries.is_empty() {
            match &problem {
                None => self.system(&channel, "postgres_changes", "ok", "Subscribed to PostgreSQL"),
                Some(error) => self.system(&channel, "postgres_changes", "error", error),
            }
        }
        self.channels.insert(message.topic.clone(), channel);
    }

    fn listener(&self, channel: &Channel) -> Arc<ChangeListener> {
        Arc::new(ChangeListener {
            channel: channel.id,
            outbox: self.outbox.clone(),
            topic: Arc::from(channel.topic.as_str()),
            identity: Arc::clone(&channel.identity),
            bindings: channel.bindings.clone(),
        })
    }

    /// Checks each binding against the catalogue as the channel's role: the table exists and
    /// is published, the role reads its key, the filter and `select` columns exist and are
    /// readable, and the filter values read as their columns' types.
    async fn check_bindings(&self, bindings: &[Binding], identity: &Identity) -> Result<(), String> {
        let db = self.service.connections();
        let catalog = &self.service.catalog;
        for binding in bindings {
            let not_enabled = || {
                format!(
                    "Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [{}]",
                    binding.describe()
                )
            };
            let exception = |what: &str| {
                format!(
                    "Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [{}]. Exception: {what}",
                    binding.describe()
                )
            };
            let unavailable = |error: crate::db::service_tx::DbError| {
                tracing::warn!(%error, "cannot read the catalogue for a realtime subscription");
                "Realtime was unable to connect to the project database".to_owned()
            };
            if binding.is_wildcard() {
                let enabled = catalog.enabled(db).await.map_err(unavailable)?;
                if !enabled.iter().any(|(schema, table)| binding.matches(schema, table)) {
                    return Err(not_enabled());
                }
                continue;
            }
            let relation = catalog.by_name(db, &binding.schema, &binding.table).await.map_err(unavailable)?;
            let Some(relation) = relation.filter(|r| r.enabled) else { return Err(not_enabled()) };
            let view = catalog.view(db, &relation, identity.role).await.map_err(unavailable)?;
            if !view.reads_keys(&relation) {
                return Err(exception(&format!("permission denied for table {}", relation.name)));
            }
            let readable = |name: &str| {
                relation.columns.iter().zip(&view.readable).any(|(column, readable)| *readable && column.name == name)
            };
            for column in binding.select.iter().flatten() {
                if !readable(column) {
                    return Err(exception(&format!("invalid column for select {column}")));
                }
            }
            for condition in &binding.conditions {
                let Some(column) = relation.column(&condition.column).filter(|c| readable(&c.name)) else {
                    return Err(exception(&format!("invalid column for filter {}", condition.column)));
                };
                if filter::sql(condition, column, "r", 1).is_none() {
                    return Err(exception(&format!(
                        "operator cannot be applied to column {} of type {}",
                        column.name, column.sql_type
                    )));
                }
                if let Some(sql) = filter::value_check_sql(condition, column) {
                    let checked = async {
                        let mut tx = AdminTx::begin(db).await?;
                        tx.query("select set_config('search_path', $1, true)", &[&relation.search_path()]).await?;
                        let row = tx.query_one(&sql, &[&condition.value]).await;
                        tx.rollback().await;
                        row
                    };
                    match checked.await {
                        Ok(row)
                            if row.try_get::<_, Option<bool>>(0).ok().flatten() == Some(true)
                                && condition.op == filter::Op::In =>
                        {
                            return Err(exception("too many values for `in` filter. Maximum 100"));
                        }
                        Ok(_) => {}
                        Err(crate::db::service_tx::DbError::Postgres(error)) if error.as_db_error().is_some() => {
                            let reason = error.as_db_error().map(|e| e.message().to_owned()).unwrap_or_default();
                            return Err(exception(&reason));
                        }
                        Err(error) => return Err(unavailable(error)),
                    }
                }
            }
        }
        Ok(())
    }

    async fn access_token(&mut self, message: &Inbound) {
        let token = match &message.payload {
            InboundPayload::Json(payload) => payload.get("access_token").and_then(Value::as_str).map(str::to_owned),
            _ => None,
        };
        let Some(token) = token else { return };
        let Some(channel) = self.channels.get(&message.topic) else { return };
        if token.starts_with("sb_") || token == channel.token {
            return;
        }
        let identity = match self.identity_for(&token) {
            Ok(identity) => Arc::new(identity),
            Err(error) => {
                self.shutdown(&message.topic, &error.message());
                return;
            }
        };
        if let Some(subject) = &identity.subject
            && let Err(Refusal::TooManyForAccount | Refusal::TooManyClients | Refusal::TooManyForAddress) =
                self.admission.add_account(subject, self.service.settings.max_clients_per_account)
        {
            self.shutdown(&message.topic, "Too many connected users");
            return;
        }
        let (key, was) = (channel.key.clone(), channel.policies);
        let policies = match was {
            Some(previous) => match authorize::read(self.service.connections(), &identity, &key.name).await {
                Ok(now)
                    if (previous.broadcast_read && !now.broadcast_read)
                        || (previous.presence_read && !now.presence_read) =>
                {
                    self.shutdown(
                        &message.topic,
                        &format!("You no longer have permission to read from this Channel topic: {}", key.name),
                    );
                    return;
                }
                Ok(now) => Some(now),
                Err(error) => {
                    tracing::warn!(%error, "cannot check a private channel's policies");
                    self.shutdown(&message.topic, "Realtime was unable to connect to the project database");
                    return;
                }
            },
            None => None,
        };
        let Some(channel) = self.channels.get_mut(&message.topic) else { return };
        channel.identity = identity;
        channel.token = token;
        channel.policies = policies;
        if let Some(policies) = policies {
            self.service.hub.update_member(&key, channel.id, policies.broadcast_read, policies.presence_read);
        }
        if !channel.bindings.is_empty() {
            let listener = self.listener(&self.channels[&message.topic]);
            self.service.hub.listen(listener);
        }
    }

    async fn broadcast(&mut self, message: &Inbound) {
        let Some(channel) = self.channels.get(&message.topic) else { return };
        let (broadcast, size) = match &message.payload {
            InboundPayload::Json(payload) => {
                let text = payload.to_string();
                let size = payload.get("payload").map_or(text.len(), |p| p.to_string().len());
                (Broadcast::Json(Arc::from(text)), size)
            }
            InboundPayload::UserBroadcast(user) => {
                let size = user.payload.len();
                (Broadcast::User(user.clone()), size)
            }
            InboundPayload::Binary(_) => return,
        };
        let (key, id, ack) = (channel.key.clone(), channel.id, channel.ack);
        if let Some(policies) = channel.policies {
            let allowed = match policies.broadcast_write {
                Some(allowed) => allowed,
                None => {
                    let allowed =
                        authorize::write(self.service.connections(), &channel.identity, &key.name, "broadcast")
                            .await
                            .unwrap_or(false);
                    if let Some(channel) = self.channels.get_mut(&message.topic)
                        && let Some(policies) = channel.policies.as_mut()
                    {
                        policies.broadcast_write = Some(allowed);
                    }
                    allowed
                }
            };
            if !allowed {
                // As Realtime: not sent, and no reply (an acknowledging client times out).
                return;
            }
        }
        if size > self.service.settings.max_payload_bytes {
            if ack {
                self.reply(message, "error", json!({"reason": "payload_size_exceeded"}));
            }
            return;
        }
        self.service.broadcast(&key, Some(id), &broadcast);
        if ack {
            self.reply(message, "ok", json!({}));
        }
    }

    async fn presence(&mut self, message: &Inbound) {
        let payload = match &message.payload {
            InboundPayload::Json(Value::Object(payload)) => payload.clone(),
            _ => return,
        };
        let event = payload.get("event").and_then(Value::as_str).unwrap_or_default().to_ascii_lowercase();
        let (limit, window) = (self.service.settings.presence_calls_per_window, self.service.settings.presence_window);
        let max_payload = self.service.settings.max_payload_bytes;
        let Some(channel) = self.channels.get_mut(&message.topic) else { return };
        if !within(&mut channel.presence_window, limit, window) {
            self.shutdown(&message.topic, "Client presence rate limit exceeded");
            return;
        }
        match event.as_str() {
            "track" => {
                let meta = match payload.get("payload") {
                    None | Some(Value::Null) => Map::new(),
                    Some(Value::Object(meta)) => meta.clone(),
                    Some(_) => {
                        self.reply(message, "error", json!({"reason": "Presence track payload must be a map"}));
                        return;
                    }
                };
                if Value::Object(meta.clone()).to_string().len() > max_payload {
                    self.shutdown(&message.topic, "Track message size exceeded");
                    return;
                }
                let Some(channel) = self.channels.get(&message.topic) else { return };
                if let Some(policies) = channel.policies {
                    let allowed = match policies.presence_write {
                        Some(allowed) => allowed,
                        None => authorize::write(
                            self.service.connections(),
                            &channel.identity,
                            &channel.key.name,
                            "presence",
                        )
                        .await
                        .unwrap_or(false),
                    };
                    if let Some(channel) = self.channels.get_mut(&message.topic)
                        && let Some(policies) = channel.policies.as_mut()
                    {
                        policies.presence_write = Some(allowed);
                    }
                    if !allowed {
                        self.reply(message, "error", json!({}));
                        return;
                    }
                }
                let Some(channel) = self.channels.get_mut(&message.topic) else { return };
                if channel.tracked.as_ref() != Some(&meta) {
                    let diff = self.service.hub.track(&channel.key, channel.id, &channel.presence_key, meta.clone());
                    self.service.presence_changed(&channel.key, &diff);
                    channel.tracked = Some(meta);
                }
                self.reply(message, "ok", json!({}));
            }
            "untrack" => {
                let diff = self.service.hub.untrack(&channel.key, channel.id, &channel.presence_key);
                self.service.presence_changed(&channel.key, &diff);
                channel.tracked = None;
                self.reply(message, "ok", json!({}));
            }
            _ => self.reply(message, "error", json!({})),
        }
    }
}
