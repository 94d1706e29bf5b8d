//! Property tests: no input makes the request grammar panic.

use proptest::prelude::*;

use super::params::QueryParams;
use super::prefer::Preferences;
use super::range::parse_range_header;
use super::rpc::parse_rpc_get;
use super::{filter, logic, order, query_string, select};

/// Strings made mostly of the grammar's special characters, where the edge cases live.
fn grammar_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            ".", ",", "(", ")", "!", ":", "::", "\"", "\\", "{", "}", "*", "-", ">", "->", "->>", " ", "...", "=", "&",
            "%", "+", "%2", "%28", "not.", "eq.", "in.", "is.", "fts(", "or(", "and(", "a", "id", "é", "ಹ", "0", "-1",
            "count()", "!inner", "select=", "or=", "order=", "limit=",
        ])
        .prop_map(str::to_owned),
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

fn exercise(input: &str) {
    let _ = QueryParams::from_query(input);
    let _ = parse_rpc_get(&query_string::decode_query(input), |name| name == "a");
    let _ = select::parse_select(input);
    let _ = filter::parse_op_expr(input);
    let _ = filter::parse_filter(input, input);
    let _ = logic::parse_logic("or", input);
    let _ = logic::parse_logic(input, "(a.eq.1)");
    let _ = order::parse_order(input);
    let _ = Preferences::parse([input]);
    let _ = parse_range_header(input);
    if let Err(error) = QueryParams::from_query(input) {
        let _ = error.message();
        let _: crate::error::ApiError = error.into();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_unicode_never_panics(input in any::<String>()) {
        exercise(&input);
    }

    #[test]
    fn strings_of_grammar_characters_never_panic(input in grammar_soup()) {
        exercise(&input);
    }

    #[test]
    fn query_strings_of_grammar_characters_never_panic(
        pairs in prop::collection::vec((grammar_soup(), grammar_soup()), 0..6)
    ) {
        let raw: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        exercise(&raw.join("&"));
    }
}
