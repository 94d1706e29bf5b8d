//! `/rpc/{function}`: POST with a JSON object of named arguments, GET/HEAD with query
//! arguments. Row results take every read modifier; values come back bare.

use http::{Method, StatusCode};
use serde_json::Value;

use super::context::RestContext;
use super::read::{Shape, run_read};
use super::respond::{Reply, content_location, single_element, singular_error};
use super::run::RequestTx;
use crate::error::{ApiError, ErrorKind};
use crate::rest::plan::call::{arguments_object, is_argument_name, plan_call};
use crate::rest::plan::read::ReadPlanner;
use crate::rest::plan::{CallPlan, CallShape, ReadPlan, Source};
use crate::rest::request::media::{RpcPayload, names_handler, picks_handler};
use crate::rest::request::prefer::Handling;
use crate::rest::request::rpc::parse_rpc_get;
use crate::rest::request::{QueryParams, RowRange};
use crate::rest::response::content_range::{content_range, read_status};
use crate::rest::sql::call::{handler_statement, scalar_statement, void_statement};
use crate::state::AppState;

/// A call's parsed request and its plan: the function's overload and arguments, and for a
/// function returning rows the read over them, or for a set of values its page (the root's
/// `limit`/`offset` within `Range` and the row cap).
pub struct CallRequest {
    pub plan: CallPlan,
    pub rows: Option<ReadPlan>,
    pub range: RowRange,
}

/// The request and plan stages of a call: the arguments (from the query or the body), the rest
/// of the query, the overload they pick and what reads its result.
pub fn plan(
    state: &AppState,
    context: &RestContext,
    name: &str,
    body: &[u8],
    payload: RpcPayload,
) -> Result<CallRequest, ApiError> {
    let cache = &context.cache;
    let schema = context.schema.as_str();
    let utf8 = || std::str::from_utf8(body).map_err(|_| invalid_body("The body is not UTF-8"));
    let (arguments, raw, params) = match payload {
        RpcPayload::Query => {
            let split = parse_rpc_get(&context.pairs, |arg| is_argument_name(cache, schema, name, arg))?;
            let arguments = arguments_object(&split.arguments);
            let raw = arguments.to_string();
            (arguments, raw, split.query)
        }
        RpcPayload::Json => {
            let text = utf8()?;
            let arguments: Value = if text.trim().is_empty() {
                Value::Object(Default::default())
            } else {
                serde_json::from_str(text).map_err(|e| invalid_body(&e.to_string()))?
            };
            (arguments, text.to_owned(), QueryParams::parse(&context.pairs)?)
        }
        // A raw body is the value of the function's single unnamed parameter, as sent.
        RpcPayload::Text | RpcPayload::Xml => {
            (Value::Object(Default::default()), utf8()?.to_owned(), QueryParams::parse(&context.pairs)?)
        }
        RpcPayload::Bytes => {
            let hex = format!("\\x{}", hex::encode(body));
            (Value::Object(Default::default()), hex, QueryParams::parse(&context.pairs)?)
        }
    };
    let plan = plan_call(cache, schema, name, &arguments, &raw, payload)?;
    let (rows, range) = match plan.shape.clone() {
        CallShape::Rows { set, relation, columns } => {
            let mut planner = ReadPlanner::new(cache, schema).with_aggregates(state.aggregates.enabled);
            if set {
                planner = planner.with_page(context.page);
            }
            let alias = plan.function.name.clone();
            let source = Source::Call(Box::new(plan.clone()));
            (Some(planner.plan(source, alias, relation, columns, &params)?), RowRange::ALL)
        }
        CallShape::Scalar { set: true } => {
            let paging = params.paging_at(&[]);
            (None, context.page.narrow(RowRange::from_paging(paging.limit, paging.offset))?)
        }
        CallShape::Void | CallShape::Scalar { set: false } => (None, RowRange::ALL),
    };
    Ok(CallRequest { plan, rows, range })
}

/// Runs a planned call: a void, a value (or a set of them, or a media type handler's body),
/// or rows through [`run_read`].
pub async fn call(
    state: &AppState,
    context: &RestContext,
    name: &str,
    request: CallRequest,
) -> Result<Reply, ApiError> {
    let CallRequest { plan, rows: read, range } = request;
    let cache = &context.cache;
    let post = context.method == Method::POST;
    let handler = plan
        .media_handler
        .clone()
        .filter(|h| context.plan.is_none() && picks_handler(context.accept.as_deref(), &h.media_type));
    // Rows a handler aggregate serves in the wanted type (answered by `run_read`'s caller).
    let rows_handled = match &plan.shape {
        CallShape::Rows { set: true, relation: Some(rows), .. } => cache
            .aggregate_handlers
            .get(rows)
            .is_some_and(|all| all.iter().any(|h| names_handler(context.accept.as_deref(), &h.handler.media_type))),
        _ => false,
    };
    if handler.is_none() && !rows_handled && context.unacceptable {
        return Err(context.negotiation_error(state));
    }
    let read_only = !(post && plan.is_volatile());
    let max_affected = strict_max_affected(context, &plan.shape)?;
    if !read_only {
        crate::http::anon_writes::check(state, context, name, None).await?;
    }

    match plan.shape.clone() {
        CallShape::Void => {
            if let Some(explained) = context.plan {
                return Box::pin(super::explain::reply(state, context, explained, &void_statement(&plan), read_only))
                    .await;
            }
            let mut tx = RequestTx::begin(state, context, read_only).await?;
            tx.fetch_then(&void_statement(&plan), true).await?;
            tx.commit().await?;
            Ok(Reply::new(StatusCode::NO_CONTENT).for_context(context))
        }
        CallShape::Scalar { set: false } if let Some(handler) = handler => {
            let mut tx = RequestTx::begin(state, context, read_only).await?;
            let outcome = tx.fetch_then(&handler_statement(&plan, handler.binary, context.is_head()), true).await?;
            tx.commit().await?;
            let mut reply = Reply::new(StatusCode::OK).for_context(context);
            reply.content_location = Some(content_location(context));
            let body = outcome.body.unwrap_or_default();
            let bytes = if handler.binary {
                hex::decode(&body).map_err(|_| ApiError::new(ErrorKind::Internal))?
            } else {
                body.into_bytes()
            };
            reply.raw = Some((bytes, handler.media_type));
            Ok(reply)
        }
        CallShape::Scalar { set } => {
            let last = read_only || !(set && (context.singular() || max_affected.is_some()));
            // A function's row estimate is its declared ROWS, not a count: planned and
            // estimated counts of a set of values are exact (docs/rest.md).
            let count = set && context.preferences.count.is_some();
            let statement = scalar_statement(&plan, set, range, context.is_head(), count);
            if let Some(explained) = context.plan {
                return Box::pin(super::explain::reply(state, context, explained, &statement, read_only)).await;
            }
            let mut tx = RequestTx::begin(state, context, read_only).await?;
            let outcome = tx.fetch_then(&statement, last).await?;
            if set && context.singular() && outcome.page != 1 {
                tx.rollback().await;
                return Err(singular_error(outcome.page));
            }
            if let Some(error) = max_affected.and_then(|max| exceeded(max, outcome.page)) {
                tx.rollback().await;
                return Err(error);
            }
            tx.commit().await?;
            let returned = u64::try_from(outcome.page).unwrap_or(0);
            let total = outcome.total.map(|t| u64::try_from(t).unwrap_or(0));
            let status = if set { read_status(range.offset, returned, total)? } else { StatusCode::OK };
            let mut reply = Reply::new(status).for_context(context);
            reply.content_range = Some(if set {
                content_range(range.offset, returned, total)
            } else {
                // One value: counted, it is one row (PostgREST's `0-0/1`).
                content_range(0, 1, context.preferences.count.is_some().then_some(1))
            });
            reply.content_location = Some(content_location(context));
            if let Some(text) = outcome.body {
                let text = if set && context.singular() { single_element(&text) } else { text };
                reply.body = Some((text, context.media.content_type()));
            }
            Ok(reply)
        }
        CallShape::Rows { set, relation: rows, .. } => {
            let read = read.ok_or_else(|| ApiError::new(ErrorKind::Internal))?;
            if set
                && let Some(rows) = rows
                && let Some(reply) = super::media_handler::reply(state, context, &read, &rows, read_only).await
            {
                return reply;
            }
            let shape = if set { Shape::Rows } else { Shape::OneObject };
            run_read(state, context, &read, read_only, shape, max_affected).await
        }
    }
}

/// `Prefer: handling=strict, max-affected=N`: the cap on the rows a function returns, which
/// only a set-returning function can have (400 PGRST128 otherwise, before it runs).
fn strict_max_affected(context: &RestContext, shape: &CallShape) -> Result<Option<u64>, ApiError> {
    let prefs = &context.preferences;
    let Some(max) = prefs.max_affected.filter(|_| prefs.handling == Some(Handling::Strict)) else {
        return Ok(None);
    };
    match shape {
        CallShape::Scalar { set: true } | CallShape::Rows { set: true, .. } => Ok(Some(max)),
        _ => Err(ApiError::custom(
            StatusCode::BAD_REQUEST,
            "PGRST128",
            "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
        )),
    }
}

/// 400 PGRST124 when `rows` is over `max`.
pub fn exceeded(max: u64, rows: i64) -> Option<ApiError> {
    (u64::try_from(rows).unwrap_or(0) > max)
        .then(|| ApiError::new(ErrorKind::MaxAffectedExceeded).with_details(format!("The query affects {rows} rows")))
}

fn invalid_body(details: &str) -> ApiError {
    ApiError::new(ErrorKind::InvalidBody).with_details(details.to_owned())
}
