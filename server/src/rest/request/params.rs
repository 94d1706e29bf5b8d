//! Classifying the decoded query pairs and parsing each with its grammar.
//!
//! | key | meaning |
//! |---|---|
//! | `select` | [`QueryParams::select`] (top level only; the first occurrence wins) |
//! | `columns`, `on_conflict` | name lists (top level only; the first occurrence wins) |
//! | `…order` | ordering of the root (`order`) or of an embed (`tasks.order`) |
//! | `…limit`, `…offset` | paging of the root or of an embed; a later value replaces an earlier one |
//! | `…and`, `…or` | logic trees (`not.or`, `tasks.or`, `tasks.not.and`) |
//! | anything else | a filter; the dot segments before the column are the embed path |
//!
//! The last dot segment of the raw key decides (`tasks.order` is ordering for `tasks`). Empty
//! keys are ignored. Filters, logic trees and orders keep their query-string order.

use super::error::ParseError;
use super::filter::{Filter, parse_filter};
use super::identifiers::{parse_key_path, parse_name_list};
use super::logic::{LogicTree, parse_logic};
use super::order::{OrderTerm, parse_order};
use super::query_string::decode_query;
use super::select::{SelectItem, parse_select};

/// The embeds (aliases or relation names) leading to where a parameter applies; empty for the
/// root resource. `roles.actors.order` has the path `["roles", "actors"]`.
pub type EmbedPath = Vec<String>;

/// `limit` and `offset` for one embed path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Paging {
    pub limit: Option<u64>,
    pub offset: Option<u64>,
}

/// Everything the query string says, parsed but not yet checked against the schema.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QueryParams {
    /// `None` when absent (the planner's default is `*`); `Some(vec![])` for `select=`.
    pub select: Option<Vec<SelectItem>>,
    /// `columns`: which payload keys to insert or update.
    pub columns: Option<Vec<String>>,
    /// `on_conflict`: the conflict target of an upsert.
    pub on_conflict: Option<Vec<String>>,
    pub filters: Vec<(EmbedPath, Filter)>,
    /// Each tree is a root `and`/`or` expression.
    pub logic: Vec<(EmbedPath, LogicTree)>,
    pub order: Vec<(EmbedPath, Vec<OrderTerm>)>,
    /// At most one entry per embed path, in order of first appearance.
    pub paging: Vec<(EmbedPath, Paging)>,
}

/// What a query key is, decided by its last dot segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ParamKind {
    Select,
    Columns,
    OnConflict,
    Order,
    Limit,
    Offset,
    Logic,
    Filter,
    Ignored,
}

pub(super) fn classify(key: &str) -> ParamKind {
    match key {
        "" => return ParamKind::Ignored,
        "select" => return ParamKind::Select,
        "columns" => return ParamKind::Columns,
        "on_conflict" => return ParamKind::OnConflict,
        _ => {}
    }
    match key.rsplit('.').next().unwrap_or(key) {
        "order" => ParamKind::Order,
        "limit" => ParamKind::Limit,
        "offset" => ParamKind::Offset,
        "and" | "or" => ParamKind::Logic,
        _ => ParamKind::Filter,
    }
}

impl QueryParams {
    /// Decodes and parses a raw query string (without or with its leading `?`).
    pub fn from_query(raw: &str) -> Result<Self, ParseError> {
        Self::parse(&decode_query(raw))
    }

    /// Parses decoded pairs (see [`decode_query`]); every unreserved key is a filter.
    pub fn parse(pairs: &[(String, String)]) -> Result<Self, ParseError> {
        let mut params = Self::default();
        for (key, value) in pairs {
            params.add(classify(key), key, value)?;
        }
        super::breadth::check(&params)?;
        Ok(params)
    }

    /// Adds one pair of a known kind.
    pub(super) fn add(&mut self, kind: ParamKind, key: &str, value: &str) -> Result<(), ParseError> {
        match kind {
            ParamKind::Ignored => {}
            ParamKind::Select => {
                if self.select.is_none() {
                    self.select = Some(parse_select(value)?);
                }
            }
            ParamKind::Columns => {
                if self.columns.is_none() {
                    self.columns = Some(parse_name_list(value, "columns")?);
                }
            }
            ParamKind::OnConflict => {
                if self.on_conflict.is_none() {
                    self.on_conflict = Some(parse_name_list(value, "on_conflict")?);
                }
            }
            ParamKind::Order => {
                let (path, _) = parse_key_path(key)?;
                self.order.push((path, parse_order(value)?));
            }
            ParamKind::Limit | ParamKind::Offset => {
                let (path, _) = parse_key_path(key)?;
                let name = if kind == ParamKind::Limit { "limit" } else { "offset" };
                let number = parse_count(value, name)?;
                self.update_paging(path, |paging| {
                    if kind == ParamKind::Limit {
                        paging.limit = Some(number);
                    } else {
                        paging.offset = Some(number);
                    }
                });
            }
            ParamKind::Logic => self.logic.push(parse_logic(key, value)?),
            ParamKind::Filter => self.filters.push(parse_filter(key, value)?),
        }
        Ok(())
    }

    fn update_paging(&mut self, path: EmbedPath, update: impl FnOnce(&mut Paging)) {
        match self.paging.iter_mut().find(|(p, _)| *p == path) {
            Some((_, paging)) => update(paging),
            None => {
                let mut paging = Paging::default();
                update(&mut paging);
                self.paging.push((path, paging));
            }
        }
    }

    /// `limit`/`offset` for an embed path (the root is `&[]`).
    pub fn paging_at(&self, path: &[String]) -> Paging {
        self.paging.iter().find(|(p, _)| p.as_slice() == path).map(|(_, paging)| *paging).unwrap_or_default()
    }
}

/// A non-negative integer: ASCII digits only.
fn parse_count(value: &str, param: &str) -> Result<u64, ParseError> {
    let context = || format!("failed to parse {param} parameter ({value})");
    let bad = value.chars().position(|c| !c.is_ascii_digit());
    let error = |column: usize, details: String| ParseError { context: context(), column, details };
    match bad {
        Some(index) => {
            let found = value.chars().nth(index).map(|c| format!("{:?}", c.to_string())).unwrap_or_default();
            Err(error(index + 1, format!("unexpected {found} expecting digit (a non-negative integer)")))
        }
        None if value.is_empty() => Err(error(1, "unexpected end of input expecting digit".to_owned())),
        None => value.parse::<u64>().map_err(|_| error(1, format!("{param} is too large"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::filter::{OpExpr, Operation};
    use crate::rest::request::identifiers::Field;
    use crate::rest::request::logic::LogicOperator;
    use crate::rest::request::operators::{IsValue, Operator};
    use crate::rest::request::order::{NullsOrder, OrderDirection, OrderTarget};

    fn parse(raw: &str) -> QueryParams {
        QueryParams::from_query(raw).unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    fn path(segments: &[&str]) -> EmbedPath {
        segments.iter().map(|s| s.to_string()).collect()
    }

    fn eq(column: &str, value: &str) -> Filter {
        Filter {
            field: Field::plain(column),
            expr: OpExpr {
                negated: false,
                operation: Operation::Compare { op: Operator::Eq, quantifier: None, value: value.into() },
            },
        }
    }

    #[test]
    fn keys_are_classified_by_their_last_segment() {
        let cases = [
            ("select", ParamKind::Select),
            ("columns", ParamKind::Columns),
            ("on_conflict", ParamKind::OnConflict),
            ("order", ParamKind::Order),
            ("tasks.order", ParamKind::Order),
            ("limit", ParamKind::Limit),
            ("roles.actors.limit", ParamKind::Limit),
            ("tasks.offset", ParamKind::Offset),
            ("and", ParamKind::Logic),
            ("not.or", ParamKind::Logic),
            ("tasks.or", ParamKind::Logic),
            ("tasks.select", ParamKind::Filter),
            ("status", ParamKind::Filter),
            ("tasks.status", ParamKind::Filter),
            ("", ParamKind::Ignored),
        ];
        for (key, kind) in cases {
            assert_eq!(classify(key), kind, "{key}");
        }
    }

    #[test]
    fn a_full_supabase_js_read_parses() {
        let q = parse(
            "select=*&order=created_at.desc,id.asc.nullsfirst&tasks.order=name.asc.nullslast&tasks.limit=5&limit=10\
             &offset=0&tasks.status=eq.open&or=(status.eq.a,and(x.gt.1,y.lt.2))&tasks.or=(a.eq.1,b.eq.2)&apikey=k",
        );
        assert_eq!(q.select, Some(vec![SelectItem::Star]));
        assert_eq!(q.order.len(), 2);
        assert_eq!(q.order[1].0, path(&["tasks"]));
        assert_eq!(
            q.order[1].1,
            vec![OrderTerm {
                target: OrderTarget::Field(Field::plain("name")),
                direction: Some(OrderDirection::Asc),
                nulls: Some(NullsOrder::Last)
            }]
        );
        assert_eq!(q.paging_at(&[]), Paging { limit: Some(10), offset: Some(0) });
        assert_eq!(q.paging_at(&path(&["tasks"])), Paging { limit: Some(5), offset: None });
        assert_eq!(q.paging_at(&path(&["nothing"])), Paging::default());
        assert_eq!(q.filters, vec![(path(&["tasks"]), eq("status", "open"))]);
        assert_eq!(q.logic.len(), 2);
        assert_eq!(q.logic[1].0, path(&["tasks"]));
        assert!(matches!(q.logic[0].1, LogicTree::Expr { op: LogicOperator::Or, negated: false, .. }));
    }

    #[test]
    fn repeated_filters_are_all_kept_in_order() {
        let q = parse("n=gt.1&n=lt.5&arr=cd.%7Bz%7D&arr=ov.%7Bq%7D");
        let ops: Vec<_> = q
            .filters
            .iter()
            .map(|(_, f)| match &f.expr.operation {
                Operation::Compare { op, value, .. } => (f.field.name.as_str(), *op, value.as_str()),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            ops,
            vec![
                ("n", Operator::Gt, "1"),
                ("n", Operator::Lt, "5"),
                ("arr", Operator::Cd, "{z}"),
                ("arr", Operator::Ov, "{q}")
            ]
        );
    }

    #[test]
    fn writes_carry_columns_and_on_conflict() {
        let q = parse("columns=%22title%22,%22done%22&select=*");
        assert_eq!(q.columns, Some(vec!["title".into(), "done".into()]));
        let q = parse("on_conflict=user_id,slug&columns=%22id%22,%22title%22");
        assert_eq!(q.on_conflict, Some(vec!["user_id".into(), "slug".into()]));
        assert_eq!(q.columns, Some(vec!["id".into(), "title".into()]));
    }

    #[test]
    fn the_first_select_wins_and_an_empty_select_selects_nothing() {
        assert_eq!(
            parse("select=id&select=name").select,
            Some(vec![SelectItem::Field(crate::rest::request::SelectField {
                field: Field::plain("id"),
                alias: None,
                cast: None,
                aggregate: None,
                aggregate_cast: None,
            })])
        );
        assert_eq!(parse("select=").select, Some(vec![]));
        assert_eq!(parse("id=eq.1").select, None);
    }

    #[test]
    fn supabase_js_filter_wire_forms_parse() {
        let q = parse(
            "title=ilike.%25Foo+Bar%25&tag=in.(a,%22b,c%22,%22d+(e)%22,1)&deleted_at=is.null&done=is.false\
             &tags=cs.%7Bx,y%7D&meta=cs.%7B%22a%22:1%7D&fts=wfts(english).'cat'+%26+'dog'&status=not.eq.x&x=not.in.(1,2)",
        );
        let ops: Vec<_> = q.filters.iter().map(|(_, f)| f.expr.operation.clone()).collect();
        assert_eq!(ops[0], Operation::Compare { op: Operator::Ilike, quantifier: None, value: "%Foo Bar%".into() });
        assert_eq!(ops[1], Operation::In(vec!["a".into(), "b,c".into(), "d (e)".into(), "1".into()]));
        assert_eq!(ops[2], Operation::Is(IsValue::Null));
        assert_eq!(ops[3], Operation::Is(IsValue::False));
        assert_eq!(ops[4], Operation::Compare { op: Operator::Cs, quantifier: None, value: "{x,y}".into() });
        assert_eq!(ops[5], Operation::Compare { op: Operator::Cs, quantifier: None, value: "{\"a\":1}".into() });
        assert!(
            matches!(&ops[6], Operation::Fts { value, config: Some(c), .. } if value == "'cat' & 'dog'" && c == "english")
        );
        assert!(q.filters[7].1.expr.negated && q.filters[8].1.expr.negated);
    }

    #[test]
    fn not_or_at_the_top_level_is_a_negated_or() {
        let q = parse("not.or=(a.eq.1,b.eq.2)");
        assert!(
            matches!(&q.logic[0], (p, LogicTree::Expr { negated: true, op: LogicOperator::Or, .. }) if p.is_empty())
        );
    }

    #[test]
    fn limits_and_offsets_must_be_non_negative_integers() {
        assert_eq!(
            parse("roles.actors.limit=3&roles.actors.offset=6").paging,
            vec![(path(&["roles", "actors"]), Paging { limit: Some(3), offset: Some(6) })]
        );
        assert_eq!(parse("limit=1&limit=2").paging_at(&[]).limit, Some(2));
        let cases = [
            ("limit=-1", "\"failed to parse limit parameter (-1)\" (line 1, column 1)"),
            ("offset=1x", "\"failed to parse offset parameter (1x)\" (line 1, column 2)"),
            ("limit=", "\"failed to parse limit parameter ()\" (line 1, column 1)"),
            ("limit=%2B5", "\"failed to parse limit parameter (+5)\" (line 1, column 1)"),
            ("limit=+5", "\"failed to parse limit parameter ( 5)\" (line 1, column 1)"),
            (
                "limit=99999999999999999999999",
                "\"failed to parse limit parameter (99999999999999999999999)\" (line 1, column 1)",
            ),
        ];
        for (raw, message) in cases {
            assert_eq!(QueryParams::from_query(raw).map_err(|e| e.message()), Err(message.to_owned()), "{raw}");
        }
    }

    #[test]
    fn malformed_parameters_are_pgrst100_errors() {
        let cases = [
            ("id=", "failed to parse filter ()"),
            ("id=eqq.1", "failed to parse filter (eqq.1)"),
            ("select=id,name,", "failed to parse select parameter (id,name,)"),
            ("order=id.up", "failed to parse order (id.up)"),
            ("or=a.eq.1", "failed to parse logic tree (a.eq.1)"),
            ("columns=a,", "failed to parse columns parameter (a,)"),
            ("id::text=eq.1", "failed to parse tree path (id::text)"),
            ("tasks..order=id", "failed to parse tree path (tasks..order)"),
        ];
        for (raw, context) in cases {
            let error = QueryParams::from_query(raw).unwrap_err();
            assert_eq!(error.context, context, "{raw}");
            let api: crate::error::ApiError = error.into();
            assert_eq!(api.code(), "PGRST100");
        }
    }

    #[test]
    fn flags_without_values_and_empty_keys_are_ignored() {
        assert_eq!(parse("flag&=x&id=eq.1").filters, vec![(vec![], eq("id", "1"))]);
    }
}
