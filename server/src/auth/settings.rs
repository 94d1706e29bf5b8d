//! The auth service's settings: flags and environment variables (flattened into the server's
//! [`crate::config::Settings`]) and their validated form.

use std::net::IpAddr;
use std::time::Duration;

use clap::{Args, ValueEnum};
use url::Url;

use crate::startup_error::StartupError;

#[derive(Debug, Clone, Args)]
pub struct AuthArgs {
    /// Lifetime of access tokens in seconds (clients refresh 90 s before the end).
    #[arg(long, env = "JWT_EXPIRY", default_value_t = 3600, global = true)]
    pub jwt_expiry: u64,

    /// The audience tokens must name (PostgREST's `jwt-aud`): a token whose `aud` claim is
    /// present and does not contain it is refused. Empty: any audience.
    #[arg(long, env = "JWT_AUD", default_value = "authenticated", global = true)]
    pub jwt_aud: String,

    /// Sign-ups are confirmed at once (no confirmation mail). Off: a link is mailed first.
    #[arg(long, env = "MAILER_AUTOCONFIRM", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub mailer_autoconfirm: bool,

    /// Lifetime of mailed links (confirmation, recovery, e-mail change) in seconds.
    #[arg(long, env = "MAILER_OTP_EXP", default_value_t = 3600, global = true)]
    pub mailer_otp_exp: u64,

    /// Refuses new sign-ups (admins can still create accounts).
    #[arg(long, env = "DISABLE_SIGNUP", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub disable_signup: bool,

    /// Shortest accepted password, in characters. GoTrue's default, 6, is what the product's
    /// student and matrimony forms accept (spec §9): the server must not refuse what they allow.
    #[arg(long, env = "PASSWORD_MIN_LENGTH", default_value_t = 6, global = true)]
    pub password_min_length: usize,

    /// A password or e-mail change outside the recovery flow needs proof: the current password
    /// (`current_password`) or a code mailed by `GET /reauthenticate` (`nonce`). A session
    /// opened by a recovery or invitation link within MAILER_OTP_EXP needs none.
    #[arg(long, env = "SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", default_value_t = true,
          action = clap::ArgAction::Set, global = true)]
    pub security_update_password_require_reauthentication: bool,

    /// Mail the owner when their password changes.
    #[arg(long, env = "MAILER_NOTIFICATIONS_PASSWORD_CHANGED_ENABLED", default_value_t = true,
          action = clap::ArgAction::Set, global = true)]
    pub mailer_notifications_password_changed_enabled: bool,

    /// Mail the old address when an account's e-mail address changes.
    #[arg(long, env = "MAILER_NOTIFICATIONS_EMAIL_CHANGED_ENABLED", default_value_t = true,
          action = clap::ArgAction::Set, global = true)]
    pub mailer_notifications_email_changed_enabled: bool,

    /// Passwords hashed at once (each on its own low-priority thread); default: half the CPUs
    /// (at least one), so a burst of sign-ins leaves the other half to every other request.
    #[arg(long, env = "PASSWORD_HASH_CONCURRENCY", global = true)]
    pub password_hash_concurrency: Option<usize>,

    /// Sign-ins, sign-ups, recoveries and verifications each allowed per client address per
    /// window.
    #[arg(long, env = "AUTH_RATE_LIMIT", default_value_t = 30, global = true)]
    pub auth_rate_limit: u32,

    /// Token refreshes allowed per client address per window.
    #[arg(long, env = "AUTH_REFRESH_RATE_LIMIT", default_value_t = 150, global = true)]
    pub auth_refresh_rate_limit: u32,

    /// Length of the rate-limit window in seconds.
    #[arg(long, env = "AUTH_RATE_LIMIT_WINDOW_SECONDS", default_value_t = 300, global = true)]
    pub auth_rate_limit_window_seconds: u64,

    /// Seconds between two mails of one kind to one address.
    #[arg(long, env = "MAILER_SEND_INTERVAL", default_value_t = 60, global = true)]
    pub mailer_send_interval: u64,

    /// Seconds a rotated refresh token still gives the same continuation (concurrent tabs);
    /// reuse after that revokes the whole session.
    #[arg(long, env = "REFRESH_TOKEN_REUSE_INTERVAL", default_value_t = 10, global = true)]
    pub refresh_token_reuse_interval: u64,

    /// Proxies whose X-Forwarded-For is believed, comma-separated addresses or CIDR ranges.
    /// Empty: the client address is the TCP peer.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "", global = true)]
    pub trusted_proxies: String,

    /// Other URLs (besides SITE_URL) that e-mail links may redirect to, comma-separated; a
    /// redirect is allowed when it starts with one of them.
    #[arg(long, env = "ADDITIONAL_REDIRECT_URLS", default_value = "", global = true)]
    pub additional_redirect_urls: String,

    /// SMTP server for mail. Unset: mail is kept in `auth.mail_outbox` and logged.
    #[arg(long, env = "SMTP_HOST", global = true)]
    pub smtp_host: Option<String>,

    #[arg(long, env = "SMTP_PORT", default_value_t = 587, global = true)]
    pub smtp_port: u16,

    #[arg(long, env = "SMTP_USER", global = true)]
    pub smtp_user: Option<String>,

    #[arg(long, env = "SMTP_PASS", global = true, hide_env_values = true)]
    pub smtp_pass: Option<String>,

    /// How the SMTP connection is secured: `starttls`, `tls` (implicit, port 465) or `none`.
    #[arg(long, env = "SMTP_SECURITY", value_enum, default_value_t = SmtpSecurity::Starttls, global = true)]
    pub smtp_security: SmtpSecurity,

    /// Sender address of every mail.
    #[arg(long, env = "SMTP_ADMIN_EMAIL", default_value = "no-reply@localhost", global = true)]
    pub smtp_admin_email: String,

    /// Sender name of every mail. Default: SITE_NAME.
    #[arg(long, env = "SMTP_SENDER_NAME", global = true)]
    pub smtp_sender_name: Option<String>,

    #[command(flatten)]
    pub signin: super::signin_settings::SignInArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SmtpSecurity {
    Starttls,
    Tls,
    None,
}

#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub credentials: Option<(String, String)>,
    pub security: SmtpSecurity,
}

/// One rate limit: `hits` per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub hits: u32,
    pub window: Duration,
}

/// An address range: one address or a CIDR block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpRange {
    address: IpAddr,
    prefix: u8,
}

impl IpRange {
    pub fn parse(raw: &str) -> Option<Self> {
        let (address, prefix) = match raw.split_once('/') {
            Some((address, prefix)) => (address.parse::<IpAddr>().ok()?, Some(prefix.parse::<u8>().ok()?)),
            None => (raw.parse::<IpAddr>().ok()?, None),
        };
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(Self { address, prefix })
    }

    pub fn contains(&self, candidate: IpAddr) -> bool {
        let candidate = match candidate {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(candidate, IpAddr::V4),
            v4 => v4,
        };
        match (self.address, candidate) {
            (IpAddr::V4(range), IpAddr::V4(ip)) => {
                masked(u32::from(range).into(), 32, self.prefix) == masked(u32::from(ip).into(), 32, self.prefix)
            }
            (IpAddr::V6(range), IpAddr::V6(ip)) => {
                masked(u128::from(range), 128, self.prefix) == masked(u128::from(ip), 128, self.prefix)
            }
            _ => false,
        }
    }
}

fn masked(bits: u128, width: u8, prefix: u8) -> u128 {
    if prefix == 0 { 0 } else { bits >> (width - prefix) }
}

/// Validated settings of the auth service.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    /// Where e-mail links point and where they redirect by default.
    pub site_url: Url,
    pub redirect_urls: Vec<Url>,
    pub jwt_expiry: Duration,
    /// JWT_AUD (empty: not checked).
    pub jwt_aud: String,
    pub autoconfirm: bool,
    pub otp_expiry: Duration,
    pub disable_signup: bool,
    pub password_min_length: usize,
    pub password_hash_concurrency: usize,
    /// Password and e-mail changes need the current password or a mailed nonce.
    pub require_reauthentication: bool,
    /// Mail the owner after a password change.
    pub notify_password_changed: bool,
    /// Mail the old address after an e-mail change.
    pub notify_email_changed: bool,
    /// Sign-in, sign-up, recovery and verification per address.
    pub request_limit: Limit,
    pub refresh_limit: Limit,
    pub mail_interval: Duration,
    pub refresh_reuse_interval: Duration,
    pub trusted_proxies: Vec<IpRange>,
    pub smtp: Option<SmtpSettings>,
    pub sender: (String, String),
    /// Codes, phones, keys, templates, anonymous sign-ins and second factors.
    pub signin: super::signin_settings::SignInSettings,
}

/// Half the CPUs, at least one. (Measured on 2 vCPUs: with both hashing, REST p99 rose about
/// 5× during 50 concurrent sign-ins whatever the threads' priority, since argon2 saturates
/// the shared core and its memory bandwidth; with one, about 2×. See bench/README.md.)
pub fn default_hash_concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

impl AuthArgs {
    pub fn validate(self, site_url: &Url) -> Result<AuthSettings, StartupError> {
        if !(60..=7 * 86_400).contains(&self.jwt_expiry) {
            return Err(StartupError::setting(
                "JWT_EXPIRY",
                "must be between 60 and 604800 seconds (clients refresh 90 seconds early)",
            ));
        }
        if !(4..=128).contains(&self.password_min_length) {
            return Err(StartupError::setting("PASSWORD_MIN_LENGTH", "must be between 4 and 128"));
        }
        if self.auth_rate_limit_window_seconds == 0 {
            return Err(StartupError::setting("AUTH_RATE_LIMIT_WINDOW_SECONDS", "must be greater than 0"));
        }
        if self.mailer_otp_exp < 60 {
            return Err(StartupError::setting("MAILER_OTP_EXP", "must be at least 60 seconds"));
        }
        let mut trusted_proxies = Vec::new();
        for item in self.trusted_proxies.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            trusted_proxies.push(IpRange::parse(item).ok_or_else(|| {
                StartupError::setting("TRUSTED_PROXIES", format!("{item} is not an address or CIDR range"))
            })?);
        }
        let mut redirect_urls = Vec::new();
        for item in self.additional_redirect_urls.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let url = Url::parse(item).map_err(|e| {
                StartupError::setting("ADDITIONAL_REDIRECT_URLS", format!("{item} is not a valid URL: {e}"))
            })?;
            redirect_urls.push(url);
        }
        let smtp = match self.smtp_host.filter(|h| !h.trim().is_empty()) {
            None => None,
            Some(host) => Some(SmtpSettings {
                host,
                port: self.smtp_port,
                credentials: match (self.smtp_user.filter(|u| !u.is_empty()), self.smtp_pass) {
                    (Some(user), Some(pass)) => Some((user, pass)),
                    (Some(_), None) => {
                        return Err(StartupError::setting("SMTP_PASS", "is required when SMTP_USER is set"));
                    }
                    (None, _) => None,
                },
                security: self.smtp_security,
            }),
        };
        if !self.smtp_admin_email.contains('@') {
            return Err(StartupError::setting("SMTP_ADMIN_EMAIL", "must be an e-mail address"));
        }
        let window = Duration::from_secs(self.auth_rate_limit_window_seconds);
        let signin = self.signin.validate(site_url)?;
        let sender_name =
            self.smtp_sender_name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| signin.site_name.clone());
        Ok(AuthSettings {
            site_url: site_url.clone(),
            redirect_urls,
            jwt_expiry: Duration::from_secs(self.jwt_expiry),
            jwt_aud: self.jwt_aud.trim().to_owned(),
            autoconfirm: self.mailer_autoconfirm,
            otp_expiry: Duration::from_secs(self.mailer_otp_exp),
            disable_signup: self.disable_signup,
            password_min_length: self.password_min_length,
            password_hash_concurrency: self
                .password_hash_concurrency
                .filter(|n| *n > 0)
                .unwrap_or_else(default_hash_concurrency),
            require_reauthentication: self.security_update_password_require_reauthentication,
            notify_password_changed: self.mailer_notifications_password_changed_enabled,
            notify_email_changed: self.mailer_notifications_email_changed_enabled,
            request_limit: Limit { hits: self.auth_rate_limit, window },
            refresh_limit: Limit { hits: self.auth_refresh_rate_limit, window },
            mail_interval: Duration::from_secs(self.mailer_send_interval),
            refresh_reuse_interval: Duration::from_secs(self.refresh_token_reuse_interval),
            trusted_proxies,
            smtp,
            sender: (sender_name, self.smtp_admin_email),
            signin,
        })
    }
}

impl AuthSettings {
    /// Settings for tests and tools: the defaults, on `site_url`.
    pub fn defaults(site_url: Url) -> Self {
        use clap::Parser;
        #[derive(Parser)]
        struct Defaults {
            #[command(flatten)]
            auth: AuthArgs,
        }
        let args = Defaults::parse_from(["server"]).auth;
        match args.validate(&site_url) {
            Ok(settings) => settings,
            Err(error) => unreachable!("the defaults are valid: {error}"),
        }
    }

    /// `redirect_to` when it is allowed (same origin as SITE_URL, or starting with one of the
    /// additional URLs), else SITE_URL.
    pub fn redirect_target(&self, requested: Option<&str>) -> Url {
        let allowed = requested.and_then(|raw| Url::parse(raw).ok()).filter(|url| {
            url.origin() == self.site_url.origin()
                || self.redirect_urls.iter().any(|prefix| url.as_str().starts_with(prefix.as_str()))
        });
        allowed.unwrap_or_else(|| self.site_url.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_match_addresses_and_blocks() {
        let single = IpRange::parse("10.0.0.5").unwrap();
        assert!(single.contains("10.0.0.5".parse().unwrap()));
        assert!(!single.contains("10.0.0.6".parse().unwrap()));
        let block = IpRange::parse("10.1.0.0/16").unwrap();
        assert!(block.contains("10.1.200.3".parse().unwrap()));
        assert!(block.contains("::ffff:10.1.2.3".parse().unwrap()), "IPv4-mapped IPv6");
        assert!(!block.contains("10.2.0.1".parse().unwrap()));
        let v6 = IpRange::parse("fd00::/8").unwrap();
        assert!(v6.contains("fd12::1".parse().unwrap()));
        assert!(IpRange::parse("0.0.0.0/0").unwrap().contains("8.8.8.8".parse().unwrap()));
        assert_eq!(IpRange::parse("10.0.0.0/33"), None);
        assert_eq!(IpRange::parse("example.org"), None);
    }

    #[test]
    fn the_shortest_password_is_gotrues_six_characters_by_default() {
        let settings = AuthSettings::defaults(Url::parse("https://site.example/").unwrap());
        assert_eq!(settings.password_min_length, 6);
    }

    #[test]
    fn redirects_stay_on_allowed_origins() {
        let mut settings = AuthSettings::defaults(Url::parse("https://site.example/").unwrap());
        settings.redirect_urls = vec![Url::parse("http://localhost:5173/").unwrap()];
        let target = |raw| settings.redirect_target(Some(raw)).to_string();
        assert_eq!(target("https://site.example/reset"), "https://site.example/reset");
        assert_eq!(target("http://localhost:5173/x"), "http://localhost:5173/x");
        assert_eq!(target("https://evil.example/"), "https://site.example/");
        assert_eq!(target("https://site.example.evil.example/"), "https://site.example/");
        assert_eq!(settings.redirect_target(None).as_str(), "https://site.example/");
    }
}
