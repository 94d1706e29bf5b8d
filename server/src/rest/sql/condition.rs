//! WHERE conditions: filters become comparisons against bound, cast values.

use super::builder::Sql;
use crate::rest::plan::{ColumnExpr, Condition, FilterPlan};
use crate::rest::request::{IsValue, Operation, Operator, Quantifier};

/// Writes a column expression of the source aliased `alias`.
pub fn column_expr(sql: &mut Sql, alias: &str, expr: &ColumnExpr) {
    if expr.to_jsonb {
        sql.push("to_jsonb(");
        column_or_call(sql, alias, expr);
        sql.push(")");
    } else {
        column_or_call(sql, alias, expr);
    }
    sql.json_path(&expr.json_path);
}

/// `"alias"."column"`, or for a computed column `"schema"."fn"("alias".*::"schema"."table")`
/// (the cast makes the rows of a write's `pgrst_mutation` the table's row type too).
fn column_or_call(sql: &mut Sql, alias: &str, expr: &ColumnExpr) {
    match &expr.computed {
        None => {
            sql.column(alias, &expr.column);
        }
        Some(computed) => {
            let (function, row) = (&computed.function, &computed.row_type);
            sql.qualified(&function.schema, &function.name).push("(").ident(alias).push(".*::");
            sql.qualified(&row.schema, &row.name).push(")");
        }
    }
}

/// Writes `conditions` AND-ed; `embed_alias(i)` names the lateral of embed `i`.
pub fn conditions(sql: &mut Sql, alias: &str, conditions: &[Condition], embed_alias: &dyn Fn(usize) -> String) {
    sql.join(conditions, " AND ", |sql, c| condition(sql, alias, c, embed_alias));
}

fn condition(sql: &mut Sql, alias: &str, condition: &Condition, embed_alias: &dyn Fn(usize) -> String) {
    match condition {
        Condition::Filter(filter) => filter_sql(sql, alias, filter),
        Condition::Logic { op, negated, children } => {
            if *negated {
                sql.push("NOT ");
            }
            sql.push("(");
            sql.join(children, if op.sql() == "AND" { " AND " } else { " OR " }, |sql, c| {
                self::condition(sql, alias, c, embed_alias)
            });
            sql.push(")");
        }
        Condition::EmbedIsNull { embed, is_null } => {
            sql.ident(&embed_alias(*embed)).push(".pgrst_value");
            sql.push(if *is_null { " IS NULL" } else { " IS NOT NULL" });
        }
    }
}

fn filter_sql(sql: &mut Sql, alias: &str, filter: &FilterPlan) {
    if filter.expr.negated {
        sql.push("NOT ");
    }
    sql.push("(");
    let cast = filter.value_type.cast.as_str();
    let lhs = |sql: &mut Sql| column_expr(sql, alias, &filter.column);
    match &filter.expr.operation {
        Operation::Compare { op, quantifier: None, value } => {
            lhs(sql);
            sql.push(" ").push(op.sql()).push(" ");
            if is_pattern(*op) {
                sql.bind(value.clone());
            } else {
                sql.bind_as(value.clone(), cast);
            }
        }
        Operation::Compare { op, quantifier: Some(quantifier), value } => {
            lhs(sql);
            sql.push(" ").push(op.sql()).push(" ");
            sql.push(match quantifier {
                Quantifier::Any => "ANY(",
                Quantifier::All => "ALL(",
            });
            let element = if is_pattern(*op) { "text" } else { cast };
            sql.bind(value.clone()).push("::").push(element).push("[])");
        }
        Operation::In(values) if values.is_empty() => {
            sql.push("FALSE");
        }
        Operation::In(values) => {
            lhs(sql);
            sql.push(" = ANY(").bind_array(values.clone()).push("::").push(cast).push("[])");
        }
        Operation::Is(value) => {
            lhs(sql);
            sql.push(match value {
                IsValue::Null => " IS NULL",
                IsValue::NotNull => " IS NOT NULL",
                IsValue::True => " IS TRUE",
                IsValue::False => " IS FALSE",
                IsValue::Unknown => " IS UNKNOWN",
            });
        }
        Operation::IsDistinct(value) => {
            lhs(sql);
            sql.push(" IS DISTINCT FROM ").bind_as(value.clone(), cast);
        }
        Operation::Fts { op, config, value } => {
            if filter.value_type.is_tsvector {
                lhs(sql);
            } else {
                sql.push("to_tsvector(");
                if let Some(config) = config {
                    sql.bind_as(config.clone(), "regconfig").push(", ");
                }
                lhs(sql);
                sql.push(")");
            }
            sql.push(" @@ ").push(op.sql_function()).push("(");
            if let Some(config) = config {
                sql.bind_as(config.clone(), "regconfig").push(", ");
            }
            sql.bind(value.clone()).push(")");
        }
    }
    sql.push(")");
}

/// Pattern operators compare text with text: the value is never cast to the column's type.
fn is_pattern(op: Operator) -> bool {
    matches!(op, Operator::Like | Operator::Ilike | Operator::Match | Operator::Imatch)
}
