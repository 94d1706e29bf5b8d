//! PostgREST's media type handlers for rows: an aggregate taking a relation's row type and
//! returning a domain named like a media type (`create aggregate ics(events) (…, stype =
//! "text/calendar")`) serves a read of that relation (`GET /events?…`, or `/rpc/f` of a function
//! returning `setof events`) when `Accept` names its type: the body is the aggregate over the
//! selected rows, in that `Content-Type`. Filters, order and paging apply as for JSON.

use http::StatusCode;

use super::context::RestContext;
use super::respond::{Reply, content_location};
use super::run::RequestTx;
use crate::error::{ApiError, ErrorKind};
use crate::rest::plan::ReadPlan;
use crate::rest::request::media::names_handler;
use crate::rest::sql::read::handler_read_statement;
use crate::schema_cache::model::QualifiedName;
use crate::state::AppState;

/// The reply of a handler aggregate for `row_type`'s rows when `Accept` names one (`None`
/// otherwise: the engine's own types answer, or 406 when they cannot).
pub async fn reply(
    state: &AppState,
    context: &RestContext,
    plan: &ReadPlan,
    row_type: &QualifiedName,
    read_only: bool,
) -> Option<Result<Reply, ApiError>> {
    if context.plan.is_some() {
        return None;
    }
    let chosen = context
        .cache
        .aggregate_handlers
        .get(row_type)?
        .iter()
        .find(|h| names_handler(context.accept.as_deref(), &h.handler.media_type))?;
    let statement = handler_read_statement(plan, &chosen.aggregate, row_type, chosen.handler.binary, context.is_head());
    let run = async {
        let mut tx = RequestTx::begin(state, context, read_only).await?;
        let outcome = tx.fetch_then(&statement, true).await?;
        tx.commit().await?;
        let body = outcome.body.unwrap_or_default();
        let bytes = if chosen.handler.binary {
            hex::decode(&body).map_err(|_| ApiError::new(ErrorKind::Internal))?
        } else {
            body.into_bytes()
        };
        let mut reply = Reply::new(StatusCode::OK).for_context(context);
        reply.content_location = Some(content_location(context));
        reply.raw = Some((bytes, chosen.handler.media_type.clone()));
        Ok(reply)
    };
    Some(run.await)
}
