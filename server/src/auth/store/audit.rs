//! `auth.audit_log`: sign-ins, failures, password changes, admin actions.

use serde_json::Value;
use uuid::Uuid;

use super::tx::{AuthTx, DbError};

/// One entry: what happened, who did it, to whom, from where.
pub struct Entry<'a> {
    pub action: &'a str,
    pub actor: Option<Uuid>,
    pub target: Option<Uuid>,
    pub ip: &'a str,
    pub details: Value,
}

pub async fn record(tx: &mut AuthTx, entry: Entry<'_>) -> Result<(), DbError> {
    tx.execute(
        "insert into auth.audit_log (action, actor_id, target_id, ip, details) values ($1, $2, $3, $4, $5)",
        &[&entry.action, &entry.actor, &entry.target, &entry.ip, &entry.details],
    )
    .await?;
    Ok(())
}
