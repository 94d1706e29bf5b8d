//! The TypeScript SDK's request vectors (`sdk-ts/test/vectors/rest-requests.json`) against this
//! grammar: every query string the SDK sends decodes to the pairs it means and parses, with the
//! filters, logic trees, orderings and RPC arguments it intends. The SDK's own tests check it
//! sends exactly these strings.

use serde::Deserialize;

use super::filter::Operation;
use super::query_string::decode_query;
use super::rpc::parse_rpc_get;
use super::{Preferences, QueryParams};

const VECTORS: &str = include_str!("../../../../sdk-ts/test/vectors/rest-requests.json");

#[derive(Deserialize)]
struct Vector {
    name: String,
    method: String,
    path: String,
    query: String,
    pairs: Vec<(String, String)>,
    prefer: Option<String>,
    parsed: Parsed,
}

#[derive(Deserialize)]
struct Parsed {
    filters: usize,
    logic: usize,
    order: usize,
    arguments: Option<usize>,
    #[serde(rename = "in")]
    in_values: Option<Vec<String>>,
}

fn vectors() -> Vec<Vector> {
    serde_json::from_str(VECTORS).expect("rest-requests.json is valid")
}

#[test]
fn there_are_vectors() {
    assert!(vectors().len() >= 40);
}

#[test]
fn every_query_decodes_to_its_pairs() {
    for v in vectors() {
        assert_eq!(decode_query(&v.query), v.pairs, "{}", v.name);
    }
}

#[test]
fn every_query_parses_into_what_the_sdk_meant() {
    for v in vectors() {
        let pairs = decode_query(&v.query);
        let rpc_read = v.path.starts_with("rpc/") && v.method != "POST";
        let (params, arguments) = if rpc_read {
            let split = parse_rpc_get(&pairs, |_| false).unwrap_or_else(|e| panic!("{}: {e:?}", v.name));
            (split.query, Some(split.arguments.len()))
        } else {
            (QueryParams::parse(&pairs).unwrap_or_else(|e| panic!("{}: {e:?}", v.name)), None)
        };
        assert_eq!(params.filters.len(), v.parsed.filters, "{}: filters", v.name);
        assert_eq!(params.logic.len(), v.parsed.logic, "{}: logic trees", v.name);
        assert_eq!(params.order.len(), v.parsed.order, "{}: orderings", v.name);
        assert_eq!(arguments, v.parsed.arguments, "{}: arguments", v.name);
        if let Some(expected) = &v.parsed.in_values {
            let list = params.filters.iter().find_map(|(_, f)| match &f.expr.operation {
                Operation::In(list) => Some(list.clone()),
                _ => None,
            });
            assert_eq!(list.as_ref(), Some(expected), "{}: in list", v.name);
        }
    }
}

#[test]
fn every_prefer_header_is_understood() {
    for v in vectors() {
        if let Some(prefer) = &v.prefer {
            let preferences = Preferences::parse([prefer.as_str()]);
            assert!(preferences.invalid.is_empty(), "{}: {:?}", v.name, preferences.invalid);
        }
    }
}
