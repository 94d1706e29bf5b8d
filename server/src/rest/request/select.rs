//! The `select=` grammar (vertical filtering and embedding).
//!
//! Items are separated by `,`, with spaces and tabs tolerated around them:
//!
//! | form | item |
//! |---|---|
//! | `*` | [`SelectItem::Star`] |
//! | `col`, `alias:col`, `col::type`, `data->a->>b` | [`SelectItem::Field`] |
//! | `col.sum()`, `alias:col::int.avg()::text` | a field with an [`Aggregate`] |
//! | `count()`, `c:count()::text` | [`SelectItem::CountAll`] |
//! | `alias:rel!hint!inner(...)`, `rel!left()`, `rel()` | [`SelectItem::Relation`] |
//! | `...rel!hint(...)` | [`SelectItem::Spread`] |
//!
//! `:` followed by `:` is a cast, never an alias separator. A relation is a name followed by
//! `!` or `(`; the name `count` is never a relation, so `count()` is the aggregate and a bare
//! `count` (also `tasks(count)`) is a field the planner treats as the legacy row count.
//! Aggregates are only parsed here; whether they are allowed is the planner's decision.

use super::cursor::{Cursor, MAX_DEPTH};
use super::error::{PResult, ParseError};
use super::identifiers::{self, Field};

/// One element of `select`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SelectItem {
    /// `*`: every column.
    Star,
    Field(SelectField),
    /// `count()`: the number of rows (an aggregate with no column).
    CountAll {
        alias: Option<String>,
        cast: Option<String>,
    },
    Relation(SelectRelation),
    Spread(SelectSpread),
}

/// A column, possibly aliased, cast, or aggregated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectField {
    pub field: Field,
    pub alias: Option<String>,
    /// `::type` applied to the column.
    pub cast: Option<String>,
    pub aggregate: Option<Aggregate>,
    /// `::type` applied to the aggregate's result.
    pub aggregate_cast: Option<String>,
}

/// An embedded resource: `alias:relation!hint!join(children)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectRelation {
    pub relation: String,
    pub alias: Option<String>,
    /// A foreign-key name or column that picks among several relationships.
    pub hint: Option<String>,
    pub join: Option<JoinType>,
    /// Empty for `rel()` (embedded only to filter on it).
    pub children: Vec<SelectItem>,
}

/// `...relation!hint!join(children)`: the embed's columns lifted into the parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectSpread {
    pub relation: String,
    pub hint: Option<String>,
    pub join: Option<JoinType>,
    pub children: Vec<SelectItem>,
}

/// `!inner` or `!left`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinType {
    Inner,
    Left,
}

/// The aggregate functions of `col.fn()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    Count,
    Sum,
    Avg,
    Max,
    Min,
}

impl Aggregate {
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "count" => Some(Self::Count),
            "sum" => Some(Self::Sum),
            "avg" => Some(Self::Avg),
            "max" => Some(Self::Max),
            "min" => Some(Self::Min),
            _ => None,
        }
    }

    /// The SQL function.
    pub fn sql(self) -> &'static str {
        match self {
            Self::Count => "count",
            Self::Sum => "sum",
            Self::Avg => "avg",
            Self::Max => "max",
            Self::Min => "min",
        }
    }
}

/// Whether any item, at any depth, uses aggregate syntax (`count()`, `col.sum()`).
pub fn uses_aggregates(items: &[SelectItem]) -> bool {
    items.iter().any(|item| match item {
        SelectItem::Star => false,
        SelectItem::CountAll { .. } => true,
        SelectItem::Field(field) => field.aggregate.is_some(),
        SelectItem::Relation(relation) => uses_aggregates(&relation.children),
        SelectItem::Spread(spread) => uses_aggregates(&spread.children),
    })
}

/// Parses a `select` value. An empty value selects nothing (`[]`).
pub fn parse_select(value: &str) -> Result<Vec<SelectItem>, ParseError> {
    let mut c = Cursor::new(value);
    root(&mut c).map_err(|f| f.in_context(format!("failed to parse select parameter ({value})")))
}

fn root(c: &mut Cursor) -> PResult<Vec<SelectItem>> {
    let items = forest(c, 0)?;
    c.expect_end("\",\" or end of input")?;
    Ok(items)
}

/// Items separated by commas, possibly none (before `)` or the end).
fn forest(c: &mut Cursor, depth: usize) -> PResult<Vec<SelectItem>> {
    if depth >= MAX_DEPTH {
        return Err(c.fail_with(c.pos(), format!("embedded resources may nest at most {MAX_DEPTH} levels deep")));
    }
    let mut items = Vec::new();
    c.skip_ws();
    if c.at_end() || c.peek() == Some(')') {
        return Ok(items);
    }
    loop {
        c.skip_ws();
        items.push(item(c, depth)?);
        c.skip_ws();
        if !c.eat(',') {
            return Ok(items);
        }
    }
}

/// `(children)` after a relation name and its `!` parameters.
fn children(c: &mut Cursor, depth: usize) -> PResult<Vec<SelectItem>> {
    c.skip_ws();
    c.expect('(', "\"!\" or \"(\"")?;
    let items = forest(c, depth + 1)?;
    c.expect(')', "\",\" or \")\"")?;
    Ok(items)
}

/// Fails unless the item ends here (before `,`, `)` or the end).
fn item_end(c: &mut Cursor, expecting: &str) -> PResult<()> {
    c.skip_ws();
    match c.peek() {
        None | Some(',' | ')') => Ok(()),
        Some(_) => Err(c.fail(expecting)),
    }
}

fn item(c: &mut Cursor, depth: usize) -> PResult<SelectItem> {
    if c.eat_str("...") {
        let relation = identifiers::field_name(c)?;
        let (hint, join) = embed_params(c)?;
        let children = children(c, depth)?;
        return Ok(SelectItem::Spread(SelectSpread { relation, hint, join, children }));
    }
    let alias = alias(c);
    if alias.is_none() && c.eat('*') {
        item_end(c, "\",\", \")\" or end of input")?;
        return Ok(SelectItem::Star);
    }
    if c.eat_str("count()") {
        let count_cast = cast(c)?;
        item_end(c, "\"::\", \",\", \")\" or end of input")?;
        return Ok(SelectItem::CountAll { alias, cast: count_cast });
    }
    let name = identifiers::field_name(c)?;
    c.skip_ws();
    if name != "count" && matches!(c.peek(), Some('!' | '(')) {
        let (hint, join) = embed_params(c)?;
        let children = children(c, depth)?;
        return Ok(SelectItem::Relation(SelectRelation { relation: name, alias, hint, join, children }));
    }
    let field = Field { name, json_path: identifiers::json_path(c)? };
    c.skip_ws();
    let column_cast = cast(c)?;
    let aggregate = aggregate(c);
    let aggregate_cast = if aggregate.is_some() { cast(c)? } else { None };
    item_end(c, "\"->\", \"->>\", \"::\", \".\", \",\", \")\" or end of input")?;
    Ok(SelectItem::Field(SelectField { field, alias, cast: column_cast, aggregate, aggregate_cast }))
}

/// `name:` (not `name::`), or nothing (the cursor is left where it was).
fn alias(c: &mut Cursor) -> Option<String> {
    // Only a name can be an alias: `*`, `...` and the like are not tried (a failed try
    // formats an error message that would be thrown away).
    if !c.peek().is_some_and(identifiers::may_start_field_name) {
        return None;
    }
    let start = c.pos();
    if let Ok(name) = identifiers::field_name(c)
        && c.peek() == Some(':')
        && c.peek_at(1) != Some(':')
    {
        c.bump();
        return Some(name);
    }
    c.reset(start);
    None
}

/// `::type`, or nothing.
fn cast(c: &mut Cursor) -> PResult<Option<String>> {
    if !c.eat_str("::") {
        return Ok(None);
    }
    identifiers::identifier(c, "type name (letters, digits, _, $ and spaces)").map(Some)
}

/// `.fn()` with a known aggregate, or nothing (the cursor is left where it was).
fn aggregate(c: &mut Cursor) -> Option<Aggregate> {
    let start = c.pos();
    if c.eat('.') {
        let name = c.take_while(|ch| ch.is_ascii_lowercase());
        if let Some(aggregate) = Aggregate::from_name(&name)
            && c.eat_str("()")
        {
            return Some(aggregate);
        }
    }
    c.reset(start);
    None
}

/// Up to two `!` parameters: a join type (`inner`, `left`) and a hint; the first of each wins.
fn embed_params(c: &mut Cursor) -> PResult<(Option<String>, Option<JoinType>)> {
    let mut hint = None;
    let mut join = None;
    for _ in 0..2 {
        if !c.eat('!') {
            break;
        }
        let name = identifiers::field_name(c)?;
        match name.as_str() {
            "inner" => join = join.or(Some(JoinType::Inner)),
            "left" => join = join.or(Some(JoinType::Left)),
            _ => hint = hint.or(Some(name)),
        }
    }
    Ok((hint, join))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::identifiers::{JsonArrow, JsonOperand, JsonStep};

    fn col(name: &str) -> SelectItem {
        SelectItem::Field(SelectField {
            field: Field::plain(name),
            alias: None,
            cast: None,
            aggregate: None,
            aggregate_cast: None,
        })
    }

    fn field(name: &str, f: impl FnOnce(&mut SelectField)) -> SelectItem {
        let SelectItem::Field(mut field) = col(name) else { unreachable!() };
        f(&mut field);
        SelectItem::Field(field)
    }

    fn rel(relation: &str, f: impl FnOnce(&mut SelectRelation), children: Vec<SelectItem>) -> SelectItem {
        let mut r = SelectRelation { relation: relation.into(), alias: None, hint: None, join: None, children };
        f(&mut r);
        SelectItem::Relation(r)
    }

    fn parse(input: &str) -> Vec<SelectItem> {
        parse_select(input).unwrap_or_else(|e| panic!("{input}: {e}"))
    }

    fn step(arrow: JsonArrow, key: &str) -> JsonStep {
        JsonStep { arrow, operand: JsonOperand::Key(key.into()) }
    }

    #[test]
    fn the_supabase_js_select_parses() {
        let items = parse("id,title:name,done::text,owner:profiles!inner(id,\"full name\"),data->a->>b");
        assert_eq!(
            items,
            vec![
                col("id"),
                field("name", |f| f.alias = Some("title".into())),
                field("done", |f| f.cast = Some("text".into())),
                rel(
                    "profiles",
                    |r| {
                        r.alias = Some("owner".into());
                        r.join = Some(JoinType::Inner);
                    },
                    vec![col("id"), col("full name")]
                ),
                field("data", |f| f.field.json_path =
                    vec![step(JsonArrow::Arrow, "a"), step(JsonArrow::DoubleArrow, "b")]),
            ]
        );
    }

    #[test]
    fn stars_columns_aliases_and_casts_parse() {
        let cases = [
            ("*", vec![SelectItem::Star]),
            ("", vec![]),
            ("*,id", vec![SelectItem::Star, col("id")]),
            (" id , name ", vec![col("id"), col("name")]),
            (
                "alias:col::int",
                vec![field("col", |f| {
                    f.alias = Some("alias".into());
                    f.cast = Some("int".into());
                })],
            ),
            ("\"a:b\"", vec![col("a:b")]),
            ("x:\"a b\"", vec![field("a b", |f| f.alias = Some("x".into()))]),
            ("ts::timestamp with time zone", vec![field("ts", |f| f.cast = Some("timestamp with time zone".into()))]),
            (
                "arr->-1",
                vec![field("arr", |f| {
                    f.field.json_path = vec![JsonStep { arrow: JsonArrow::Arrow, operand: JsonOperand::Index(-1) }]
                })],
            ),
            (
                "data->0",
                vec![field("data", |f| {
                    f.field.json_path = vec![JsonStep { arrow: JsonArrow::Arrow, operand: JsonOperand::Index(0) }]
                })],
            ),
            ("first-name", vec![col("first-name")]),
            ("count", vec![col("count")]),
            ("名前", vec![col("名前")]),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input), expected, "{input}");
        }
    }

    #[test]
    fn embeds_take_aliases_hints_and_join_types() {
        let cases = [
            ("rel(*)", rel("rel", |_| {}, vec![SelectItem::Star])),
            ("alias:rel(*)", rel("rel", |r| r.alias = Some("alias".into()), vec![SelectItem::Star])),
            ("rel!hint(*)", rel("rel", |r| r.hint = Some("hint".into()), vec![SelectItem::Star])),
            ("rel!inner(*)", rel("rel", |r| r.join = Some(JoinType::Inner), vec![SelectItem::Star])),
            ("rel!left(*)", rel("rel", |r| r.join = Some(JoinType::Left), vec![SelectItem::Star])),
            (
                "rel!hint!inner(*)",
                rel(
                    "rel",
                    |r| {
                        r.hint = Some("hint".into());
                        r.join = Some(JoinType::Inner);
                    },
                    vec![SelectItem::Star],
                ),
            ),
            (
                "alias:rel!inner!hint(*)",
                rel(
                    "rel",
                    |r| {
                        r.alias = Some("alias".into());
                        r.hint = Some("hint".into());
                        r.join = Some(JoinType::Inner);
                    },
                    vec![SelectItem::Star],
                ),
            ),
            ("actors()", rel("actors", |_| {}, vec![])),
            ("actors( )", rel("actors", |_| {}, vec![])),
            ("profiles!owner_id(*)", rel("profiles", |r| r.hint = Some("owner_id".into()), vec![SelectItem::Star])),
            ("tasks(count)", rel("tasks", |_| {}, vec![col("count")])),
            ("rel (id)", rel("rel", |_| {}, vec![col("id")])),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input), vec![expected], "{input}");
        }
    }

    #[test]
    fn embeds_nest() {
        assert_eq!(
            parse("*,client(*,nested(id,deeper(name)))"),
            vec![
                SelectItem::Star,
                rel(
                    "client",
                    |_| {},
                    vec![
                        SelectItem::Star,
                        rel("nested", |_| {}, vec![col("id"), rel("deeper", |_| {}, vec![col("name")])])
                    ]
                ),
            ]
        );
    }

    #[test]
    fn spreads_lift_embedded_columns() {
        assert_eq!(
            parse("*,...client!fk!inner(name),other(*)"),
            vec![
                SelectItem::Star,
                SelectItem::Spread(SelectSpread {
                    relation: "client".into(),
                    hint: Some("fk".into()),
                    join: Some(JoinType::Inner),
                    children: vec![col("name")],
                }),
                rel("other", |_| {}, vec![SelectItem::Star]),
            ]
        );
    }

    #[test]
    fn aggregates_are_parsed_into_the_ast() {
        let cases = [
            ("count()", SelectItem::CountAll { alias: None, cast: None }),
            ("c:count()::text", SelectItem::CountAll { alias: Some("c".into()), cast: Some("text".into()) }),
            ("amount.sum()", field("amount", |f| f.aggregate = Some(Aggregate::Sum))),
            ("col.avg()", field("col", |f| f.aggregate = Some(Aggregate::Avg))),
            ("col.max()", field("col", |f| f.aggregate = Some(Aggregate::Max))),
            ("col.min()", field("col", |f| f.aggregate = Some(Aggregate::Min))),
            ("id.count()", field("id", |f| f.aggregate = Some(Aggregate::Count))),
            (
                "total:amount::int.sum()::text",
                field("amount", |f| {
                    f.alias = Some("total".into());
                    f.cast = Some("int".into());
                    f.aggregate = Some(Aggregate::Sum);
                    f.aggregate_cast = Some("text".into());
                }),
            ),
        ];
        for (input, expected) in cases {
            let items = parse(input);
            assert_eq!(items, vec![expected], "{input}");
            assert!(uses_aggregates(&items), "{input}");
        }
        assert!(uses_aggregates(&parse("id,tasks(total.sum())")));
        assert!(!uses_aggregates(&parse("id,count,tasks(count)")));
    }

    #[test]
    fn malformed_selects_fail_with_a_position() {
        let cases = [
            ("id,name,", 9, "unexpected end of input expecting field name (* or [a..z0..9_$])"),
            ("id,clients(name[])", 16, "unexpected \"[\""),
            ("data->>-78xy", 8, "unexpected \"-\""),
            ("name!hint", 10, "unexpected end of input expecting \"!\" or \"(\""),
            ("*!hint", 2, "unexpected \"!\" expecting \",\", \")\" or end of input"),
            ("name::", 7, "unexpected end of input expecting type name"),
            ("rel->jsonpath(*)", 14, "unexpected \"(\""),
            ("alias:...rel(*)", 7, "unexpected \".\" expecting field name"),
            ("id)", 3, "unexpected \")\" expecting \",\" or end of input"),
            ("rel(id", 7, "unexpected end of input expecting \",\" or \")\""),
            (",id", 1, "unexpected \",\" expecting field name"),
            ("id.foo()", 3, "unexpected \".\""),
            ("count(id)", 6, "unexpected \"(\""),
        ];
        for (input, column, details) in cases {
            let error = parse_select(input).unwrap_err();
            assert_eq!(error.context, format!("failed to parse select parameter ({input})"));
            assert_eq!(error.column, column, "{input}: {}", error.details);
            assert!(error.details.starts_with(details), "{input}: {}", error.details);
        }
    }

    #[test]
    fn deep_nesting_is_rejected_instead_of_overflowing_the_stack() {
        let deep = format!("{}id{}", "a(".repeat(10_000), ")".repeat(10_000));
        assert!(parse_select(&deep).unwrap_err().details.contains("nest"));
        let fine = format!("{}id{}", "a(".repeat(20), ")".repeat(20));
        assert!(parse_select(&fine).is_ok());
    }
}
