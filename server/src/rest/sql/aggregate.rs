//! SQL of aggregating levels: the aggregate calls and the `GROUP BY` of every other output.
//!
//! ```sql
//! SELECT "donations"."category" AS "category", sum("donations"."amount") AS "sum"
//!   FROM "public"."donations" AS "donations" GROUP BY "donations"."category"
//! ```
//!
//! Embeds are grouped by their JSON as text (`json` has no equality), and selected as that text
//! read back as JSON so PostgreSQL sees the grouped expression.

use super::builder::Sql;
use super::condition::column_expr;
use crate::rest::plan::aggregate::{AggregateItem, HIDDEN_PREFIX};
use crate::rest::plan::{ColumnExpr, Embed, Projection, ReadPlan};
use crate::rest::request::select::Aggregate;

/// `sum(CAST("alias"."col" AS type))`, cast again when asked, `AS "output"`.
pub fn aggregate_call(sql: &mut Sql, alias: &str, item: &AggregateItem) {
    let alias = item.source.as_deref().unwrap_or(alias);
    if item.output_cast.is_some() {
        sql.push("CAST(");
    }
    sql.push(match item.function {
        Aggregate::Count => "pg_catalog.count(",
        other => other.sql(),
    });
    if item.function != Aggregate::Count {
        sql.push("(");
    }
    match &item.input {
        None => {
            sql.push("*");
        }
        Some(expr) => match &item.input_cast {
            Some(cast) => {
                sql.push("CAST(");
                column_expr(sql, alias, expr);
                sql.push(" AS ").push(cast).push(")");
            }
            None => column_expr(sql, alias, expr),
        },
    }
    sql.push(")");
    if let Some(cast) = &item.output_cast {
        sql.push(" AS ").push(cast).push(")");
    }
    sql.push(" AS ").ident(&item.output);
}

/// The value of a non-spread embed in a grouped level: its JSON text read back as JSON.
pub fn grouped_embed_value(sql: &mut Sql, embed: &Embed) {
    sql.push("(");
    embed_text(sql, embed);
    sql.push(")::json AS ").ident(&embed.name);
}

fn embed_text(sql: &mut Sql, embed: &Embed) {
    let alias = embed.plan.alias.as_str();
    if embed.is_to_one() {
        sql.ident(alias).push(".pgrst_value::text");
    } else {
        sql.push("coalesce(").ident(alias).push(".pgrst_value, '[]')::text");
    }
}

/// ` GROUP BY …` of every output that is not an aggregate (nothing when there is none).
/// Columns are grouped by themselves (without their cast, so `order` can name them), JSON
/// paths by their position in the select list (their keys are bound parameters, so the same
/// path written twice would not be the same expression to PostgreSQL); embeds by their JSON
/// text, spreads by their columns.
pub fn group_by(sql: &mut Sql, plan: &ReadPlan) {
    let alias = plan.alias.as_str();
    let mut first = true;
    let mut next = |sql: &mut Sql| {
        sql.push(if first { " GROUP BY " } else { ", " });
        first = false;
    };
    let mut position: u64 = 0;
    for item in &plan.select {
        match item {
            Projection::Aggregate(_) | Projection::Count { .. } => position += 1,
            Projection::Star => {
                for _ in &plan.columns.columns {
                    position += 1;
                    next(sql);
                    sql.integer(position);
                }
            }
            Projection::Column { expr, .. } => {
                position += 1;
                next(sql);
                if expr.json_path.is_empty() {
                    column_expr(sql, alias, expr);
                } else {
                    sql.integer(position);
                }
            }
            Projection::Embed(index) => {
                let embed = &plan.embeds[*index];
                if embed.plan.select.is_empty() {
                    continue;
                }
                if embed.spread {
                    for output in spread_outputs(&embed.plan) {
                        position += 1;
                        next(sql);
                        sql.column(&embed.plan.alias, output);
                    }
                } else {
                    position += 1;
                    next(sql);
                    embed_text(sql, embed);
                }
            }
        }
    }
}

/// In a grouped level, the select-list position of the uncast JSON path `expr` (ordered by
/// position, since its keys are bound parameters: see [`group_by`]).
pub fn grouped_position(plan: &ReadPlan, expr: &ColumnExpr) -> Option<u64> {
    if expr.json_path.is_empty() || !crate::rest::plan::aggregate::is_grouped(plan) {
        return None;
    }
    let mut position: u64 = 0;
    for item in &plan.select {
        match item {
            Projection::Star => position += plan.columns.columns.len() as u64,
            Projection::Column { expr: selected, cast, .. } => {
                position += 1;
                if selected == expr && cast.is_none() {
                    return Some(position);
                }
            }
            Projection::Aggregate(_) | Projection::Count { .. } => position += 1,
            Projection::Embed(index) => {
                let embed = &plan.embeds[*index];
                if embed.plan.select.is_empty() {
                    continue;
                }
                position += if embed.spread { spread_outputs(&embed.plan).len() as u64 } else { 1 };
            }
        }
    }
    None
}

/// The output names a spread lifts into its parent (not the values it passes up to be
/// aggregated there).
pub fn spread_outputs(plan: &ReadPlan) -> Vec<&str> {
    let mut outputs = all_spread_outputs(plan);
    outputs.retain(|o| !o.starts_with(HIDDEN_PREFIX));
    outputs
}

/// Whether a spread passes values up for its parent to aggregate (its columns are then listed
/// one by one instead of `"alias".*`).
pub fn passes_values_up(plan: &ReadPlan) -> bool {
    plan.select.iter().any(|p| matches!(p, Projection::Column { output, .. } if output.starts_with(HIDDEN_PREFIX)))
}

fn all_spread_outputs(plan: &ReadPlan) -> Vec<&str> {
    let mut outputs = Vec::new();
    for item in &plan.select {
        match item {
            Projection::Star => outputs.extend(plan.columns.columns.iter().map(|(c, _)| c.as_str())),
            Projection::Column { output, .. } | Projection::Count { output } => outputs.push(output),
            Projection::Aggregate(item) => outputs.push(&item.output),
            Projection::Embed(index) => {
                let embed = &plan.embeds[*index];
                if embed.spread {
                    outputs.extend(spread_outputs(&embed.plan));
                } else if !embed.plan.select.is_empty() {
                    outputs.push(&embed.name);
                }
            }
        }
    }
    outputs
}
