//! The seed's accounts: confirmed e-mail accounts in `auth.users`, hashed by the auth
//! service's own password hashing, and listed for the seed's SQL in `seed_accounts`.

use sqlx::PgConnection;
use uuid::Uuid;

use super::plan::{AccountPlan, SeedPlan};
use crate::auth::password::Passwords;

/// An account about to be inserted.
pub struct Prepared<'a> {
    id: Uuid,
    plan: &'a AccountPlan,
    password_hash: String,
}

/// Whether one of the accounts exists: the database has the seed already.
pub async fn any_exists(conn: &mut PgConnection, accounts: &[AccountPlan]) -> Result<bool, sqlx::Error> {
    let emails: Vec<String> = accounts.iter().map(|a| a.email.to_lowercase()).collect();
    sqlx::query_scalar("select exists (select from auth.users where lower(email) = any($1))")
        .bind(&emails)
        .fetch_one(conn)
        .await
}

pub async fn prepare(plan: &SeedPlan) -> Result<Vec<Prepared<'_>>, String> {
    if plan.accounts.is_empty() {
        return Ok(Vec::new());
    }
    let passwords = Passwords::new(8, 1)?;
    // One hash serves every account: they share the printed password.
    let hash = passwords.hash(plan.password.clone()).await?;
    Ok(plan.accounts.iter().map(|plan| Prepared { id: Uuid::new_v4(), plan, password_hash: hash.clone() }).collect())
}

/// The accounts, and the temporary table `seed_accounts` that lists them for the seed's SQL
/// (dropped at the end of the transaction).
pub async fn insert_all(conn: &mut PgConnection, accounts: &[Prepared<'_>]) -> Result<(), sqlx::Error> {
    sqlx::raw_sql(
        "create temporary table seed_accounts (id uuid primary key, email text not null, label text not null,
                                               user_metadata jsonb not null) on commit drop",
    )
    .execute(&mut *conn)
    .await?;
    for account in accounts {
        sqlx::query(
            "insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
             values ($1, $2, $3, now(), '{\"provider\": \"email\", \"providers\": [\"email\"]}', $4)",
        )
        .bind(account.id)
        .bind(&account.plan.email)
        .bind(&account.password_hash)
        .bind(&account.plan.user_metadata)
        .execute(&mut *conn)
        .await?;
        sqlx::query("insert into seed_accounts values ($1, $2, $3, $4)")
            .bind(account.id)
            .bind(&account.plan.email)
            .bind(&account.plan.label)
            .bind(&account.plan.user_metadata)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
