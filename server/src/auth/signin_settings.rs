//! The settings of the ways in beyond e-mail and password: signing keys and issuer, the site's
//! name and the templates of its messages, codes by e-mail and SMS, phones and the send-SMS hook,
//! anonymous sign-ins and second factors. Flattened into [`super::settings::AuthArgs`].

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use url::Url;

use super::keys::KeySource;
use crate::startup_error::StartupError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AccessTokenAlgorithm {
    /// ES256 keys generated, kept in the database and rotated by the server.
    Es256,
    /// JWT_SECRET (HS256), as before asymmetric keys.
    Hs256,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SmsProvider {
    /// No SMS: phone sign-ins are refused.
    None,
    /// The send-SMS hook (SEND_SMS_HOOK_URI).
    Hook,
    /// Development: the message is written to `auth.sms_outbox` and the log, never sent.
    Log,
}

#[derive(Debug, Clone, Args)]
pub struct SignInArgs {
    /// `iss` of access tokens. Default: API_EXTERNAL_URL (or SITE_URL's origin) + /auth/v1.
    #[arg(long, env = "JWT_ISSUER", global = true)]
    pub jwt_issuer: Option<String>,

    /// More issuers accepted on users' tokens, comma-separated: set the old JWT_ISSUER here when
    /// changing it, until the last token it signed has expired (JWT_EXPIRY).
    #[arg(long, env = "JWT_ACCEPTED_ISSUERS", default_value = "", global = true)]
    pub jwt_accepted_issuers: String,

    /// GoTrue's JWT_KEYS: a JSON array of JWKs (oct, EC P-256, RSA); the key whose key_ops has
    /// `sign` signs access tokens, the others verify. Unset: the server's own ES256 keys.
    #[arg(long, env = "JWT_KEYS", global = true, hide_env_values = true)]
    pub jwt_keys: Option<String>,

    /// How access tokens are signed when JWT_KEYS is unset: `es256` (keys generated and rotated
    /// by the server, `server signing-keys rotate`) or `hs256` (JWT_SECRET, as before).
    #[arg(long, env = "JWT_ACCESS_TOKEN_ALGORITHM", value_enum, default_value_t = AccessTokenAlgorithm::Es256, global = true)]
    pub jwt_access_token_algorithm: AccessTokenAlgorithm,

    /// Requests to /auth/v1 must carry an API key (`apikey`), as behind hosted Supabase's gateway.
    /// Off: a request without one is the anon key's (a bare GoTrue, or the Supabase CLI's gateway);
    /// a wrong key is refused either way.
    #[arg(long, env = "AUTH_REQUIRE_API_KEY", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub auth_require_api_key: bool,

    /// Roles whose tokens may use the admin API, comma-separated (GoTrue's JWT_ADMIN_ROLES).
    #[arg(long, env = "JWT_ADMIN_ROLES", default_value = "service_role,supabase_admin", global = true)]
    pub jwt_admin_roles: String,

    /// Public address of the API (GoTrue's API_EXTERNAL_URL): mailed links point at it.
    /// Default: SITE_URL's origin (the server serves the app and the API).
    #[arg(long, env = "API_EXTERNAL_URL", global = true)]
    pub api_external_url: Option<String>,

    /// The site's name, in messages and as the issuer of authenticator apps. Default: SITE_URL's
    /// host.
    #[arg(long, env = "SITE_NAME", global = true)]
    pub site_name: Option<String>,

    /// More words (comma-separated) that make a guessable password with digits around them,
    /// besides SITE_NAME's and SITE_URL's.
    #[arg(long, env = "PASSWORD_SITE_WORDS", default_value = "", global = true)]
    pub password_site_words: String,

    /// Folder of the mail templates (`<name>.txt`, optionally `<name>.html`, and per language
    /// `<name>.<lang>.txt`); default ./templates/mail when it exists, else the built-in ones.
    #[arg(long, env = "MAIL_TEMPLATES_DIR", global = true)]
    pub mail_templates_dir: Option<PathBuf>,

    /// Folder of the SMS templates (`otp.txt`, …); default ./templates/sms when it exists.
    #[arg(long, env = "SMS_TEMPLATES_DIR", global = true)]
    pub sms_templates_dir: Option<PathBuf>,

    /// Digits of the codes mailed with links (6 to 10).
    #[arg(long, env = "MAILER_OTP_LENGTH", default_value_t = 6, global = true)]
    pub mailer_otp_length: usize,

    /// `signInWithOtp({shouldCreateUser: false})` for an address or number without an account
    /// answers GoTrue's 422 `otp_disabled` (which tells it has none); off: `{}`, nothing sent.
    #[arg(long, env = "OTP_REVEAL_UNKNOWN_ACCOUNTS", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub otp_reveal_unknown_accounts: bool,

    /// Wrong codes tried against one mailed or texted code before it is spent.
    #[arg(long, env = "OTP_MAX_ATTEMPTS", default_value_t = 5, global = true)]
    pub otp_max_attempts: u32,

    /// Sign-ins with an e-mail address (password, codes, links).
    #[arg(long, env = "EXTERNAL_EMAIL_ENABLED", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub external_email_enabled: bool,

    /// Sign-ins with a phone number (needs SMS_PROVIDER).
    #[arg(long, env = "EXTERNAL_PHONE_ENABLED", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub external_phone_enabled: bool,

    /// Anonymous sign-ins (`signInAnonymously`).
    #[arg(long, env = "EXTERNAL_ANONYMOUS_USERS_ENABLED", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub external_anonymous_users_enabled: bool,

    /// Phone sign-ups are confirmed at once (no code first).
    #[arg(long, env = "SMS_AUTOCONFIRM", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub sms_autoconfirm: bool,

    /// Lifetime of texted codes, in seconds.
    #[arg(long, env = "SMS_OTP_EXP", default_value_t = 300, global = true)]
    pub sms_otp_exp: u64,

    /// Digits of texted codes (6 to 10).
    #[arg(long, env = "SMS_OTP_LENGTH", default_value_t = 6, global = true)]
    pub sms_otp_length: usize,

    /// Seconds between two texts to one number.
    #[arg(long, env = "SMS_SEND_INTERVAL", default_value_t = 60, global = true)]
    pub sms_send_interval: u64,

    /// How texts leave: `hook` (SEND_SMS_HOOK_URI), `log` (development: auth.sms_outbox and the
    /// log) or `none`.
    #[arg(long, env = "SMS_PROVIDER", value_enum, default_value_t = SmsProvider::None, global = true)]
    pub sms_provider: SmsProvider,

    /// The send-SMS hook: an https URL (http only to loopback) that receives each text as JSON,
    /// signed as Supabase's auth hooks are (Standard Webhooks).
    #[arg(long, env = "SEND_SMS_HOOK_URI", global = true)]
    pub send_sms_hook_uri: Option<String>,

    /// The hook's signing secrets, `v1,whsec_<base64>`, separated by `|` (the first signs).
    #[arg(long, env = "SEND_SMS_HOOK_SECRETS", global = true, hide_env_values = true)]
    pub send_sms_hook_secrets: Option<String>,

    /// Fixed codes for test numbers, `number=code` comma-separated (no text is sent to them).
    #[arg(long, env = "SMS_TEST_OTP", default_value = "", global = true)]
    pub sms_test_otp: String,

    /// Country calling code added to numbers written without one (`98450 12345` → +91…).
    #[arg(long, env = "SMS_DEFAULT_COUNTRY_CODE", default_value = "91", global = true)]
    pub sms_default_country_code: String,

    /// Code requests (`/otp`, `/resend`) per client address per window.
    #[arg(long, env = "AUTH_OTP_RATE_LIMIT", default_value_t = 30, global = true)]
    pub auth_otp_rate_limit: u32,

    /// Anonymous sign-ins per client address per hour.
    #[arg(long, env = "AUTH_ANONYMOUS_RATE_LIMIT", default_value_t = 30, global = true)]
    pub auth_anonymous_rate_limit: u32,

    /// Users may enrol TOTP factors.
    #[arg(long, env = "MFA_TOTP_ENROLL_ENABLED", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub mfa_totp_enroll_enabled: bool,

    /// TOTP factors may be challenged and verified.
    #[arg(long, env = "MFA_TOTP_VERIFY_ENABLED", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub mfa_totp_verify_enabled: bool,

    /// Factors one user may have (verified or not).
    #[arg(long, env = "MFA_MAX_ENROLLED_FACTORS", default_value_t = 10, global = true)]
    pub mfa_max_enrolled_factors: u32,

    /// Seconds a factor challenge may be verified in.
    #[arg(long, env = "MFA_CHALLENGE_EXPIRY_DURATION", default_value_t = 300, global = true)]
    pub mfa_challenge_expiry_duration: u64,
}

/// The send-SMS hook's address and secrets.
#[derive(Debug, Clone)]
pub struct SmsHook {
    pub uri: Url,
    /// Decoded HMAC keys; the first signs.
    pub secrets: Vec<Vec<u8>>,
}

#[derive(Debug, Clone)]
pub struct SignInSettings {
    pub issuer: String,
    pub accepted_issuers: Vec<String>,
    pub key_source: KeySource,
    pub admin_roles: Vec<String>,
    pub require_api_key: bool,
    /// Base of mailed links.
    pub api_url: Url,
    pub site_name: String,
    pub password_site_words: Vec<String>,
    pub mail_templates_dir: Option<PathBuf>,
    pub sms_templates_dir: Option<PathBuf>,
    pub mailer_otp_length: usize,
    pub otp_max_attempts: u32,
    pub reveal_unknown_accounts: bool,
    pub email_enabled: bool,
    pub phone_enabled: bool,
    pub anonymous_enabled: bool,
    pub sms_autoconfirm: bool,
    pub sms_otp_expiry: Duration,
    pub sms_otp_length: usize,
    pub sms_interval: Duration,
    pub sms_provider: SmsProvider,
    pub sms_hook: Option<SmsHook>,
    pub sms_test_otp: HashMap<String, String>,
    pub default_country_code: String,
    pub otp_request_limit: u32,
    pub anonymous_limit: u32,
    pub mfa_enroll_enabled: bool,
    pub mfa_verify_enabled: bool,
    pub mfa_max_factors: u32,
    pub mfa_challenge_expiry: Duration,
}

fn list(raw: &str) -> Vec<String> {
    raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

fn folder(setting: Option<&PathBuf>, default: &str, name: &'static str) -> Result<Option<PathBuf>, StartupError> {
    match setting.filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) if dir.is_dir() => Ok(Some(dir.clone())),
        Some(dir) => Err(StartupError::setting(name, format!("{} is not a directory", dir.display()))),
        None => {
            let dir = PathBuf::from(default);
            Ok(dir.is_dir().then(|| std::path::absolute(&dir).unwrap_or(dir)))
        }
    }
}

/// `v1,whsec_<base64>` → the key bytes (Standard Webhooks).
fn hook_secret(raw: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    let body = raw.trim().strip_prefix("v1,").unwrap_or(raw.trim());
    let body = body.strip_prefix("whsec_").unwrap_or(body);
    base64::engine::general_purpose::STANDARD.decode(body).ok().filter(|k| k.len() >= 16)
}

impl SignInArgs {
    pub fn validate(self, site_url: &Url) -> Result<SignInSettings, StartupError> {
        let api_url = match self.api_external_url.filter(|u| !u.trim().is_empty()) {
            Some(raw) => Url::parse(raw.trim_end_matches('/'))
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
                .ok_or_else(|| StartupError::setting("API_EXTERNAL_URL", "must be an http:// or https:// URL"))?,
            None => Url::parse(&site_url.origin().ascii_serialization())
                .map_err(|e| StartupError::setting("SITE_URL", e.to_string()))?,
        };
        let issuer = self
            .jwt_issuer
            .filter(|i| !i.trim().is_empty())
            .unwrap_or_else(|| format!("{}/auth/v1", api_url.as_str().trim_end_matches('/')));
        let mut accepted_issuers = vec![issuer.clone()];
        accepted_issuers.extend(list(&self.jwt_accepted_issuers));
        let key_source = match self.jwt_keys.filter(|k| !k.trim().is_empty()) {
            Some(raw) => {
                let keys: Vec<serde_json::Value> = serde_json::from_str(&raw)
                    .map_err(|e| StartupError::setting("JWT_KEYS", format!("must be a JSON array of JWKs: {e}")))?;
                KeySource::Imported(keys)
            }
            None if self.jwt_access_token_algorithm == AccessTokenAlgorithm::Hs256 => KeySource::Secret,
            None => KeySource::Managed,
        };
        let site_name = self
            .site_name
            .filter(|n| !n.trim().is_empty())
            .or_else(|| site_url.host_str().map(str::to_owned))
            .unwrap_or_else(|| "localhost".into());
        for (name, length) in [("MAILER_OTP_LENGTH", self.mailer_otp_length), ("SMS_OTP_LENGTH", self.sms_otp_length)] {
            if !(6..=10).contains(&length) {
                return Err(StartupError::setting(name, "must be between 6 and 10"));
            }
        }
        if self.otp_max_attempts == 0 {
            return Err(StartupError::setting("OTP_MAX_ATTEMPTS", "must be at least 1"));
        }
        if self.sms_otp_exp < 30 {
            return Err(StartupError::setting("SMS_OTP_EXP", "must be at least 30 seconds"));
        }
        let sms_hook = match self.sms_provider {
            SmsProvider::Hook => {
                let uri = self
                    .send_sms_hook_uri
                    .as_deref()
                    .and_then(|u| Url::parse(u).ok())
                    .filter(|u| {
                        u.scheme() == "https"
                            || (u.scheme() == "http"
                                && matches!(u.host_str(), Some("localhost" | "127.0.0.1" | "[::1]")))
                    })
                    .ok_or_else(|| {
                        StartupError::setting(
                            "SEND_SMS_HOOK_URI",
                            "must be an https:// URL (http only to loopback) with SMS_PROVIDER=hook",
                        )
                    })?;
                let secrets: Vec<Vec<u8>> = self
                    .send_sms_hook_secrets
                    .as_deref()
                    .unwrap_or_default()
                    .split('|')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| hook_secret(s).ok_or(()))
                    .collect::<Result<_, _>>()
                    .map_err(|()| {
                        StartupError::setting("SEND_SMS_HOOK_SECRETS", "must be v1,whsec_<base64 of at least 16 bytes>")
                    })?;
                if secrets.is_empty() {
                    return Err(StartupError::setting("SEND_SMS_HOOK_SECRETS", "is required with SMS_PROVIDER=hook"));
                }
                Some(SmsHook { uri, secrets })
            }
            SmsProvider::None | SmsProvider::Log => None,
        };
        let mut sms_test_otp = HashMap::new();
        for pair in list(&self.sms_test_otp) {
            let (number, code) = pair
                .split_once('=')
                .filter(|(n, c)| !n.trim().is_empty() && c.trim().chars().all(|ch| ch.is_ascii_digit()))
                .ok_or_else(|| StartupError::setting("SMS_TEST_OTP", format!("{pair} is not number=code")))?;
            sms_test_otp.insert(number.trim().trim_start_matches('+').to_owned(), code.trim().to_owned());
        }
        let country = self.sms_default_country_code.trim().trim_start_matches('+').to_owned();
        if country.is_empty() || country.len() > 3 || !country.chars().all(|c| c.is_ascii_digit()) {
            return Err(StartupError::setting("SMS_DEFAULT_COUNTRY_CODE", "must be a country calling code such as 91"));
        }
        Ok(SignInSettings {
            issuer,
            accepted_issuers,
            key_source,
            admin_roles: list(&self.jwt_admin_roles),
            require_api_key: self.auth_require_api_key,
            api_url,
            site_name,
            password_site_words: list(&self.password_site_words),
            mail_templates_dir: folder(self.mail_templates_dir.as_ref(), "templates/mail", "MAIL_TEMPLATES_DIR")?,
            sms_templates_dir: folder(self.sms_templates_dir.as_ref(), "templates/sms", "SMS_TEMPLATES_DIR")?,
            mailer_otp_length: self.mailer_otp_length,
            otp_max_attempts: self.otp_max_attempts,
            reveal_unknown_accounts: self.otp_reveal_unknown_accounts,
            email_enabled: self.external_email_enabled,
            phone_enabled: self.external_phone_enabled && self.sms_provider != SmsProvider::None,
            anonymous_enabled: self.external_anonymous_users_enabled,
            sms_autoconfirm: self.sms_autoconfirm,
            sms_otp_expiry: Duration::from_secs(self.sms_otp_exp),
            sms_otp_length: self.sms_otp_length,
            sms_interval: Duration::from_secs(self.sms_send_interval),
            sms_provider: self.sms_provider,
            sms_hook,
            sms_test_otp,
            default_country_code: country,
            otp_request_limit: self.auth_otp_rate_limit,
            anonymous_limit: self.auth_anonymous_rate_limit,
            mfa_enroll_enabled: self.mfa_totp_enroll_enabled,
            mfa_verify_enabled: self.mfa_totp_verify_enabled,
            mfa_max_factors: self.mfa_max_enrolled_factors,
            mfa_challenge_expiry: Duration::from_secs(self.mfa_challenge_expiry_duration),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_secrets_are_standard_webhooks_secrets() {
        assert_eq!(hook_secret("v1,whsec_MDEyMzQ1Njc4OWFiY2RlZg==").unwrap(), b"0123456789abcdef");
        assert!(hook_secret("v1,whsec_c2hvcnQ=").is_none(), "too short");
        assert!(hook_secret("v1,whsec_!!!").is_none());
    }
}
