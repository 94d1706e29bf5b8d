//! Mailing a link: a fresh one-time token (stored hashed), the link on SITE_URL, its letter
//! written to the outbox in the caller's transaction.

use uuid::Uuid;

use crate::auth::error::AuthError;
use crate::auth::mail;
use crate::auth::store::one_time::{self, Purpose};
use crate::auth::store::tx::AuthTx;
use crate::auth::tokens;
use crate::state::AppState;

/// Queues the mail; its id, for [`crate::auth::mail::Mailer::deliver`] once committed.
pub async fn mail_link(
    state: &AppState,
    tx: &mut AuthTx,
    user_id: Uuid,
    purpose: Purpose,
    recipient: &str,
    redirect_to: Option<&str>,
) -> Result<i64, AuthError> {
    let settings = &state.auth.settings;
    let token = tokens::random_token();
    one_time::issue(tx, user_id, purpose, &tokens::token_hash(&token), recipient, settings.otp_expiry).await?;
    let link = mail::link(settings, &token, purpose, &settings.redirect_target(redirect_to));
    let letter = mail::letter(purpose, &link, settings.otp_expiry);
    Ok(state.auth.mailer.enqueue(tx, recipient, purpose, &letter).await?)
}
