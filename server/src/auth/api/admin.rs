//! `/admin/users`: account management for the service role, or for a signed-in user for whom
//! the SQL function `auth.can_manage_users()` (the product's rule) is true, so admin screens
//! never need the service key in a browser.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use http::{HeaderValue, header};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio_postgres::types::Type;
use uuid::Uuid;

use super::client::Client;
use super::session::{email_app_metadata, metadata, normalise_email, parse_body};
use super::user::signed_in_user;
use crate::auth::caller::{ApiRole, Caller};
use crate::auth::error::AuthError;
use crate::auth::store::audit;
use crate::auth::store::sessions::{self, Scope};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::user::merge_metadata;
use crate::db::request_tx::{self, RequestContext};
use crate::state::AppState;

const DEFAULT_PER_PAGE: i64 = 50;
const MAX_PER_PAGE: i64 = 1000;

/// Who is acting through the admin API.
enum Actor {
    /// The service key or a `service_role` token: every account.
    ServiceRole,
    /// A signed-in user for whom `auth.can_manage_users()` is true; each account they change
    /// or delete is asked of `auth.can_manage_user(target)` (the product's staff hierarchy).
    User { id: Uuid, claims: serde_json::Map<String, Value> },
}

impl Actor {
    fn id(&self) -> Option<Uuid> {
        match self {
            Actor::ServiceRole => None,
            Actor::User { id, .. } => Some(*id),
        }
    }

    /// Refuses a change to `target` that the product's rule does not allow this user.
    async fn may_act_on(&self, state: &AppState, target: Uuid) -> Result<(), AuthError> {
        let Actor::User { claims, .. } = self else { return Ok(()) };
        let allowed =
            ask_as_caller(state, claims.clone(), "select coalesce(auth.can_manage_user($1), false)", Some(target))
                .await?;
        if allowed { Ok(()) } else { Err(AuthError::outranked()) }
    }
}

async fn authorize(state: &AppState, client: &Client) -> Result<Actor, AuthError> {
    client.require_api_key(state)?;
    if client.bearer_is_service_key(state) {
        return Ok(Actor::ServiceRole);
    }
    let token = client.bearer()?;
    let claims =
        crate::auth::jwt::verify(token, state.jwt_secret.as_bytes(), &state.auth.claim_rules, Utc::now().timestamp())
            .map_err(AuthError::bad_jwt)?;
    match claims.get("role").and_then(Value::as_str) {
        Some("service_role") => return Ok(Actor::ServiceRole),
        Some("authenticated") => {}
        _ => return Err(AuthError::not_admin()),
    }
    let user = client.user_claims(state)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    signed_in_user(&mut tx, &user, false).await?;
    tx.commit().await?;
    if ask_as_caller(state, user.claims.clone(), "select coalesce(auth.can_manage_users(), false)", None).await? {
        Ok(Actor::User { id: user.user_id, claims: user.claims })
    } else {
        Err(AuthError::not_admin())
    }
}

/// A yes-or-no SQL rule of the product's (`auth.can_manage_users()`, `auth.can_manage_user(id)`)
/// evaluated as the caller, with their claims, as REST would.
async fn ask_as_caller(
    state: &AppState,
    claims: serde_json::Map<String, Value>,
    sql: &str,
    target: Option<Uuid>,
) -> Result<bool, AuthError> {
    let caller = Caller::new(ApiRole::Authenticated, claims);
    let context = RequestContext {
        caller: &caller,
        method: "GET",
        path: "/auth/v1/admin",
        read_only: true,
        search_path: "public",
        settings: &[],
    };
    let mut tx =
        request_tx::begin(&state.connections, &context).await.map_err(|e| AuthError::internal(e.to_string()))?;
    let result = match target {
        Some(target) => tx.run_then(sql, &[Type::UUID], &[&target], true).await,
        None => tx.run_then(sql, &[], &[], true).await,
    };
    let (rows, _) = result.map_err(|e| AuthError::internal(e.to_string()))?;
    Ok(rows.first().is_some_and(|row| row.get::<_, bool>(0)))
}

#[derive(Deserialize, Default)]
struct UserAttributes {
    email: Option<String>,
    password: Option<String>,
    email_confirm: Option<bool>,
    phone: Option<String>,
    user_metadata: Option<Value>,
    app_metadata: Option<Value>,
    ban_duration: Option<String>,
    role: Option<String>,
    id: Option<Uuid>,
    password_hash: Option<String>,
}

impl UserAttributes {
    /// Refuses what this service does not do rather than ignoring it.
    fn check_unsupported(&self) -> Result<(), AuthError> {
        if self.phone.as_deref().is_some_and(|p| !p.is_empty()) {
            return Err(AuthError::validation("Phone numbers are not supported"));
        }
        if self.role.as_deref().is_some_and(|r| r != "authenticated") {
            return Err(AuthError::validation(
                "Only the authenticated role exists; app roles live in the product's tables",
            ));
        }
        if self.password_hash.is_some() {
            return Err(AuthError::validation("password_hash is not supported; send password"));
        }
        Ok(())
    }
}

pub async fn create_user(State(state): State<AppState>, client: Client, body: Bytes) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let request: UserAttributes = parse_body(&body)?;
    request.check_unsupported()?;
    let email = normalise_email(
        request.email.as_deref().ok_or_else(|| AuthError::validation("An email address is required"))?,
    )?;
    let hash = new_password_hash(&state, request.password).await?;
    let user_metadata = Value::Object(metadata(request.user_metadata, "user_metadata")?);
    let app_metadata = email_app_metadata(metadata(request.app_metadata, "app_metadata")?);
    let banned_until = request.ban_duration.as_deref().map(ban_until).transpose()?.flatten();
    let mut tx = AuthTx::begin(&state.connections).await?;
    let new_user = NewUser {
        id: request.id,
        email: &email,
        password_hash: hash.as_deref(),
        confirmed: request.email_confirm.unwrap_or(false),
        app_metadata: &app_metadata,
        user_metadata: &user_metadata,
        banned_until,
    };
    let Some(user) = users::insert(&mut tx, &new_user).await? else {
        tx.rollback().await;
        return Err(AuthError::email_exists());
    };
    record(&mut tx, "admin_user_created", actor.id(), user.id, &client, json!({"email": email})).await?;
    tx.commit().await?;
    Ok(Json(user.to_json()))
}

pub async fn list_users(State(state): State<AppState>, client: Client) -> Result<Response, AuthError> {
    authorize(&state, &client).await?;
    let number = |name: &str, default: i64| -> Result<i64, AuthError> {
        match client.param(name) {
            None | Some("") => Ok(default),
            Some(raw) => raw
                .parse::<i64>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| AuthError::validation(format!("{name} must be a positive integer"))),
        }
    };
    let page = number("page", 1)?;
    let per_page = number("per_page", DEFAULT_PER_PAGE)?.min(MAX_PER_PAGE);
    let mut tx = AuthTx::begin(&state.connections).await?;
    let (users, total) = users::page(&mut tx, page, per_page).await?;
    tx.commit().await?;
    let body = json!({"users": users.iter().map(|u| u.to_json()).collect::<Vec<_>>(), "aud": "authenticated"});
    let mut response = Json(body).into_response();
    response.headers_mut().insert("x-total-count", HeaderValue::from(total));
    if let Some(link) = link_header(page, per_page, total)
        && let Ok(value) = HeaderValue::from_str(&link)
    {
        response.headers_mut().insert(header::LINK, value);
    }
    Ok(response)
}

/// GoTrue's pagination links. auth-js reads the page number right after the first `=`, so
/// `page` comes first in each link.
fn link_header(page: i64, per_page: i64, total: i64) -> Option<String> {
    let last = ((total + per_page - 1) / per_page).max(1);
    let link = |n: i64, rel: &str| format!("</auth/v1/admin/users?page={n}&per_page={per_page}>; rel=\"{rel}\"");
    let mut links = Vec::new();
    if page < last {
        links.push(link(page + 1, "next"));
    }
    if total > 0 {
        links.push(link(last, "last"));
    }
    (!links.is_empty()).then(|| links.join(", "))
}

/// The hash of a new password that meets the policy.
async fn new_password_hash(state: &AppState, password: Option<String>) -> Result<Option<String>, AuthError> {
    let Some(password) = password else { return Ok(None) };
    state.auth.passwords.check(&password)?;
    Ok(Some(state.auth.passwords.hash(password).await.map_err(AuthError::internal)?))
}

fn parse_id(raw: &str) -> Result<Uuid, AuthError> {
    Uuid::parse_str(raw).map_err(|_| AuthError::user_not_found())
}

pub async fn get_user(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Value>, AuthError> {
    authorize(&state, &client).await?;
    let id = parse_id(&id)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = users::by_id(&mut tx, id, false).await?;
    tx.commit().await?;
    Ok(Json(user.ok_or_else(AuthError::user_not_found)?.to_json()))
}

pub async fn update_user(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let id = parse_id(&id)?;
    actor.may_act_on(&state, id).await?;
    let request: UserAttributes = parse_body(&body)?;
    request.check_unsupported()?;
    if request.id.is_some_and(|new| new != id) {
        return Err(AuthError::validation("A user's id cannot change"));
    }
    let email = request.email.as_deref().map(normalise_email).transpose()?;
    let hash = new_password_hash(&state, request.password).await?;
    let user_changes = request.user_metadata.map(|m| metadata(Some(m), "user_metadata")).transpose()?;
    let app_changes = request.app_metadata.map(|m| metadata(Some(m), "app_metadata")).transpose()?;
    let ban = request.ban_duration.as_deref().map(ban_until).transpose()?;

    let mut tx = AuthTx::begin(&state.connections).await?;
    let Some(user) = users::by_id(&mut tx, id, true).await? else {
        tx.rollback().await;
        return Err(AuthError::user_not_found());
    };
    let user_metadata = user_changes.map(|changes| merge_metadata(&user.user_metadata, &changes));
    let app_metadata = app_changes.map(|changes| {
        let merged = merge_metadata(&user.app_metadata, &changes);
        email_app_metadata(merged.as_object().cloned().unwrap_or_default())
    });
    let changes = Changes {
        email: email.as_deref(),
        password_hash: hash.as_deref(),
        confirmed: request.email_confirm,
        app_metadata: app_metadata.as_ref(),
        user_metadata: user_metadata.as_ref(),
        banned_until: ban,
        email_change: email.as_ref().map(|_| None),
        ..Default::default()
    };
    let updated = match users::update(&mut tx, id, &changes).await {
        Err(error) if error.is_unique_violation() => {
            tx.rollback().await;
            return Err(AuthError::email_exists());
        }
        other => other?,
    };
    let fields: Vec<&str> = [
        (email.is_some(), "email"),
        (hash.is_some(), "password"),
        (request.email_confirm.is_some(), "email_confirm"),
        (user_metadata.is_some(), "user_metadata"),
        (app_metadata.is_some(), "app_metadata"),
        (ban.is_some(), "ban_duration"),
    ]
    .into_iter()
    .filter_map(|(changed, name)| changed.then_some(name))
    .collect();
    record(&mut tx, "admin_user_updated", actor.id(), id, &client, json!({"fields": fields})).await?;
    tx.commit().await?;
    Ok(Json(updated.to_json()))
}

#[derive(Deserialize, Default)]
struct DeleteRequest {
    #[serde(default)]
    should_soft_delete: bool,
}

pub async fn delete_user(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let id = parse_id(&id)?;
    actor.may_act_on(&state, id).await?;
    let request: DeleteRequest = parse_body(&body)?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let Some(_) = users::by_id(&mut tx, id, true).await? else {
        tx.rollback().await;
        return Err(AuthError::user_not_found());
    };
    if request.should_soft_delete {
        users::soft_delete(&mut tx, id).await?;
    } else {
        sessions::end(&mut tx, id, None, Scope::Global).await?;
        users::delete(&mut tx, id).await?;
    }
    let action = if request.should_soft_delete { "admin_user_soft_deleted" } else { "admin_user_deleted" };
    record(&mut tx, action, actor.id(), id, &client, json!({})).await?;
    tx.commit().await?;
    Ok(Json(json!({})))
}

async fn record(
    tx: &mut AuthTx,
    action: &str,
    actor: Option<Uuid>,
    target: Uuid,
    client: &Client,
    details: Value,
) -> Result<(), AuthError> {
    let mut details = details;
    details["by"] = json!(if actor.is_some() { "user" } else { "service_role" });
    audit::record(tx, audit::Entry { action, actor, target: Some(target), ip: &client.ip, details }).await?;
    Ok(())
}

/// `ban_duration`: `none` lifts a ban (`Some(None)` below); a Go duration (`24h`, `1h30m`,
/// `90s`) bans until now plus it.
fn ban_until(raw: &str) -> Result<Option<DateTime<Utc>>, AuthError> {
    if raw == "none" {
        return Ok(None);
    }
    let seconds = go_duration_seconds(raw)
        .filter(|s| *s > 0.0 && *s < 1e10)
        .ok_or_else(|| AuthError::validation("invalid format for ban duration"))?;
    Ok(Some(Utc::now() + chrono::Duration::milliseconds((seconds * 1000.0) as i64)))
}

/// Seconds in a Go duration string (`1h30m`, `2.5s`, `300ms`).
fn go_duration_seconds(raw: &str) -> Option<f64> {
    let mut rest = raw.trim();
    if rest.is_empty() {
        return None;
    }
    let mut total = 0.0;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let value: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let unit_end = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "ns" => 1e-9,
            "us" | "µs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return None,
        };
        total += value * scale;
        rest = &rest[unit_end..];
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations_parse() {
        assert_eq!(go_duration_seconds("24h"), Some(86_400.0));
        assert_eq!(go_duration_seconds("1h30m"), Some(5_400.0));
        assert_eq!(go_duration_seconds("1.5s"), Some(1.5));
        assert_eq!(go_duration_seconds("300ms"), Some(0.3));
        assert_eq!(go_duration_seconds("10 days"), None);
        assert_eq!(go_duration_seconds("h"), None);
        assert!(ban_until("none").unwrap().is_none());
        assert!(ban_until("-1h").is_err());
    }

    #[test]
    fn pagination_links_put_page_first() {
        assert_eq!(
            link_header(1, 2, 5).unwrap(),
            "</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\", </auth/v1/admin/users?page=3&per_page=2>; rel=\"last\""
        );
        assert_eq!(link_header(3, 2, 5).unwrap(), "</auth/v1/admin/users?page=3&per_page=2>; rel=\"last\"");
        assert_eq!(link_header(1, 50, 0), None);
    }
}
