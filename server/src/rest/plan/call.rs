//! RPC plans: which overload a call means, how its arguments reach it, and what shape its
//! result takes.

use serde_json::{Map, Value};

use super::columns::SourceColumns;
use crate::error::{ApiError, ErrorKind};
use crate::rest::request::media::RpcPayload;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Function, MediaHandler, QualifiedName, ReturnType, Volatility};

/// A resolved function call.
#[derive(Debug, Clone, PartialEq)]
pub struct CallPlan {
    pub function: QualifiedName,
    pub arguments: Arguments,
    pub shape: CallShape,
    pub volatility: Volatility,
    /// The media type the function serves, when it returns a domain named like one.
    pub media_handler: Option<MediaHandler>,
}

/// How arguments are passed.
#[derive(Debug, Clone, PartialEq)]
pub enum Arguments {
    /// Named arguments read from a JSON object by `jsonb_to_record`: `(name, type, variadic)`
    /// for each argument given (the others take their defaults).
    Named { object: String, params: Vec<(String, String, bool)> },
    /// The whole body to the single unnamed `json`/`jsonb` parameter.
    Whole { body: String, data_type: String },
}

/// What the function returns.
#[derive(Debug, Clone, PartialEq)]
pub enum CallShape {
    Void,
    /// A base type: a bare JSON value, or an array of them for `setof`.
    Scalar {
        set: bool,
    },
    /// Rows with columns: an object, or an array of objects for `setof`.
    Rows {
        set: bool,
        relation: Option<QualifiedName>,
        columns: SourceColumns,
    },
}

impl CallPlan {
    /// Whether the call may write (only volatile functions run read-write).
    pub fn is_volatile(&self) -> bool {
        self.volatility == Volatility::Volatile
    }
}

/// Resolves `schema.name` called with the keys of `args` (a JSON object, or any JSON for a
/// function taking one unnamed `json`/`jsonb` parameter), or with a raw body (`payload`
/// text, XML or bytes) for a function taking one unnamed parameter of that type. As in
/// PostgREST, only callable overloads count ([`Function::is_rpc_callable`]), an unnamed
/// parameter is the key `""` (`{"": "foo"}`), and overloads are told apart by argument names
/// only: more than one match is 300 PGRST203.
pub fn plan_call(
    cache: &SchemaCache,
    schema: &str,
    name: &str,
    args: &Value,
    raw_body: &str,
    payload: RpcPayload,
) -> Result<CallPlan, ApiError> {
    let overloads = cache.rpc_functions_named(schema, name);
    if let Some(data_type) = payload.raw_type() {
        let whole: Vec<&Function> = overloads.iter().copied().filter(|f| single_unnamed(f, &[data_type])).collect();
        return match whole.as_slice() {
            [one] => Ok(whole_body(cache, one, raw_body)),
            [] => {
                let hint = crate::rest::suggest::function_hint(cache, schema, name, &[]);
                Err(crate::rest::suggest::with_hint(not_found(schema, name, &[], payload), hint))
            }
            _ => Err(ambiguous(schema, name, &whole)),
        };
    }
    let object = args.as_object();
    let given: Vec<&str> = object.map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();

    let named: Vec<&Function> = match object {
        Some(_) => overloads.iter().copied().filter(|f| accepts(f, &given)).collect(),
        None => Vec::new(),
    };
    let function = match named.as_slice() {
        [one] => *one,
        [] if payload == RpcPayload::Json => {
            let whole: Vec<&Function> =
                overloads.iter().copied().filter(|f| single_unnamed(f, &["json", "jsonb"])).collect();
            match whole.as_slice() {
                [one] => return Ok(whole_body(cache, one, raw_body)),
                [] => {
                    let hint = crate::rest::suggest::function_hint(cache, schema, name, &given);
                    return Err(crate::rest::suggest::with_hint(not_found(schema, name, &given, payload), hint));
                }
                _ => return Err(ambiguous(schema, name, &whole)),
            }
        }
        [] => {
            let hint = crate::rest::suggest::function_hint(cache, schema, name, &given);
            return Err(crate::rest::suggest::with_hint(not_found(schema, name, &given, payload), hint));
        }
        many => return Err(ambiguous(schema, name, many)),
    };
    if matches!(function.params.as_slice(), [p] if p.name.is_empty()) {
        // Chosen by its key "": as PostgREST, the whole body is its value.
        return Ok(whole_body(cache, function, raw_body));
    }
    let object = object.cloned().unwrap_or_default();
    let params = function
        .params
        .iter()
        .filter(|p| object.contains_key(&p.name))
        .map(|p| (p.name.clone(), p.data_type.clone(), p.variadic))
        .collect();
    let object = Value::Object(object).to_string();
    Ok(finish(cache, function, Arguments::Named { object, params }))
}

fn whole_body(cache: &SchemaCache, function: &Function, body: &str) -> CallPlan {
    let data_type = function.params[0].data_type.clone();
    finish(cache, function, Arguments::Whole { body: body.to_owned(), data_type })
}

/// GET arguments (`?a=1&arr={1,2}`; a repeated name becomes an array) as a JSON object.
pub fn arguments_object(pairs: &[(String, String)]) -> Value {
    let mut object = Map::new();
    for (name, value) in pairs {
        match object.get_mut(name) {
            Some(Value::Array(items)) => items.push(Value::String(value.clone())),
            Some(existing) => {
                let first = existing.take();
                *existing = Value::Array(vec![first, Value::String(value.clone())]);
            }
            None => {
                object.insert(name.clone(), Value::String(value.clone()));
            }
        }
    }
    Value::Object(object)
}

/// Whether `name` is an argument of some overload (tells GET arguments from filters).
pub fn is_argument_name(cache: &SchemaCache, schema: &str, function: &str, name: &str) -> bool {
    cache.rpc_functions_named(schema, function).iter().any(|f| f.params.iter().any(|p| p.name == name))
}

/// PostgREST's `matchesParams`: every key names a parameter (an unnamed one is `""`) and every
/// required parameter is given.
fn accepts(function: &Function, given: &[&str]) -> bool {
    given.iter().all(|g| function.params.iter().any(|p| p.name == *g))
        && function.required_params().all(|p| given.contains(&p.name.as_str()))
}

/// One unnamed parameter of one of `types`: it takes the whole body.
fn single_unnamed(function: &Function, types: &[&str]) -> bool {
    matches!(function.params.as_slice(), [p] if p.name.is_empty() && types.contains(&p.data_type.as_str()))
}

fn finish(cache: &SchemaCache, function: &Function, arguments: Arguments) -> CallPlan {
    let set = function.returns_set;
    let shape = match &function.returns {
        ReturnType::Void => CallShape::Void,
        ReturnType::Scalar { .. } => CallShape::Scalar { set },
        ReturnType::Composite { relation: Some(relation), type_name } => match cache.relations.get(relation) {
            Some(table) => {
                let mut columns = SourceColumns::of_relation(table);
                columns.source_name = function.name.name.clone();
                CallShape::Rows { set, relation: Some(relation.clone()), columns }
            }
            None => CallShape::Rows { set, relation: None, columns: SourceColumns::of_record(&type_name.name, &[]) },
        },
        ReturnType::Composite { relation: None, .. } => {
            CallShape::Rows { set, relation: None, columns: SourceColumns::of_record(&function.name.name, &[]) }
        }
        ReturnType::Record { columns } => {
            CallShape::Rows { set, relation: None, columns: SourceColumns::of_record(&function.name.name, columns) }
        }
    };
    CallPlan {
        function: function.name.clone(),
        arguments,
        shape,
        volatility: function.volatility,
        media_handler: if function.returns_set { None } else { function.media_handler.clone() },
    }
}

/// 404 PGRST202, worded as PostgREST words it for the way the arguments came.
fn not_found(schema: &str, name: &str, given: &[&str], payload: RpcPayload) -> ApiError {
    let mut keys = given.to_vec();
    keys.sort_unstable();
    let list = keys.join(", ");
    let function = format!("{schema}.{name}");
    let (message, searched) = match payload.raw_type() {
        Some(data_type) => (function.clone(), format!(" with a single unnamed {data_type} parameter")),
        None => {
            let with = match keys.len() {
                0 => " without parameters".to_owned(),
                1 => format!(" with parameter {list}"),
                _ => format!(" with parameters {list}"),
            };
            let message =
                if keys.is_empty() { format!("{function} without parameters") } else { format!("{function}({list})") };
            let json = if payload == RpcPayload::Json { " or with a single unnamed json/jsonb parameter" } else { "" };
            (message, format!("{with}{json}"))
        }
    };
    ApiError::new(ErrorKind::FunctionNotFound)
        .with_message(format!("Could not find the function {message} in the schema cache"))
        .with_details(format!(
            "Searched for the function {function}{searched}, but no matches were found in the schema cache."
        ))
}

fn ambiguous(schema: &str, name: &str, candidates: &[&Function]) -> ApiError {
    let mut candidates = candidates.to_vec();
    candidates.sort_by(|a, b| a.overload_order(b));
    let signatures: Vec<String> = candidates
        .iter()
        .map(|f| {
            let params: Vec<String> = f.params.iter().map(|p| format!("{} => {}", p.name, p.data_type)).collect();
            format!("{schema}.{name}({})", params.join(", "))
        })
        .collect();
    ApiError::new(ErrorKind::AmbiguousFunction)
        .with_message(format!("Could not choose the best candidate function between: {}", signatures.join(", ")))
        .with_hint("Try renaming the parameters or the function itself in the database so function overloading can be resolved")
}
