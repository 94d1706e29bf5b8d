use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::document;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{
    Action, Column, ForeignKey, Function, FunctionParam, Privileges, QualifiedName, Relation, RelationKind, ReturnType,
    Volatility,
};

const ALL: [Action; 4] = [Action::Select, Action::Insert, Action::Update, Action::Delete];

fn column(name: &str, data_type: &str, nullable: bool, default: Option<&str>) -> Column {
    Column {
        name: name.into(),
        data_type: data_type.into(),
        nullable,
        default: default.map(Into::into),
        ..Default::default()
    }
}

fn table(name: &str, columns: Vec<Column>, privileges: Privileges) -> Relation {
    Relation {
        name: QualifiedName::new("public", name),
        kind: RelationKind::Table,
        columns,
        primary_key: vec!["id".into()],
        insertable: true,
        updatable: true,
        deletable: true,
        privileges,
        ..Default::default()
    }
}

fn function(name: &str, volatility: Volatility, privileges: Privileges) -> Function {
    Function {
        name: QualifiedName::new("public", name),
        params: vec![FunctionParam::new("a", "integer", false), FunctionParam::new("b", "integer", true)],
        returns: ReturnType::Scalar { data_type: "integer".into() },
        volatility,
        privileges,
        ..Default::default()
    }
}

/// A community schema: people and events readable by everyone, feedback that anon may only
/// send, an audit log only the service sees, and three functions.
fn cache() -> SchemaCache {
    let everyone = Privileges::default().with("anon", &[Action::Select]).with("authenticated", &ALL);
    let people = table(
        "people",
        vec![
            column("id", "uuid", false, Some("gen_random_uuid()")),
            column("full_name", "text", false, None),
            Column {
                comment: Some("Where notices go".into()),
                ..column("email", "character varying(120)", true, None)
            },
            column("created_at", "timestamp with time zone", false, Some("now()")),
            column("tags", "text[]", false, Some("'{}'::text[]")),
            column("data", "jsonb", true, None),
        ],
        everyone.clone(),
    );
    let events = Relation {
        comment: Some("Community events\n\nEverything the trust organises.".into()),
        ..table(
            "events",
            vec![
                Column { identity: true, ..column("id", "bigint", false, None) },
                column("title", "text", false, None),
                Column {
                    enum_values: vec!["cultural".into(), "religious".into()],
                    ..column("event_type", "event_type", false, Some("'cultural'::event_type"))
                },
                column("max_attendees", "integer", true, None),
                column("price", "numeric(10,2)", true, None),
                column("organizer_id", "uuid", true, None),
            ],
            everyone,
        )
    };
    let feedback = table(
        "feedback",
        vec![Column { identity: true, ..column("id", "bigint", false, None) }, column("message", "text", false, None)],
        Privileges::default().with("anon", &[Action::Insert]),
    );
    let audit =
        table("audit_log", vec![column("id", "bigint", false, None)], Privileges::default().with("service_role", &ALL));
    let view = Relation {
        kind: RelationKind::View,
        insertable: false,
        updatable: false,
        deletable: false,
        ..table("upcoming_events", vec![column("id", "bigint", true, None)], Privileges::default().with("anon", &ALL))
    };
    let execute = Privileges::default().with("anon", &[Action::Execute]);
    let functions = [
        function("add", Volatility::Immutable, execute.clone()),
        function("touch", Volatility::Volatile, execute),
        function("purge", Volatility::Volatile, Privileges::default().with("service_role", &[Action::Execute])),
    ];
    SchemaCache {
        schemas: vec!["public".into()],
        relations: [people, events, feedback, audit, view].into_iter().map(|r| (r.name.clone(), r)).collect(),
        foreign_keys: vec![ForeignKey {
            constraint: "events_organizer_id_fkey".into(),
            table: QualifiedName::new("public", "events"),
            columns: vec!["organizer_id".into()],
            foreign_table: QualifiedName::new("public", "people"),
            foreign_columns: vec!["id".into()],
        }],
        functions: functions.into_iter().map(|f| (f.name.clone(), vec![f])).collect(),
        relationships: BTreeMap::new(),
        enums: BTreeMap::new(),
        role_settings: BTreeMap::new(),
        aggregate_handlers: BTreeMap::new(),
    }
}

fn anon_document() -> Value {
    document(&cache(), "anon", "public", "http://127.0.0.1:8080")
}

fn verbs(doc: &Value, path: &str) -> Vec<String> {
    doc["paths"][path].as_object().map(|item| item.keys().cloned().collect()).unwrap_or_default()
}

#[test]
fn the_document_is_swagger_2_at_the_rest_base_path() {
    let doc = anon_document();
    assert_eq!(doc["swagger"], "2.0");
    assert_eq!(doc["host"], "127.0.0.1:8080");
    assert_eq!(doc["basePath"], "/rest/v1");
    assert_eq!(doc["schemes"], json!(["http"]));
    assert!(doc["info"]["title"].is_string() && doc["info"]["version"].is_string());
    assert_eq!(doc["produces"][0], "application/json");
    assert!(doc["consumes"].as_array().unwrap().contains(&json!("text/csv")));
    assert_eq!(verbs(&doc, "/"), ["get"]);

    let behind_proxy = document(&cache(), "anon", "public", "https://example.org/api/");
    assert_eq!(behind_proxy["host"], "example.org");
    assert_eq!(behind_proxy["basePath"], "/api/rest/v1");
    assert_eq!(behind_proxy["schemes"], json!(["https"]));
}

#[test]
fn verbs_follow_the_roles_privileges() {
    let doc = anon_document();
    assert_eq!(verbs(&doc, "/people"), ["get"]);
    assert_eq!(verbs(&doc, "/feedback"), ["post"], "anon may send feedback but not read it");
    assert!(doc["paths"].get("/audit_log").is_none(), "a relation anon cannot touch is left out");
    assert!(doc["definitions"].get("audit_log").is_none());
    assert!(doc["parameters"].get("body.audit_log").is_none());
    assert_eq!(verbs(&doc, "/upcoming_events"), ["get"], "a view that is not updatable only reads");

    let user = document(&cache(), "authenticated", "public", "http://localhost:8080");
    assert_eq!(verbs(&user, "/people"), ["delete", "get", "patch", "post"]);
    assert!(user["paths"].get("/feedback").is_none());
}

#[test]
fn functions_are_listed_only_when_the_role_may_execute_them() {
    let doc = anon_document();
    assert_eq!(verbs(&doc, "/rpc/add"), ["get", "post"], "an immutable function is callable by GET too");
    assert_eq!(verbs(&doc, "/rpc/touch"), ["post"]);
    assert!(doc["paths"].get("/rpc/purge").is_none(), "no EXECUTE, no path");

    let post = &doc["paths"]["/rpc/add"]["post"];
    assert_eq!(post["tags"], json!(["(rpc) add"]));
    let args = &post["parameters"][0]["schema"];
    assert_eq!(args["properties"]["a"], json!({"type": "integer", "format": "integer"}));
    assert_eq!(args["required"], json!(["a"]));
    let get = &doc["paths"]["/rpc/add"]["get"]["parameters"];
    assert_eq!(get[1], json!({"name": "b", "in": "query", "required": false, "type": "integer", "format": "integer"}));
}

#[test]
fn definitions_carry_types_formats_and_required_columns() {
    let doc = anon_document();
    let people = &doc["definitions"]["people"];
    assert_eq!(people["type"], "object");
    let property = |name: &str| &people["properties"][name];
    assert_eq!(property("id")["type"], "string");
    assert_eq!(property("id")["format"], "uuid");
    assert_eq!(property("email")["format"], "character varying");
    assert_eq!(property("email")["maxLength"], 120);
    assert_eq!(property("email")["description"], "Where notices go");
    assert_eq!(
        property("created_at"),
        &json!({"type": "string", "format": "timestamp with time zone", "default": "now()"})
    );
    assert_eq!(property("tags"), &json!({"type": "array", "items": {"type": "string"}, "format": "text[]"}));
    assert_eq!(property("data"), &json!({"format": "jsonb"}), "JSON may be any value");
    assert_eq!(people["required"], json!(["full_name"]), "not null and without a default");

    let events = &doc["definitions"]["events"];
    assert_eq!(events["description"], "Community events\n\nEverything the trust organises.");
    assert_eq!(events["properties"]["id"]["format"], "bigint");
    assert_eq!(events["properties"]["max_attendees"]["type"], "integer");
    assert_eq!(events["properties"]["price"], json!({"type": "number", "format": "numeric"}));
    assert_eq!(
        events["properties"]["event_type"],
        json!({"type": "string", "format": "event_type", "enum": ["cultural", "religious"], "default": "cultural"})
    );
    assert_eq!(events["required"], json!(["title"]), "identity and defaulted columns are optional");
}

#[test]
fn key_columns_carry_postgrests_notes() {
    let doc = anon_document();
    assert_eq!(doc["definitions"]["people"]["properties"]["id"]["description"], "Note:\nThis is a Primary Key.<pk/>");
    assert_eq!(
        doc["definitions"]["events"]["properties"]["organizer_id"]["description"],
        "Note:\nThis is a Foreign Key to `people.id`.<fk table='people' column='id'/>"
    );
}

#[test]
fn paths_reference_shared_parameters() {
    let doc = anon_document();
    let get = &doc["paths"]["/events"]["get"];
    assert_eq!(get["summary"], "Community events");
    assert_eq!(get["description"], "Everything the trust organises.");
    let refs: Vec<&str> = get["parameters"].as_array().unwrap().iter().filter_map(|p| p["$ref"].as_str()).collect();
    assert!(refs.contains(&"#/parameters/rowFilter.events.title"));
    assert!(refs.contains(&"#/parameters/select") && refs.contains(&"#/parameters/limit"));
    assert_eq!(get["responses"]["200"]["schema"]["items"]["$ref"], "#/definitions/events");
    for referenced in refs {
        let name = referenced.trim_start_matches("#/parameters/");
        assert!(doc["parameters"].get(name).is_some(), "{name} is defined");
    }
    assert_eq!(doc["parameters"]["rowFilter.people.email"]["description"], "Where notices go");
    assert_eq!(doc["parameters"]["body.feedback"]["schema"]["$ref"], "#/definitions/feedback");
    let post = &doc["paths"]["/feedback"]["post"]["parameters"];
    assert_eq!(post[0]["$ref"], "#/parameters/body.feedback");
}

#[test]
fn columns_a_role_has_no_privilege_on_are_not_described() {
    let mut cache = cache();
    let people = cache.relations.get_mut(&QualifiedName::new("public", "people")).unwrap();
    people.columns.push(Column { hidden_from: vec!["anon".into()], ..column("pan_no", "text", false, None) });
    let anon = document(&cache, "anon", "public", "http://localhost:8080");
    assert!(anon["definitions"]["people"]["properties"].get("pan_no").is_none());
    assert!(!anon["definitions"]["people"]["required"].as_array().unwrap().contains(&json!("pan_no")));
    assert!(anon["parameters"].get("rowFilter.people.pan_no").is_none());
    assert!(anon["definitions"]["people"]["properties"].get("full_name").is_some());
    let user = document(&cache, "authenticated", "public", "http://localhost:8080");
    assert!(user["definitions"]["people"]["properties"].get("pan_no").is_some());
}
