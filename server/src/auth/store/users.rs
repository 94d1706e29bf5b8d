//! `auth.users`.

use chrono::{DateTime, Utc};
use serde_json::Value;
use uuid::Uuid;

use super::tx::{AuthTx, DbError};
use crate::auth::user::{USER_COLUMN_COUNT, USER_COLUMNS, User};

fn one(row: Option<crate::db::wire::Row>) -> Result<Option<User>, DbError> {
    row.map(|row| User::from_row(&row, 0)).transpose().map_err(DbError::Postgres)
}

/// The live (not deleted) account with this address, whatever its case.
pub async fn by_email(tx: &mut AuthTx, email: &str) -> Result<Option<User>, DbError> {
    let sql = format!("select {USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null");
    one(tx.query_opt(&sql, &[&email]).await?)
}

/// The live account with this phone number (E.164 digits).
pub async fn by_phone(tx: &mut AuthTx, phone: &str) -> Result<Option<User>, DbError> {
    let sql = format!("select {USER_COLUMNS} from auth.users where phone = $1 and deleted_at is null");
    one(tx.query_opt(&sql, &[&phone]).await?)
}

/// The live account waiting to change its number to `phone`.
pub async fn by_phone_change(tx: &mut AuthTx, phone: &str) -> Result<Option<User>, DbError> {
    let sql = format!("select {USER_COLUMNS} from auth.users where phone_change = $1 and deleted_at is null");
    one(tx.query_opt(&sql, &[&phone]).await?)
}

/// The live account with this address, or waiting to change to it.
pub async fn by_email_or_change(tx: &mut AuthTx, email: &str) -> Result<Option<User>, DbError> {
    let sql = format!(
        "select {USER_COLUMNS} from auth.users where (lower(email) = lower($1) or lower(email_change) = lower($1)) \
         and deleted_at is null order by (lower(email) = lower($1)) desc limit 1"
    );
    one(tx.query_opt(&sql, &[&email]).await?)
}

/// The live account with this id; `lock` holds its row until the transaction ends.
pub async fn by_id(tx: &mut AuthTx, id: Uuid, lock: bool) -> Result<Option<User>, DbError> {
    let sql = if lock {
        format!("select {USER_COLUMNS} from auth.users where id = $1 and deleted_at is null for update")
    } else {
        format!("select {USER_COLUMNS} from auth.users where id = $1 and deleted_at is null")
    };
    one(tx.query_opt(&sql, &[&id]).await?)
}

/// A new account.
#[derive(Default)]
pub struct NewUser<'a> {
    pub id: Option<Uuid>,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub password_hash: Option<&'a str>,
    /// The e-mail address is confirmed now.
    pub confirmed: bool,
    /// The phone number is confirmed now.
    pub phone_confirmed: bool,
    pub app_metadata: Option<&'a Value>,
    pub user_metadata: Option<&'a Value>,
    pub banned_until: Option<DateTime<Utc>>,
    pub is_anonymous: bool,
    pub invited: bool,
}

/// Inserts the account; `None` when the address, number (or id) is taken.
pub async fn insert(tx: &mut AuthTx, user: &NewUser<'_>) -> Result<Option<User>, DbError> {
    let sql = format!(
        "insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, \
         raw_user_meta_data, banned_until, phone, phone_confirmed_at, is_anonymous, invited_at) \
         values (coalesce($1, gen_random_uuid()), $2, $3, case when $4 then now() end, coalesce($5::jsonb, '{{}}'), \
           coalesce($6::jsonb, '{{}}'), $7, $8, case when $9 then now() end, $10, case when $11 then now() end) \
         on conflict do nothing returning {USER_COLUMNS}"
    );
    one(tx
        .query_opt(
            &sql,
            &[
                &user.id,
                &user.email,
                &user.password_hash,
                &user.confirmed,
                &user.app_metadata,
                &user.user_metadata,
                &user.banned_until,
                &user.phone,
                &user.phone_confirmed,
                &user.is_anonymous,
                &user.invited,
            ],
        )
        .await?)
}

/// Changes to an account; `None` leaves a column as it is.
#[derive(Default)]
pub struct Changes<'a> {
    pub email: Option<&'a str>,
    pub password_hash: Option<&'a str>,
    /// Some(true) confirms the address now (when not yet), Some(false) unconfirms it.
    pub confirmed: Option<bool>,
    pub app_metadata: Option<&'a Value>,
    pub user_metadata: Option<&'a Value>,
    /// Some(None) lifts a ban.
    pub banned_until: Option<Option<DateTime<Utc>>>,
    /// Some(None) cancels a pending change.
    pub email_change: Option<Option<&'a str>>,
    pub email_change_sent: bool,
    pub confirmation_sent: bool,
    pub recovery_sent: bool,
    pub signed_in: bool,
    pub phone: Option<&'a str>,
    /// Some(true) confirms the number now, Some(false) unconfirms it.
    pub phone_confirmed: Option<bool>,
    /// Some(None) cancels a pending change.
    pub phone_change: Option<Option<&'a str>>,
    pub phone_change_sent: bool,
    /// Some(false) makes an anonymous account permanent.
    pub is_anonymous: Option<bool>,
    pub invited: bool,
}

/// Applies `changes`; `Err` with a unique violation when the new address or number is taken.
pub async fn update(tx: &mut AuthTx, id: Uuid, changes: &Changes<'_>) -> Result<User, DbError> {
    let sql = format!(
        "update auth.users set \
           email = coalesce($2, email), \
           encrypted_password = coalesce($3, encrypted_password), \
           email_confirmed_at = case $4::boolean when true then coalesce(email_confirmed_at, now()) \
             when false then null else email_confirmed_at end, \
           raw_app_meta_data = coalesce($5, raw_app_meta_data), \
           raw_user_meta_data = coalesce($6, raw_user_meta_data), \
           banned_until = case when $7 then $8 else banned_until end, \
           email_change = case when $9 then $10 else email_change end, \
           email_change_sent_at = case when $11 then now() when $9 and $10 is null then null \
             else email_change_sent_at end, \
           confirmation_sent_at = case when $12 then now() else confirmation_sent_at end, \
           recovery_sent_at = case when $13 then now() else recovery_sent_at end, \
           last_sign_in_at = case when $14 then now() else last_sign_in_at end, \
           phone = coalesce($15, phone), \
           phone_confirmed_at = case $16::boolean when true then coalesce(phone_confirmed_at, now()) \
             when false then null else phone_confirmed_at end, \
           phone_change = case when $17 then $18 else phone_change end, \
           phone_change_sent_at = case when $19 then now() when $17 and $18 is null then null \
             else phone_change_sent_at end, \
           is_anonymous = coalesce($20, is_anonymous), \
           invited_at = case when $21 then now() else invited_at end, \
           updated_at = now() \
         where id = $1 returning {USER_COLUMNS}"
    );
    let ban_set = changes.banned_until.is_some();
    let ban = changes.banned_until.flatten();
    let change_set = changes.email_change.is_some();
    let change = changes.email_change.flatten();
    let phone_change_set = changes.phone_change.is_some();
    let phone_change = changes.phone_change.flatten();
    let row = tx
        .query_one(
            &sql,
            &[
                &id,
                &changes.email,
                &changes.password_hash,
                &changes.confirmed,
                &changes.app_metadata,
                &changes.user_metadata,
                &ban_set,
                &ban,
                &change_set,
                &change,
                &changes.email_change_sent,
                &changes.confirmation_sent,
                &changes.recovery_sent,
                &changes.signed_in,
                &changes.phone,
                &changes.phone_confirmed,
                &phone_change_set,
                &phone_change,
                &changes.phone_change_sent,
                &changes.is_anonymous,
                &changes.invited,
            ],
        )
        .await?;
    User::from_row(&row, 0).map_err(DbError::Postgres)
}

/// Removes the account with everything that hangs off it.
pub async fn delete(tx: &mut AuthTx, id: Uuid) -> Result<bool, DbError> {
    Ok(tx.execute("delete from auth.users where id = $1", &[&id]).await? > 0)
}

/// Keeps the row (foreign keys may point at it) and clears everything personal.
pub async fn soft_delete(tx: &mut AuthTx, id: Uuid) -> Result<bool, DbError> {
    let affected = tx
        .execute(
            "update auth.users set deleted_at = now(), email = null, encrypted_password = null, \
             email_change = null, phone = null, phone_change = null, raw_user_meta_data = '{}', updated_at = now() \
             where id = $1 and deleted_at is null",
            &[&id],
        )
        .await?;
    tx.execute("delete from auth.sessions where user_id = $1", &[&id]).await?;
    tx.execute("delete from auth.one_time_tokens where user_id = $1", &[&id]).await?;
    tx.execute("delete from auth.mfa_factors where user_id = $1", &[&id]).await?;
    Ok(affected > 0)
}

/// One page of live accounts in GoTrue's order (newest first), and the number of live accounts.
pub async fn page(tx: &mut AuthTx, page: i64, per_page: i64) -> Result<(Vec<User>, i64), DbError> {
    let sql = format!(
        "select {USER_COLUMNS}, count(*) over () from auth.users where deleted_at is null \
         order by created_at desc, id desc limit $1 offset $2"
    );
    let offset = (page - 1) * per_page;
    let rows = tx.query(&sql, &[&per_page, &offset]).await?;
    let total = match rows.first() {
        Some(row) => row.try_get::<_, i64>(USER_COLUMN_COUNT).map_err(DbError::Postgres)?,
        None => tx.query_one("select count(*) from auth.users where deleted_at is null", &[]).await?.get(0),
    };
    let users = rows.iter().map(|row| User::from_row(row, 0)).collect::<Result<_, _>>().map_err(DbError::Postgres)?;
    Ok((users, total))
}
