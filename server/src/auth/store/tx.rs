//! The auth service's transaction: on a request connection, as the role `auth_admin` (the only
//! role with rights on the `auth` tables), in UTC.

use crate::auth::error::AuthError;
pub use crate::db::service_tx::DbError;
use crate::db::service_tx::{ServiceRole, ServiceTx};

/// The auth service's role.
pub struct AuthAdmin;

impl ServiceRole for AuthAdmin {
    const ROLE: &'static str = "auth_admin";
}

pub type AuthTx = ServiceTx<AuthAdmin>;

impl From<DbError> for AuthError {
    fn from(error: DbError) -> Self {
        match &error {
            DbError::Checkout(_) => AuthError::unavailable(error),
            DbError::Postgres(inner) if inner.as_db_error().is_none() => AuthError::unavailable(error),
            DbError::Postgres(_) | DbError::RowCount(_) => AuthError::internal(error),
        }
    }
}
