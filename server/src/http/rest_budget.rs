//! The REST budget's layer: each request to `/rest/v1` or the visitor push subscriptions
//! records the client's address ([`ClientAddress`], for the anonymous write limits) and spends
//! one unit of a budget ([`RequestBudget`](super::rate_limit::RequestBudget)): a signed-in
//! user's own (by account, the token verified as the handler will), else the address's; past
//! it the answer is 429 with `Retry-After`. The service key is not budgeted. A plain tower layer
//! in front of the router: no boxed service or future per request.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use http::header;
use tower::{Layer, Service};

use super::rate_limit::{BudgetKey, ClientAddress, client_of, too_many_requests};
use crate::state::AppState;

#[derive(Clone)]
pub struct RestBudgetLayer {
    state: AppState,
}

impl RestBudgetLayer {
    pub fn new(state: AppState) -> Self {
        Self { state }
    }
}

impl<S> Layer<S> for RestBudgetLayer {
    type Service = RestBudget<S>;

    fn layer(&self, inner: S) -> RestBudget<S> {
        RestBudget { inner, state: self.state.clone() }
    }
}

#[derive(Clone)]
pub struct RestBudget<S> {
    inner: S,
    state: AppState,
}

/// The paths that spend the budget.
fn is_budgeted(path: &str) -> bool {
    path.strip_prefix("/rest/v1").is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        || path == "/api/push-subscription"
}

impl<S> Service<Request> for RestBudget<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = RestBudgetFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        if !is_budgeted(request.uri().path()) {
            return RestBudgetFuture::Inner { inner: self.inner.call(request) };
        }
        let Some(ip) = client_of(&self.state, &request) else {
            return RestBudgetFuture::Inner { inner: self.inner.call(request) };
        };
        request.extensions_mut().insert(ClientAddress(ip));
        if let Some(limit) = self.state.rate_limits.rest
            && !is_service(&self.state, &request)
            && let key = budget_key(&self.state, &request, ip)
            && let Err(retry_after) = self.state.rest_budget.hit(key.clone(), limit)
        {
            let whose = match key {
                BudgetKey::Account(_) => "this account",
                BudgetKey::Address(_) => "this address",
            };
            let message =
                format!("Too many requests from {whose} (at most {} in {} s)", limit.hits, limit.window.as_secs());
            return RestBudgetFuture::Refused {
                response: Some(too_many_requests(retry_after, message).into_response()),
            };
        }
        RestBudgetFuture::Inner { inner: self.inner.call(request) }
    }
}

pin_project_lite::pin_project! {
    #[project = Projected]
    pub enum RestBudgetFuture<F> {
        Inner { #[pin] inner: F },
        Refused { response: Option<Response> },
    }
}

impl<F, E> Future for RestBudgetFuture<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            Projected::Inner { inner } => inner.poll(cx),
            Projected::Refused { response } => match response.take() {
                Some(response) => Poll::Ready(Ok(response)),
                None => Poll::Pending,
            },
        }
    }
}

/// A signed-in user's account, else the client's address.
fn budget_key(state: &AppState, request: &Request, ip: std::net::IpAddr) -> BudgetKey {
    let now = chrono::Utc::now().timestamp();
    match crate::auth::caller::signed_in_caller(request.headers(), &state.keys, &state.token_check(), now) {
        Some(caller) => BudgetKey::Account(caller.subject().unwrap_or_default().into()),
        None => BudgetKey::Address(ip),
    }
}

/// The service key as bearer: servers and admin scripts are not budgeted.
fn is_service(state: &AppState, request: &Request) -> bool {
    let service = state.keys.service_role.as_str();
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")));
    bearer.map(str::trim) == Some(service)
}

#[cfg(test)]
mod tests {
    use super::is_budgeted;

    #[test]
    fn the_rest_api_and_push_subscriptions_are_budgeted_and_nothing_else() {
        for path in ["/rest/v1", "/rest/v1/", "/rest/v1/members", "/rest/v1/rpc/f", "/api/push-subscription"] {
            assert!(is_budgeted(path), "{path}");
        }
        for path in ["/rest/v10", "/rest/v1x/a", "/auth/v1/token", "/storage/v1/object/a/b", "/", "/api/client-config"]
        {
            assert!(!is_budgeted(path), "{path}");
        }
    }
}
