//! Ordering: `order=col[.asc|.desc][.nullsfirst|.nullslast],...`.
//!
//! A term is a column with an optional JSON path (`data->>lat.desc`) or a column of a to-one
//! embed, `relation(column).desc` (the planner checks the cardinality). The key may carry an
//! embed path: `tasks.order=name.asc.nullslast`.

use super::cursor::{Cursor, quote};
use super::error::{PResult, ParseError};
use super::identifiers::{self, Field};

/// One ordering term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderTerm {
    pub target: OrderTarget,
    /// `None` when not given (SQL's default, ascending).
    pub direction: Option<OrderDirection>,
    /// `None` when not given (SQL's default for the direction).
    pub nulls: Option<NullsOrder>,
}

/// What is ordered by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderTarget {
    /// A column of the resource itself.
    Field(Field),
    /// `relation(column)`: a column of an embedded to-one resource.
    Related { relation: String, field: Field },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderDirection {
    Asc,
    Desc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NullsOrder {
    First,
    Last,
}

/// Parses an `order` value.
pub fn parse_order(value: &str) -> Result<Vec<OrderTerm>, ParseError> {
    let mut c = Cursor::new(value);
    terms(&mut c).map_err(|f| f.in_context(format!("failed to parse order ({value})")))
}

fn terms(c: &mut Cursor) -> PResult<Vec<OrderTerm>> {
    let mut out = Vec::new();
    loop {
        out.push(term(c)?);
        if !c.eat(',') {
            c.expect_end("delimiter (.), \",\" or end of input")?;
            return Ok(out);
        }
    }
}

fn term(c: &mut Cursor) -> PResult<OrderTerm> {
    c.skip_ws();
    let name = identifiers::field_name(c)?;
    let target = if c.eat('(') {
        let field = identifiers::field(c)?;
        c.expect(')', "\")\"")?;
        OrderTarget::Related { relation: name, field }
    } else {
        OrderTarget::Field(Field { name, json_path: identifiers::json_path(c)? })
    };
    let mut direction = None;
    let mut nulls = None;
    if c.eat('.') {
        let start = c.pos();
        match c.take_while(|ch| ch.is_ascii_alphanumeric()).as_str() {
            "asc" => direction = Some(OrderDirection::Asc),
            "desc" => direction = Some(OrderDirection::Desc),
            "nullsfirst" => nulls = Some(NullsOrder::First),
            "nullslast" => nulls = Some(NullsOrder::Last),
            word => return Err(unexpected_word(c, start, word, "\"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"")),
        }
    }
    if direction.is_some() && c.eat('.') {
        let start = c.pos();
        match c.take_while(|ch| ch.is_ascii_alphanumeric()).as_str() {
            "nullsfirst" => nulls = Some(NullsOrder::First),
            "nullslast" => nulls = Some(NullsOrder::Last),
            word => return Err(unexpected_word(c, start, word, "\"nullsfirst\" or \"nullslast\"")),
        }
    }
    c.skip_ws();
    Ok(OrderTerm { target, direction, nulls })
}

fn unexpected_word(c: &Cursor, start: usize, word: &str, expecting: &str) -> super::error::Failure {
    if word.is_empty() {
        c.fail_at(start, expecting)
    } else {
        c.fail_with(start, format!("unexpected {} expecting {expecting}", quote(word)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::identifiers::{JsonArrow, JsonOperand, JsonStep};

    fn term(target: OrderTarget, direction: Option<OrderDirection>, nulls: Option<NullsOrder>) -> OrderTerm {
        OrderTerm { target, direction, nulls }
    }

    fn col(name: &str) -> OrderTarget {
        OrderTarget::Field(Field::plain(name))
    }

    use NullsOrder::{First, Last};
    use OrderDirection::{Asc, Desc};

    #[test]
    fn supabase_js_order_values_parse() {
        let cases = [
            (
                "created_at.desc,id.asc.nullsfirst",
                vec![term(col("created_at"), Some(Desc), None), term(col("id"), Some(Asc), Some(First))],
            ),
            ("name.asc.nullslast", vec![term(col("name"), Some(Asc), Some(Last))]),
            ("id.asc", vec![term(col("id"), Some(Asc), None)]),
            ("id", vec![term(col("id"), None, None)]),
            ("id.nullsfirst", vec![term(col("id"), None, Some(First))]),
            ("name.desc.nullsfirst", vec![term(col("name"), Some(Desc), Some(First))]),
            (" a , b.desc ", vec![term(col("a"), None, None), term(col("b"), Some(Desc), None)]),
            ("\"full name\".desc", vec![term(col("full name"), Some(Desc), None)]),
        ];
        for (input, expected) in cases {
            assert_eq!(parse_order(input), Ok(expected), "{input}");
        }
    }

    #[test]
    fn json_paths_and_related_columns_can_be_ordered() {
        let lat = Field {
            name: "data".into(),
            json_path: vec![JsonStep { arrow: JsonArrow::DoubleArrow, operand: JsonOperand::Key("lat".into()) }],
        };
        assert_eq!(parse_order("data->>lat.desc"), Ok(vec![term(OrderTarget::Field(lat.clone()), Some(Desc), None)]));
        assert_eq!(
            parse_order("clients(name).desc"),
            Ok(vec![term(
                OrderTarget::Related { relation: "clients".into(), field: Field::plain("name") },
                Some(Desc),
                None
            )])
        );
        assert_eq!(
            parse_order("name,clients(data->>lat).asc.nullslast,id"),
            Ok(vec![
                term(col("name"), None, None),
                term(OrderTarget::Related { relation: "clients".into(), field: lat }, Some(Asc), Some(Last)),
                term(col("id"), None, None),
            ])
        );
    }

    #[test]
    fn malformed_orders_fail_with_a_position() {
        let cases = [
            ("id.ac", 4, "unexpected \"ac\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\""),
            ("id.descc", 4, "unexpected \"descc\""),
            ("id.nulsfist", 4, "unexpected \"nulsfist\""),
            ("id.asc.nlsfst", 8, "unexpected \"nlsfst\" expecting \"nullsfirst\" or \"nullslast\""),
            ("id.nullslast.desc", 13, "unexpected \".\" expecting delimiter (.), \",\" or end of input"),
            ("clients(name,id)", 13, "unexpected \",\" expecting \")\""),
            ("id.", 4, "unexpected end of input expecting \"asc\""),
            ("", 1, "unexpected end of input expecting field name"),
            ("id,", 4, "unexpected end of input expecting field name"),
            ("id::text", 3, "unexpected \":\""),
        ];
        for (input, column, details) in cases {
            let error = parse_order(input).unwrap_err();
            assert_eq!(error.context, format!("failed to parse order ({input})"));
            assert_eq!(error.column, column, "{input}: {}", error.details);
            assert!(error.details.starts_with(details), "{input}: {}", error.details);
        }
    }
}
