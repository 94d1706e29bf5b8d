//! The auth service's long-lived parts, shared by every request: settings, the password
//! workers, the signing keys, the message templates, the mailer and the SMS sender.

use std::sync::Arc;
use std::time::Duration;

use super::jwt::{CLOCK_SKEW_SECONDS, ClaimRules};
use super::keys::SigningKeys;
use super::mail::Mailer;
use super::password::Passwords;
use super::settings::AuthSettings;
use super::sms::SmsSender;
use super::templates::Templates;
use super::verified_tokens::VerifiedTokens;
use crate::db::request_connections::RequestConnections;

pub struct AuthService {
    pub settings: AuthSettings,
    pub passwords: Passwords,
    pub mailer: Mailer,
    pub sms: SmsSender,
    pub templates: Templates,
    /// `iss` of access tokens (JWT_ISSUER).
    pub issuer: String,
    /// The `aud` and `iss` every verified token must carry when it carries them.
    pub claim_rules: ClaimRules,
    /// Access tokens verified with this server's keys and [`Self::claim_rules`].
    pub verified_tokens: VerifiedTokens,
    /// What signs and verifies access tokens.
    pub keys: Arc<SigningKeys>,
    /// What signs the app's tokens (`/cards/v1`).
    pub cards: Arc<crate::cards::CardKeys>,
}

impl AuthService {
    /// How bearer tokens are checked: the current keys, the claim rules and the tokens
    /// verified before.
    pub fn token_check(&self) -> crate::auth::caller::TokenCheck<'_> {
        crate::auth::caller::TokenCheck {
            keys: self.keys.current(),
            rules: &self.claim_rules,
            verified: Some(&self.verified_tokens),
        }
    }

    /// The service of `settings`, whose HS256 secret is `jwt_secret` (managed signing keys are
    /// read by [`Self::load_keys`] once the database is up).
    pub fn new(settings: AuthSettings, jwt_secret: &str) -> Result<Self, String> {
        let signin = &settings.signin;
        let passwords = Passwords::new(settings.password_min_length, settings.password_hash_concurrency)?.with_site(
            &settings.site_url,
            &signin.site_name,
            &signin.password_site_words,
        );
        let mailer = Mailer::new(&settings)?;
        let sms = SmsSender::new(signin)?;
        let templates = Templates::new(signin.mail_templates_dir.clone(), signin.sms_templates_dir.clone());
        let issuer = signin.issuer.clone();
        let claim_rules = ClaimRules::new(&settings.jwt_aud, signin.accepted_issuers.clone());
        let keys =
            Arc::new(SigningKeys::new(signin.key_source.clone(), jwt_secret).map_err(|e| format!("JWT_KEYS: {e}"))?);
        Ok(Self {
            settings,
            passwords,
            mailer,
            sms,
            templates,
            issuer,
            claim_rules,
            verified_tokens: VerifiedTokens::default(),
            keys,
            cards: Arc::new(crate::cards::CardKeys::new(jwt_secret)),
        })
    }

    /// The defaults on `site_url` (tests and tools).
    pub fn with_defaults(site_url: url::Url, jwt_secret: &str) -> Result<Self, String> {
        Self::new(AuthSettings::defaults(site_url), jwt_secret)
    }

    /// How long a retired signing key keeps verifying: the last token it signed lives this long.
    pub fn key_retention(&self) -> Duration {
        self.settings.jwt_expiry + Duration::from_secs(CLOCK_SKEW_SECONDS.unsigned_abs() * 2)
    }

    /// Reads (or creates) the managed signing keys and the card keys.
    pub async fn load_keys(&self, connections: &RequestConnections) -> Result<(), String> {
        self.keys.load(connections, self.key_retention()).await?;
        self.cards.load(connections).await.map_err(|e| format!("card keys: {e}"))
    }
}
