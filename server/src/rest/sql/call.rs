//! SQL of function calls. Named arguments are read from the bound JSON object by
//! `jsonb_to_record`, which converts each to the parameter's type (arrays from JSON arrays or
//! `{…}` literals), and passed in named notation so omitted ones take their defaults:
//!
//! ```sql
//! FROM jsonb_to_record($1::jsonb) AS pgrst_args("a" integer),
//!      LATERAL "public"."add"("a" := pgrst_args."a") AS "add"
//! ```

use super::builder::Sql;
use super::read::{Body, aggregate_select};
use crate::rest::plan::call::{Arguments, CallPlan};
use crate::rest::request::RowRange;

/// The call as a FROM item, without its alias.
pub fn from_call(sql: &mut Sql, call: &CallPlan) {
    let function = &call.function;
    match &call.arguments {
        Arguments::Whole { body, data_type } => {
            sql.qualified(&function.schema, &function.name).push("(");
            sql.bind_as(body.clone(), data_type).push(")");
        }
        Arguments::Named { params, .. } if params.is_empty() => {
            sql.qualified(&function.schema, &function.name).push("()");
        }
        Arguments::Named { object, params } => {
            sql.push("jsonb_to_record(").bind_as(object.clone(), "jsonb").push(") AS pgrst_args(");
            sql.join(params, ", ", |sql, (name, data_type, _)| {
                sql.ident(name).push(" ").push(data_type);
            });
            sql.push("), LATERAL ").qualified(&function.schema, &function.name).push("(");
            sql.join(params, ", ", |sql, (name, _, variadic)| {
                if *variadic {
                    sql.push("VARIADIC ");
                }
                sql.ident(name).push(" := pgrst_args.").ident(name);
            });
            sql.push(")");
        }
    }
}

/// A function returning a base type: its value, or for `setof` an array of values; with
/// `count` (`Prefer: count=exact`) the set is read once, in a CTE, and counted there too:
///
/// ```sql
/// WITH pgrst_source AS (SELECT pgrst_scalar FROM "public"."f"() AS pgrst_scalar)
/// SELECT (SELECT count(*) FROM pgrst_source) AS pgrst_total, … FROM (SELECT … LIMIT 2) AS pgrst_t
/// ```
pub fn scalar_statement(call: &CallPlan, set: bool, range: RowRange, head: bool, count: bool) -> Sql {
    let mut sql = Sql::new();
    if !set {
        sql.push("SELECT NULL::bigint AS pgrst_total, 1::bigint AS pgrst_page, ");
        sql.push(if head { "NULL::text" } else { "to_json(pgrst_scalar)::text" });
        sql.push(" AS pgrst_body FROM ");
        from_call(&mut sql, call);
        sql.push(" AS pgrst_scalar");
        return sql;
    }
    let body = if head { Body::None } else { Body::ScalarArray };
    if count {
        sql.push("WITH pgrst_source AS (SELECT pgrst_scalar FROM ");
        from_call(&mut sql, call);
        sql.push(" AS pgrst_scalar) ");
        let total = |sql: &mut Sql| {
            sql.push("(SELECT pg_catalog.count(*) FROM pgrst_source)");
        };
        aggregate_select(&mut sql, Some(&total), body);
        sql.push("SELECT pgrst_scalar FROM pgrst_source");
    } else {
        aggregate_select(&mut sql, None, body);
        sql.push("SELECT pgrst_scalar FROM ");
        from_call(&mut sql, call);
        sql.push(" AS pgrst_scalar");
    }
    if let Some(limit) = range.limit {
        sql.push(" LIMIT ").integer(limit);
    }
    if range.offset > 0 {
        sql.push(" OFFSET ").integer(range.offset);
    }
    sql.push(") AS pgrst_t");
    sql
}

/// A function whose value is served in its own media type (it returns a domain named like
/// one): the value as text, or as hex for a `bytea` domain (decoded before it is sent).
pub fn handler_statement(call: &CallPlan, binary: bool, head: bool) -> Sql {
    let mut sql = Sql::new();
    sql.push("SELECT NULL::bigint AS pgrst_total, 1::bigint AS pgrst_page, ");
    sql.push(match (head, binary) {
        (true, _) => "NULL::text",
        (false, true) => "pg_catalog.encode(pgrst_scalar::bytea, 'hex')",
        (false, false) => "pgrst_scalar::text",
    });
    sql.push(" AS pgrst_body FROM ");
    from_call(&mut sql, call);
    sql.push(" AS pgrst_scalar");
    sql
}

/// A function returning nothing: run for its effects.
pub fn void_statement(call: &CallPlan) -> Sql {
    let mut sql = Sql::new();
    sql.push("SELECT NULL::bigint AS pgrst_total, 0::bigint AS pgrst_page, NULL::text AS pgrst_body FROM ");
    from_call(&mut sql, call);
    sql.push(" AS pgrst_void");
    sql
}
