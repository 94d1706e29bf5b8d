//! One demo account per user type, hashed by the auth service's own password hashing.

use sqlx::PgConnection;
use uuid::Uuid;

use super::DEMO_DOMAIN;
use crate::auth::password::Passwords;

/// The password of every demo account (upper and lower case, a digit and a symbol).
pub const DEMO_PASSWORD: &str = "Havyaka@2025";

/// (type, name): one account of each type of spec §3.
const ACCOUNTS: &[(&str, &str)] = &[
    ("super_admin", "Shankar Hegde"),
    ("admin", "Anita Bhat"),
    ("content_manager", "Chaitra Joshi"),
    ("event_manager", "Ganesh Shastri"),
    ("havyaka_sandesh_manager", "Sandhya Upadhya"),
    ("member_viewer", "Mohan Rao"),
    ("member", "Meera Kamath"),
    ("student", "Shreya Bhat"),
    ("matrimony", "Ravi Hegde"),
];

#[derive(Debug, Clone)]
pub struct DemoAccount {
    pub id: Uuid,
    pub email: String,
    pub user_type: String,
    pub full_name: String,
    password_hash: String,
}

impl DemoAccount {
    /// The account without its hash.
    pub fn public(self) -> Self {
        Self { password_hash: String::new(), ..self }
    }
}

pub async fn prepare() -> Result<Vec<DemoAccount>, String> {
    let passwords = Passwords::new(8, 1)?;
    let hash = passwords.hash(DEMO_PASSWORD.to_string()).await?;
    Ok(ACCOUNTS
        .iter()
        .map(|(user_type, name)| DemoAccount {
            id: Uuid::new_v4(),
            email: format!("{}@{DEMO_DOMAIN}", user_type.replace('_', ".")),
            user_type: (*user_type).to_string(),
            full_name: (*name).to_string(),
            // One hash serves every account: they share the printed password.
            password_hash: hash.clone(),
        })
        .collect())
}

pub async fn insert(conn: &mut PgConnection, account: &DemoAccount) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, $3, now(), '{\"provider\": \"email\", \"providers\": [\"email\"]}', jsonb_build_object('full_name', $4::text))",
    )
    .bind(account.id)
    .bind(&account.email)
    .bind(&account.password_hash)
    .bind(&account.full_name)
    .execute(&mut *conn)
    .await?;
    let (first, surname) = account.full_name.split_once(' ').unwrap_or((&account.full_name, ""));
    sqlx::query(
        "insert into public.users (id, email, type, status, full_name, first_name, surname, approval_status, approved_at)
         values ($1, $2, $3, 'approved', $4, $5, $6, 'approved', now())",
    )
    .bind(account.id)
    .bind(&account.email)
    .bind(&account.user_type)
    .bind(&account.full_name)
    .bind(first)
    .bind(surname)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
