//! PostgreSQL types as Swagger 2.0 types, the way PostgREST maps them: the swagger `type`
//! from the type name, the `format` is the type name itself (`bigint`, `uuid`,
//! `timestamp with time zone`), and JSON columns have no type at all (any value).

use serde_json::{Map, Value, json};

use crate::schema_cache::model::Column;

/// The type name without modifiers: `character varying(20)[]` → `character varying[]`,
/// `timestamp(3) with time zone` → `timestamp with time zone`.
pub fn base_type(data_type: &str) -> String {
    let mut base = String::with_capacity(data_type.len());
    let mut depth = 0usize;
    for c in data_type.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => base.push(c),
            _ => {}
        }
    }
    base
}

/// The swagger `type` of a base type name; `None` for JSON, which may be anything.
pub fn swagger_type(base: &str) -> Option<&'static str> {
    match base {
        "character varying" | "character" | "text" => Some("string"),
        "boolean" => Some("boolean"),
        "smallint" | "integer" | "bigint" => Some("integer"),
        "numeric" | "real" | "double precision" => Some("number"),
        "json" | "jsonb" => None,
        _ if base.ends_with("[]") => Some("array"),
        _ => Some("string"),
    }
}

/// `maxLength` of `character varying(n)` and `character(n)`.
fn max_length(data_type: &str) -> Option<u64> {
    let rest = data_type.strip_prefix("character varying(").or_else(|| data_type.strip_prefix("character("))?;
    let (length, tail) = rest.split_once(')')?;
    if tail.is_empty() { length.parse().ok() } else { None }
}

/// `type`, `format` and, for arrays, `items` of a value of the given type.
pub fn type_schema(data_type: &str) -> Map<String, Value> {
    let base = base_type(data_type);
    let mut schema = Map::new();
    if let Some(kind) = swagger_type(&base) {
        schema.insert("type".into(), kind.into());
    }
    if let Some(element) = base.strip_suffix("[]") {
        let mut items = Map::new();
        if let Some(kind) = swagger_type(element) {
            items.insert("type".into(), kind.into());
        }
        schema.insert("items".into(), Value::Object(items));
    }
    schema.insert("format".into(), base.into());
    schema
}

/// The property of one column (without the notes about keys, added by the caller).
pub fn column_property(column: &Column) -> Map<String, Value> {
    let mut property = type_schema(&column.data_type);
    if let Some(length) = max_length(&column.data_type) {
        property.insert("maxLength".into(), length.into());
    }
    if !column.enum_values.is_empty() {
        property.insert("enum".into(), json!(column.enum_values));
    }
    if !column.generated
        && let Some(default) = column.default.as_deref().and_then(|d| default_value(&column.data_type, d))
    {
        property.insert("default".into(), default);
    }
    property
}

/// The default as a JSON value, like PostgREST: for string-typed columns the literal without
/// its cast (`'cultural'::event_type` → `"cultural"`) or the expression itself (`"now()"`);
/// for other types the expression when it is valid JSON (`0`, `true`), else nothing.
fn default_value(data_type: &str, expression: &str) -> Option<Value> {
    let base = base_type(data_type);
    if swagger_type(&base) == Some("string") {
        let literal = match expression.rsplit_once("::") {
            Some((value, _cast)) if value.starts_with('\'') => {
                value.trim_start_matches('\'').trim_end_matches('\'').replace("''", "'")
            }
            _ => expression.to_string(),
        };
        Some(Value::String(literal))
    } else {
        serde_json::from_str(expression).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_are_dropped_from_the_format() {
        assert_eq!(base_type("character varying(20)[]"), "character varying[]");
        assert_eq!(base_type("timestamp(3) with time zone"), "timestamp with time zone");
        assert_eq!(base_type("numeric(10,2)"), "numeric");
    }

    #[test]
    fn types_map_like_postgrest() {
        let cases = [
            ("integer", json!({"type": "integer", "format": "integer"})),
            ("bigint", json!({"type": "integer", "format": "bigint"})),
            ("numeric(10,2)", json!({"type": "number", "format": "numeric"})),
            ("boolean", json!({"type": "boolean", "format": "boolean"})),
            ("uuid", json!({"type": "string", "format": "uuid"})),
            ("jsonb", json!({"format": "jsonb"})),
            ("text[]", json!({"type": "array", "items": {"type": "string"}, "format": "text[]"})),
            ("jsonb[]", json!({"type": "array", "items": {}, "format": "jsonb[]"})),
        ];
        for (data_type, expected) in cases {
            assert_eq!(Value::Object(type_schema(data_type)), expected, "{data_type}");
        }
    }

    #[test]
    fn defaults_are_json_values() {
        assert_eq!(default_value("event_type", "'cultural'::event_type"), Some(json!("cultural")));
        assert_eq!(default_value("timestamp with time zone", "now()"), Some(json!("now()")));
        assert_eq!(default_value("text", "'it''s'::text"), Some(json!("it's")));
        assert_eq!(default_value("integer", "0"), Some(json!(0)));
        assert_eq!(default_value("boolean", "false"), Some(json!(false)));
        assert_eq!(default_value("bigint", "nextval('s'::regclass)"), None);
        assert_eq!(max_length("character varying(120)"), Some(120));
        assert_eq!(max_length("character varying(120)[]"), None);
    }
}
