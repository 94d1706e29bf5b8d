//! Mail: the texts of mailed links, and delivery. Every mail is first written to
//! `auth.mail_outbox` in the transaction that needs it; after the commit it is sent over SMTP
//! when SMTP is configured (a failure stays in the outbox with its error and is retried), or
//! only logged when not. Nothing is silently dropped.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use url::Url;

use super::settings::{AuthSettings, SmtpSecurity, SmtpSettings};
use super::store::one_time::Purpose;
use super::store::outbox::{self, Mail, Pending};
use super::store::tx::AuthTx;
use crate::db::request_connections::RequestConnections;

/// How often unsent mail is retried.
const RETRY_EVERY: Duration = Duration::from_secs(60);

#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Option<Mailbox>,
}

/// The subject and text of a mail with a link.
pub struct Letter {
    pub subject: &'static str,
    pub body: String,
}

/// The text of the mail for `purpose`.
pub fn letter(purpose: Purpose, link: &Url, valid_for: Duration) -> Letter {
    let minutes = valid_for.as_secs() / 60;
    let (subject, intro, outro) = match purpose {
        Purpose::Confirmation => (
            "Confirm your e-mail address",
            "Welcome to the Havyaka community. Follow this link to confirm your e-mail address:",
            "If you did not create an account, you can ignore this mail.",
        ),
        Purpose::Recovery => (
            "Reset your password",
            "Follow this link to choose a new password:",
            "If you did not ask to reset your password, you can ignore this mail; your password is unchanged.",
        ),
        Purpose::EmailChange => (
            "Confirm your new e-mail address",
            "Follow this link to use this address for your Havyaka community account:",
            "If you did not ask for this change, you can ignore this mail.",
        ),
        Purpose::Invite => (
            "You are invited to the Havyaka community",
            "Follow this link to accept the invitation and set up your account:",
            "If you do not know why you received this, you can ignore this mail.",
        ),
        Purpose::MagicLink => (
            "Your sign-in link",
            "Follow this link to sign in:",
            "If you did not ask to sign in, you can ignore this mail.",
        ),
    };
    Letter { subject, body: format!("{intro}\n\n{link}\n\nThe link works once, for {minutes} minutes.\n\n{outro}\n") }
}

/// The mail with a reauthentication code (`GET /reauthenticate`).
pub fn nonce_letter(nonce: &str, valid_for: Duration) -> Letter {
    let minutes = valid_for.as_secs() / 60;
    Letter {
        subject: "Your confirmation code",
        body: format!(
            "Enter this code to confirm a change to your Havyaka community account:\n\n{nonce}\n\n\
             The code works once, for {minutes} minutes.\n\n\
             If you did not ask for it, someone may be using your account: change your password.\n"
        ),
    }
}

/// A change made to an account, told to its owner afterwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice<'a> {
    PasswordChanged,
    /// The address the account now uses (the mail goes to the old one).
    EmailChanged {
        new_email: &'a str,
    },
}

impl Notice<'_> {
    /// The outbox `kind` of the mail.
    pub fn kind(self) -> &'static str {
        match self {
            Self::PasswordChanged => "password_changed_notification",
            Self::EmailChanged { .. } => "email_changed_notification",
        }
    }

    pub fn letter(self, site_url: &Url) -> Letter {
        let help = format!(
            "If you did not make this change, reset your password at once ({site_url}) and tell the \
             community's office."
        );
        match self {
            Self::PasswordChanged => Letter {
                subject: "Your password was changed",
                body: format!("The password of your Havyaka community account was just changed.\n\n{help}\n"),
            },
            Self::EmailChanged { new_email } => Letter {
                subject: "Your e-mail address was changed",
                body: format!(
                    "Your Havyaka community account now uses the e-mail address {new_email} instead of this \
                     one.\n\n{help}\n"
                ),
            },
        }
    }
}

/// The link of a mail: always on SITE_URL, never on anything the request said about itself.
pub fn link(settings: &AuthSettings, token: &str, purpose: Purpose, redirect_to: &Url) -> Url {
    let mut link = settings.site_url.clone();
    link.set_path("/auth/v1/verify");
    link.set_query(None);
    link.set_fragment(None);
    link.query_pairs_mut()
        .append_pair("token", token)
        .append_pair("type", purpose.verify_type())
        .append_pair("redirect_to", redirect_to.as_str());
    link
}

impl Mailer {
    pub fn new(settings: &AuthSettings) -> Result<Self, String> {
        let Some(smtp) = &settings.smtp else { return Ok(Self { transport: None, from: None }) };
        let (name, address) = &settings.sender;
        let from = Mailbox::new(Some(name.clone()), address.parse().map_err(|e| format!("SMTP_ADMIN_EMAIL: {e}"))?);
        Ok(Self { transport: Some(transport(smtp)?), from: Some(from) })
    }

    /// Writes a mail to the outbox (inside `tx`); its id, for [`Mailer::deliver`] after commit.
    pub async fn enqueue(
        &self,
        tx: &mut AuthTx,
        recipient: &str,
        purpose: Purpose,
        letter: &Letter,
    ) -> Result<i64, super::store::tx::DbError> {
        outbox::enqueue(
            tx,
            &Mail { recipient, subject: letter.subject, body_text: &letter.body, kind: purpose.as_str() },
        )
        .await
    }

    /// Writes a mail that is not about a link (a code, a notice) to the outbox.
    pub async fn enqueue_kind(
        &self,
        tx: &mut AuthTx,
        recipient: &str,
        kind: &str,
        letter: &Letter,
    ) -> Result<i64, super::store::tx::DbError> {
        outbox::enqueue(tx, &Mail { recipient, subject: letter.subject, body_text: &letter.body, kind }).await
    }

    /// Sends committed mail in the background (or logs where it waits).
    pub fn deliver(&self, connections: &RequestConnections, id: i64) {
        if self.transport.is_none() {
            tracing::info!(mail_id = id, "mail kept in auth.mail_outbox (SMTP_HOST is not set)");
            return;
        }
        let mailer = self.clone();
        let connections = connections.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.send_pending(&connections, Some(id)).await {
                tracing::warn!(mail_id = id, %error, "mail delivery failed; it stays in the outbox");
            }
        });
    }

    /// Retries unsent mail every minute while the server runs (SMTP only).
    pub fn spawn_retries(&self, connections: RequestConnections) -> Option<tokio::task::JoinHandle<()>> {
        self.transport.as_ref()?;
        let mailer = self.clone();
        Some(tokio::spawn(async move {
            loop {
                tokio::time::sleep(RETRY_EVERY).await;
                if let Err(error) = mailer.send_pending(&connections, None).await {
                    tracing::warn!(%error, "mail retry failed");
                }
            }
        }))
    }

    /// Sends mail `only`, or every pending mail, marking each sent or failed.
    async fn send_pending(&self, connections: &RequestConnections, only: Option<i64>) -> Result<(), String> {
        let (Some(transport), Some(from)) = (&self.transport, &self.from) else { return Ok(()) };
        let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
        let pending = outbox::pending(&mut tx, 50).await.map_err(|e| e.to_string())?;
        for mail in pending.iter().filter(|mail| only.is_none_or(|id| id == mail.id)) {
            let outcome = send(transport, from, mail).await;
            if let Err(error) = &outcome {
                tracing::warn!(mail_id = mail.id, %error, "SMTP refused a mail");
            }
            outbox::mark(&mut tx, mail.id, outcome.err().as_deref()).await.map_err(|e| e.to_string())?;
        }
        tx.commit().await.map_err(|e| e.to_string())
    }
}

fn transport(smtp: &SmtpSettings) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let builder = match smtp.security {
        SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host),
        SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host),
        SmtpSecurity::None => Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host)),
    }
    .map_err(|e| format!("SMTP_HOST: {e}"))?;
    let mut builder = builder.port(smtp.port).timeout(Some(Duration::from_secs(10)));
    if let Some((user, pass)) = &smtp.credentials {
        builder = builder.credentials(Credentials::new(user.clone(), pass.clone()));
    }
    Ok(builder.build())
}

async fn send(transport: &AsyncSmtpTransport<Tokio1Executor>, from: &Mailbox, mail: &Pending) -> Result<(), String> {
    let to: Mailbox = mail.recipient.parse().map_err(|e| format!("bad recipient: {e}"))?;
    let message = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(mail.body_text.clone())
        .map_err(|e| e.to_string())?;
    transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_built_on_site_url_only() {
        let settings = AuthSettings::defaults(Url::parse("https://havyaka.example/app?x=1#y").unwrap());
        let redirect = Url::parse("https://havyaka.example/reset").unwrap();
        let link = link(&settings, "tok en", Purpose::Recovery, &redirect);
        assert_eq!(
            link.as_str(),
            "https://havyaka.example/auth/v1/verify?token=tok+en&type=recovery&redirect_to=https%3A%2F%2Fhavyaka.example%2Freset"
        );
        assert_eq!(
            super::link(&settings, "t", Purpose::Confirmation, &redirect).query_pairs().nth(1).unwrap().1,
            "signup"
        );
    }

    #[test]
    fn letters_carry_the_link_and_its_lifetime() {
        let url = Url::parse("https://havyaka.example/auth/v1/verify?token=abc").unwrap();
        let letter = letter(Purpose::Recovery, &url, Duration::from_secs(3600));
        assert_eq!(letter.subject, "Reset your password");
        assert!(letter.body.contains(url.as_str()));
        assert!(letter.body.contains("60 minutes"));
    }
}
