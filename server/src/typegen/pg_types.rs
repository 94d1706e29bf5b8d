//! PostgreSQL types as TypeScript types of their JSON form (what PostgREST sends: numbers for
//! integer and numeric types, strings for dates, UUIDs and ranges, any JSON for json/jsonb).

use std::collections::BTreeMap;

use crate::rest::openapi::types::base_type;
use crate::schema_cache::model::QualifiedName;

/// Enums of the generated schemas, by the name `format_type` gives them (`public.event_type`).
pub struct EnumNames(BTreeMap<String, QualifiedName>);

impl EnumNames {
    pub fn new<'a>(enums: impl IntoIterator<Item = &'a QualifiedName>) -> Self {
        Self(enums.into_iter().map(|name| (format_name(name), name.clone())).collect())
    }

    fn get(&self, type_name: &str) -> Option<&QualifiedName> {
        self.0.get(type_name)
    }
}

/// `schema.name` as `format_type` prints it with only `pg_catalog` on the search path.
fn format_name(name: &QualifiedName) -> String {
    format!("{}.{}", quote_ident(&name.schema), quote_ident(&name.name))
}

/// An identifier as PostgreSQL prints it: bare when it is a plain lower-case name.
fn quote_ident(ident: &str) -> String {
    let plain = ident.chars().next().is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && ident.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '$');
    if plain { ident.to_string() } else { format!("\"{}\"", ident.replace('"', "\"\"")) }
}

/// The TypeScript type of a value of `data_type` (a `format_type` spelling).
pub fn ts_type(data_type: &str, enums: &EnumNames) -> String {
    let base = base_type(data_type);
    if let Some(element) = base.strip_suffix("[]") {
        let inner = ts_type(element, enums);
        return if inner.contains(' ') { format!("({inner})[]") } else { format!("{inner}[]") };
    }
    if let Some(name) = enums.get(&base) {
        return enum_reference(name);
    }
    match base.as_str() {
        "smallint" | "integer" | "bigint" | "real" | "double precision" | "numeric" | "oid" => "number",
        "boolean" => "boolean",
        "json" | "jsonb" => "Json",
        "text"
        | "character varying"
        | "character"
        | "\"char\""
        | "name"
        | "citext"
        | "uuid"
        | "date"
        | "time without time zone"
        | "time with time zone"
        | "timestamp without time zone"
        | "timestamp with time zone"
        | "interval"
        | "bytea"
        | "inet"
        | "cidr"
        | "macaddr"
        | "macaddr8"
        | "money"
        | "tsvector"
        | "tsquery"
        | "xml"
        | "bit"
        | "bit varying"
        | "int4range"
        | "int8range"
        | "numrange"
        | "tsrange"
        | "tstzrange"
        | "daterange"
        | "int4multirange"
        | "int8multirange"
        | "nummultirange"
        | "tsmultirange"
        | "tstzmultirange"
        | "datemultirange"
        | "ltree" => "string",
        _ => "unknown",
    }
    .to_string()
}

/// `Database["public"]["Enums"]["event_type"]`.
pub fn enum_reference(name: &QualifiedName) -> String {
    format!("Database[{}][\"Enums\"][{}]", quoted(&name.schema), quoted(&name.name))
}

/// A TypeScript string literal.
pub fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// A property name: bare when it is a valid identifier, else a string literal.
pub fn property(name: &str) -> String {
    let mut chars = name.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier { name.to_string() } else { quoted(name) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enums() -> EnumNames {
        EnumNames::new(&[QualifiedName::new("public", "event_type"), QualifiedName::new("public", "Mixed Case")])
    }

    #[test]
    fn numbers_strings_booleans_and_json() {
        let cases = [
            ("integer", "number"),
            ("bigint", "number"),
            ("numeric(10,2)", "number"),
            ("double precision", "number"),
            ("boolean", "boolean"),
            ("jsonb", "Json"),
            ("text", "string"),
            ("character varying(20)", "string"),
            ("uuid", "string"),
            ("timestamp with time zone", "string"),
            ("timestamp(3) without time zone", "string"),
            ("int4range", "string"),
            ("tsvector", "string"),
            ("point", "unknown"),
        ];
        for (pg, ts) in cases {
            assert_eq!(ts_type(pg, &enums()), ts, "{pg}");
        }
    }

    #[test]
    fn arrays_wrap_their_element() {
        assert_eq!(ts_type("text[]", &enums()), "string[]");
        assert_eq!(ts_type("integer[]", &enums()), "number[]");
        assert_eq!(ts_type("public.event_type[]", &enums()), "Database[\"public\"][\"Enums\"][\"event_type\"][]");
    }

    #[test]
    fn enums_are_referenced_by_their_formatted_name() {
        assert_eq!(ts_type("public.event_type", &enums()), "Database[\"public\"][\"Enums\"][\"event_type\"]");
        assert_eq!(ts_type("public.\"Mixed Case\"", &enums()), "Database[\"public\"][\"Enums\"][\"Mixed Case\"]");
        assert_eq!(ts_type("other.event_type", &enums()), "unknown");
    }

    #[test]
    fn property_names_are_quoted_only_when_needed() {
        assert_eq!(property("full_name"), "full_name");
        assert_eq!(property("$x1"), "$x1");
        assert_eq!(property("full name"), "\"full name\"");
        assert_eq!(property("1st"), "\"1st\"");
        assert_eq!(property("say \"hi\""), "\"say \\\"hi\\\"\"");
    }
}
