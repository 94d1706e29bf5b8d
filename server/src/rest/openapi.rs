//! The OpenAPI (Swagger 2.0) description served at `GET /rest/v1/`, shaped like PostgREST's:
//! one path per relation and per function of the schema, one definition per relation, and
//! shared parameters referenced by name.
//!
//! The document follows the caller's privileges (PostgREST's `openapi-mode=follow-privileges`):
//! a relation the role cannot touch at all is left out (no privilege, or row-level security
//! with no policy for the role), a verb it may not use is not listed, a column it has no
//! privilege on is not described, and neither is a function it may not execute.
//! Pure: built from the schema cache alone.

pub(crate) mod types;

use serde_json::{Map, Value, json};

use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Action, Column, Function, Relation, ReturnType, Volatility};

/// Where the REST API lives below the server's address.
const BASE_PATH: &str = "/rest/v1";

const JSON: &str = "application/json";
const OBJECT_STRIPPED: &str = "application/vnd.pgrst.object+json;nulls=stripped";
const OBJECT: &str = "application/vnd.pgrst.object+json";
const CSV: &str = "text/csv";

/// The document for `role` over `schema` (the route passes the default, first exposed schema),
/// as seen at `server_url` (the public address of the server, e.g. `https://example.org`;
/// `host`, `schemes` and `basePath` come from it). Of overloaded functions, the first the role
/// may execute is described, as one path holds one operation per verb.
pub fn document(cache: &SchemaCache, role: &str, schema: &str, server_url: &str) -> Value {
    let relations: Vec<(&Relation, Verbs)> = cache
        .relations
        .values()
        .filter(|relation| relation.name.schema == schema)
        .map(|relation| (relation, Verbs::of(relation, role)))
        .filter(|(_, verbs)| verbs.any())
        .collect();
    let functions: Vec<&Function> = cache
        .functions
        .iter()
        .filter(|(name, _)| name.schema == schema)
        .filter_map(|(_, overloads)| overloads.iter().find(|f| f.allows(role, Action::Execute) && is_callable(f)))
        .collect();

    let mut paths = Map::new();
    paths.insert("/".into(), root_path());
    for (relation, verbs) in &relations {
        paths.insert(format!("/{}", relation.name.name), relation_path(relation, *verbs));
    }
    for function in &functions {
        paths.insert(format!("/rpc/{}", function.name.name), function_path(function));
    }

    let definitions: Map<String, Value> =
        relations.iter().map(|(relation, _)| (relation.name.name.clone(), definition(cache, relation, role))).collect();

    let mut doc = json!({
        "swagger": "2.0",
        "info": {
            "title": "PostgREST API",
            "description": format!("A PostgREST-compatible API of the `{schema}` schema"),
            "version": env!("CARGO_PKG_VERSION"),
        },
        "externalDocs": {
            "description": "PostgREST Documentation",
            "url": "https://postgrest.org/en/v12/references/api.html",
        },
        "basePath": BASE_PATH,
        "schemes": ["http"],
        "consumes": [JSON, OBJECT_STRIPPED, OBJECT, CSV],
        "produces": [JSON, OBJECT_STRIPPED, OBJECT, CSV],
        "paths": paths,
        "definitions": definitions,
        "parameters": parameters(relations.iter().map(|(relation, _)| *relation), role),
    });
    if let Ok(url) = url::Url::parse(server_url) {
        let prefix = url.path().trim_end_matches('/');
        doc["basePath"] = format!("{prefix}{BASE_PATH}").into();
        doc["schemes"] = json!([url.scheme()]);
        if let Some(host) = url.host_str() {
            doc["host"] = match url.port() {
                Some(port) => format!("{host}:{port}"),
                None => host.to_string(),
            }
            .into();
        }
    }
    doc
}

/// The verbs a role may use on a relation: its privilege, and for writes the relation must
/// accept them (a view may not be insertable).
#[derive(Debug, Clone, Copy)]
struct Verbs {
    get: bool,
    post: bool,
    patch: bool,
    delete: bool,
}

impl Verbs {
    fn of(relation: &Relation, role: &str) -> Self {
        Self {
            get: relation.allows(role, Action::Select),
            post: relation.insertable && relation.allows(role, Action::Insert),
            patch: relation.updatable && relation.allows(role, Action::Update),
            delete: relation.deletable && relation.allows(role, Action::Delete),
        }
    }

    fn any(self) -> bool {
        self.get || self.post || self.patch || self.delete
    }
}

/// Trigger functions live in the schema but cannot be called.
fn is_callable(function: &Function) -> bool {
    !matches!(&function.returns, ReturnType::Scalar { data_type } if data_type == "trigger" || data_type == "event_trigger")
}

fn root_path() -> Value {
    json!({
        "get": {
            "tags": ["Introspection"],
            "summary": "OpenAPI description (this document)",
            "produces": ["application/openapi+json", JSON],
            "responses": {"200": {"description": "OK"}},
        }
    })
}

fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/parameters/{name}")})
}

/// `tags`, and the comment's first line as `summary`, the rest as `description`.
fn operation(tag: String, comment: Option<&str>) -> Map<String, Value> {
    let mut op = Map::new();
    op.insert("tags".into(), json!([tag]));
    if let Some(comment) = comment {
        let (summary, rest) = comment.split_once('\n').unwrap_or((comment, ""));
        op.insert("summary".into(), summary.into());
        let rest = rest.trim_start_matches('\n');
        if !rest.is_empty() {
            op.insert("description".into(), rest.into());
        }
    }
    op
}

fn relation_path(relation: &Relation, verbs: Verbs) -> Value {
    let name = &relation.name.name;
    let row_filters: Vec<Value> =
        relation.columns.iter().map(|c| reference(&format!("rowFilter.{name}.{}", c.name))).collect();
    let refs = |names: &[&str]| -> Vec<Value> { names.iter().map(|n| reference(n)).collect() };
    let body = format!("body.{name}");
    let with = |params: Vec<Value>, responses: Value| {
        let mut op = operation(name.clone(), relation.comment.as_deref());
        op.insert("parameters".into(), params.into());
        op.insert("responses".into(), responses);
        Value::Object(op)
    };

    let mut item = Map::new();
    if verbs.get {
        let params =
            [row_filters.clone(), refs(&["select", "order", "range", "rangeUnit", "offset", "limit", "preferCount"])];
        let responses = json!({
            "200": {
                "description": "OK",
                "schema": {"type": "array", "items": {"$ref": format!("#/definitions/{name}")}},
            },
            "206": {"description": "Partial Content"},
        });
        item.insert("get".into(), with(params.concat(), responses));
    }
    if verbs.post {
        let params = refs(&[&body, "select", "columns", "on_conflict", "preferPost"]);
        item.insert("post".into(), with(params, json!({"201": {"description": "Created"}})));
    }
    if verbs.patch {
        let params = [row_filters.clone(), refs(&[&body, "preferReturn"])];
        item.insert("patch".into(), with(params.concat(), json!({"204": {"description": "No Content"}})));
    }
    if verbs.delete {
        let params = [row_filters, refs(&["preferReturn"])];
        item.insert("delete".into(), with(params.concat(), json!({"204": {"description": "No Content"}})));
    }
    Value::Object(item)
}

fn function_path(function: &Function) -> Value {
    let name = &function.name.name;
    let named = || function.params.iter().filter(|p| !p.name.is_empty());
    let op = || {
        let mut op = operation(format!("(rpc) {name}"), function.comment.as_deref());
        op.insert("produces".into(), json!([JSON, OBJECT_STRIPPED, OBJECT]));
        op.insert("responses".into(), json!({"200": {"description": "OK"}}));
        op
    };

    let mut args = Map::new();
    args.insert("type".into(), "object".into());
    if let Some(comment) = &function.comment {
        args.insert("description".into(), comment.as_str().into());
    }
    let properties: Map<String, Value> =
        named().map(|p| (p.name.clone(), Value::Object(types::type_schema(&p.data_type)))).collect();
    args.insert("properties".into(), properties.into());
    let required: Vec<&str> = named().filter(|p| !p.has_default).map(|p| p.name.as_str()).collect();
    if !required.is_empty() {
        args.insert("required".into(), json!(required));
    }
    let mut post = op();
    post.insert(
        "parameters".into(),
        json!([{"name": "args", "in": "body", "required": true, "schema": args}, reference("preferParams")]),
    );

    let mut item = Map::new();
    if function.volatility != Volatility::Volatile {
        let params: Vec<Value> = named()
            .map(|p| {
                let base = types::base_type(&p.data_type);
                let mut param = json!({"name": p.name, "in": "query", "required": !p.has_default});
                match base.strip_suffix("[]").filter(|_| p.variadic) {
                    Some(element) => {
                        param["type"] = "array".into();
                        param["collectionFormat"] = "multi".into();
                        param["items"] = Value::Object(types::type_schema(element));
                    }
                    None => {
                        // Arrays are sent as `{a,b}` and JSON as text: both strings in a query.
                        let kind = types::swagger_type(&base).filter(|k| *k != "array").unwrap_or("string");
                        param["type"] = kind.into();
                        param["format"] = base.into();
                    }
                }
                param
            })
            .collect();
        let mut get = op();
        get.insert("parameters".into(), params.into());
        item.insert("get".into(), get.into());
    }
    item.insert("post".into(), post.into());
    Value::Object(item)
}

/// The relation's row: typed properties, the required columns (an insert must give them),
/// and PostgREST's notes on keys in the descriptions.
fn definition(cache: &SchemaCache, relation: &Relation, role: &str) -> Value {
    let mut properties = Map::new();
    for column in relation.columns.iter().filter(|c| c.visible_to(role)) {
        let mut property = types::column_property(column);
        if let Some(description) = column_description(cache, relation, column) {
            property.insert("description".into(), description.into());
        }
        properties.insert(column.name.clone(), property.into());
    }

    let mut definition = Map::new();
    if let Some(comment) = &relation.comment {
        definition.insert("description".into(), comment.as_str().into());
    }
    definition.insert("type".into(), "object".into());
    definition.insert("properties".into(), properties.into());
    let required: Vec<&str> = relation
        .columns
        .iter()
        .filter(|c| c.visible_to(role) && !c.nullable && !c.has_default())
        .map(|c| c.name.as_str())
        .collect();
    if !required.is_empty() {
        definition.insert("required".into(), json!(required));
    }
    Value::Object(definition)
}

/// The column's comment, then PostgREST's notes on keys (`Note:` and one line per key), which
/// tools read to find primary and foreign keys.
fn column_description(cache: &SchemaCache, relation: &Relation, column: &Column) -> Option<String> {
    let mut notes = Vec::new();
    if relation.primary_key.contains(&column.name) {
        notes.push("This is a Primary Key.<pk/>".to_string());
    }
    let single_column_key =
        cache.foreign_keys.iter().find(|fk| fk.table == relation.name && fk.columns == [column.name.as_str()]);
    if let Some(fk) = single_column_key
        && let Some(target_column) = fk.foreign_columns.first()
    {
        let table = &fk.foreign_table.name;
        notes.push(format!(
            "This is a Foreign Key to `{table}.{target_column}`.<fk table='{table}' column='{target_column}'/>"
        ));
    }
    match (column.comment.as_deref(), notes.is_empty()) {
        (comment, false) => {
            let comment = comment.map(|c| format!("{c}\n\n")).unwrap_or_default();
            Some(format!("{comment}Note:\n{}", notes.join("\n")))
        }
        (comment, true) => comment.map(str::to_string),
    }
}

fn query_param(name: &str, description: &str) -> Value {
    json!({"name": name, "description": description, "required": false, "in": "query", "type": "string"})
}

fn prefer_param(values: &[&str]) -> Value {
    let mut param =
        json!({"name": "Prefer", "description": "Preference", "required": false, "in": "header", "type": "string"});
    if !values.is_empty() {
        param["enum"] = json!(values);
    }
    param
}

/// The shared parameters, then a body and one filter per column of each relation.
fn parameters<'a>(relations: impl Iterator<Item = &'a Relation>, role: &str) -> Map<String, Value> {
    const RETURN: [&str; 3] = ["return=representation", "return=minimal", "return=headers-only"];
    let mut params = Map::new();
    params.insert("preferParams".into(), prefer_param(&[]));
    params.insert("preferReturn".into(), prefer_param(&RETURN));
    params.insert("preferCount".into(), prefer_param(&["count=exact", "count=planned", "count=estimated"]));
    let post = [&RETURN[..], &["resolution=ignore-duplicates", "resolution=merge-duplicates"]].concat();
    params.insert("preferPost".into(), prefer_param(&post));
    params.insert("select".into(), query_param("select", "Filtering Columns"));
    params.insert("on_conflict".into(), query_param("on_conflict", "On Conflict"));
    params.insert("columns".into(), query_param("columns", "Columns of the payload to insert or update"));
    params.insert("order".into(), query_param("order", "Ordering"));
    params.insert(
        "range".into(),
        json!({"name": "Range", "description": "Limiting and Pagination", "required": false, "in": "header", "type": "string"}),
    );
    params.insert(
        "rangeUnit".into(),
        json!({
            "name": "Range-Unit", "description": "Limiting and Pagination", "required": false,
            "in": "header", "type": "string", "default": "items",
        }),
    );
    params.insert("offset".into(), query_param("offset", "Limiting and Pagination"));
    params.insert("limit".into(), query_param("limit", "Limiting and Pagination"));

    for relation in relations {
        let name = &relation.name.name;
        params.insert(
            format!("body.{name}"),
            json!({"name": name, "description": name, "required": false, "in": "body",
                   "schema": {"$ref": format!("#/definitions/{name}")}}),
        );
        for column in relation.columns.iter().filter(|c| c.visible_to(role)) {
            let mut filter = json!({"name": column.name, "required": false, "in": "query", "type": "string"});
            filter["format"] = types::base_type(&column.data_type).into();
            if let Some(comment) = &column.comment {
                filter["description"] = comment.as_str().into();
            }
            params.insert(format!("rowFilter.{name}.{}", column.name), filter);
        }
    }
    params
}

#[cfg(test)]
mod tests;
