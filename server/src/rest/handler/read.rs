//! GET and HEAD of a table or view, and the read half of RPC: plan, one read-only query, and
//! the status and `Content-Range` PostgREST computes.

use http::StatusCode;

use super::context::RestContext;
use super::respond::{Reply, body_kind, content_location, single_element, singular_error};
use super::run::RequestTx;
use crate::error::ApiError;
use crate::rest::plan::ReadPlan;
use crate::rest::plan::read::ReadPlanner;
use crate::rest::request::QueryParams;
use crate::rest::request::prefer::CountPreference;
use crate::rest::response::content_range::{content_range, read_status};
use crate::rest::sql::{Body, read::filtered_rows, read::read_statement};
use crate::schema_cache::model::Relation;
use crate::state::AppState;

/// The plan of a read of `relation`: the query's select, filters, order and paging, the
/// root narrowed by `Range` and the row cap.
pub fn plan(
    state: &AppState,
    context: &RestContext,
    relation: &Relation,
    params: &QueryParams,
) -> Result<ReadPlan, ApiError> {
    ReadPlanner::new(&context.cache, &context.schema)
        .with_aggregates(state.aggregates.enabled)
        .with_page(context.page)
        .plan_relation(relation, params)
}

pub async fn read(
    state: &AppState,
    context: &RestContext,
    relation: &Relation,
    plan: ReadPlan,
) -> Result<Reply, ApiError> {
    if let Some(reply) = super::media_handler::reply(state, context, &plan, &relation.name, true).await {
        return reply;
    }
    if context.unacceptable {
        return Err(context.negotiation_error(state));
    }
    run_read(state, context, &plan, true, Shape::Rows, None).await
}

/// How a read's rows are returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// An array (or the single object the client asked for).
    Rows,
    /// A function returning one composite: the object itself.
    OneObject,
}

/// Runs a planned read in a transaction (`read_only` unless a volatile function is called);
/// more rows than `max_affected` (a function's `Prefer: max-affected`) undo it: 400 PGRST124.
pub async fn run_read(
    state: &AppState,
    context: &RestContext,
    plan: &ReadPlan,
    read_only: bool,
    shape: Shape,
    max_affected: Option<u64>,
) -> Result<Reply, ApiError> {
    let count = context.preferences.count;
    let head = context.is_head();
    let body = match shape {
        Shape::OneObject if !context.singular() && !head => Body::FirstObject,
        _ => body_kind(context.media, head),
    };
    let statement = read_statement(plan, count == Some(CountPreference::Exact), body);
    if let Some(explained) = context.plan {
        return Box::pin(super::explain::reply(state, context, explained, &statement, read_only)).await;
    }

    // A read-only transaction commits or rolls back alike, so COMMIT rides with the query
    // unless a count query follows (or a volatile call's single-object check may undo it).
    let more = matches!(count, Some(CountPreference::Planned | CountPreference::Estimated));
    let last = !more && (read_only || !(context.singular() || max_affected.is_some()));
    let mut tx = RequestTx::begin(state, context, read_only).await?;
    if state.aggregates.enabled
        && let Some(timeout) = state.aggregates.timeout
        && crate::rest::plan::aggregate::uses_aggregates(plan)
    {
        tx.lower_statement_timeout(timeout).await?;
    }
    let outcome = tx.fetch_then(&statement, last).await?;
    let total = match count {
        Some(CountPreference::Exact) => outcome.total,
        Some(CountPreference::Planned) => Some(tx.planned_rows(&filtered_rows(plan)).await?),
        Some(CountPreference::Estimated) => {
            let planned = tx.planned_rows(&filtered_rows(plan)).await?;
            let cap = context.page.max_rows.map_or(i64::MAX, |m| i64::try_from(m).unwrap_or(i64::MAX));
            if planned > cap {
                Some(planned)
            } else {
                let exact = read_statement(plan, true, Body::None);
                tx.fetch(&exact).await?.total
            }
        }
        None => None,
    };
    if context.singular() && outcome.page != 1 {
        tx.rollback().await;
        return Err(singular_error(outcome.page));
    }
    if let Some(error) = max_affected.and_then(|max| super::rpc::exceeded(max, outcome.page)) {
        tx.rollback().await;
        return Err(error);
    }
    tx.commit().await?;

    let offset = plan.range.offset;
    let returned = u64::try_from(outcome.page).unwrap_or(0);
    let total = total.map(|t| u64::try_from(t).unwrap_or(0));
    let status = if shape == Shape::OneObject { StatusCode::OK } else { read_status(offset, returned, total)? };
    let mut reply = Reply::new(status).for_context(context);
    reply.content_range = Some(content_range(offset, returned, total));
    reply.content_location = Some(content_location(context));
    if !head && let Some(text) = outcome.body {
        let text = if context.singular() { single_element(&text) } else { text };
        reply.body = Some((text, context.media.content_type()));
    }
    Ok(reply)
}
