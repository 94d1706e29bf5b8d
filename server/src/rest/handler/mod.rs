//! Stage four: the HTTP handlers of `/rest/v1`. Each parses and plans without a connection,
//! then runs the built SQL in one transaction ([`run`]) and shapes the response
//! ([`respond`]).

mod context;
mod explain;
mod read;
mod respond;
mod rpc;
mod run;
mod write;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, Method, StatusCode, Uri, header};

use crate::error::{ApiError, ErrorKind};
use crate::http::anon_writes;
use crate::http::rate_limit::{ClientAddress, rows_in_body};
use crate::schema_cache::model::Relation;
use crate::state::AppState;
use context::RestContext;

/// `/rest/v1/{relation}`: every verb of a table or view.
pub async fn relation(
    State(state): State<AppState>,
    Path(name): Path<String>,
    client: Option<Extension<ClientAddress>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if method == Method::OPTIONS {
        return allow("OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE");
    }
    let result = async {
        let mut context = RestContext::new(&state, method.clone(), &headers, uri.path(), uri.query())?;
        context.client = client.map(|Extension(ClientAddress(ip))| ip);
        if matches!(method, Method::POST | Method::PATCH | Method::PUT) {
            check_body_type(&headers)?;
        }
        if matches!(method, Method::POST | Method::PATCH | Method::PUT | Method::DELETE) {
            let rows = matches!(method, Method::POST | Method::PUT).then(|| rows_in_body(&body));
            anon_writes::check(&state, context.caller.role, context.client, &name, rows).await?;
        }
        match method {
            Method::GET | Method::HEAD => read::read(&state, &context, &name).await,
            Method::POST => write::insert(&state, &context, &name, &body).await,
            Method::PATCH => write::update(&state, &context, &name, &body).await,
            Method::PUT => write::put(&state, &context, &name, &body).await,
            Method::DELETE => write::delete(&state, &context, &name).await,
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
pub async fn function(
    State(state): State<AppState>,
    Path(name): Path<String>,
    client: Option<Extension<ClientAddress>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if method == Method::OPTIONS {
        return allow("OPTIONS,GET,HEAD,POST");
    }
    let result = async {
        if !matches!(method, Method::GET | Method::HEAD | Method::POST) {
            return Err(
                ApiError::new(ErrorKind::RpcMethod).with_message(format!("Cannot use the {method} method on RPC"))
            );
        }
        let mut context = RestContext::new(&state, method.clone(), &headers, uri.path(), uri.query())?;
        context.client = client.map(|Extension(ClientAddress(ip))| ip);
        let payload = if method == Method::POST {
            let content_type = headers.get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap_or("(not text)"));
            crate::rest::request::media::rpc_payload(content_type)?
        } else {
            crate::rest::request::media::RpcPayload::Query
        };
        rpc::call(&state, &context, &name, &body, payload).await
    }
    .await;
    match result {
        Ok(reply) => reply.into_response(),
        Err(error) => error.into_response(),
    }
}

/// `/rest/v1/`: the OpenAPI description of what the caller's role can reach.
pub async fn root(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let result = RestContext::new(&state, method, &headers, uri.path(), uri.query()).map(|context| {
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
