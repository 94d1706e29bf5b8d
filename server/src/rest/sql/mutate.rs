//! SQL of writes. The payload is one bound JSON array that `jsonb_populate_recordset` turns
//! into rows of the target's own type, so PostgreSQL converts every value exactly as it would
//! in a literal:
//!
//! ```sql
//! INSERT INTO "public"."notes" AS pgrst_target ("body", "is_public")
//! SELECT pgrst_body."body", pgrst_body."is_public"
//!   FROM jsonb_populate_recordset(NULL::"public"."notes", $1::jsonb) AS pgrst_body
//! ```
//!
//! Without a representation the write has no RETURNING clause: a row the caller may insert
//! but not read (an insert-only policy) is still written. With one, the write becomes the
//! `pgrst_mutation` CTE that the representation's read plan selects from.

use super::builder::Sql;
use super::condition::conditions;
use super::read::{Body, aggregate_select, level};
use crate::rest::plan::{ConflictAction, InsertPlan, MutatePlan, ReadPlan, UpdatePlan};

/// The alias of the written relation inside the statement.
const TARGET: &str = "pgrst_target";

/// The write alone (`return=minimal`).
pub fn minimal_statement(plan: &MutatePlan) -> Sql {
    let mut sql = Sql::new();
    write(&mut sql, plan);
    sql
}

/// The write and its representation: `total` is the number of rows an insert created (to
/// tell an upsert that only updated), `page` the rows returned, `body` the shaped rows.
pub fn representation_statement(plan: &MutatePlan, read: &ReadPlan, body: Body) -> Sql {
    let mut sql = Sql::new();
    sql.push("WITH pgrst_mutation AS (");
    write(&mut sql, plan);
    sql.push(" RETURNING ").push(TARGET).push(" AS pgrst_row");
    if matches!(plan, MutatePlan::Insert(_)) {
        sql.push(", (").push(TARGET).push(".xmax = 0) AS pgrst_inserted");
    }
    sql.push(") ");
    let inserted = |sql: &mut Sql| {
        sql.push("(SELECT pg_catalog.count(*) FILTER (WHERE pgrst_inserted) FROM pgrst_mutation)");
    };
    let total = matches!(plan, MutatePlan::Insert(_)).then_some(&inserted as &dyn Fn(&mut Sql));
    aggregate_select(&mut sql, total, body);
    level(&mut sql, read, None);
    sql.push(") AS pgrst_t");
    sql
}

fn write(sql: &mut Sql, plan: &MutatePlan) {
    match plan {
        MutatePlan::Insert(insert) => insert_sql(sql, insert),
        MutatePlan::Update(update) => update_sql(sql, update),
        MutatePlan::Delete { target, conditions: where_, .. } => {
            sql.push("DELETE FROM ").qualified(&target.schema, &target.name).push(" AS ").push(TARGET);
            where_clause(sql, where_);
        }
    }
}

fn insert_sql(sql: &mut Sql, plan: &InsertPlan) {
    let target = &plan.target;
    let columns = &plan.payload.columns;
    sql.push("INSERT INTO ").qualified(&target.schema, &target.name).push(" AS ").push(TARGET);
    if !columns.is_empty() {
        sql.push(" (");
        sql.join(columns, ", ", |sql, c| {
            sql.ident(c);
        });
        sql.push(")");
    }
    sql.push(" SELECT ");
    match &plan.defaults {
        None => {
            sql.join(columns, ", ", |sql, c| {
                sql.push("pgrst_body.").ident(c);
            });
            sql.push(" FROM jsonb_populate_recordset(NULL::").qualified(&target.schema, &target.name).push(", ");
            sql.bind_as(plan.payload.array.clone(), "jsonb").push(") AS pgrst_body");
        }
        Some(defaults) => {
            // As PostgREST, every row evaluates every column's default, whether its object
            // gives the key or not (a row that gives the id still draws from the sequence),
            // then takes the object's value where it gives one.
            sql.join(columns.iter().zip(defaults).enumerate(), ", ", |sql, (i, (c, default))| {
                sql.push("CASE WHEN pgrst_object.value ? ").bind(c.clone()).push(" THEN pgrst_body.").ident(c);
                match default {
                    Some(_) => sql.push(" ELSE pgrst_object.").ident(&format!("pgrst_default_{i}")).push(" END"),
                    None => sql.push(" ELSE NULL END"),
                };
            });
            sql.push(" FROM (SELECT value");
            for (i, default) in defaults.iter().enumerate() {
                if let Some(default) = default {
                    // A default is catalogue text (pg_get_expr), never request input.
                    sql.push(", ").push(default).push(" AS ").ident(&format!("pgrst_default_{i}"));
                }
            }
            sql.push(" FROM jsonb_array_elements(").bind_as(plan.payload.array.clone(), "jsonb");
            sql.push(")) AS pgrst_object, LATERAL jsonb_populate_record(NULL::");
            sql.qualified(&target.schema, &target.name).push(", pgrst_object.value) AS pgrst_body");
        }
    }
    if let Some((conflict, action)) = &plan.on_conflict {
        sql.push(" ON CONFLICT (");
        sql.join(conflict, ", ", |sql, c| {
            sql.ident(c);
        });
        sql.push(")");
        let updates: Vec<&String> = columns.iter().filter(|c| !conflict.contains(c)).collect();
        match action {
            ConflictAction::Merge if !columns.is_empty() => {
                sql.push(" DO UPDATE SET ");
                let set: Vec<&String> = if updates.is_empty() { columns.iter().collect() } else { updates };
                sql.join(set, ", ", |sql, c| {
                    sql.ident(c).push(" = EXCLUDED.").ident(c);
                });
            }
            _ => {
                sql.push(" DO NOTHING");
            }
        }
    }
}

fn update_sql(sql: &mut Sql, plan: &UpdatePlan) {
    let target = &plan.target;
    sql.push("UPDATE ").qualified(&target.schema, &target.name).push(" AS ").push(TARGET).push(" SET ");
    sql.join(&plan.payload.columns, ", ", |sql, c| {
        sql.ident(c).push(" = pgrst_body.").ident(c);
    });
    sql.push(" FROM jsonb_populate_record(NULL::").qualified(&target.schema, &target.name).push(", ");
    sql.bind_as(plan.payload.array.clone(), "jsonb").push(" -> 0) AS pgrst_body");
    where_clause(sql, &plan.conditions);
}

fn where_clause(sql: &mut Sql, where_: &[crate::rest::plan::Condition]) {
    if where_.is_empty() {
        return;
    }
    sql.push(" WHERE ");
    let no_embeds = |_: usize| String::new();
    conditions(sql, TARGET, where_, &no_embeds);
}
