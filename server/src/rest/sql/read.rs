//! SQL of read plans. Each level is one SELECT; embeds are LATERAL subqueries that build their
//! JSON in PostgreSQL:
//!
//! ```sql
//! SELECT "events".*, "people_1".pgrst_value AS "organizer"
//!   FROM "public"."events" AS "events"
//!   LEFT JOIN LATERAL (
//!     SELECT row_to_json(pgrst_e) AS pgrst_value
//!       FROM (SELECT "people_1"."full_name" AS "full_name"
//!               FROM "public"."people" AS "people_1"
//!              WHERE "people_1"."id" = "events"."organizer_id") AS pgrst_e
//!   ) AS "people_1" ON TRUE
//!  WHERE ("events"."id" > $1::bigint)
//!  ORDER BY "events"."id" DESC LIMIT 10
//! ```

use super::builder::Sql;
use super::call;
use super::computed;
use super::condition::{column_expr, conditions};
use super::spread;
use crate::rest::plan::aggregate::is_grouped;
use crate::rest::plan::{Condition, Embed, OrderExpr, OrderItem, Projection, ReadPlan, Source};
use crate::rest::request::{NullsOrder, OrderDirection, RowRange};
use crate::schema_cache::model::{Cardinality, QualifiedName, Relationship};

/// How the page is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// A JSON array of the rows.
    Json,
    /// A JSON array with null-valued keys removed.
    JsonStripNulls,
    /// The first row as a JSON object, or `null` (a function returning one composite).
    FirstObject,
    /// A header line and one line per row.
    Csv,
    /// A JSON array of the bare values of a `setof` base-type function.
    ScalarArray,
    /// A GeoJSON FeatureCollection (PostGIS's `ST_AsGeoJSON` of each row), as PostgREST.
    GeoJson,
    /// No body (HEAD, or a write without representation).
    None,
}

/// Writes the outer statement over a level still to be written inside `FROM (…) AS pgrst_t`:
/// the total (when `total` writes one), the page's row count, and the body.
pub fn aggregate_select(sql: &mut Sql, total: Option<&dyn Fn(&mut Sql)>, body: Body) {
    sql.push("SELECT ");
    match total {
        Some(total) => total(sql),
        None => {
            sql.push("NULL::bigint");
        }
    }
    sql.push(" AS pgrst_total, pg_catalog.count(*) AS pgrst_page, ");
    sql.push(match body {
        Body::Json => "coalesce(json_agg(pgrst_t), '[]')::text",
        Body::JsonStripNulls => "coalesce(json_strip_nulls(json_agg(pgrst_t)), '[]')::text",
        Body::FirstObject => "coalesce((json_agg(pgrst_t) -> 0)::text, 'null')",
        Body::Csv => {
            "coalesce((SELECT string_agg(pgrst_k, ',') FROM json_object_keys(json_agg(pgrst_t) -> 0) AS pgrst_k), '') \
             || chr(10) || coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), chr(10)), '')"
        }
        Body::ScalarArray => "coalesce(json_agg(pgrst_t.pgrst_scalar), '[]')::text",
        Body::GeoJson => {
            "json_build_object('type', 'FeatureCollection', 'features', \
             coalesce(json_agg(st_asgeojson(pgrst_t)::json), '[]'))::text"
        }
        Body::None => "NULL::text",
    });
    sql.push(" AS pgrst_body FROM (");
}

/// A complete read (see [`select_over`]). Counted, the rows of a function call are read from a
/// CTE, so the function runs once for the count and the page (as in PostgREST); named in both,
/// a volatile function would run twice and so would its writes:
///
/// ```sql
/// WITH pgrst_source AS MATERIALIZED (SELECT "f".* FROM "public"."f"() AS "f")
/// SELECT (SELECT count(*) FROM pgrst_source AS "f" WHERE …) AS pgrst_total, …
///   FROM (SELECT … FROM pgrst_source AS "f" WHERE … LIMIT …) AS pgrst_t
/// ```
pub fn read_statement(plan: &ReadPlan, count: bool, body: Body) -> Sql {
    let mut sql = Sql::new();
    if count && let Source::Call(call) = &plan.source {
        sql.push("WITH pgrst_source AS MATERIALIZED (SELECT ").ident(&plan.alias).push(".* FROM ");
        call::from_call(&mut sql, call);
        sql_alias(&mut sql, &plan.alias);
        sql.push(") ");
        select_over(&mut sql, &ReadPlan { source: Source::CallRows, ..plan.clone() }, true, body);
    } else {
        select_over(&mut sql, plan, count, body);
    }
    sql
}

/// The rows of a read given to a media type handler aggregate (its value as text, or as hex for
/// a `bytea` domain), each row cast to the relation's row type the aggregate takes:
///
/// ```sql
/// SELECT NULL::bigint AS pgrst_total, count(*) AS pgrst_page,
///        "public"."ics"(pgrst_t::"public"."events")::text AS pgrst_body
///   FROM (SELECT "events".* FROM "public"."events" AS "events" WHERE …) AS pgrst_t
/// ```
pub fn handler_read_statement(
    plan: &ReadPlan,
    aggregate: &QualifiedName,
    row_type: &QualifiedName,
    binary: bool,
    head: bool,
) -> Sql {
    let mut sql = Sql::new();
    sql.push("SELECT NULL::bigint AS pgrst_total, pg_catalog.count(*) AS pgrst_page, ");
    if head {
        sql.push("NULL::text");
    } else {
        if binary {
            sql.push("pg_catalog.encode(");
        }
        sql.qualified(&aggregate.schema, &aggregate.name).push("(pgrst_t::");
        sql.qualified(&row_type.schema, &row_type.name).push(")");
        sql.push(if binary { "::bytea, 'hex')" } else { "::text" });
    }
    sql.push(" AS pgrst_body FROM (");
    level(&mut sql, plan, None);
    sql.push(") AS pgrst_t");
    sql
}

/// `SELECT total, page, body FROM (<level>) AS pgrst_t`.
fn select_over(sql: &mut Sql, plan: &ReadPlan, count: bool, body: Body) {
    let total = |sql: &mut Sql| count_query(sql, plan);
    aggregate_select(sql, count.then_some(&total as &dyn Fn(&mut Sql)), body);
    level(sql, plan, None);
    sql.push(") AS pgrst_t");
}

/// `(SELECT count(*) FROM <source> <filtering joins> WHERE …)`: the rows the filters select,
/// without building any JSON.
pub fn count_query(sql: &mut Sql, plan: &ReadPlan) {
    sql.push("(SELECT pg_catalog.count(*)");
    filtered_from(sql, plan);
    sql.push(")");
}

/// `SELECT 1 FROM … WHERE …`: the rows a read's filters select (what `count=planned` explains).
pub fn filtered_rows(plan: &ReadPlan) -> Sql {
    let mut sql = Sql::new();
    sql.push("SELECT 1");
    filtered_from(&mut sql, plan);
    sql
}

fn filtered_from(sql: &mut Sql, plan: &ReadPlan) {
    sql.push(" FROM ");
    source(sql, plan);
    for index in (0..plan.embeds.len()).filter(|&i| filters_parent(plan, i)) {
        embed_join(sql, plan, index);
    }
    where_clause(sql, plan, None);
}

/// One level: `SELECT <projection> FROM <source> <joins> WHERE … ORDER BY … LIMIT …`.
/// `parent` is the parent's alias and the relationship leading here.
pub fn level(sql: &mut Sql, plan: &ReadPlan, parent: Option<(&str, &Relationship)>) {
    sql.push("SELECT ");
    projection(sql, plan);
    sql.push(" FROM ");
    match parent {
        Some((parent_alias, relationship)) if computed::write_source(sql, &plan.alias, parent_alias, relationship) => {}
        _ => source(sql, plan),
    }
    if let Some((_, Relationship { cardinality: Cardinality::ManyToMany(junction), .. })) = parent {
        let junction_alias = format!("{}_junction", plan.alias);
        sql.push(" JOIN ").qualified(&junction.relation.schema, &junction.relation.name).push(" AS ");
        sql.ident(&junction_alias).push(" ON ");
        let pairs = junction.to_target.columns.iter().zip(&junction.to_target.foreign_columns);
        sql.join(pairs, " AND ", |sql, (jc, tc)| {
            sql.column(&junction_alias, jc).push(" = ").column(&plan.alias, tc);
        });
    }
    for index in 0..plan.embeds.len() {
        embed_join(sql, plan, index);
    }
    for (position, item) in plan.order.iter().enumerate() {
        if let OrderExpr::Related { embed, column } = &item.expr {
            related_order_join(sql, plan, position, *embed, column);
        }
    }
    where_clause(sql, plan, parent);
    if is_grouped(plan) {
        super::aggregate::group_by(sql, plan);
        order_by(sql, plan);
        limit(sql, plan.range);
        return;
    }
    let aggregate = plan.select.iter().any(|p| matches!(p, Projection::Count { .. }));
    if !aggregate {
        order_by(sql, plan);
        limit(sql, plan.range);
    }
}

fn projection(sql: &mut Sql, plan: &ReadPlan) {
    if plan.select.is_empty() {
        // `select=` (or `rel()`): rows without columns.
        sql.push("NULL::text AS pgrst_none");
        return;
    }
    let alias = plan.alias.as_str();
    let grouped = is_grouped(plan);
    let mut first = true;
    for item in &plan.select {
        // `rel()` embeds only filter; they have no output (nor has a spread of no columns).
        if let Projection::Embed(index) = item
            && (plan.embeds[*index].plan.select.is_empty()
                || (is_to_many_spread(&plan.embeds[*index])
                    && spread::output_names(&plan.embeds[*index].plan).is_empty()))
        {
            continue;
        }
        // A spread passing values up to be aggregated lifts its other columns one by one.
        if let Projection::Embed(index) = item
            && plan.embeds[*index].spread
            && super::aggregate::passes_values_up(&plan.embeds[*index].plan)
        {
            let embed_plan = &plan.embeds[*index].plan;
            for output in super::aggregate::spread_outputs(embed_plan) {
                if !first {
                    sql.push(", ");
                }
                first = false;
                sql.column(&embed_plan.alias, output);
            }
            continue;
        }
        if !first {
            sql.push(", ");
        }
        first = false;
        match item {
            Projection::Star => {
                sql.ident(alias).push(".*");
            }
            Projection::Column { expr, cast, output } => {
                match cast {
                    Some(cast) => {
                        sql.push("CAST(");
                        column_expr(sql, alias, expr);
                        sql.push(" AS ").push(cast).push(")");
                    }
                    None => column_expr(sql, alias, expr),
                }
                sql.push(" AS ").ident(output);
            }
            Projection::Count { output } => {
                sql.push("pg_catalog.count(*) AS ").ident(output);
            }
            Projection::Aggregate(item) => super::aggregate::aggregate_call(sql, alias, item),
            Projection::Embed(index) => {
                let embed = &plan.embeds[*index];
                let embed_alias = embed.plan.alias.as_str();
                if is_to_many_spread(embed) {
                    spread::project(sql, embed);
                } else if grouped && !embed.spread {
                    super::aggregate::grouped_embed_value(sql, embed);
                } else if embed.spread {
                    sql.ident(embed_alias).push(".*");
                } else if embed.is_to_one() {
                    sql.ident(embed_alias).push(".pgrst_value AS ").ident(&embed.name);
                } else {
                    sql.push("coalesce(").ident(embed_alias).push(".pgrst_value, '[]') AS ").ident(&embed.name);
                }
            }
        }
    }
    if first {
        sql.push("NULL::text AS pgrst_none");
    }
}

fn source(sql: &mut Sql, plan: &ReadPlan) {
    match &plan.source {
        Source::Relation(name) => {
            sql.qualified(&name.schema, &name.name);
        }
        Source::Mutation => {
            sql.push("(SELECT (pgrst_row).* FROM pgrst_mutation)");
        }
        Source::CallRows => {
            sql.push("pgrst_source");
        }
        Source::Call(call) => {
            call::from_call(sql, call);
            return sql_alias(sql, &plan.alias);
        }
    }
    sql_alias(sql, &plan.alias);
}

fn sql_alias(sql: &mut Sql, alias: &str) {
    sql.push(" AS ").ident(alias);
}

/// Whether embed `index` removes parent rows (`!inner`, or a null filter on it).
fn filters_parent(plan: &ReadPlan, index: usize) -> bool {
    plan.embeds[index].inner
        || plan.conditions.iter().any(|c| matches!(c, Condition::EmbedIsNull { embed, .. } if *embed == index))
}

fn embed_join(sql: &mut Sql, plan: &ReadPlan, index: usize) {
    let embed: &Embed = &plan.embeds[index];
    sql.push(if embed.inner { " INNER JOIN LATERAL (" } else { " LEFT JOIN LATERAL (" });
    let parent = Some((plan.alias.as_str(), &embed.relationship));
    if is_to_many_spread(embed) {
        spread::aggregate(sql, embed, parent);
    } else if embed.spread {
        level(sql, &embed.plan, parent);
    } else if embed.is_to_one() {
        sql.push("SELECT row_to_json(pgrst_e) AS pgrst_value FROM (");
        level(sql, &embed.plan, parent);
        sql.push(") AS pgrst_e");
    } else {
        sql.push("SELECT json_agg(pgrst_e) AS pgrst_value FROM (");
        level(sql, &embed.plan, parent);
        sql.push(") AS pgrst_e");
        if embed.inner {
            sql.push(" HAVING pg_catalog.count(*) > 0");
        }
    }
    sql.push(") AS ").ident(&embed.plan.alias).push(" ON TRUE");
}

/// A to-many spread aggregated into arrays of its own (not one joined into an outer one).
fn is_to_many_spread(embed: &Embed) -> bool {
    embed.spread && !embed.is_to_one() && !embed.flatten
}

/// `order=rel(col)`: the to-one row's column, joined separately so the embed's JSON is untouched.
fn related_order_join(
    sql: &mut Sql,
    plan: &ReadPlan,
    position: usize,
    index: usize,
    column: &crate::rest::plan::ColumnExpr,
) {
    let embed = &plan.embeds[index];
    let child = &embed.plan.alias;
    sql.push(" LEFT JOIN LATERAL (SELECT ");
    column_expr(sql, child, column);
    sql.push(" AS pgrst_order FROM ");
    if !computed::write_source(sql, child, &plan.alias, &embed.relationship) {
        source(sql, &embed.plan);
        sql.push(" WHERE ");
        join_condition(sql, &plan.alias, child, &embed.relationship);
    }
    sql.push(" LIMIT 1) AS ").ident(&order_alias(plan, position)).push(" ON TRUE");
}

fn order_alias(plan: &ReadPlan, position: usize) -> String {
    format!("{}_order_{position}", plan.alias)
}

fn where_clause(sql: &mut Sql, plan: &ReadPlan, parent: Option<(&str, &Relationship)>) {
    // A computed relationship's function does the joining.
    let parent = parent.filter(|(_, relationship)| !computed::is_computed(relationship));
    let has_join = parent.is_some();
    if !has_join && plan.conditions.is_empty() {
        return;
    }
    sql.push(" WHERE ");
    if let Some((parent_alias, relationship)) = parent {
        match &relationship.cardinality {
            Cardinality::ManyToMany(junction) => {
                let junction_alias = format!("{}_junction", plan.alias);
                let pairs = junction.to_from.columns.iter().zip(&junction.to_from.foreign_columns);
                sql.join(pairs, " AND ", |sql, (jc, pc)| {
                    sql.column(&junction_alias, jc).push(" = ").column(parent_alias, pc);
                });
            }
            _ => join_condition(sql, parent_alias, &plan.alias, relationship),
        }
        if !plan.conditions.is_empty() {
            sql.push(" AND ");
        }
    }
    let embed_alias = |i: usize| plan.embeds[i].plan.alias.clone();
    conditions(sql, &plan.alias, &plan.conditions, &embed_alias);
}

/// `"child"."col" = "parent"."col" AND …` for a direct (not many-to-many) relationship.
fn join_condition(sql: &mut Sql, parent_alias: &str, child_alias: &str, relationship: &Relationship) {
    let pairs = relationship.join_columns();
    sql.join(pairs, " AND ", |sql, (parent_column, child_column)| {
        sql.column(child_alias, &child_column).push(" = ").column(parent_alias, &parent_column);
    });
}

fn order_by(sql: &mut Sql, plan: &ReadPlan) {
    if plan.order.is_empty() {
        return;
    }
    sql.push(" ORDER BY ");
    sql.join(plan.order.iter().enumerate(), ", ", |sql, (position, item): (usize, &OrderItem)| {
        match &item.expr {
            OrderExpr::Column(expr) => match super::aggregate::grouped_position(plan, expr) {
                Some(position) => {
                    sql.integer(position);
                }
                None => column_expr(sql, &plan.alias, expr),
            },
            OrderExpr::Related { .. } => {
                sql.ident(&order_alias(plan, position)).push(".pgrst_order");
            }
        }
        match item.direction {
            Some(OrderDirection::Asc) => {
                sql.push(" ASC");
            }
            Some(OrderDirection::Desc) => {
                sql.push(" DESC");
            }
            None => {}
        }
        match item.nulls {
            Some(NullsOrder::First) => {
                sql.push(" NULLS FIRST");
            }
            Some(NullsOrder::Last) => {
                sql.push(" NULLS LAST");
            }
            None => {}
        }
    });
}

fn limit(sql: &mut Sql, range: RowRange) {
    if let Some(limit) = range.limit {
        sql.push(" LIMIT ").integer(limit);
    }
    if range.offset > 0 {
        sql.push(" OFFSET ").integer(range.offset);
    }
}
