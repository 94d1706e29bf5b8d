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

use super::AuthState;
use super::checks::{
    metadata, normalise_email, normalise_phone, parse_body, provider_metadata, with_current_providers,
};
use super::client::Client;
use super::user::signed_in_user;
use crate::auth::caller::{ApiRole, Caller};
use crate::auth::error::AuthError;
use crate::auth::store::sessions::{self, Scope};
use crate::auth::store::tx::AuthTx;
use crate::auth::store::users::{self, Changes, NewUser};
use crate::auth::store::{audit, factors};
use crate::auth::user::{User, merge_metadata};
use crate::db::request_tx::{self, RequestContext};

const DEFAULT_PER_PAGE: i64 = 50;
const MAX_PER_PAGE: i64 = 1000;

/// Who is acting through the admin API.
pub(super) enum Actor {
    /// The service key or a `service_role` token: every account.
    ServiceRole,
    /// A signed-in user for whom `auth.can_manage_users()` is true; each account they change
    /// or delete is asked of `auth.can_manage_user(target)` (the product's staff hierarchy).
    User { id: Uuid, claims: serde_json::Map<String, Value> },
}

impl Actor {
    pub(super) fn id(&self) -> Option<Uuid> {
        match self {
            Actor::ServiceRole => None,
            Actor::User { id, .. } => Some(*id),
        }
    }

    /// Refuses a change to `target` that the product's rule does not allow this user.
    pub(super) async fn may_act_on(&self, state: &AuthState, target: Uuid) -> Result<(), AuthError> {
        let Actor::User { claims, .. } = self else { return Ok(()) };
        let allowed =
            ask_as_caller(state, claims.clone(), "select coalesce(auth.can_manage_user($1), false)", Some(target))
                .await?;
        if allowed { Ok(()) } else { Err(AuthError::outranked()) }
    }
}

pub(super) async fn authorize(state: &AuthState, client: &Client) -> Result<Actor, AuthError> {
    client.require_api_key(state)?;
    if client.bearer_is_service_key(state) {
        return Ok(Actor::ServiceRole);
    }
    let token = client.bearer()?;
    let claims = super::client::verified_claims(token, state)?;
    match claims.get("role").and_then(Value::as_str) {
        Some(role) if state.auth.settings.signin.admin_roles.iter().any(|admin| admin == role) => {
            return Ok(Actor::ServiceRole);
        }
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
    state: &AuthState,
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
    phone_confirm: Option<bool>,
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

pub async fn create_user(
    State(state): State<AuthState>,
    client: Client,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let actor = authorize(&state, &client).await?;
    let request: UserAttributes = parse_body(&body)?;
    request.check_unsupported()?;
    let email = request.email.as_deref().filter(|e| !e.is_empty()).map(normalise_email).transpose()?;
    let phone = request
        .phone
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(|p| normalise_phone(p, &state.auth.settings.signin.default_country_code))
        .transpose()?;
    if email.is_none() && phone.is_none() {
        return Err(AuthError::validation("Unable to validate email address: invalid format"));
    }
    let hash = new_password_hash(&state, request.password).await?;
    let user_metadata = Value::Object(metadata(request.user_metadata, "user_metadata")?);
    let provider = if email.is_some() { "email" } else { "phone" };
    let providers: Vec<&str> = [(email.is_some(), "email"), (phone.is_some(), "phone")]
        .into_iter()
        .filter_map(|(has, p)| has.then_some(p))
        .collect();
    let app_metadata = provider_metadata(metadata(request.app_metadata, "app_metadata")?, provider, &providers);
    let banned_until = request.ban_duration.as_deref().map(ban_until).transpose()?.flatten();
    let mut tx = AuthTx::begin(&state.connections).await?;
    if let Some(phone) = &phone
        && users::by_phone(&mut tx, phone).await?.is_some()
    {
        tx.rollback().await;
        return Err(AuthError::phone_exists());
    }
    let new_user = NewUser {
        id: request.id,
        email: email.as_deref(),
        phone: phone.as_deref(),
        password_hash: hash.as_deref(),
        confirmed: request.email_confirm.unwrap_or(false),
        phone_confirmed: request.phone_confirm.unwrap_or(false),
        app_metadata: Some(&app_metadata),
        user_metadata: Some(&user_metadata),
        banned_until,
        ..NewUser::default()
    };
    let Some(user) = users::insert(&mut tx, &new_user).await? else {
        tx.rollback().await;
        return Err(AuthError::email_exists());
    };
    record(&mut tx, "admin_user_created", actor.id(), user.id, &client, json!({"email": email})).await?;
    tx.commit().await?;
    Ok(Json(user.to_json()))
}

pub async fn list_users(State(state): State<AuthState>, client: Client) -> Result<Response, AuthError> {
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
async fn new_password_hash(state: &AuthState, password: Option<String>) -> Result<Option<String>, AuthError> {
    let Some(password) = password else { return Ok(None) };
    state.auth.passwords.check(&password)?;
    Ok(Some(state.auth.passwords.hash(password).await.map_err(AuthError::internal)?))
}

/// The administrator and the account a path's `{id}` names (404 for an id that is none).
pub(super) async fn authorize_on(state: &AuthState, client: &Client, id: &str) -> Result<(Actor, Uuid), AuthError> {
    let actor = authorize(state, client).await?;
    let id = Uuid::parse_str(id).map_err(|_| AuthError::user_not_found())?;
    Ok((actor, id))
}

/// [`authorize_on`], for a change: the administrator must also rank above the account.
async fn authorize_change_of(state: &AuthState, client: &Client, id: &str) -> Result<(Actor, Uuid), AuthError> {
    let (actor, id) = authorize_on(state, client, id).await?;
    actor.may_act_on(state, id).await?;
    Ok((actor, id))
}

/// Opens the transaction with the account `id` locked; when there is none, it is rolled back
/// and the answer is `user_not_found`.
pub(super) async fn locked_user(state: &AuthState, id: Uuid) -> Result<(AuthTx, User), AuthError> {
    let mut tx = AuthTx::begin(&state.connections).await?;
    match users::by_id(&mut tx, id, true).await? {
        Some(user) => Ok((tx, user)),
        None => {
            tx.rollback().await;
            Err(AuthError::user_not_found())
        }
    }
}

pub async fn get_user(
    State(state): State<AuthState>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Value>, AuthError> {
    let (user, factors) = user_with_factors(&state, &client, &id).await?;
    Ok(Json(user.to_json_with_factors(&factors)))
}

/// For an administrator: the account a path's `{id}` names, and its second factors.
pub(super) async fn user_with_factors(
    state: &AuthState,
    client: &Client,
    id: &str,
) -> Result<(User, Vec<Value>), AuthError> {
    let (_, id) = authorize_on(state, client, id).await?;
    let mut tx = AuthTx::begin(&state.connections).await?;
    let user = users::by_id(&mut tx, id, false).await?.ok_or_else(AuthError::user_not_found)?;
    let factors = factors::json_of_user(&mut tx, id).await?;
    tx.commit().await?;
    Ok((user, factors))
}

pub async fn update_user(
    State(state): State<AuthState>,
    client: Client,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let (actor, id) = authorize_change_of(&state, &client, &id).await?;
    let request: UserAttributes = parse_body(&body)?;
    request.check_unsupported()?;
    if request.id.is_some_and(|new| new != id) {
        return Err(AuthError::validation("A user's id cannot change"));
    }
    let email = request.email.as_deref().map(normalise_email).transpose()?;
    let phone = request
        .phone
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(|p| normalise_phone(p, &state.auth.settings.signin.default_country_code))
        .transpose()?;
    let hash = new_password_hash(&state, request.password).await?;
    let user_changes = request.user_metadata.map(|m| metadata(Some(m), "user_metadata")).transpose()?;
    let app_changes = request.app_metadata.map(|m| metadata(Some(m), "app_metadata")).transpose()?;
    let ban = request.ban_duration.as_deref().map(ban_until).transpose()?;

    let (mut tx, user) = locked_user(&state, id).await?;
    let user_metadata = user_changes.map(|changes| merge_metadata(&user.user_metadata, &changes));
    // `provider` and `providers` stay the server's: an admin cannot claim a way in.
    let app_metadata = app_changes.map(|changes| {
        let mut merged = merge_metadata(&user.app_metadata, &changes);
        for key in ["provider", "providers"] {
            match user.app_metadata.get(key) {
                Some(value) => merged[key] = value.clone(),
                None => {
                    if let Some(map) = merged.as_object_mut() {
                        map.remove(key);
                    }
                }
            }
        }
        merged
    });
    let changes = Changes {
        email: email.as_deref(),
        password_hash: hash.as_deref(),
        confirmed: request.email_confirm,
        app_metadata: app_metadata.as_ref(),
        user_metadata: user_metadata.as_ref(),
        banned_until: ban,
        email_change: email.as_ref().map(|_| None),
        phone: phone.as_deref(),
        phone_confirmed: request.phone_confirm,
        phone_change: phone.as_ref().map(|_| None),
        ..Default::default()
    };
    let updated = match users::update(&mut tx, id, &changes).await {
        Err(error) if error.is_unique_violation() => {
            tx.rollback().await;
            return Err(if phone.is_some() && email.is_none() {
                AuthError::phone_exists()
            } else {
                AuthError::email_exists()
            });
        }
        other => other?,
    };
    let updated = match with_current_providers(&updated) {
        Some(app) => users::update(&mut tx, id, &Changes { app_metadata: Some(&app), ..Default::default() }).await?,
        None => updated,
    };
    let fields: Vec<&str> = [
        (email.is_some(), "email"),
        (hash.is_some(), "password"),
        (phone.is_some(), "phone"),
        (request.email_confirm.is_some(), "email_confirm"),
        (request.phone_confirm.is_some(), "phone_confirm"),
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
    State(state): State<AuthState>,
    client: Client,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let (actor, id) = authorize_change_of(&state, &client, &id).await?;
    let request: DeleteRequest = parse_body(&body)?;
    let (mut tx, _) = locked_user(&state, id).await?;
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

pub(super) async fn record(
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
