//! `postgres_changes` filters as realtime-js writes them (`RealtimePostgresFilterBuilder`) and
//! Supabase Realtime reads them: `column=op.value` conditions joined by commas (all must
//! hold), `not.` before an operator negates it, values with `,()"\` or outer spaces are
//! double-quoted, and `in` takes a parenthesised list. Operators: `eq neq lt lte gt gte in
//! like ilike is match imatch isdistinct`.
//!
//! Each condition becomes a SQL expression on the row, with its value as a text parameter
//! cast to the column's type, so PostgreSQL compares as it would in a query (collations,
//! numeric precision, time zones). A condition that is null (a null column) does not hold.

use super::catalog::Column;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    Like,
    Ilike,
    Is,
    Match,
    Imatch,
    IsDistinct,
}

impl Op {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "eq" => Self::Eq,
            "neq" => Self::Neq,
            "lt" => Self::Lt,
            "lte" => Self::Lte,
            "gt" => Self::Gt,
            "gte" => Self::Gte,
            "in" => Self::In,
            "like" => Self::Like,
            "ilike" => Self::Ilike,
            "is" => Self::Is,
            "match" => Self::Match,
            "imatch" => Self::Imatch,
            "isdistinct" => Self::IsDistinct,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Self::Eq => "eq",
            Self::Neq => "neq",
            Self::Lt => "lt",
            Self::Lte => "lte",
            Self::Gt => "gt",
            Self::Gte => "gte",
            Self::In => "in",
            Self::Like => "like",
            Self::Ilike => "ilike",
            Self::Is => "is",
            Self::Match => "match",
            Self::Imatch => "imatch",
            Self::IsDistinct => "isdistinct",
        }
    }
}

/// One condition: `column op value`, negated or not. For `in`, `value` is a PostgreSQL array
/// literal (`{a,"b,c"}`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Condition {
    pub column: String,
    pub op: Op,
    pub value: String,
    pub negate: bool,
}

/// Parses a filter string; an empty one has no conditions.
pub fn parse(filter: &str) -> Result<Vec<Condition>, String> {
    let trimmed = filter.trim();
    if trimmed.is_empty() {
        return Ok(Vec::new());
    }
    split_top_level(trimmed).iter().map(|segment| parse_segment(segment)).collect()
}

fn parse_segment(segment: &str) -> Result<Condition, String> {
    let segment = segment.trim();
    if segment.is_empty() {
        return Err("filter must not contain empty segments (check for extra commas)".into());
    }
    let Some((column, rest)) = segment.split_once('=') else {
        return Err(format!("Error parsing `filter` params: [{}]", quote_list(&[segment])));
    };
    let (negate, rest) = match rest.strip_prefix("not.") {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let Some((op_name, value)) = rest.split_once('.') else {
        return Err(format!("Error parsing `filter` params: [{}]", quote_list(&[column, rest])));
    };
    let Some(op) = Op::parse(op_name) else {
        return Err(format!("Error parsing `filter` params: [{}]", quote_list(&[op_name, value])));
    };
    let value = match op {
        Op::In => match value.strip_prefix('(').and_then(|v| v.strip_suffix(')')) {
            Some(items) => format!("{{{items}}}"),
            None => return Err("`in` filter value must be wrapped by parentheses".into()),
        },
        _ => unquote(value),
    };
    if op == Op::Is && !matches!(value.as_str(), "null" | "true" | "false" | "unknown") {
        return Err("invalid value for is filter: must be null, true, false, or unknown".into());
    }
    Ok(Condition { column: column.trim().to_owned(), op, value, negate })
}

fn quote_list(items: &[&str]) -> String {
    items.iter().map(|item| serde_json::Value::String((*item).to_owned()).to_string()).collect::<Vec<_>>().join(", ")
}

/// Splits on commas outside parentheses and double quotes (a quote opens only after `.`, `(`
/// or `,`; a backslash escapes inside quotes).
fn split_top_level(filter: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let (mut depth, mut quoted, mut previous) = (0usize, false, '\0');
    let mut chars = filter.chars();
    while let Some(c) = chars.next() {
        if quoted {
            current.push(c);
            match c {
                '\\' => {
                    if let Some(next) = chars.next() {
                        current.push(next);
                    }
                }
                '"' => quoted = false,
                _ => {}
            }
            previous = c;
            continue;
        }
        match c {
            '"' if matches!(previous, '.' | '(' | ',') => quoted = true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                previous = '\0';
                continue;
            }
            _ => {}
        }
        current.push(c);
        previous = c;
    }
    parts.push(current);
    parts
}

/// `"a \"b\""` → `a "b"`; anything not wholly quoted stays as written.
fn unquote(value: &str) -> String {
    let Some(inner) = value.strip_prefix('"') else { return value.to_owned() };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next) => out.push(next),
                None => return value.to_owned(),
            },
            '"' => return if chars.next().is_none() { out } else { value.to_owned() },
            c => out.push(c),
        }
    }
    value.to_owned()
}

/// The SQL expression of `condition` on the row alias `row` (quoted), with the value as
/// parameter `$param` (unused for `is`). `None` when the column's type cannot take the
/// operator (checked when the subscription is made).
pub fn sql(condition: &Condition, column: &Column, row: &str, param: usize) -> Option<String> {
    let col = format!("{row}.{}", quote_ident(&column.name));
    let ty = &column.sql_type;
    let text_like = column.category == 'S';
    let expr = match condition.op {
        Op::Eq | Op::Neq | Op::Lt | Op::Lte | Op::Gt | Op::Gte => {
            let op = match condition.op {
                Op::Eq => "=",
                Op::Neq => "<>",
                Op::Lt => "<",
                Op::Lte => "<=",
                Op::Gt => ">",
                _ => ">=",
            };
            format!("{col} {op} ${param}::text::{ty}")
        }
        Op::In => format!("{col} = any(${param}::text::{ty}[])"),
        Op::Like | Op::Ilike if text_like => {
            let op = if condition.op == Op::Like { "like" } else { "ilike" };
            format!("{col}::text {op} ${param}::text")
        }
        Op::Match | Op::Imatch if text_like => {
            let op = if condition.op == Op::Match { "~" } else { "~*" };
            format!("{col}::text {op} ${param}::text")
        }
        Op::Like | Op::Ilike | Op::Match | Op::Imatch => return None,
        Op::Is => {
            if condition.value != "null" && column.type_name != "bool" {
                return None;
            }
            let not = if condition.negate { " not" } else { "" };
            // The keyword itself (validated when parsed); negation is part of IS.
            return Some(format!("coalesce({col} is{not} {}, false)", condition.value.to_ascii_uppercase()));
        }
        Op::IsDistinct => {
            let not = if condition.negate { " not" } else { "" };
            return Some(format!("coalesce({col} is{not} distinct from ${param}::text::{ty}, false)"));
        }
    };
    Some(if condition.negate { format!("coalesce(not ({expr}), false)") } else { format!("coalesce({expr}, false)") })
}

/// Whether `condition` takes a parameter.
pub fn takes_value(condition: &Condition) -> bool {
    condition.op != Op::Is
}

/// The SQL that checks a condition's value can be read as its column's type (run when the
/// subscription is made: a value that cannot is refused then, never when a change is read).
pub fn value_check_sql(condition: &Condition, column: &Column) -> Option<String> {
    let ty = &column.sql_type;
    match condition.op {
        Op::Eq | Op::Neq | Op::Lt | Op::Lte | Op::Gt | Op::Gte | Op::IsDistinct => {
            Some(format!("select $1::text::{ty} is null"))
        }
        Op::In => Some(format!("select coalesce(cardinality($1::text::{ty}[]) > 100, false)")),
        Op::Match | Op::Imatch => Some("select '' ~ $1::text".into()),
        Op::Like | Op::Ilike | Op::Is => None,
    }
}

/// The condition as Realtime writes it in messages: `column op value`.
pub fn describe(condition: &Condition) -> String {
    format!("{{\"{}\", \"{}\", \"{}\", {}}}", condition.column, condition.op.name(), condition.value, condition.negate)
}

pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(name: &str, type_name: &str, sql_type: &str, category: char) -> Column {
        Column { name: name.into(), type_name: type_name.into(), sql_type: sql_type.into(), category, key: false }
    }

    fn one(filter: &str) -> Condition {
        let mut conditions = parse(filter).unwrap();
        assert_eq!(conditions.len(), 1, "{filter}");
        conditions.remove(0)
    }

    #[test]
    fn conditions_parse_as_realtime_reads_them() {
        assert_eq!(
            one("subject=eq.hey"),
            Condition { column: "subject".into(), op: Op::Eq, value: "hey".into(), negate: false }
        );
        assert_eq!(one("subject=in.(hidee,ho)").value, "{hidee,ho}");
        let negated = one("subject=not.like.hey%");
        assert!(negated.negate);
        assert_eq!(negated.op, Op::Like);
        let both = parse("id=gt.0,id=lt.100").unwrap();
        assert_eq!(both.len(), 2);
        assert_eq!(both[1].op, Op::Lt);
        assert!(parse("").unwrap().is_empty());
        assert!(parse("   ").unwrap().is_empty());
    }

    #[test]
    fn quoted_values_keep_commas_and_parentheses() {
        assert_eq!(one(r#"name=eq."a,b""#).value, "a,b");
        assert_eq!(one(r#"name=eq."say \"hi\"""#).value, r#"say "hi""#);
        assert_eq!(one(r#"name=in.("a,b",c)"#).value, r#"{"a,b",c}"#);
        let two = parse(r#"a=eq."x,y",b=eq.z"#).unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!(two[1].value, "z");
    }

    #[test]
    fn bad_filters_are_explained() {
        assert_eq!(parse("subject=foo.hey").unwrap_err(), r#"Error parsing `filter` params: ["foo", "hey"]"#);
        assert!(parse("undefined").unwrap_err().starts_with("Error parsing `filter` params"));
        assert_eq!(parse("id=in.1,2").unwrap_err(), "`in` filter value must be wrapped by parentheses");
        assert!(parse("a=eq.1,,b=eq.2").unwrap_err().contains("empty segments"));
        assert!(parse("flag=is.maybe").unwrap_err().contains("is filter"));
    }

    #[test]
    fn conditions_become_sql_on_the_row() {
        let id = column("id", "int8", "bigint", 'N');
        let name = column("name", "text", "text", 'S');
        let flag = column("flag", "bool", "boolean", 'B');
        assert_eq!(
            sql(&one("id=gte.5"), &id, "\"t\"", 2).unwrap(),
            "coalesce(\"t\".\"id\" >= $2::text::bigint, false)"
        );
        assert_eq!(
            sql(&one("id=in.(1,2)"), &id, "\"t\"", 3).unwrap(),
            "coalesce(\"t\".\"id\" = any($3::text::bigint[]), false)"
        );
        assert_eq!(
            sql(&one("id=not.eq.5"), &id, "\"t\"", 2).unwrap(),
            "coalesce(not (\"t\".\"id\" = $2::text::bigint), false)"
        );
        assert_eq!(
            sql(&one("name=ilike.a%"), &name, "\"t\"", 2).unwrap(),
            "coalesce(\"t\".\"name\"::text ilike $2::text, false)"
        );
        assert!(sql(&one("id=like.1%"), &id, "\"t\"", 2).is_none(), "like needs text");
        assert_eq!(
            sql(&one("flag=not.is.true"), &flag, "\"t\"", 2).unwrap(),
            "coalesce(\"t\".\"flag\" is not TRUE, false)"
        );
        assert!(sql(&one("id=is.true"), &id, "\"t\"", 2).is_none(), "is true needs a boolean");
        assert_eq!(
            sql(&one("id=isdistinct.3"), &id, "\"t\"", 2).unwrap(),
            "coalesce(\"t\".\"id\" is distinct from $2::text::bigint, false)"
        );
    }
}
