//! A channel's `postgres_changes` bindings as the join asked for them: which tables, which
//! events, which conditions and columns. The id each binding gets is echoed in the join reply
//! (in the order the client sent them) and names the bindings a change is for.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::filter::{self, Condition};
use crate::realtime::identity::Identity;
use crate::realtime::outbox::Outbox;

/// Which row events a binding wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Events {
    All,
    Insert,
    Update,
    Delete,
}

impl Events {
    /// As Realtime reads `event`: `*`, or INSERT/UPDATE/DELETE in any case; anything else
    /// means all.
    pub fn parse(event: Option<&str>) -> Self {
        match event.map(str::to_ascii_uppercase).as_deref() {
            Some("INSERT") => Self::Insert,
            Some("UPDATE") => Self::Update,
            Some("DELETE") => Self::Delete,
            _ => Self::All,
        }
    }

    pub fn wants(self, kind: Kind) -> bool {
        matches!(
            (self, kind),
            (Self::All, _) | (Self::Insert, Kind::Insert) | (Self::Update, Kind::Update) | (Self::Delete, Kind::Delete)
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::All => "*",
            Self::Insert => "INSERT",
            Self::Update => "UPDATE",
            Self::Delete => "DELETE",
        }
    }
}

/// A row change's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Insert,
    Update,
    Delete,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Insert => "INSERT",
            Self::Update => "UPDATE",
            Self::Delete => "DELETE",
        }
    }
}

/// One `postgres_changes` entry of a join.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// Echoed in the join reply and named in every change for it.
    pub id: u32,
    pub events: Events,
    /// `*` for any.
    pub schema: String,
    /// `*` for any.
    pub table: String,
    pub conditions: Vec<Condition>,
    /// `select`: the columns wanted (the primary key always comes too).
    pub select: Option<Vec<String>>,
    /// The entry as the client sent it, with `id` added: the join reply.
    pub echo: Value,
}

impl Binding {
    pub fn matches(&self, schema: &str, table: &str) -> bool {
        (self.schema == "*" || self.schema == schema) && (self.table == "*" || self.table == table)
    }

    pub fn is_wildcard(&self) -> bool {
        self.schema == "*" || self.table == "*"
    }

    /// How Realtime names the parameters in its messages.
    pub fn describe(&self) -> String {
        let filters: Vec<String> = self.conditions.iter().map(filter::describe).collect();
        let select = match &self.select {
            Some(columns) => format!("{columns:?}"),
            None => "nil".into(),
        };
        format!(
            "event: {}, schema: {}, table: {}, filters: [{}], select: {select}",
            self.events.name(),
            self.schema,
            self.table,
            filters.join(", ")
        )
    }
}

/// Parses one entry; the error is what the client is told (a `system` message).
pub fn parse_binding(entry: &Value) -> Result<Binding, String> {
    let Some(map) = entry.as_object() else {
        return Err(format!(
            "No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: {entry}"
        ));
    };
    let text = |name: &str| map.get(name).and_then(Value::as_str);
    let events = Events::parse(text("event"));
    let select = match map.get("select") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => {
            let columns: Vec<String> = items.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            (!columns.is_empty()).then_some(columns)
        }
        Some(_) => {
            return Err(
                "Error parsing `select` params: expected a list of column name strings, e.g. select: [\"col1\", \"col2\"]"
                    .into(),
            );
        }
    };
    let (schema, table, filter) = match (text("schema"), text("table"), map.get("filter")) {
        (Some(schema), Some(table), Some(Value::String(filter))) => (schema, table, filter.as_str()),
        (Some(schema), Some(table), None | Some(Value::Null)) => (schema, table, ""),
        (Some(schema), None, None | Some(Value::Null)) => (schema, "*", ""),
        (None, Some(table), None | Some(Value::Null)) => ("public", table, ""),
        _ => {
            return Err(format!(
                "No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: {}",
                redacted(map)
            ));
        }
    };
    if select.is_some() && (schema == "*" || table == "*") {
        return Err(
            "Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name."
                .into(),
        );
    }
    let conditions = filter::parse(filter)?;
    let mut echo = map.clone();
    let id = binding_id(map);
    echo.insert("id".into(), Value::from(id));
    Ok(Binding {
        id,
        events,
        schema: schema.to_owned(),
        table: table.to_owned(),
        conditions,
        select,
        echo: Value::Object(echo),
    })
}

fn redacted(map: &Map<String, Value>) -> Value {
    let mut copy = map.clone();
    for secret in ["user_token", "auth_token", "access_token"] {
        if copy.contains_key(secret) {
            copy.insert(secret.into(), Value::String("<redacted>".into()));
        }
    }
    Value::Object(copy)
}

/// The id of a binding: a hash of its parameters (equal parameters, equal ids, as Realtime's
/// `phash2`), below 2^27.
fn binding_id(params: &Map<String, Value>) -> u32 {
    // FNV-1a over the canonical JSON (serde_json's maps are ordered by key).
    let text = Value::Object(params.clone()).to_string();
    let mut hash: u32 = 0x811c_9dc5;
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash & ((1 << 27) - 1)
}

/// A channel listening to changes: where to send them and as whom to check them.
#[derive(Debug)]
pub struct ChangeListener {
    pub channel: u64,
    pub outbox: Outbox,
    /// `realtime:<name>`.
    pub topic: Arc<str>,
    pub identity: Arc<Identity>,
    /// The bindings whose tables exist and are published, checked when the channel joined.
    pub bindings: Vec<Binding>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entries_parse_as_realtime_reads_them() {
        let binding =
            parse_binding(&json!({"event": "insert", "schema": "public", "table": "todos", "filter": "id=eq.1"}))
                .unwrap();
        assert_eq!(binding.events, Events::Insert);
        assert_eq!(binding.conditions.len(), 1);
        assert_eq!(binding.echo["id"], json!(binding.id));
        assert_eq!(binding.echo["filter"], "id=eq.1");
        let schema_only = parse_binding(&json!({"event": "*", "schema": "public"})).unwrap();
        assert_eq!(schema_only.table, "*");
        assert!(schema_only.matches("public", "anything"));
        assert!(!schema_only.matches("private", "anything"));
        let table_only = parse_binding(&json!({"table": "todos"})).unwrap();
        assert_eq!(table_only.schema, "public");
        assert_eq!(Events::parse(Some("whatever")), Events::All);
    }

    #[test]
    fn equal_entries_share_an_id_and_others_do_not() {
        let a = parse_binding(&json!({"event": "*", "schema": "public", "table": "a"})).unwrap();
        let again = parse_binding(&json!({"table": "a", "schema": "public", "event": "*"})).unwrap();
        let b = parse_binding(&json!({"event": "*", "schema": "public", "table": "b"})).unwrap();
        assert_eq!(a.id, again.id);
        assert_ne!(a.id, b.id);
        assert!(a.id < 1 << 27);
    }

    #[test]
    fn bad_entries_are_explained() {
        assert!(parse_binding(&json!({})).unwrap_err().starts_with("No subscription params provided"));
        assert!(
            parse_binding(&json!({"schema": "public", "table": "a", "filter": "x=foo.1"})).unwrap_err().contains("foo")
        );
        assert!(parse_binding(&json!({"schema": "public", "select": ["a"]})).unwrap_err().contains("wildcard"));
        assert!(
            parse_binding(&json!({"schema": "public", "table": "a", "select": "a"})).unwrap_err().contains("select")
        );
    }
}
