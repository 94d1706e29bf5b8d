//! `GET /admin/users/{id}/factors` and `DELETE /admin/users/{id}/factors/{factor}`
//! (`admin.mfa.listFactors`, `admin.mfa.deleteFactor`): how an administrator sees a user's
//! second factors and removes a lost one (the user enrols a new one at their next sign-in).
//! A signed-in administrator may remove one only where the app's `auth.can_manage_user` allows;
//! every removal is audited.

use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};
use uuid::Uuid;

use super::AuthState;
use super::admin::{authorize_on, locked_user, record, user_with_factors};
use super::client::Client;
use super::mfa::factor_of;
use crate::auth::error::AuthError;
use crate::auth::store::{factors, sessions};

pub async fn list(
    State(state): State<AuthState>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Value>, AuthError> {
    let (_, factors) = user_with_factors(&state, &client, &id).await?;
    Ok(Json(Value::Array(factors)))
}

pub async fn delete(
    State(state): State<AuthState>,
    client: Client,
    Path((id, factor)): Path<(String, String)>,
) -> Result<Json<Value>, AuthError> {
    let (actor, id) = authorize_on(&state, &client, &id).await?;
    let factor = Uuid::parse_str(&factor).map_err(|_| AuthError::mfa_factor_not_found())?;
    actor.may_act_on(&state, id).await?;
    let (tx, _) = locked_user(&state, id).await?;
    let (mut tx, found) = factor_of(tx, id, factor).await?;
    sessions::downgrade_for_factor(&mut tx, factor).await?;
    factors::delete(&mut tx, id, factor).await?;
    record(
        &mut tx,
        "admin_factor_deleted",
        actor.id(),
        id,
        &client,
        json!({"factor_id": factor, "status": found.status}),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(found.to_json()))
}
