//! Horizontal filters: `column[->path]=[not.]operator[(modifier)].value`.
//!
//! The value is everything after the first `.` that follows the operator, dots included. Inside
//! a logic tree ([`super::logic`]) the value instead ends at `,` or `)` unless it is `"quoted"`
//! or a `{pg,array}`. Two conversions happen here so the AST holds what SQL needs:
//!
//! * `like`/`ilike` values have every `*` replaced by `%` (PostgREST's alias, friendlier in URLs).
//! * `in.(a,"b,c","e\"f")` becomes a list with quotes removed and escapes applied; `in.()` is the
//!   empty list (matches nothing).

use super::cursor::{Cursor, quote};
use super::error::{PResult, ParseError};
use super::identifiers::{self, Field, parse_key_path};
use super::operators::{FtsOperator, IsValue, Operator, Quantifier};

/// One filter: `field` compared by `expr`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub field: Field,
    pub expr: OpExpr,
}

/// An operation, possibly negated with `not.`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpExpr {
    pub negated: bool,
    pub operation: Operation,
}

/// What a filter does. Values are raw text: PostgreSQL casts them to the column type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// `eq`, `neq`, `gt`, …; with a quantifier the value is a `{a,b}` array literal.
    Compare { op: Operator, quantifier: Option<Quantifier>, value: String },
    /// `in.(…)`: the list elements.
    In(Vec<String>),
    /// `is.null`, `is.true`, …
    Is(IsValue),
    /// `isdistinct.value`: `IS DISTINCT FROM`.
    IsDistinct(String),
    /// Full-text search with an optional text-search configuration.
    Fts { op: FtsOperator, config: Option<String>, value: String },
}

/// Where a filter's value ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ValueEnd {
    /// A query parameter: the value is the rest of the input.
    Rest,
    /// Inside a logic tree: the value ends at `,` or `)`.
    LogicTree,
}

const OPERATOR: &str = "\"not\" or operator (eq, gt, ...)";

/// Parses a filter parameter: `key` is e.g. `tasks.status`, `value` e.g. `not.eq.open`.
pub fn parse_filter(key: &str, value: &str) -> Result<(Vec<String>, Filter), ParseError> {
    let (path, field) = parse_key_path(key)?;
    let expr = parse_op_expr(value)?;
    Ok((path, Filter { field, expr }))
}

/// Parses a filter value such as `not.in.(1,2)` or `fts(english).cat`.
pub fn parse_op_expr(value: &str) -> Result<OpExpr, ParseError> {
    let mut c = Cursor::new(value);
    op_expr(&mut c, ValueEnd::Rest).map_err(|f| f.in_context(format!("failed to parse filter ({value})")))
}

/// `[not.]operator[(modifier)].value`.
pub(super) fn op_expr(c: &mut Cursor, end: ValueEnd) -> PResult<OpExpr> {
    let negated = c.eat_str("not.");
    let start = c.pos();
    let name = c.take_while(|ch| ch.is_ascii_lowercase());
    let operation = match name.as_str() {
        "in" => {
            c.expect('.', "delimiter (.)")?;
            Operation::In(list_value(c, end)?)
        }
        "is" => {
            c.expect('.', "delimiter (.)")?;
            Operation::Is(is_value(c, end)?)
        }
        "isdistinct" => {
            c.expect('.', "delimiter (.)")?;
            Operation::IsDistinct(single_value(c, end)?)
        }
        _ => {
            if let Some(op) = FtsOperator::from_name(&name) {
                let config = if c.eat('(') {
                    let config = identifiers::identifier(c, "text search configuration")?;
                    c.expect(')', "\")\"")?;
                    Some(config)
                } else {
                    None
                };
                c.expect('.', "delimiter (.) or (configuration)")?;
                Operation::Fts { op, config, value: single_value(c, end)? }
            } else if let Some(op) = Operator::from_name(&name) {
                let quantifier =
                    if op.takes_quantifier() && c.peek() == Some('(') { Some(quantifier(c)?) } else { None };
                c.expect('.', if op.takes_quantifier() { "delimiter (.) or (any)/(all)" } else { "delimiter (.)" })?;
                let mut value = single_value(c, end)?;
                if matches!(op, Operator::Like | Operator::Ilike) {
                    value = value.replace('*', "%");
                }
                Operation::Compare { op, quantifier, value }
            } else if name.is_empty() {
                return Err(c.fail(OPERATOR));
            } else {
                return Err(c.fail_with(start, format!("unknown operator {} expecting {OPERATOR}", quote(&name))));
            }
        }
    };
    Ok(OpExpr { negated, operation })
}

fn quantifier(c: &mut Cursor) -> PResult<Quantifier> {
    c.expect('(', "\"(\"")?;
    let quantifier = if c.eat_str("any") {
        Quantifier::Any
    } else if c.eat_str("all") {
        Quantifier::All
    } else {
        return Err(c.fail("\"any\" or \"all\""));
    };
    c.expect(')', "\")\"")?;
    Ok(quantifier)
}

fn is_value(c: &mut Cursor, end: ValueEnd) -> PResult<IsValue> {
    let start = c.pos();
    let word = c.take_while(|ch| ch.is_ascii_alphabetic() || ch == '_').to_ascii_lowercase();
    let value = match word.as_str() {
        "null" => IsValue::Null,
        "not_null" => IsValue::NotNull,
        "true" => IsValue::True,
        "false" => IsValue::False,
        "unknown" => IsValue::Unknown,
        _ => {
            c.reset(start);
            return Err(c.fail("null, not_null, true, false or unknown"));
        }
    };
    if end == ValueEnd::Rest {
        c.expect_end("end of input")?;
    }
    Ok(value)
}

/// A scalar value: the rest of the input, or (in a logic tree) up to `,`/`)`.
fn single_value(c: &mut Cursor, end: ValueEnd) -> PResult<String> {
    match end {
        ValueEnd::Rest => Ok(c.rest()),
        ValueEnd::LogicTree => logic_value(c),
    }
}

/// `"quoted"` (when followed by `,`, `)` or the end), `{pg,array}`, or text up to `,`/`)`.
fn logic_value(c: &mut Cursor) -> PResult<String> {
    let start = c.pos();
    if c.peek() == Some('"') {
        if let Ok(value) = identifiers::quoted(c)
            && matches!(c.peek(), None | Some(',' | ')'))
        {
            return Ok(value);
        }
        c.reset(start);
    }
    if c.peek() == Some('{') {
        c.bump();
        let inner = c.take_while(|ch| ch != '{' && ch != '}');
        if c.eat('}') {
            return Ok(format!("{{{inner}}}"));
        }
        c.reset(start);
    }
    Ok(c.take_while(|ch| ch != ',' && ch != ')'))
}

/// `(a,"b,c",d)`: spaces around the parentheses are allowed; unquoted elements are kept as is.
fn list_value(c: &mut Cursor, end: ValueEnd) -> PResult<Vec<String>> {
    c.skip_ws();
    c.expect('(', "\"(\"")?;
    let mut items = Vec::new();
    let mut only_empty = true;
    loop {
        let start = c.pos();
        let mut item = None;
        if c.peek() == Some('"') {
            if let Ok(value) = identifiers::quoted(c)
                && matches!(c.peek(), Some(',' | ')'))
            {
                item = Some(value);
                only_empty = false;
            }
            if item.is_none() {
                c.reset(start);
            }
        }
        let item = match item {
            Some(item) => item,
            None => {
                let raw = c.take_while(|ch| ch != ',' && ch != ')');
                only_empty &= raw.is_empty();
                raw
            }
        };
        items.push(item);
        if !c.eat(',') {
            break;
        }
        only_empty = false;
    }
    c.expect(')', "\",\" or \")\"")?;
    c.skip_ws();
    if end == ValueEnd::Rest {
        c.expect_end("end of input")?;
    }
    if only_empty {
        items.clear();
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmp(op: Operator, value: &str) -> Operation {
        Operation::Compare { op, quantifier: None, value: value.into() }
    }

    fn ok(value: &str) -> Operation {
        let expr = parse_op_expr(value).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert!(!expr.negated, "{value}");
        expr.operation
    }

    #[test]
    fn every_operator_parses_by_name() {
        for name in [
            "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "cs", "cd", "ov", "sl", "sr",
            "nxr", "nxl", "adj",
        ] {
            let op = Operator::from_name(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(ok(&format!("{name}.v")), cmp(op, "v"), "{name}");
        }
    }

    #[test]
    fn the_value_is_everything_after_the_operator_dot() {
        let cases = [
            ("eq.1", cmp(Operator::Eq, "1")),
            ("eq.", cmp(Operator::Eq, "")),
            ("eq.a.b.c", cmp(Operator::Eq, "a.b.c")),
            ("eq.null", cmp(Operator::Eq, "null")),
            ("eq.(a,b)", cmp(Operator::Eq, "(a,b)")),
            ("neq.x,y", cmp(Operator::Neq, "x,y")),
            ("gt.2024-01-01T00:00:00+00:00", cmp(Operator::Gt, "2024-01-01T00:00:00+00:00")),
            ("cs.{x,y}", cmp(Operator::Cs, "{x,y}")),
            ("cs.{\"a\":1}", cmp(Operator::Cs, "{\"a\":1}")),
            ("cd.{z}", cmp(Operator::Cd, "{z}")),
            ("ov.[1,5)", cmp(Operator::Ov, "[1,5)")),
            ("adj.(1,10)", cmp(Operator::Adj, "(1,10)")),
            ("match.^ab.*c$", cmp(Operator::Match, "^ab.*c$")),
            ("eq.日本", cmp(Operator::Eq, "日本")),
        ];
        for (input, expected) in cases {
            assert_eq!(ok(input), expected, "{input}");
        }
    }

    #[test]
    fn like_and_ilike_turn_stars_into_percent_signs() {
        assert_eq!(ok("like.*Foo Bar*"), cmp(Operator::Like, "%Foo Bar%"));
        assert_eq!(ok("ilike.%Foo Bar%"), cmp(Operator::Ilike, "%Foo Bar%"));
        assert_eq!(ok("eq.*"), cmp(Operator::Eq, "*"));
        assert_eq!(
            ok("ilike(any).{*a,b*}"),
            Operation::Compare { op: Operator::Ilike, quantifier: Some(Quantifier::Any), value: "{%a,b%}".into() }
        );
    }

    #[test]
    fn quantifiers_apply_to_comparison_and_pattern_operators() {
        for name in ["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"] {
            for (modifier, quantifier) in [("any", Quantifier::Any), ("all", Quantifier::All)] {
                let Operation::Compare { quantifier: q, value, .. } = ok(&format!("{name}({modifier}).{{a,b}}")) else {
                    panic!("{name}");
                };
                assert_eq!((q, value.as_str()), (Some(quantifier), "{a,b}"), "{name}");
            }
        }
        for bad in ["neq(any).{a}", "cs(all).{a}", "eq().x", "eq(some).x", "in(any).(1)", "is(any).null"] {
            assert!(parse_op_expr(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn not_negates_any_operation() {
        let expr = parse_op_expr("not.eq.x").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expr, OpExpr { negated: true, operation: cmp(Operator::Eq, "x") });
        let expr = parse_op_expr("not.in.(1,2)").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expr.operation, Operation::In(vec!["1".into(), "2".into()]));
        assert!(expr.negated);
        assert!(parse_op_expr("not.is.null").is_ok_and(|e| e.negated && e.operation == Operation::Is(IsValue::Null)));
    }

    #[test]
    fn in_lists_honour_quotes_and_escapes() {
        let list = |items: &[&str]| Operation::In(items.iter().map(|s| s.to_string()).collect());
        let cases = [
            ("in.(1,2,3)", list(&["1", "2", "3"])),
            ("in.(a,\"b,c\",\"d (e)\",1)", list(&["a", "b,c", "d (e)", "1"])),
            ("in.(\"e\\\"f\")", list(&["e\"f"])),
            ("in.(\"a\\\\b\")", list(&["a\\b"])),
            ("in.(\"\")", list(&[""])),
            ("in.()", list(&[])),
            ("in.(,)", list(&["", ""])),
            ("in.( 1, 2 )", list(&[" 1", " 2 "])),
            ("in. (1) ", list(&["1"])),
            ("in.(\"a\"b,c)", list(&["\"a\"b", "c"])),
            ("in.(a.b,c:d)", list(&["a.b", "c:d"])),
        ];
        for (input, expected) in cases {
            assert_eq!(ok(input), expected, "{input}");
        }
        for bad in ["in.1,2", "in.(1,2", "in.(1))", "in.(1)x", "in.", "in"] {
            assert!(parse_op_expr(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn is_accepts_its_five_values_in_any_case() {
        let cases = [
            ("is.null", IsValue::Null),
            ("is.NULL", IsValue::Null),
            ("is.not_null", IsValue::NotNull),
            ("is.true", IsValue::True),
            ("is.TRUE", IsValue::True),
            ("is.False", IsValue::False),
            ("is.unknown", IsValue::Unknown),
        ];
        for (input, expected) in cases {
            assert_eq!(ok(input), Operation::Is(expected), "{input}");
        }
        for bad in ["is.nil", "is.nullx", "is.", "is.1"] {
            assert!(parse_op_expr(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn isdistinct_takes_a_value() {
        assert_eq!(ok("isdistinct.a.b"), Operation::IsDistinct("a.b".into()));
    }

    #[test]
    fn full_text_search_takes_an_optional_configuration() {
        let fts = |op, config: Option<&str>, value: &str| Operation::Fts {
            op,
            config: config.map(String::from),
            value: value.into(),
        };
        let cases = [
            ("fts.cat", fts(FtsOperator::Fts, None, "cat")),
            ("plfts.fat cats", fts(FtsOperator::Plain, None, "fat cats")),
            ("phfts(english).fat cats", fts(FtsOperator::Phrase, Some("english"), "fat cats")),
            ("wfts(english).'cat' & 'dog'", fts(FtsOperator::Websearch, Some("english"), "'cat' & 'dog'")),
            ("fts(simple).a.b", fts(FtsOperator::Fts, Some("simple"), "a.b")),
        ];
        for (input, expected) in cases {
            assert_eq!(ok(input), expected, "{input}");
        }
        assert_eq!(FtsOperator::Websearch.sql_function(), "websearch_to_tsquery");
        for bad in ["fts().x", "fts(english.x", "fts(english)x", "wfts"] {
            assert!(parse_op_expr(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_values_fail_with_postgrest_style_texts() {
        let cases = [
            ("", 1, "unexpected end of input expecting \"not\" or operator (eq, gt, ...)"),
            ("val", 1, "unknown operator \"val\" expecting \"not\" or operator (eq, gt, ...)"),
            ("noop.0", 1, "unknown operator \"noop\" expecting \"not\" or operator (eq, gt, ...)"),
            ("not.noop.0", 5, "unknown operator \"noop\" expecting \"not\" or operator (eq, gt, ...)"),
            ("eq", 3, "unexpected end of input expecting delimiter (.) or (any)/(all)"),
            ("5", 1, "unexpected \"5\" expecting \"not\" or operator (eq, gt, ...)"),
            ("in.(1", 6, "unexpected end of input expecting \",\" or \")\""),
            ("is.maybe", 4, "unexpected \"m\" expecting null, not_null, true, false or unknown"),
            ("EQ.1", 1, "unexpected \"E\" expecting \"not\" or operator (eq, gt, ...)"),
        ];
        for (input, column, details) in cases {
            let error = parse_op_expr(input).unwrap_err();
            assert_eq!(error.context, format!("failed to parse filter ({input})"));
            assert_eq!((error.column, error.details.as_str()), (column, details), "{input}");
        }
    }

    #[test]
    fn a_filter_joins_key_and_value() {
        let (path, filter) = parse_filter("tasks.status", "eq.open").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(path, vec!["tasks".to_string()]);
        assert_eq!(
            filter,
            Filter {
                field: Field::plain("status"),
                expr: OpExpr { negated: false, operation: cmp(Operator::Eq, "open") }
            }
        );
        let (_, filter) = parse_filter("data->age", "gt.20").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(filter.field.json_path.len(), 1);
        assert!(parse_filter("id::text", "eq.1").is_err());
    }
}
