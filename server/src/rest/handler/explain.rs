//! `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=…` (PostgREST's
//! execution plan media type, behind `DB_PLAN_ENABLED`): the EXPLAIN of the statement the
//! request would run for the `for` media type, instead of its result. The transaction always
//! rolls back, so `options=analyze` on a write keeps nothing.

use http::StatusCode;

use super::context::RestContext;
use super::respond::Reply;
use super::run::RequestTx;
use crate::error::ApiError;
use crate::rest::request::media::PlanRequest;
use crate::rest::sql::Sql;
use crate::state::AppState;

/// Explains `statement` in a transaction like the one that would run it, then rolls back.
pub async fn reply(
    state: &AppState,
    context: &RestContext,
    plan: PlanRequest,
    statement: &Sql,
    read_only: bool,
) -> Result<Reply, ApiError> {
    let mut tx = RequestTx::begin(state, context, read_only).await?;
    let text = tx.explain(statement, &plan.explain_options()).await?;
    tx.rollback().await;
    let mut reply = Reply::new(StatusCode::OK).for_context(context);
    reply.body = Some((text, plan.content_type()));
    Ok(reply)
}
