//! To-many spreads (`...novels(title,year)`): each column of the embedded rows becomes an
//! array in the parent row (`"title": ["A", "B"], "year": [1936, 1967]`), in the embed's
//! order, `[]` when there are none:
//!
//! ```sql
//! LEFT JOIN LATERAL (
//!   SELECT coalesce(json_agg(pgrst_s."title"), '[]') AS "title", …,
//!          CASE WHEN pg_catalog.count(*) > 0 THEN TRUE END AS pgrst_value
//!     FROM (<the embed's level>) AS pgrst_s
//! ) AS "novels_1" ON TRUE
//! ```
//!
//! `pgrst_value` is null without rows, so `novels=is.null` and `!inner` work as on any embed;
//! the parent selects the named columns only.

use super::builder::Sql;
use super::read::level;
use crate::rest::plan::{Embed, Projection, ReadPlan};

/// The keys a level's rows have (spreads contribute their own keys).
pub fn output_names(plan: &ReadPlan) -> Vec<String> {
    let mut names = Vec::new();
    for item in &plan.select {
        match item {
            Projection::Star => names.extend(plan.columns.columns.iter().map(|(name, _)| name.clone())),
            Projection::Column { output, .. } | Projection::Count { output } => names.push(output.clone()),
            Projection::Embed(index) => {
                let embed = &plan.embeds[*index];
                if embed.spread {
                    names.extend(output_names(&embed.plan));
                } else if !embed.plan.select.is_empty() {
                    names.push(embed.name.clone());
                }
            }
        }
    }
    names
}

/// The lateral subquery of a to-many spread embed (after `JOIN LATERAL (`).
pub fn aggregate(sql: &mut Sql, embed: &Embed, parent: Option<(&str, &crate::schema_cache::model::Relationship)>) {
    sql.push("SELECT ");
    for name in output_names(&embed.plan) {
        sql.push("coalesce(json_agg(pgrst_s.").ident(&name).push("), '[]') AS ").ident(&name).push(", ");
    }
    sql.push("CASE WHEN pg_catalog.count(*) > 0 THEN TRUE END AS pgrst_value FROM (");
    level(sql, &embed.plan, parent);
    sql.push(") AS pgrst_s");
    if embed.inner {
        sql.push(" HAVING pg_catalog.count(*) > 0");
    }
}

/// The parent's columns of a to-many spread: `"alias"."title", "alias"."year"`. Returns false
/// (nothing written) when the embed has no columns.
pub fn project(sql: &mut Sql, embed: &Embed) -> bool {
    let names = output_names(&embed.plan);
    sql.join(names.iter(), ", ", |sql, name| {
        sql.column(&embed.plan.alias, name);
    });
    !names.is_empty()
}
