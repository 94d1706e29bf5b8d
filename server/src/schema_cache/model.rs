//! What the REST engine knows about the exposed schemas: relations, their columns and keys,
//! the relationships between them, and the functions callable over RPC.

use std::collections::BTreeMap;

pub use super::privileges::{API_ROLES, Action, PrivilegeSet, Privileges};

/// `schema.name`.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct QualifiedName {
    pub schema: String,
    pub name: String,
}

impl QualifiedName {
    pub fn new(schema: impl Into<String>, name: impl Into<String>) -> Self {
        Self { schema: schema.into(), name: name.into() }
    }
}

impl std::fmt::Display for QualifiedName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.schema, self.name)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RelationKind {
    #[default]
    Table,
    PartitionedTable,
    View,
    MaterializedView,
    ForeignTable,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Column {
    pub name: String,
    /// `format_type` spelling, e.g. `integer`, `character varying(20)`, `text[]`.
    pub data_type: String,
    /// The type without modifiers (`character varying`, `numeric`, `bpchar`): what a filter
    /// value is cast to, so `varchar(5)` never truncates a longer value before comparing.
    pub cast_type: String,
    pub nullable: bool,
    /// The default expression, as PostgreSQL prints it (identity columns: their `nextval`).
    pub default: Option<String>,
    pub generated: bool,
    /// Values of an enum type, in order.
    pub enum_values: Vec<String>,
    pub comment: Option<String>,
    /// `generated … as identity`: numbered by PostgreSQL, without a default expression.
    pub identity: bool,
    /// API roles with no privilege on this column (`has_column_privilege`): the OpenAPI
    /// document leaves it out for them.
    pub hidden_from: Vec<String>,
}

impl Column {
    /// Whether `role` may read or write this column at all.
    pub fn visible_to(&self, role: &str) -> bool {
        !self.hidden_from.iter().any(|hidden| hidden == role)
    }
}

impl Column {
    /// True when an insert may leave the column out and still get a value: a default, an
    /// identity or a generated column.
    pub fn has_default(&self) -> bool {
        self.default.is_some() || self.identity || self.generated
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Relation {
    pub name: QualifiedName,
    pub kind: RelationKind,
    pub columns: Vec<Column>,
    pub primary_key: Vec<String>,
    /// Column sets of unique constraints and unique indexes (without predicates).
    pub unique_keys: Vec<Vec<String>>,
    pub insertable: bool,
    pub updatable: bool,
    pub deletable: bool,
    pub comment: Option<String>,
    /// What each API role may do with the relation.
    pub privileges: Privileges,
}

impl Relation {
    /// True when `role` holds the privilege for `action` (at least on one column for select,
    /// insert and update). Says nothing about whether the relation itself is insertable etc.
    pub fn allows(&self, role: &str, action: Action) -> bool {
        self.privileges.allows(role, action)
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    /// True when `columns` (in any order) is the primary key or a unique key.
    pub fn is_unique(&self, columns: &[String]) -> bool {
        let same = |key: &Vec<String>| key.len() == columns.len() && key.iter().all(|k| columns.contains(k));
        (!self.primary_key.is_empty() && same(&self.primary_key)) || self.unique_keys.iter().any(same)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ForeignKey {
    pub constraint: String,
    pub table: QualifiedName,
    pub columns: Vec<String>,
    pub foreign_table: QualifiedName,
    pub foreign_columns: Vec<String>,
}

/// How two relations are related, seen from `from`.
#[derive(Debug, Clone, PartialEq)]
pub enum Cardinality {
    /// `from` holds the foreign key (`from.columns` → `to.foreign_columns`): one object.
    ManyToOne,
    /// Like many-to-one, but the foreign key columns are unique on one side: one object.
    OneToOne,
    /// `to` holds the foreign key pointing at `from`: an array.
    OneToMany,
    /// Through a junction relation with foreign keys to both: an array.
    ManyToMany(Box<Junction>),
    /// A computed relationship: `function(from) returns setof to`, one object when the
    /// function is declared `rows 1` (or returns a single row), else an array. Its
    /// `foreign_key` is only a placeholder (the function's name, no columns).
    Computed { function: QualifiedName, to_one: bool },
}

/// The middle relation of a many-to-many relationship and its two foreign keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Junction {
    pub relation: QualifiedName,
    /// From the junction to the relation the relationship starts from.
    pub to_from: ForeignKey,
    /// From the junction to the target relation.
    pub to_target: ForeignKey,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Relationship {
    pub from: QualifiedName,
    pub to: QualifiedName,
    /// The foreign key that links them (for many-to-many: the one from the junction to `from`).
    pub foreign_key: ForeignKey,
    pub cardinality: Cardinality,
}

impl Relationship {
    /// Pairs of (column of `from`, column of `to`) to join on (not for many-to-many).
    pub fn join_columns(&self) -> Vec<(String, String)> {
        let fk = &self.foreign_key;
        let pairs = fk.columns.iter().cloned().zip(fk.foreign_columns.iter().cloned());
        match self.cardinality {
            Cardinality::Computed { .. } => Vec::new(),
            Cardinality::ManyToOne => pairs.collect(),
            Cardinality::OneToOne if fk.table == self.from => pairs.collect(),
            _ => pairs.map(|(child, parent)| (parent, child)).collect(),
        }
    }

    /// True when the embed is a single object (or null) rather than an array.
    pub fn is_to_one(&self) -> bool {
        matches!(
            self.cardinality,
            Cardinality::ManyToOne | Cardinality::OneToOne | Cardinality::Computed { to_one: true, .. }
        )
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Volatility {
    Immutable,
    Stable,
    #[default]
    Volatile,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FunctionParam {
    /// Empty for unnamed parameters.
    pub name: String,
    pub data_type: String,
    pub has_default: bool,
    pub variadic: bool,
}

impl FunctionParam {
    /// A parameter that is not variadic (`name` empty for an unnamed one).
    pub fn new(name: &str, data_type: &str, has_default: bool) -> Self {
        Self { name: name.into(), data_type: data_type.into(), has_default, variadic: false }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub enum ReturnType {
    #[default]
    Void,
    /// A base, domain, enum or array type.
    Scalar { data_type: String },
    /// A table's row type or a named composite type.
    Composite { type_name: QualifiedName, relation: Option<QualifiedName> },
    /// `returns record` / `returns table (...)`: the output columns.
    Record { columns: Vec<(String, String)> },
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Function {
    pub name: QualifiedName,
    pub params: Vec<FunctionParam>,
    pub returns: ReturnType,
    pub returns_set: bool,
    pub volatility: Volatility,
    pub comment: Option<String>,
    /// Which API roles may execute the function.
    pub privileges: Privileges,
    /// The media type the function serves when it returns a domain named like one
    /// (`create domain "text/calendar" as text`): PostgREST's media type handlers.
    pub media_handler: Option<MediaHandler>,
}

/// A function's custom media type: the domain's name, and whether its base type is `bytea`
/// (served as bytes) rather than text-like (served as its text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaHandler {
    pub media_type: String,
    pub binary: bool,
}

/// A user-defined aggregate that serves a media type for rows (PostgREST's handlers for tables,
/// views and set-returning functions): one argument of a relation's row type, and a result
/// (its state or final type) that is a domain named like a media type, e.g.
/// `create aggregate ics(events) (sfunc = …, stype = "text/calendar")`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AggregateHandler {
    pub aggregate: QualifiedName,
    pub handler: MediaHandler,
}

impl MediaHandler {
    /// A domain name that reads as a media type (RFC 6838: `type/subtype`, restricted
    /// characters), lower-cased; `None` for any other name.
    pub fn from_domain(name: &str, base_type: &str) -> Option<Self> {
        let restricted = |part: &str| {
            !part.is_empty()
                && part.len() <= 127
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$&^_.+-".contains(&b))
                && part.as_bytes()[0].is_ascii_alphanumeric()
        };
        let (kind, subtype) = name.split_once('/')?;
        // PostgREST's own vendor types cannot be overridden.
        let vendor = name.to_ascii_lowercase().starts_with("application/vnd.pgrst.");
        (restricted(kind) && restricted(subtype) && !vendor)
            .then(|| Self { media_type: name.to_ascii_lowercase(), binary: base_type == "bytea" })
    }
}

impl Function {
    /// True when `role` may execute the function.
    pub fn allows(&self, role: &str, action: Action) -> bool {
        self.privileges.allows(role, action)
    }

    pub fn required_params(&self) -> impl Iterator<Item = &FunctionParam> {
        self.params.iter().filter(|p| !p.has_default)
    }

    /// Whether `/rpc` can call it, by PostgREST's schema-cache rule: every parameter named, or
    /// one unnamed whose type (the first parameter's) is `bytea`, `json`, `jsonb`, `text` or
    /// `xml`. The others (`f(integer)`, a computed column's `f(table)`) are not callable,
    /// not suggested and not listed.
    pub fn is_rpc_callable(&self) -> bool {
        match self.params.iter().filter(|p| p.name.is_empty()).count() {
            0 => true,
            1 => matches!(self.params[0].data_type.as_str(), "bytea" | "json" | "jsonb" | "text" | "xml"),
            _ => false,
        }
    }

    /// PostgREST's order of overloads (its `Ord Routine`): fewer parameters first, then by
    /// comment (none first), then by the parameters (name, type, required, variadic).
    pub fn overload_order(&self, other: &Self) -> std::cmp::Ordering {
        let param = |p: &FunctionParam| (p.name.clone(), p.data_type.clone(), !p.has_default, p.variadic);
        self.params
            .len()
            .cmp(&other.params.len())
            .then_with(|| self.comment.cmp(&other.comment))
            .then_with(|| self.params.iter().map(param).cmp(other.params.iter().map(param)))
    }
}

/// The whole cache. Rebuilt, never mutated: a reload swaps in a new one.
#[derive(Debug, Clone, Default)]
pub struct SchemaCache {
    /// Exposed schemas, the first being the default.
    pub schemas: Vec<String>,
    pub relations: BTreeMap<QualifiedName, Relation>,
    pub foreign_keys: Vec<ForeignKey>,
    /// Overloads share a name.
    pub functions: BTreeMap<QualifiedName, Vec<Function>>,
    /// Every relationship, by the relation it starts from.
    pub relationships: BTreeMap<QualifiedName, Vec<Relationship>>,
    /// Enum types of the exposed schemas and their labels, in order.
    pub enums: BTreeMap<QualifiedName, Vec<String>>,
    /// Each API role's own settings (`ALTER ROLE … SET`) that apply in this database, e.g.
    /// `("statement_timeout", "3s")`; a request applies its role's with `set_config(…, true)`.
    pub role_settings: BTreeMap<String, Vec<(String, String)>>,
    /// Media type handler aggregates, by the row type (relation) they take.
    pub aggregate_handlers: BTreeMap<QualifiedName, Vec<AggregateHandler>>,
}

impl SchemaCache {
    pub fn relation(&self, schema: &str, name: &str) -> Option<&Relation> {
        self.relations.get(&QualifiedName::new(schema, name))
    }

    pub fn relationships_from(&self, from: &QualifiedName) -> &[Relationship] {
        self.relationships.get(from).map(Vec::as_slice).unwrap_or_default()
    }

    pub fn functions_named(&self, schema: &str, name: &str) -> &[Function] {
        self.functions.get(&QualifiedName::new(schema, name)).map(Vec::as_slice).unwrap_or_default()
    }

    /// The overloads of `schema.name` that `/rpc` can call ([`Function::is_rpc_callable`]).
    pub fn rpc_functions_named(&self, schema: &str, name: &str) -> Vec<&Function> {
        self.functions_named(schema, name).iter().filter(|f| f.is_rpc_callable()).collect()
    }

    /// The settings to apply for `role` (none when it has none).
    pub fn settings_of(&self, role: &str) -> &[(String, String)] {
        self.role_settings.get(role).map(Vec::as_slice).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_domains_named_like_media_types_are_handlers() {
        let calendar = MediaHandler::from_domain("Text/Calendar", "text").unwrap();
        assert_eq!((calendar.media_type.as_str(), calendar.binary), ("text/calendar", false));
        assert!(MediaHandler::from_domain("application/vnd.twkb", "bytea").unwrap().binary);
        for name in ["calendar", "text/", "/calendar", "text/cal endar", "application/vnd.pgrst.object", "a/b/c"] {
            assert!(MediaHandler::from_domain(name, "text").is_none(), "{name}");
        }
    }

    fn function(params: &[(&str, &str, bool)]) -> Function {
        Function {
            name: QualifiedName::new("public", "f"),
            params: params
                .iter()
                .map(|(name, data_type, default)| FunctionParam::new(name, data_type, *default))
                .collect(),
            ..Function::default()
        }
    }

    #[test]
    fn rpc_callable_follows_postgrests_schema_cache() {
        assert!(function(&[]).is_rpc_callable());
        assert!(function(&[("a", "integer", false), ("b", "text", true)]).is_rpc_callable());
        for whole in ["json", "jsonb", "text", "xml", "bytea"] {
            assert!(function(&[("", whole, false)]).is_rpc_callable(), "{whole}");
        }
        assert!(!function(&[("", "integer", false)]).is_rpc_callable());
        assert!(!function(&[("", "public.messages", false)]).is_rpc_callable(), "a computed column's function");
        assert!(!function(&[("", "text", false), ("", "text", false)]).is_rpc_callable());
    }

    #[test]
    fn overloads_sort_as_postgrest_lists_them() {
        let mut overloads = [
            function(&[("b", "text", true)]),
            function(&[("a", "integer", true), ("b", "text", true)]),
            function(&[]),
            function(&[("a", "integer", true)]),
            function(&[("", "text", true)]),
        ];
        overloads.sort_by(Function::overload_order);
        let listed: Vec<Vec<&str>> =
            overloads.iter().map(|f| f.params.iter().map(|p| p.name.as_str()).collect()).collect();
        assert_eq!(listed, [vec![], vec![""], vec!["a"], vec!["b"], vec!["a", "b"]]);
    }
}
