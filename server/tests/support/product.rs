//! Helpers for the community app's tests: accounts of each type, made as the superuser the way
//! create_user_record and admins would, and small SQL reads.

use super::TestApp;

impl TestApp {
    /// An account (auth.users and public.users) of `user_type` with `status`; returns its id.
    pub async fn product_user(&self, user_type: &str, status: &str) -> String {
        let id = uuid::Uuid::new_v4().to_string();
        let approval = if status == "approved" { "approved" } else { "pending" };
        self.sql(&format!(
            "insert into auth.users (id, email, email_confirmed_at) values ('{id}', '{user_type}-{id}@example.org', now());
             insert into public.users (id, email, type, status, full_name, approval_status)
             values ('{id}', '{user_type}-{id}@example.org', '{user_type}', '{status}', 'A {user_type}', '{approval}');"
        ))
        .await;
        id
    }

    /// An approved account of `user_type`.
    pub async fn approved(&self, user_type: &str) -> String {
        self.product_user(user_type, "approved").await
    }

    /// A bigint from SQL run as the superuser.
    pub async fn count(&self, sql: &str) -> i64 {
        self.scalar_sql::<i64>(sql).await
    }

    /// A text from SQL run as the superuser.
    pub async fn text(&self, sql: &str) -> String {
        self.scalar_sql::<String>(sql).await
    }
}
