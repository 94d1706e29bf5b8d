//! Mail: links, notices and delivery (the words are templates, [`super::templates`]). Every
//! mail is first written to
//! `auth.mail_outbox` in the transaction that needs it; after the commit it is sent over SMTP
//! when SMTP is configured (a failure stays in the outbox with its error and is retried), or
//! only logged when not. Nothing is silently dropped.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::MultiPart;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use url::Url;

use super::settings::{AuthSettings, SmtpSecurity, SmtpSettings};
use super::store::outbox::{self, Mail, Pending};
use super::store::tx::AuthTx;
use super::templates::{Templates, Vars};
use crate::db::request_connections::RequestConnections;

/// How often unsent mail is retried.
const RETRY_EVERY: Duration = Duration::from_secs(60);

#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Option<Mailbox>,
    /// Where a mail's `link` (a path on the site) points: SITE_URL joined with it.
    site_url: Url,
}

pub use super::templates::Letter;

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
    /// The template, and the outbox `kind`, of the mail.
    pub fn kind(self) -> &'static str {
        match self {
            Self::PasswordChanged => "password_changed_notification",
            Self::EmailChanged { .. } => "email_changed_notification",
        }
    }

    pub fn letter(self, settings: &AuthSettings, templates: &Templates, language: Option<&str>) -> Letter {
        let mut vars = base_vars(settings);
        if let Self::EmailChanged { new_email } = self {
            vars.insert("NewEmail", new_email.to_owned());
        }
        templates.mail(self.kind(), language, &vars)
    }
}

/// The variables every template may use: the site's address and name.
pub fn base_vars(settings: &AuthSettings) -> Vars<'static> {
    let mut vars = Vars::new();
    vars.insert("SiteURL", settings.site_url.to_string());
    vars.insert("SiteName", settings.signin.site_name.clone());
    vars
}

/// The link of a mail: always on API_EXTERNAL_URL (SITE_URL's origin by default), never on
/// anything the request said about itself.
pub fn link(settings: &AuthSettings, token: &str, verify_type: &str, redirect_to: &Url) -> Url {
    let mut link = settings.signin.api_url.clone();
    let base = link.path().trim_end_matches('/').to_owned();
    link.set_path(&format!("{base}/auth/v1/verify"));
    link.set_query(None);
    link.set_fragment(None);
    link.query_pairs_mut()
        .append_pair("token", token)
        .append_pair("type", verify_type)
        .append_pair("redirect_to", redirect_to.as_str());
    link
}

impl Mailer {
    pub fn new(settings: &AuthSettings) -> Result<Self, String> {
        let site_url = settings.site_url.clone();
        let Some(smtp) = &settings.smtp else { return Ok(Self { transport: None, from: None, site_url }) };
        let (name, address) = &settings.sender;
        let from = Mailbox::new(Some(name.clone()), address.parse().map_err(|e| format!("SMTP_ADMIN_EMAIL: {e}"))?);
        Ok(Self { transport: Some(transport(smtp)?), from: Some(from), site_url })
    }

    /// Writes a mail to the outbox (inside `tx`); its id, for [`Mailer::deliver`] after commit.
    pub async fn enqueue(
        &self,
        tx: &mut AuthTx,
        recipient: &str,
        kind: &str,
        letter: &Letter,
    ) -> Result<i64, super::store::tx::DbError> {
        outbox::enqueue(
            tx,
            &Mail {
                recipient,
                subject: &letter.subject,
                body_text: &letter.body,
                body_html: letter.html.as_deref(),
                kind,
            },
        )
        .await
    }

    /// Sends committed mail in the background (or logs where it waits): this one, and any other
    /// waiting (mail the app wrote in SQL goes with it, else with the next minute's retry).
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

    /// Sends every pending mail (`just`, the one that asked, among them), marking each sent or
    /// failed.
    async fn send_pending(&self, connections: &RequestConnections, just: Option<i64>) -> Result<(), String> {
        let (Some(transport), Some(from)) = (&self.transport, &self.from) else { return Ok(()) };
        let mut tx = AuthTx::begin(connections).await.map_err(|e| e.to_string())?;
        let pending = outbox::pending(&mut tx, 50).await.map_err(|e| e.to_string())?;
        if let Some(id) = just.filter(|id| !pending.iter().any(|mail| mail.id == *id)) {
            tracing::debug!(mail_id = id, "mail already sent by another delivery");
        }
        for mail in &pending {
            let outcome = send(transport, from, &with_link(mail, &self.site_url)).await;
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

/// A mail with its `link` (a path on the site) joined to the site's address and written out: the
/// text's last line, and a link at the end of the HTML. A mail without one is as it was.
fn with_link(mail: &Pending, site_url: &Url) -> Pending {
    let mut out = Pending {
        id: mail.id,
        recipient: mail.recipient.clone(),
        subject: mail.subject.clone(),
        body_text: mail.body_text.clone(),
        body_html: mail.body_html.clone(),
        link: None,
    };
    let Some(path) = mail.link.as_deref().filter(|path| path.starts_with('/') && !path.starts_with("//")) else {
        return out;
    };
    let mut url = site_url.clone();
    url.set_query(None);
    url.set_fragment(None);
    let base = url.path().trim_end_matches('/').to_owned();
    let (page, query) = path.split_once('?').map_or((path, None), |(page, query)| (page, Some(query)));
    url.set_path(&format!("{base}{page}"));
    url.set_query(query);
    out.body_text = format!("{}\n\n{url}\n", out.body_text.trim_end());
    if let Some(html) = &mut out.body_html {
        let href = html_escape(url.as_str());
        html.push_str(&format!("<p><a href=\"{href}\">{href}</a></p>"));
    }
    out
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

async fn send(transport: &AsyncSmtpTransport<Tokio1Executor>, from: &Mailbox, mail: &Pending) -> Result<(), String> {
    let to: Mailbox = mail.recipient.parse().map_err(|e| format!("bad recipient: {e}"))?;
    let message = Message::builder().from(from.clone()).to(to).subject(mail.subject.clone());
    let message = match &mail.body_html {
        Some(html) => message.multipart(MultiPart::alternative_plain_html(mail.body_text.clone(), html.clone())),
        None => message.header(ContentType::TEXT_PLAIN).body(mail.body_text.clone()),
    }
    .map_err(|e| e.to_string())?;
    transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_built_on_the_api_address_only() {
        let settings = AuthSettings::defaults(Url::parse("https://site.example/app?x=1#y").unwrap());
        let redirect = Url::parse("https://site.example/reset").unwrap();
        let link = link(&settings, "tok en", "recovery", &redirect);
        assert_eq!(
            link.as_str(),
            "https://site.example/auth/v1/verify?token=tok+en&type=recovery&redirect_to=https%3A%2F%2Fsite.example%2Freset"
        );
    }

    #[test]
    fn notices_name_the_new_address() {
        let settings = AuthSettings::defaults(Url::parse("https://site.example/").unwrap());
        let letter =
            Notice::EmailChanged { new_email: "new@example.org" }.letter(&settings, &Templates::default(), None);
        assert!(letter.body.contains("new@example.org") && letter.body.contains("site.example"), "{}", letter.body);
    }

    fn pending(body_html: Option<&str>, link: Option<&str>) -> Pending {
        Pending {
            id: 1,
            recipient: "asha@example.org".into(),
            subject: "A seat is yours".into(),
            body_text: "Accept by Friday.\n".into(),
            body_html: body_html.map(str::to_owned),
            link: link.map(str::to_owned),
        }
    }

    #[test]
    fn a_mails_link_is_a_page_on_the_site() {
        let site = Url::parse("https://site.example/app/?x=1#y").unwrap();
        let mail = with_link(&pending(Some("<p>Accept by Friday.</p>"), Some("/events/42?offer=1")), &site);
        assert_eq!(mail.body_text, "Accept by Friday.\n\nhttps://site.example/app/events/42?offer=1\n");
        assert_eq!(
            mail.body_html.as_deref(),
            Some(
                "<p>Accept by Friday.</p><p><a href=\"https://site.example/app/events/42?offer=1\">https://site.example/app/events/42?offer=1</a></p>"
            )
        );
        let plain = Url::parse("https://site.example").unwrap();
        assert_eq!(
            with_link(&pending(None, Some("/events/42")), &plain).body_text,
            "Accept by Friday.\n\nhttps://site.example/events/42\n"
        );
    }

    #[test]
    fn a_mail_without_a_site_path_is_sent_as_written() {
        let site = Url::parse("https://site.example/").unwrap();
        for link in [None, Some("https://elsewhere.example/x"), Some("//elsewhere.example/x")] {
            let mail = with_link(&pending(None, link), &site);
            assert_eq!(mail.body_text, "Accept by Friday.\n", "{link:?}");
            assert!(mail.body_html.is_none());
        }
    }
}
