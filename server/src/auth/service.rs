//! The auth service's long-lived parts, shared by every request: settings, the password
//! workers and the mailer.

use url::Url;

use super::jwt::ClaimRules;
use super::mail::Mailer;
use super::password::Passwords;
use super::settings::AuthSettings;
use super::verified_tokens::VerifiedTokens;

pub struct AuthService {
    pub settings: AuthSettings,
    pub passwords: Passwords,
    pub mailer: Mailer,
    /// `iss` of access tokens: SITE_URL's origin + `/auth/v1`.
    pub issuer: String,
    /// The `aud` and `iss` every verified token must carry when it carries them.
    pub claim_rules: ClaimRules,
    /// Access tokens verified with this server's secret and [`Self::claim_rules`].
    pub verified_tokens: VerifiedTokens,
    /// What rate-limit windows, back-off and the refresh reuse interval are measured by.
    pub clock: crate::clock::Clock,
}

impl AuthService {
    pub fn new(settings: AuthSettings) -> Result<Self, String> {
        let passwords = Passwords::new(settings.password_min_length, settings.password_hash_concurrency)?
            .with_site(&settings.site_url, &settings.site_name);
        let mailer = Mailer::new(&settings)?;
        let issuer = format!("{}/auth/v1", settings.site_url.origin().ascii_serialization());
        let claim_rules = ClaimRules::new(&settings.jwt_aud, &issuer);
        Ok(Self {
            settings,
            passwords,
            mailer,
            issuer,
            claim_rules,
            verified_tokens: VerifiedTokens::default(),
            clock: crate::clock::Clock::default(),
        })
    }

    /// The defaults, on `site_url` (tests and tools).
    pub fn with_defaults(site_url: Url) -> Result<Self, String> {
        Self::new(AuthSettings::defaults(site_url))
    }
}
