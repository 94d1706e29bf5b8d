//! Writes to what visitors may write: at most `ANON_WRITE_MAX_ROWS` rows per request (413
//! `too_many_rows`) and `ANON_WRITE_RATE_LIMIT` writes per table (or function) and window (429
//! `over_request_rate_limit` with `Retry-After`), counted in `auth.rate_limits` so every replica
//! shares them.
//!
//! A visitor is counted by client address. Sign-up is open, so a signed-in account is no
//! scarcer than an address: on a table or function visitors may write too (the `anon` role holds
//! a write privilege on it), a signed-in user meets the same caps, counted by account (never by
//! address: a hall full of members on one Wi-Fi, or one carrier's shared address, are many
//! accounts). Elsewhere signed-in users and the service role are not limited here.

use axum::http::StatusCode;

use super::rate_limit::{too_many_requests, window_seconds};
use crate::auth::caller::{ApiRole, Caller};
use crate::auth::store::limits;
use crate::auth::store::tx::AuthTx;
use crate::db::service_tx::DbError;
use crate::error::{ApiError, ErrorKind};
use crate::rest::handler::context::RestContext;
use crate::schema_cache::model::Action;
use crate::state::AppState;

/// Whose writes a limit counts.
enum Writer {
    Visitor(Option<std::net::IpAddr>),
    Account(String),
}

/// Checks one REST write of the request's caller to `target` (a relation or function);
/// `rows` when the body's rows are known.
pub async fn check(state: &AppState, context: &RestContext, target: &str, rows: Option<usize>) -> Result<(), ApiError> {
    let limits = WriteLimits { rate_limits: &state.rate_limits, connections: &state.connections };
    check_for(&limits, &context.caller, context.client, open_to_visitors(context, target), target, rows).await
}

/// The budgets of anonymous writes, and the connections their counters are kept on.
pub struct WriteLimits<'a> {
    pub rate_limits: &'a crate::http::rate_limit::RateLimits,
    pub connections: &'a crate::db::request_connections::RequestConnections,
}

/// Checks one write of `caller` (from `client`) to `target`, which visitors may write too when
/// `open_to_visitors`.
pub async fn check_for(
    state: &WriteLimits<'_>,
    caller: &Caller,
    client: Option<std::net::IpAddr>,
    open_to_visitors: bool,
    target: &str,
    rows: Option<usize>,
) -> Result<(), ApiError> {
    let writer = match caller.role {
        ApiRole::Anon => Writer::Visitor(client),
        ApiRole::Authenticated if open_to_visitors => match caller.subject() {
            Some(account) => Writer::Account(account.to_owned()),
            None => Writer::Visitor(client),
        },
        _ => return Ok(()),
    };
    if let (Some(max), Some(rows)) = (state.rate_limits.anon_write_max_rows, rows)
        && rows > max
    {
        let message = match writer {
            Writer::Visitor(_) => format!("An anonymous request may write at most {max} rows (this one has {rows})"),
            Writer::Account(_) => {
                format!(
                    "A request may write at most {max} rows to {target}, which visitors write too (this one has {rows})"
                )
            }
        };
        return Err(ApiError::custom(StatusCode::PAYLOAD_TOO_LARGE, "too_many_rows", message)
            .with_hint("Send the rows in several requests"));
    }
    let Some(limit) = state.rate_limits.anon_write_limit(target) else { return Ok(()) };
    let (key, from) = match &writer {
        Writer::Visitor(Some(ip)) => {
            (format!("anon-write:{target}:{ip}"), "anonymous writes to {target} from this address")
        }
        Writer::Visitor(None) => return Ok(()),
        Writer::Account(account) => (format!("user-write:{target}:{account}"), "writes to {target} from this account"),
    };
    let mut tx = AuthTx::begin(state.connections).await.map_err(unavailable)?;
    let counted = limits::hit(&mut tx, &key, limit.hits, limit.window).await;
    let counted = counted.map_err(unavailable)?;
    tx.commit().await.map_err(unavailable)?;
    counted.map_err(|retry_after| {
        let message = format!(
            "Too many {} (at most {} in {} s)",
            from.replace("{target}", target),
            limit.hits,
            window_seconds(limit)
        );
        too_many_requests(retry_after, message)
    })
}

/// Whether visitors may write `target` too: the `anon` role may insert, update or delete the
/// relation, or execute a function of that name.
fn open_to_visitors(context: &RestContext, target: &str) -> bool {
    let cache = &context.cache;
    let relation = cache
        .relation(&context.schema, target)
        .is_some_and(|r| [Action::Insert, Action::Update, Action::Delete].into_iter().any(|a| r.allows("anon", a)));
    relation || cache.functions_named(&context.schema, target).iter().any(|f| f.allows("anon", Action::Execute))
}

fn unavailable(error: DbError) -> ApiError {
    ApiError::new(ErrorKind::DatabaseUnavailable).with_cause(error)
}
