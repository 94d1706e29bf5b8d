//! Text messages. Every text is first written to `auth.sms_outbox`; then
//!
//! * `SMS_PROVIDER=hook`: it is POSTed to SEND_SMS_HOOK_URI as Supabase's send-SMS hook sends
//!   it, `{"user": {…}, "sms": {"otp": "…", "sms_type": "…", "phone": "…", "message": "…"}}`,
//!   signed as Standard Webhooks (the auth hooks' scheme): `webhook-id`, `webhook-timestamp`
//!   and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. Any Indian SMS
//!   gateway can sit behind a small function that checks the signature. A hook that fails or
//!   answers with an error fails the request (GoTrue's 500 `sms_send_failed`), and the outbox
//!   row keeps the error.
//! * `SMS_PROVIDER=log` (development): the text stays in the outbox and is logged, so tests
//!   and developers read codes there.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

use super::signin_settings::{SignInSettings, SmsHook, SmsProvider};
use super::store::tx::{AuthTx, DbError};

/// How long the hook may take.
const HOOK_TIMEOUT: Duration = Duration::from_secs(10);

/// One text to send.
pub struct Text<'a> {
    pub phone: &'a str,
    pub otp: &'a str,
    /// `signup`, `phone_change`, `sms` (sign-in), `mfa`…
    pub sms_type: &'a str,
    pub message: &'a str,
    /// The user as the hook receives it.
    pub user: &'a Value,
}

#[derive(Clone)]
pub struct SmsSender {
    provider: SmsProvider,
    hook: Option<SmsHook>,
    client: reqwest::Client,
}

/// Why a text did not leave.
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    #[error("{0}")]
    Db(#[from] DbError),
    #[error("no SMS provider is configured")]
    NoProvider,
    #[error("the send-SMS hook failed: {0}")]
    Hook(String),
}

/// The Standard Webhooks signature of `body`: `v1,<base64 HMAC-SHA256(secret, "id.timestamp.body")>`.
pub fn signature(secret: &[u8], id: &str, timestamp: i64, body: &str) -> String {
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    };
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

impl SmsSender {
    pub fn new(settings: &SignInSettings) -> Result<Self, String> {
        let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS for the send-SMS hook: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let client = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .timeout(HOOK_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("HTTP client for the send-SMS hook: {e}"))?;
        Ok(Self { provider: settings.sms_provider, hook: settings.sms_hook.clone(), client })
    }

    /// Writes the text to the outbox (in `tx`) and sends it; the outbox id.
    pub async fn send(&self, tx: &mut AuthTx, text: &Text<'_>) -> Result<i64, SmsError> {
        if self.provider == SmsProvider::None {
            return Err(SmsError::NoProvider);
        }
        let row = tx
            .query_one(
                "insert into auth.sms_outbox (recipient, body, kind) values ($1, $2, $3) returning id",
                &[&text.phone, &text.message, &text.sms_type],
            )
            .await?;
        let id: i64 = row.get(0);
        let outcome = match (&self.provider, &self.hook) {
            (SmsProvider::Hook, Some(hook)) => self.call_hook(hook, id, text).await,
            _ => {
                tracing::info!(sms_id = id, "text kept in auth.sms_outbox (SMS_PROVIDER=log)");
                Ok(())
            }
        };
        let error = outcome.as_ref().err().cloned();
        tx.execute(
            "update auth.sms_outbox set sent_at = case when $2::text is null then now() end, last_error = $2 where id = $1",
            &[&id, &error],
        )
        .await?;
        outcome.map_err(SmsError::Hook)?;
        Ok(id)
    }

    async fn call_hook(&self, hook: &SmsHook, id: i64, text: &Text<'_>) -> Result<(), String> {
        let body = json!({
            "user": text.user,
            "sms": {"otp": text.otp, "sms_type": text.sms_type, "phone": text.phone, "message": text.message},
        })
        .to_string();
        let webhook_id = format!("msg_{}", uuid::Uuid::new_v4().simple());
        let now = chrono::Utc::now().timestamp();
        let signatures: Vec<String> =
            hook.secrets.iter().map(|secret| signature(secret, &webhook_id, now, &body)).collect();
        let response = self
            .client
            .post(hook.uri.clone())
            .header("content-type", "application/json")
            .header("webhook-id", &webhook_id)
            .header("webhook-timestamp", now.to_string())
            .header("webhook-signature", signatures.join(" "))
            .body(body)
            .send()
            .await
            .map_err(|e| format!("text {id}: {e}"))?;
        let status = response.status();
        if status.is_success() {
            let bytes = response.bytes().await.unwrap_or_default();
            let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            if let Some(error) = answer.get("error").filter(|e| !e.is_null()) {
                return Err(format!("text {id}: the hook answered an error: {error}"));
            }
            return Ok(());
        }
        Err(format!("text {id}: the hook answered HTTP {status}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_standard_webhooks() {
        // The example of the Standard Webhooks specification.
        let secret = STANDARD.decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").unwrap();
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            signature(&secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1_614_265_330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }
}
