//! POST (insert, upsert), PATCH, PUT and DELETE.

use http::StatusCode;
use serde_json::Value;

use super::context::RestContext;
use super::respond::{Reply, body_kind, single_element, singular_error};
use super::run::RequestTx;
use crate::error::{ApiError, ErrorKind};
use crate::rest::plan::mutate::column_not_found;
use crate::rest::plan::read::ReadPlanner;
use crate::rest::plan::{
    Condition, ConflictAction, InsertPlan, MutatePlan, Payload, Projection, ReadPlan, Source, UpdatePlan,
};
use crate::rest::request::prefer::{Handling, MissingPreference, Resolution, ReturnPreference};
use crate::rest::request::{Operation, Operator, QueryParams, RowRange};
use crate::rest::response::content_range::content_range;
use crate::rest::sql::mutate::{minimal_statement, representation_statement};
use crate::schema_cache::model::Relation;
use crate::state::AppState;

/// Which write, for statuses and headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verb {
    Insert { merge: bool },
    Update,
    Put,
    Delete,
}

/// A write's parsed request and its plan: the relation, the query, the body, and the read plan
/// over the rows it touches (its root conditions are the write's WHERE, the rest shapes the
/// representation).
pub struct Planned<'r> {
    pub relation: &'r Relation,
    pub params: &'r QueryParams,
    pub body: &'r [u8],
    pub plan: ReadPlan,
}

impl<'r> Planned<'r> {
    pub fn new(
        context: &RestContext,
        relation: &'r Relation,
        params: &'r QueryParams,
        body: &'r [u8],
    ) -> Result<Self, ApiError> {
        let plan = ReadPlanner::new(&context.cache, &context.schema).plan_relation(relation, params)?;
        Ok(Self { relation, params, body, plan })
    }
}

pub async fn insert(state: &AppState, context: &RestContext, planned: Planned<'_>) -> Result<Reply, ApiError> {
    let Planned { relation, params, body, plan } = planned;
    let payload = Payload::parse(body, params.columns.as_deref(), &plan.columns)?;
    let prefs = &context.preferences;
    let on_conflict = match prefs.resolution {
        None => None,
        Some(resolution) => {
            let target = params.on_conflict.clone().unwrap_or_else(|| relation.primary_key.clone());
            if target.is_empty() {
                return Err(ApiError::new(ErrorKind::BadRequest).with_message(format!(
                    "'{}' has no primary key: give the conflict target with on_conflict",
                    relation.name.name
                )));
            }
            if let Some(missing) = target.iter().find(|c| !plan.columns.contains(c)) {
                return Err(column_not_found(missing, &relation.name.name));
            }
            let action =
                if resolution == Resolution::MergeDuplicates { ConflictAction::Merge } else { ConflictAction::Ignore };
            Some((target, action))
        }
    };
    let defaults = (prefs.missing == Some(MissingPreference::Default))
        .then(|| payload.columns.iter().map(|c| plan.columns.default_of(c).map(str::to_owned)).collect());
    let merge = on_conflict.as_ref().is_some_and(|(_, action)| *action == ConflictAction::Merge);
    let write = MutatePlan::Insert(InsertPlan {
        target: relation.name.clone(),
        alias: "pgrst_target".into(),
        payload,
        defaults,
        on_conflict,
    });
    respond(state, context, relation, write, plan, Verb::Insert { merge }).await
}

pub async fn update(state: &AppState, context: &RestContext, planned: Planned<'_>) -> Result<Reply, ApiError> {
    let Planned { relation, params, body, plan } = planned;
    let conditions = where_conditions(&plan, params, "UPDATE")?;
    let payload = Payload::parse(body, params.columns.as_deref(), &plan.columns)?;
    if !payload.single_object {
        return Err(ApiError::new(ErrorKind::InvalidBody).with_details("PATCH takes a single JSON object"));
    }
    if payload.columns.is_empty() {
        // Nothing to set: nothing changes, as in PostgREST.
        let mut reply = Reply::new(StatusCode::NO_CONTENT).for_context(context);
        reply.content_range = Some("*/*".into());
        if context.preferences.return_ == Some(ReturnPreference::Representation) {
            reply.status = StatusCode::OK;
            reply.body = Some(("[]".into(), context.media.content_type()));
        }
        return Ok(reply);
    }
    let write = MutatePlan::Update(UpdatePlan {
        target: relation.name.clone(),
        alias: "pgrst_target".into(),
        payload,
        conditions,
    });
    respond(state, context, relation, write, plan, Verb::Update).await
}

pub async fn delete(state: &AppState, context: &RestContext, planned: Planned<'_>) -> Result<Reply, ApiError> {
    let Planned { relation, params, plan, .. } = planned;
    let conditions = where_conditions(&plan, params, "DELETE")?;
    let write = MutatePlan::Delete { target: relation.name.clone(), alias: "pgrst_target".into(), conditions };
    respond(state, context, relation, write, plan, Verb::Delete).await
}

/// PUT's key: the values of the root `eq` filters, which must name the whole primary key and
/// nothing else (checked before planning, as PostgREST does).
pub fn put_key<'p>(relation: &Relation, params: &'p QueryParams) -> Result<Vec<(&'p str, &'p str)>, ApiError> {
    if params.paging_at(&[]) != Default::default() {
        return Err(ApiError::new(ErrorKind::PutLimit));
    }
    let pk = &relation.primary_key;
    let root_filters: Vec<_> = params.filters.iter().filter(|(p, _)| p.is_empty()).map(|(_, f)| f).collect();
    let key_values: Vec<(&str, &str)> = root_filters
        .iter()
        .filter_map(|f| match &f.expr.operation {
            Operation::Compare { op: Operator::Eq, quantifier: None, value }
                if !f.expr.negated && f.field.json_path.is_empty() =>
            {
                Some((f.field.name.as_str(), value.as_str()))
            }
            _ => None,
        })
        .collect();
    let exact_key = !pk.is_empty()
        && key_values.len() == root_filters.len()
        && key_values.len() == pk.len()
        && pk.iter().all(|c| key_values.iter().any(|(k, _)| k == c))
        && params.logic.iter().all(|(p, _)| !p.is_empty());
    if !exact_key {
        return Err(ApiError::new(ErrorKind::PutFilters));
    }
    Ok(key_values)
}

/// PUT: a single-row upsert addressed by the whole primary key ([`put_key`]).
pub async fn put(
    state: &AppState,
    context: &RestContext,
    planned: Planned<'_>,
    key_values: &[(&str, &str)],
) -> Result<Reply, ApiError> {
    let Planned { relation, params, body, plan } = planned;
    let pk = &relation.primary_key;
    let payload = Payload::parse(body, params.columns.as_deref(), &plan.columns)?;
    let object: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let matches = payload.single_object
        && key_values.iter().all(|(column, value)| match object.get(*column) {
            Some(Value::String(s)) => s == value,
            Some(Value::Null) | None => false,
            Some(other) => other.to_string().as_str() == *value,
        });
    if !matches {
        return Err(ApiError::new(ErrorKind::PutKeyMismatch));
    }
    let write = MutatePlan::Insert(InsertPlan {
        target: relation.name.clone(),
        alias: "pgrst_target".into(),
        payload,
        defaults: None,
        on_conflict: Some((pk.clone(), ConflictAction::Merge)),
    });
    respond(state, context, relation, write, plan, Verb::Put).await
}

/// The root filters as a WHERE clause; PATCH and DELETE without one are refused.
fn where_conditions(plan: &ReadPlan, params: &QueryParams, verb: &str) -> Result<Vec<Condition>, ApiError> {
    let filtered = params.filters.iter().any(|(p, _)| p.is_empty()) || params.logic.iter().any(|(p, _)| p.is_empty());
    if !filtered {
        return Err(ApiError::new(ErrorKind::MissingWhere)
            .with_message(format!("{verb} requires a WHERE clause"))
            .with_hint("Add a filter such as ?id=eq.1; to affect every row, use one that always holds, such as ?id=not.is.null"));
    }
    if plan.conditions.iter().any(|c| matches!(c, Condition::EmbedIsNull { .. })) {
        return Err(ApiError::new(ErrorKind::NotImplemented).with_message("Writes cannot filter on embedded resources"));
    }
    Ok(plan.conditions.clone())
}

async fn respond(
    state: &AppState,
    context: &RestContext,
    relation: &Relation,
    write: MutatePlan,
    mut plan: ReadPlan,
    verb: Verb,
) -> Result<Reply, ApiError> {
    let prefs = &context.preferences;
    let returning = prefs.return_.unwrap_or(ReturnPreference::Minimal);
    let headers_only = returning == ReturnPreference::HeadersOnly && matches!(verb, Verb::Insert { .. });
    let representation = returning == ReturnPreference::Representation;

    // The representation reads the written rows, not the table.
    plan.source = Source::Mutation;
    plan.conditions.clear();
    plan.range = RowRange::ALL;
    if headers_only {
        plan.select = relation
            .primary_key
            .iter()
            .map(|c| Projection::Column {
                expr: crate::rest::plan::ColumnExpr::plain(c.clone()),
                cast: None,
                output: c.clone(),
            })
            .collect();
        plan.embeds.clear();
        plan.order.clear();
    }

    if let Some(explained) = context.plan {
        let statement = if representation || headers_only {
            let kind = if headers_only { crate::rest::sql::Body::Json } else { body_kind(context.media, false) };
            representation_statement(&write, &plan, kind)
        } else {
            minimal_statement(&write)
        };
        return Box::pin(super::explain::reply(state, context, explained, &statement, false)).await;
    }

    // Without a check that could roll back, COMMIT rides with the write.
    let checked = context.singular()
        || (prefs.max_affected.is_some()
            && prefs.handling == Some(Handling::Strict)
            && matches!(verb, Verb::Update | Verb::Delete));
    let mut tx = RequestTx::begin(state, context, false).await?;
    let (affected, inserted, body) = if representation || headers_only {
        let kind = if headers_only { crate::rest::sql::Body::Json } else { body_kind(context.media, false) };
        let outcome = tx.fetch_then(&representation_statement(&write, &plan, kind), !checked).await?;
        (outcome.page, outcome.total, outcome.body)
    } else {
        let affected = tx.execute_then(&minimal_statement(&write), !checked).await?;
        (i64::try_from(affected).unwrap_or(i64::MAX), None, None)
    };
    if context.singular() && affected != 1 {
        tx.rollback().await;
        return Err(singular_error(affected));
    }
    if let Some(max) = prefs.max_affected
        && prefs.handling == Some(Handling::Strict)
        && matches!(verb, Verb::Update | Verb::Delete)
        && u64::try_from(affected).unwrap_or(0) > max
    {
        tx.rollback().await;
        return Err(
            ApiError::new(ErrorKind::MaxAffectedExceeded).with_details(format!("The query affects {affected} rows"))
        );
    }
    tx.commit().await?;

    let rows = u64::try_from(affected).unwrap_or(0);
    let counted = prefs.count.is_some().then_some(rows);
    let status = match verb {
        Verb::Insert { merge } if representation && merge && inserted == Some(0) && rows > 0 => StatusCode::OK,
        Verb::Insert { .. } => StatusCode::CREATED,
        _ if representation => StatusCode::OK,
        _ => StatusCode::NO_CONTENT,
    };
    let mut reply = Reply::new(status).for_context(context);
    reply.content_range = Some(match verb {
        Verb::Update | Verb::Put => content_range(0, rows, counted),
        _ => format!("*/{}", counted.map_or_else(|| "*".to_owned(), |c| c.to_string())),
    });
    if headers_only {
        reply.location = body.as_deref().and_then(|b| location(context, &relation.name.name, &relation.primary_key, b));
    } else if representation && let Some(text) = body {
        let text = if context.singular() { single_element(&text) } else { text };
        reply.body = Some((text, context.media.content_type()));
    }
    Ok(reply)
}

/// `Location: /rest/v1/table?pk=eq.value` for the first inserted row.
fn location(context: &RestContext, table: &str, pk: &[String], body: &str) -> Option<String> {
    let rows: Value = serde_json::from_str(body).ok()?;
    let row = rows.get(0)?;
    let base = context.path.rsplit_once('/').map_or("", |(base, _)| base);
    let filters: Vec<String> = pk
        .iter()
        .map(|column| {
            let value = match row.get(column) {
                Some(Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => "null".into(),
            };
            format!("{}=eq.{}", encode(column), encode(&value))
        })
        .collect();
    Some(format!("{base}/{table}?{}", filters.join("&")))
}

fn encode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
