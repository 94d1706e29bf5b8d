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

impl<'a> Entry<'a> {
    /// What an account did to itself (signed up, signed in, changed a factor): it is both the
    /// actor and the target.
    pub fn own(action: &'a str, user: Uuid, ip: &'a str, details: Value) -> Self {
        Entry { action, actor: Some(user), target: Some(user), ip, details }
    }
}

pub async fn record(tx: &mut AuthTx, entry: Entry<'_>) -> Result<(), DbError> {
    tx.execute(
        "insert into auth.audit_log (action, actor_id, target_id, ip, details) values ($1, $2, $3, $4, $5)",
        &[&entry.action, &entry.actor, &entry.target, &entry.ip, &entry.details],
    )
    .await?;
    Ok(())
}
