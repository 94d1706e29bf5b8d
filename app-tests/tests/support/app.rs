//! The community app on the engine's harness: its SQL (the project's folders), a database and a
//! server on it, accounts of each type made as the superuser the way create_user_record and
//! admins would, and small SQL reads.

use std::path::PathBuf;

use server::db::bootstrap::SqlBundle;

use super::process::{project_root, server_command, with_app};
use super::{TestApp, TestAppOptions, TestDb};

/// The platform's migrations and the app's SQL, read from the project's folders as the server
/// reads them at start (MIGRATIONS_DIR, FUNCTIONS_DIR, POLICIES_DIR).
pub fn app_bundle() -> SqlBundle<'static> {
    super::app_in(&project_root())
}

/// The binary on `data_dir` with the project's app folders.
pub fn app_server_command(data_dir: &std::path::Path) -> std::process::Command {
    let mut command = server_command(data_dir);
    with_app(&mut command, &project_root());
    command
}

/// The demo community's password (seed/seed.toml).
pub fn demo_password() -> String {
    let seed: PathBuf = project_root().join("seed");
    server::seed::Seed::load(Some(&seed)).expect("the seed loads").plan.password
}

impl TestDb {
    /// A database with the app's migrations, functions and policies.
    pub async fn product() -> Self {
        Self::with_sql(app_bundle()).await
    }
}

impl TestApp {
    /// The server on the app's schema, functions and policies.
    pub async fn product() -> Self {
        Self::spawn_with(TestAppOptions { app: Some(app_bundle()), ..TestAppOptions::default() }).await
    }

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
}
