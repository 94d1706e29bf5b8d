//! Stage four: the HTTP handlers of `/rest/v1`. The two entry points here take the request
//! through PostgREST's stages without a connection: the request ([`RestContext`], then the
//! query parsed into [`QueryParams`]) and the plan (the relation's read plan, or the call's),
//! root range and row cap included. Each verb's handler receives them, runs the built SQL in
//! one transaction ([`run`]) and shapes the response ([`respond`]).

pub(crate) mod context;
mod explain;
mod extract;
mod media_handler;
mod read;
mod respond;
mod rpc;
mod run;
mod write;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, Method, StatusCode, Uri, header};

use crate::error::{ApiError, ErrorKind};
use crate::http::anon_writes;
use crate::http::rate_limit::rows_in_body;
use crate::rest::request::QueryParams;
use crate::schema_cache::model::Relation;
use crate::state::AppState;
use context::{Negotiation, RestContext};
pub use extract::RestRequest;
use write::Planned;

/// `/rest/v1/{relation}`: every verb of a table or view.
pub async fn relation(State(state): State<AppState>, request: RestRequest) -> Response {
    let RestRequest { name, method, uri, headers, client, body } = request;
    if method == Method::OPTIONS {
        return allow("OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE");
    }
    let result = async {
        // A read may be served by a media type handler aggregate: 406 is decided by `read`.
        let negotiation = match method {
            Method::GET | Method::HEAD => Negotiation::WithHandlers,
            _ => Negotiation::Engine,
        };
        let mut context = RestContext::new(&state, method.clone(), &headers, uri.path(), uri.query(), negotiation)?;
        context.client = client;
        if matches!(method, Method::POST | Method::PATCH | Method::PUT) {
            check_body_type(&headers)?;
        }
        if matches!(method, Method::POST | Method::PATCH | Method::PUT | Method::DELETE) {
            let rows = matches!(method, Method::POST | Method::PUT).then(|| rows_in_body(&body));
            Box::pin(anon_writes::check(&state, &context, &name, rows)).await?;
        }
        if !matches!(method, Method::GET | Method::HEAD | Method::POST | Method::PATCH | Method::PUT | Method::DELETE) {
            return Err(ApiError::method_not_allowed());
        }
        // The request's query, then the plan of each verb: all checked before a connection.
        let relation = find_relation(&context, &name)?;
        let params = QueryParams::parse(&context.pairs)?;
        // Each verb's future is boxed: inline, the handler's future would be as large as the
        // largest of them (kilobytes), and axum and tower move it several times per request.
        match method {
            Method::GET | Method::HEAD => {
                let plan = read::plan(&state, &context, relation, &params)?;
                Box::pin(read::read(&state, &context, relation, plan)).await
            }
            Method::POST => {
                let planned = Planned::new(&context, relation, &params, &body)?;
                Box::pin(write::insert(&state, &context, planned)).await
            }
            Method::PATCH => {
                let planned = Planned::new(&context, relation, &params, &body)?;
                Box::pin(write::update(&state, &context, planned)).await
            }
            Method::PUT => {
                let key = write::put_key(relation, &params)?;
                let planned = Planned::new(&context, relation, &params, &body)?;
                Box::pin(write::put(&state, &context, planned, &key)).await
            }
            Method::DELETE => {
                let planned = Planned::new(&context, relation, &params, &body)?;
                Box::pin(write::delete(&state, &context, planned)).await
            }
            _ => Err(ApiError::method_not_allowed()),
        }
    }
    .await;
    match result {
        Ok(reply) => reply.into_response(),
        Err(error) => error.into_response(),
    }
}

/// `/rest/v1/rpc/{function}`: GET, HEAD and POST.
pub async fn function(State(state): State<AppState>, request: RestRequest) -> Response {
    let RestRequest { name, method, uri, headers, client, body } = request;
    if method == Method::OPTIONS {
        return allow("OPTIONS,GET,HEAD,POST");
    }
    let result = async {
        if !matches!(method, Method::GET | Method::HEAD | Method::POST) {
            return Err(
                ApiError::new(ErrorKind::RpcMethod).with_message(format!("Cannot use the {method} method on RPC"))
            );
        }
        let mut context =
            RestContext::new(&state, method.clone(), &headers, uri.path(), uri.query(), Negotiation::WithHandlers)?;
        context.client = client;
        let payload = if method == Method::POST {
            let content_type = headers.get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap_or("(not text)"));
            crate::rest::request::media::rpc_payload(content_type)?
        } else {
            crate::rest::request::media::RpcPayload::Query
        };
        let request = rpc::plan(&state, &context, &name, &body, payload)?;
        Box::pin(rpc::call(&state, &context, &name, request)).await
    }
    .await;
    match result {
        Ok(reply) => reply.into_response(),
        Err(error) => error.into_response(),
    }
}

/// `/rest/v1/`: the OpenAPI description of what the caller's role can reach.
pub async fn root(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let result =
        RestContext::new(&state, method, &headers, uri.path(), uri.query(), Negotiation::Engine).map(|context| {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
            let scheme = headers.get("x-forwarded-proto").and_then(|h| h.to_str().ok()).unwrap_or("http");
            let document = crate::rest::openapi::document(
                &context.cache,
                context.caller.role.as_str(),
                &context.schema,
                &format!("{scheme}://{host}"),
            );
            let mut response = axum::Json(document).into_response();
            if let Ok(value) = http::HeaderValue::from_str("application/openapi+json; charset=utf-8") {
                response.headers_mut().insert(header::CONTENT_TYPE, value);
            }
            response
        });
    result.unwrap_or_else(IntoResponse::into_response)
}

fn check_body_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let content_type = headers.get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap_or("(not text)"));
    crate::rest::request::media::check_body_type(content_type)
}

fn allow(verbs: &'static str) -> Response {
    (StatusCode::OK, [(header::ALLOW, verbs)]).into_response()
}

/// The table or view `name` of the request's schema, or 404 PGRST205 with a suggestion.
fn find_relation<'c>(context: &'c RestContext, name: &str) -> Result<&'c Relation, ApiError> {
    if let Some(relation) = context.cache.relation(&context.schema, name) {
        return Ok(relation);
    }
    let error = ApiError::new(ErrorKind::TableNotFound)
        .with_message(format!("Could not find the table '{}.{name}' in the schema cache", context.schema));
    Err(crate::rest::suggest::with_hint(error, crate::rest::suggest::table_hint(&context.cache, &context.schema, name)))
}

#[cfg(test)]
mod future_sizes {
    //! The handlers' futures stay small: axum and tower move them several times per request,
    //! and a future is as large as the largest future it awaits inline (measured at 8.9 KB
    //! before the verbs' futures, connecting and the pipelined exchange were boxed).

    fn of2<A, B, Fut>(_: fn(A, B) -> Fut) -> usize {
        std::mem::size_of::<Fut>()
    }

    fn of1<A, Fut>(_: fn(A) -> Fut) -> usize {
        std::mem::size_of::<Fut>()
    }

    fn of5<A, B, C, D, E, Fut>(_: fn(A, B, C, D, E) -> Fut) -> usize {
        std::mem::size_of::<Fut>()
    }

    #[test]
    fn the_rest_handlers_futures_stay_small() {
        assert!(of2(super::relation) <= 1536, "relation: {} bytes", of2(super::relation));
        assert!(of2(super::function) <= 1536, "function: {} bytes", of2(super::function));
    }

    #[test]
    fn a_checkout_and_a_statement_do_not_carry_their_rare_or_large_parts_inline() {
        let checkout = of1(crate::db::request_connections::RequestConnections::checkout);
        assert!(checkout <= 512, "checkout: {checkout} bytes");
        let run = of5(crate::db::request_tx::RequestTransaction::run_then);
        assert!(run <= 256, "run_then: {run} bytes");
    }
}
