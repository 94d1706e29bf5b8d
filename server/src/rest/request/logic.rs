//! Logic trees: `or=(a.eq.1,and(b.gt.1,c.lt.2),not.or(d.is.null,e.eq.x))`.
//!
//! The key names the root operator and its embed: `or`, `and`, `not.or`, `tasks.or`,
//! `roles.actors.and`. Every `not` segment of the key negates the root (as in PostgREST). Inside
//! the parentheses each element is either a condition `field[->path].[not.]op.value` or a nested
//! `[not.]and(...)`/`[not.]or(...)`. A condition's value ends at `,` or `)` unless it is
//! `"quoted"` (escapes allowed) or a `{pg,array}`; `in.(…)` lists work as in filters.

use super::cursor::{Cursor, MAX_DEPTH};
use super::error::{PResult, ParseError};
use super::filter::{self, Filter, ValueEnd};
use super::identifiers;

/// A boolean combination of filters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogicTree {
    /// `[not.]and(...)` / `[not.]or(...)` with at least one child.
    Expr { negated: bool, op: LogicOperator, children: Vec<LogicTree> },
    /// A single condition.
    Stmt(Filter),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicOperator {
    And,
    Or,
}

impl LogicOperator {
    /// The SQL keyword.
    pub fn sql(self) -> &'static str {
        match self {
            Self::And => "AND",
            Self::Or => "OR",
        }
    }
}

/// Parses a logic parameter: `key` is e.g. `tasks.not.or`, `value` e.g. `(a.eq.1,b.eq.2)`.
pub fn parse_logic(key: &str, value: &str) -> Result<(Vec<String>, LogicTree), ParseError> {
    let (path, negated, op) = logic_key(key)?;
    let mut c = Cursor::new(value);
    let children = root(&mut c).map_err(|f| f.in_context(format!("failed to parse logic tree ({value})")))?;
    Ok((path, LogicTree::Expr { negated, op, children }))
}

fn root(c: &mut Cursor) -> PResult<Vec<LogicTree>> {
    c.skip_ws();
    let children = children(c, 0)?;
    c.expect_end("end of input")?;
    Ok(children)
}

/// `path.[not.]and|or` → embed path, negation and operator.
fn logic_key(key: &str) -> Result<(Vec<String>, bool, LogicOperator), ParseError> {
    let context = || format!("failed to parse logic path ({key})");
    let mut c = Cursor::new(key);
    let mut names = Vec::new();
    loop {
        let start = c.pos();
        let name = identifiers::field_name(&mut c).map_err(|f| f.in_context(context()))?;
        names.push((start, name));
        if !c.eat('.') {
            break;
        }
    }
    c.expect_end("delimiter (.) or end of input").map_err(|f| f.in_context(context()))?;
    let (start, last) = names.pop().unwrap_or_default();
    let op = match last.as_str() {
        "and" => LogicOperator::And,
        "or" => LogicOperator::Or,
        _ => {
            let failure = c.fail_with(start, "expecting logic operator (and, or)".to_owned());
            return Err(failure.in_context(context()));
        }
    };
    let negated = names.iter().any(|(_, n)| n == "not");
    let path = names.into_iter().map(|(_, n)| n).filter(|n| n != "not").collect();
    Ok((path, negated, op))
}

/// `( tree , tree ... )`.
fn children(c: &mut Cursor, depth: usize) -> PResult<Vec<LogicTree>> {
    if depth >= MAX_DEPTH {
        return Err(c.fail_with(c.pos(), format!("logic trees may nest at most {MAX_DEPTH} levels deep")));
    }
    c.expect('(', "\"(\"")?;
    let mut out = Vec::new();
    loop {
        c.skip_ws();
        out.push(tree(c, depth)?);
        c.skip_ws();
        if !c.eat(',') {
            break;
        }
    }
    c.expect(')', "\",\" or \")\"")?;
    c.skip_ws();
    Ok(out)
}

/// A condition, or else a nested expression. When both fail, the error is chosen as Parsec does
/// for PostgREST: the expression's if it consumed input, else the one that got further.
fn tree(c: &mut Cursor, depth: usize) -> PResult<LogicTree> {
    let start = c.pos();
    let as_filter = condition(c);
    let filter_error = match as_filter {
        Ok(filter) => return Ok(LogicTree::Stmt(filter)),
        Err(error) => error,
    };
    c.reset(start);
    let expr_error = match expression(c, depth) {
        Ok(tree) => return Ok(tree),
        Err(error) => error,
    };
    if expr_error.pos > start {
        Err(expr_error)
    } else if filter_error.pos > start {
        Err(filter_error)
    } else {
        Err(c.fail_at(
            expr_error.pos,
            "field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)",
        ))
    }
}

fn condition(c: &mut Cursor) -> PResult<Filter> {
    let field = identifiers::field(c)?;
    if c.starts_with("::") {
        return Err(c.fail_with(c.pos(), "unexpected \"::\" (casts are not allowed in filters)".to_owned()));
    }
    c.expect('.', "delimiter (.)")?;
    let expr = filter::op_expr(c, ValueEnd::LogicTree)?;
    Ok(Filter { field, expr })
}

fn expression(c: &mut Cursor, depth: usize) -> PResult<LogicTree> {
    let negated = c.eat_str("not.");
    let op = if c.eat_str("and") {
        LogicOperator::And
    } else if c.eat_str("or") {
        LogicOperator::Or
    } else {
        return Err(c.fail("logic operator (and, or)"));
    };
    c.skip_ws();
    let children = children(c, depth + 1)?;
    Ok(LogicTree::Expr { negated, op, children })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::filter::{OpExpr, Operation};
    use crate::rest::request::identifiers::Field;
    use crate::rest::request::operators::{IsValue, Operator};

    fn stmt(column: &str, op: Operator, value: &str) -> LogicTree {
        LogicTree::Stmt(Filter {
            field: Field::plain(column),
            expr: OpExpr {
                negated: false,
                operation: Operation::Compare { op, quantifier: None, value: value.into() },
            },
        })
    }

    fn expr(negated: bool, op: LogicOperator, children: Vec<LogicTree>) -> LogicTree {
        LogicTree::Expr { negated, op, children }
    }

    fn parse(key: &str, value: &str) -> (Vec<String>, LogicTree) {
        parse_logic(key, value).unwrap_or_else(|e| panic!("{key}={value}: {e}"))
    }

    use LogicOperator::{And, Or};
    use Operator::{Eq, Gt, Lt};

    #[test]
    fn the_supabase_js_or_form_parses_into_a_tree() {
        let (path, tree) = parse("or", "(status.eq.a,and(x.gt.1,y.lt.2))");
        assert!(path.is_empty());
        assert_eq!(
            tree,
            expr(
                false,
                Or,
                vec![stmt("status", Eq, "a"), expr(false, And, vec![stmt("x", Gt, "1"), stmt("y", Lt, "2")])]
            )
        );
    }

    #[test]
    fn keys_carry_negation_and_embed_path() {
        let cases = [
            ("and", vec![], false, And),
            ("or", vec![], false, Or),
            ("not.or", vec![], true, Or),
            ("not.and", vec![], true, And),
            ("tasks.or", vec!["tasks"], false, Or),
            ("tasks.not.and", vec!["tasks"], true, And),
            ("roles.actors.or", vec!["roles", "actors"], false, Or),
        ];
        for (key, path, negated, op) in cases {
            let (p, tree) = parse(key, "(a.eq.1)");
            assert_eq!(p, path.into_iter().map(String::from).collect::<Vec<_>>(), "{key}");
            assert_eq!(tree, expr(negated, op, vec![stmt("a", Eq, "1")]), "{key}");
        }
    }

    #[test]
    fn nested_and_negated_expressions_parse() {
        let (_, tree) = parse("or", "(a.eq.1,and(b.gt.1,c.lt.2),not.or(d.is.null,e.eq.x))");
        let d_is_null = LogicTree::Stmt(Filter {
            field: Field::plain("d"),
            expr: OpExpr { negated: false, operation: Operation::Is(IsValue::Null) },
        });
        assert_eq!(
            tree,
            expr(
                false,
                Or,
                vec![
                    stmt("a", Eq, "1"),
                    expr(false, And, vec![stmt("b", Gt, "1"), stmt("c", Lt, "2")]),
                    expr(true, Or, vec![d_is_null, stmt("e", Eq, "x")]),
                ]
            )
        );
    }

    #[test]
    fn values_inside_trees_end_at_commas_unless_quoted_or_arrays() {
        let cases = [
            ("(a.eq.\"b,c\")", stmt("a", Eq, "b,c")),
            ("(a.eq.\"say \\\"hi\\\"\")", stmt("a", Eq, "say \"hi\"")),
            ("(a.eq.\"b\"c)", stmt("a", Eq, "\"b\"c")),
            ("(a.cs.{pg,array})", stmt("a", Operator::Cs, "{pg,array}")),
            ("(a.eq.1.5)", stmt("a", Eq, "1.5")),
            ("(a.eq.)", stmt("a", Eq, "")),
            ("(a.like.*x*)", stmt("a", Operator::Like, "%x%")),
            ("( a.eq.1 )", stmt("a", Eq, "1 ")),
        ];
        for (value, expected) in cases {
            assert_eq!(parse("and", value).1, expr(false, And, vec![expected]), "{value}");
        }
    }

    #[test]
    fn in_lists_and_other_operators_work_inside_trees() {
        let (_, tree) = parse("or", "(id.in.(1,\"2,3\"),name.not.is.null,t.fts(english).cat,data->>a.eq.1)");
        let LogicTree::Expr { children, .. } = tree else { panic!("not an expression") };
        assert_eq!(children.len(), 4);
        let LogicTree::Stmt(first) = &children[0] else { panic!("not a condition") };
        assert_eq!(first.expr.operation, Operation::In(vec!["1".into(), "2,3".into()]));
        let LogicTree::Stmt(second) = &children[1] else { panic!("not a condition") };
        assert!(second.expr.negated);
        let LogicTree::Stmt(fourth) = &children[3] else { panic!("not a condition") };
        assert_eq!(fourth.field.name, "data");
        assert_eq!(fourth.field.json_path.len(), 1);
    }

    #[test]
    fn columns_named_like_operators_are_conditions() {
        let (_, tree) = parse("or", "(and.eq.1,or.eq.2,not.eq.3)");
        assert_eq!(tree, expr(false, Or, vec![stmt("and", Eq, "1"), stmt("or", Eq, "2"), stmt("not", Eq, "3")]));
    }

    #[test]
    fn malformed_trees_fail_with_a_position() {
        let cases = [
            (
                "or",
                "()",
                2,
                "expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)",
            ),
            ("or", "(id.in.1,2,id.eq.3)", 8, "unexpected \"1\" expecting \"(\""),
            ("and", "(ord(id.eq.1,id.eq.1),id.eq.2)", 4, "unexpected \"d\" expecting \"(\""),
            ("or", "(id.eq.1,not.xor(id.eq.2,id.eq.3))", 14, "expecting logic operator (and, or)"),
            ("or", "a.eq.1", 1, "unexpected \"a\" expecting \"(\""),
            ("or", "(a.eq.1", 8, "unexpected end of input expecting \",\" or \")\""),
            ("or", "(a.eq.1)x", 9, "unexpected \"x\" expecting end of input"),
            ("or", "(a::text.eq.1)", 3, "unexpected \"::\" (casts are not allowed in filters)"),
            ("or", "", 1, "unexpected end of input expecting \"(\""),
        ];
        for (key, value, column, details) in cases {
            let error = parse_logic(key, value).unwrap_err();
            assert_eq!(error.context, format!("failed to parse logic tree ({value})"), "{value}");
            assert_eq!(error.column, column, "{value}: {}", error.details);
            assert!(error.details.contains(details), "{value}: {}", error.details);
        }
    }

    #[test]
    fn bad_logic_keys_are_rejected() {
        let error = parse_logic("tasks.xor", "(a.eq.1)").unwrap_err();
        assert_eq!(error.context, "failed to parse logic path (tasks.xor)");
        assert!(parse_logic(".or", "(a.eq.1)").is_err());
    }

    #[test]
    fn deep_nesting_is_rejected_instead_of_overflowing_the_stack() {
        let deep = format!("({}a.eq.1{})", "and(".repeat(10_000), ")".repeat(10_000));
        let error = parse_logic("or", &deep).unwrap_err();
        assert!(error.details.contains("nest"), "{}", error.details);
        let fine = format!("({}a.eq.1{})", "and(".repeat(10), ")".repeat(10));
        assert!(parse_logic("or", &fine).is_ok());
    }
}
