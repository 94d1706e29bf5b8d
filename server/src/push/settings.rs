//! Web push settings: flags and environment variables (flattened into the server's
//! [`crate::config::Settings`]) and their validated form.

use std::time::Duration;

use clap::Args;
use url::Url;

use super::endpoint::HostPattern;
use super::keys::VapidKeys;
use crate::startup_error::StartupError;

/// Push services browsers subscribe with: Chrome, Edge (new), Opera, Samsung Internet and
/// Brave (Firebase Cloud Messaging), Firefox (Mozilla autopush), Edge legacy and Windows (WNS)
/// and Safari (Apple).
pub const DEFAULT_ALLOWED_HOSTS: &str =
    "fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com";

#[derive(Debug, Clone, Args)]
pub struct PushArgs {
    /// VAPID private key: the P-256 scalar, 32 bytes base64url (as `web-push generate-vapid-keys`
    /// and `server vapid-keys` print it). Generated once into DATA_DIR for the embedded
    /// cluster; required with DATABASE_URL (every replica must sign with the same key).
    #[arg(long, env = "VAPID_PRIVATE_KEY", global = true, hide_env_values = true)]
    pub vapid_private_key: Option<String>,

    /// VAPID public key (65 bytes base64url). Optional: derived from the private key; when
    /// set it must match it.
    #[arg(long, env = "VAPID_PUBLIC_KEY", global = true)]
    pub vapid_public_key: Option<String>,

    /// Contact push services may use (the VAPID `sub` claim): a `mailto:` address or an
    /// https URL. Defaults to SITE_URL's origin.
    #[arg(long, env = "VAPID_SUBJECT", global = true)]
    pub vapid_subject: Option<String>,

    /// Hosts push endpoints may point at, comma-separated; `*.example.com` matches any
    /// subdomain (not example.com itself).
    #[arg(long, env = "PUSH_ALLOWED_HOSTS", default_value = DEFAULT_ALLOWED_HOSTS, global = true)]
    pub push_allowed_hosts: String,

    /// Devices one user may subscribe; saving one more drops the least recently saved.
    #[arg(long, env = "PUSH_MAX_DEVICES_PER_USER", default_value_t = 10, global = true)]
    pub push_max_devices_per_user: u32,

    /// How long push services keep an undelivered notification (TTL), in seconds.
    #[arg(long, env = "PUSH_TTL_SECONDS", default_value_t = 86_400, global = true)]
    pub push_ttl_seconds: u32,

    /// Attempts per notification and device before it is given up (429, 5xx, network errors
    /// are retried with exponential backoff).
    #[arg(long, env = "PUSH_MAX_ATTEMPTS", default_value_t = 8, global = true)]
    pub push_max_attempts: u32,

    /// Longest wait between two attempts, in seconds (a push service's Retry-After included).
    #[arg(long, env = "PUSH_RETRY_MAX_SECONDS", default_value_t = 3600, global = true)]
    pub push_retry_max_seconds: u64,

    /// Time one push request may take (resolve, connect, TLS, answer), in seconds.
    #[arg(long, env = "PUSH_SEND_TIMEOUT_SECONDS", default_value_t = 15, global = true)]
    pub push_send_timeout_seconds: u64,

    /// Push requests in flight at once per server.
    #[arg(long, env = "PUSH_CONCURRENCY", default_value_t = 8, global = true)]
    pub push_concurrency: usize,

    /// Days finished notifications (and their delivery records) are kept.
    #[arg(long, env = "PUSH_RETENTION_DAYS", default_value_t = 7, global = true)]
    pub push_retention_days: u32,

    /// Runs the delivery worker in this server. Any number of replicas may run it; turn it
    /// off to keep a replica to HTTP only.
    #[arg(long, env = "PUSH_WORKER", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub push_worker: bool,
}

/// The multi-replica test (scripts/cluster-test.sh) runs the real binary against a stand-in
/// push service on loopback: debug builds honour `PUSH_ALLOW_LOOPBACK_FOR_TESTS=1`; release
/// builds never do, whatever the environment says.
fn loopback_for_cluster_test() -> bool {
    cfg!(debug_assertions) && std::env::var("PUSH_ALLOW_LOOPBACK_FOR_TESTS").is_ok_and(|v| v == "1")
}

/// Validated push settings.
#[derive(Debug, Clone)]
pub struct PushSettings {
    /// The configured key pair; `None`: the one kept in the data directory.
    pub vapid_keys: Option<VapidKeys>,
    pub subject: String,
    pub allowed_hosts: Vec<HostPattern>,
    /// Tests only (never from a setting; the cluster test's debug build, see
    /// `loopback_for_cluster_test`): endpoints on loopback addresses, over http and on
    /// any port, are allowed so a stand-in push service can run in the test process.
    pub allow_loopback_http: bool,
    pub max_devices_per_user: u32,
    pub ttl: Duration,
    pub max_attempts: u32,
    /// First retry delay; it doubles per attempt up to `retry_max`.
    pub retry_base: Duration,
    pub retry_max: Duration,
    pub send_timeout: Duration,
    pub concurrency: usize,
    pub retention: Duration,
    /// Longest sleep of an idle worker before it looks for due retries anyway (NOTIFY wakes
    /// it for new notifications).
    pub sweep_every: Duration,
    pub worker: bool,
    /// The push requests' `User-Agent` (SITE_NAME's product token).
    pub user_agent: String,
}

impl PushArgs {
    pub fn validate(self, site_url: &Url, external_database: bool) -> Result<PushSettings, StartupError> {
        let vapid_keys = match self.vapid_private_key.filter(|k| !k.trim().is_empty()) {
            Some(private) => {
                let keys = VapidKeys::from_private(private.trim())
                    .map_err(|e| StartupError::setting("VAPID_PRIVATE_KEY", e))?;
                if let Some(public) = self.vapid_public_key.as_deref().map(str::trim).filter(|p| !p.is_empty())
                    && public != keys.public_base64()
                {
                    return Err(StartupError::setting("VAPID_PUBLIC_KEY", "does not match VAPID_PRIVATE_KEY"));
                }
                Some(keys)
            }
            None if external_database => {
                return Err(StartupError::setting(
                    "VAPID_PRIVATE_KEY",
                    "is required when DATABASE_URL is set (every replica must sign push messages with the same key; \
                     `server vapid-keys` prints a new pair)",
                ));
            }
            None => None,
        };
        let subject = match self.vapid_subject.filter(|s| !s.trim().is_empty()) {
            Some(subject) => validate_subject(subject.trim())?,
            None => site_url.origin().ascii_serialization(),
        };
        let mut allowed_hosts = Vec::new();
        for item in self.push_allowed_hosts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            allowed_hosts.push(HostPattern::parse(item).map_err(|e| StartupError::setting("PUSH_ALLOWED_HOSTS", e))?);
        }
        if self.push_max_devices_per_user == 0 {
            return Err(StartupError::setting("PUSH_MAX_DEVICES_PER_USER", "must be at least 1"));
        }
        if !(1..=50).contains(&self.push_max_attempts) {
            return Err(StartupError::setting("PUSH_MAX_ATTEMPTS", "must be between 1 and 50"));
        }
        if !(10..=86_400).contains(&self.push_retry_max_seconds) {
            return Err(StartupError::setting("PUSH_RETRY_MAX_SECONDS", "must be between 10 and 86400"));
        }
        if !(1..=300).contains(&self.push_send_timeout_seconds) {
            return Err(StartupError::setting("PUSH_SEND_TIMEOUT_SECONDS", "must be between 1 and 300"));
        }
        if !(1..=256).contains(&self.push_concurrency) {
            return Err(StartupError::setting("PUSH_CONCURRENCY", "must be between 1 and 256"));
        }
        if self.push_ttl_seconds > 2_419_200 {
            return Err(StartupError::setting("PUSH_TTL_SECONDS", "must be at most 2419200 (4 weeks)"));
        }
        Ok(PushSettings {
            vapid_keys,
            subject,
            allowed_hosts,
            allow_loopback_http: loopback_for_cluster_test(),
            max_devices_per_user: self.push_max_devices_per_user,
            ttl: Duration::from_secs(self.push_ttl_seconds.into()),
            max_attempts: self.push_max_attempts,
            retry_base: Duration::from_secs(10),
            retry_max: Duration::from_secs(self.push_retry_max_seconds),
            send_timeout: Duration::from_secs(self.push_send_timeout_seconds),
            concurrency: self.push_concurrency,
            retention: Duration::from_secs(u64::from(self.push_retention_days) * 86_400),
            sweep_every: Duration::from_secs(60),
            worker: self.push_worker,
            user_agent: user_agent(DEFAULT_SITE_NAME),
        })
    }
}

/// `mailto:` with an address, or an http(s) URL.
fn validate_subject(subject: &str) -> Result<String, StartupError> {
    let valid = match subject.strip_prefix("mailto:") {
        Some(address) => address.contains('@') && !address.contains(char::is_whitespace),
        None => Url::parse(subject).is_ok_and(|url| matches!(url.scheme(), "https" | "http") && url.host().is_some()),
    };
    if valid {
        Ok(subject.to_owned())
    } else {
        Err(StartupError::setting("VAPID_SUBJECT", "must be a mailto: address or an https:// URL"))
    }
}

impl PushSettings {
    /// The defaults on `site_url`, with `keys` (tests and tools).
    pub fn defaults(site_url: &Url, keys: Option<VapidKeys>) -> Self {
        use clap::Parser;
        #[derive(Parser)]
        struct Defaults {
            #[command(flatten)]
            push: PushArgs,
        }
        let args = Defaults::parse_from(["server"]).push;
        match args.validate(site_url, false) {
            Ok(settings) => Self { vapid_keys: keys, ..settings },
            Err(error) => unreachable!("the defaults are valid: {error}"),
        }
    }
}

/// SITE_NAME when it is not set: the engine's own word, for an app that names itself nothing.
pub const DEFAULT_SITE_NAME: &str = "Platform";

/// A product token of the site's name and this version (`samaja-trust/0.1.0`).
pub fn user_agent(site_name: &str) -> String {
    let token: String = site_name
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let token = if token.is_empty() { "server".to_owned() } else { token };
    format!("{token}/{}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Url {
        Url::parse("https://site.example/app").unwrap()
    }

    fn args(pairs: &[(&str, &str)]) -> PushArgs {
        use clap::Parser;
        #[derive(Parser)]
        struct Probe {
            #[command(flatten)]
            push: PushArgs,
        }
        let mut argv = vec!["server".to_string()];
        for (flag, value) in pairs {
            argv.push(format!("--{flag}={value}"));
        }
        Probe::parse_from(argv).push
    }

    #[test]
    fn the_defaults_allow_the_browsers_push_services() {
        let settings = PushSettings::defaults(&site(), None);
        assert_eq!(settings.subject, "https://site.example");
        assert_eq!(settings.allowed_hosts.len(), 5);
        assert!(!settings.allow_loopback_http);
        assert_eq!(settings.max_devices_per_user, 10);
    }

    #[test]
    fn an_external_database_needs_a_vapid_key() {
        let error = args(&[]).validate(&site(), true).unwrap_err();
        assert_eq!(error.setting_name(), Some("VAPID_PRIVATE_KEY"));
        let keys = VapidKeys::generate();
        let settings = args(&[("vapid-private-key", &keys.private_base64())]).validate(&site(), true).unwrap();
        assert_eq!(settings.vapid_keys.unwrap().public_base64(), keys.public_base64());
    }

    #[test]
    fn bad_settings_name_themselves() {
        let other = VapidKeys::generate();
        let keys = VapidKeys::generate();
        let cases: &[(&[(&str, &str)], &str)] = &[
            (&[("vapid-private-key", "not-a-key")], "VAPID_PRIVATE_KEY"),
            (
                &[("vapid-private-key", &keys.private_base64()), ("vapid-public-key", &other.public_base64())],
                "VAPID_PUBLIC_KEY",
            ),
            (&[("vapid-subject", "someone")], "VAPID_SUBJECT"),
            (&[("push-allowed-hosts", "https://fcm.googleapis.com/")], "PUSH_ALLOWED_HOSTS"),
            (&[("push-max-devices-per-user", "0")], "PUSH_MAX_DEVICES_PER_USER"),
            (&[("push-max-attempts", "0")], "PUSH_MAX_ATTEMPTS"),
            (&[("push-concurrency", "0")], "PUSH_CONCURRENCY"),
        ];
        for (pairs, setting) in cases {
            let error = args(pairs).validate(&site(), false).unwrap_err();
            assert_eq!(error.setting_name(), Some(*setting), "{error}");
        }
    }

    #[test]
    fn subjects_are_mailto_or_urls() {
        let settings = args(&[("vapid-subject", "mailto:office@site.example")]).validate(&site(), false).unwrap();
        assert_eq!(settings.subject, "mailto:office@site.example");
        assert!(args(&[("vapid-subject", "mailto:nobody")]).validate(&site(), false).is_err());
    }
}
