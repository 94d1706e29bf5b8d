//! The documents worker: woken by `NOTIFY ops_documents` (a declared table's row added or its
//! column set back to null) and every poll interval, it renders each waiting row and stores it.
//!
//! Crash-safe and once per row: the bytes are written under a fresh version recorded in
//! `storage.pending_uploads` first; one transaction then sets the row's column (only while it
//! is null: of two workers rendering the same row, the second updates nothing and drops its
//! bytes), records the object and ends the bookkeeping, and queues the mail. A crash before that
//! commit leaves bookkeeping the storage sweeper clears; after it, the row is done.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::PgPool;
use sqlx::postgres::PgListener;

use super::store::{self, Declaration, Pending, Stored};
use super::{Fonts, TemplateSource, render_pdf};
use crate::auth::mail::Mailer;
use crate::auth::templates::{Templates, Vars};
use crate::db::request_connections::RequestConnections;
use crate::shutdown::Stoppable;
use crate::storage::backend::Backend;

/// The NOTIFY channel of declared tables' changes.
pub const CHANNEL: &str = "ops_documents";

/// Rows rendered per declaration and round.
const BATCH: i64 = 20;

/// How long a row whose render failed waits before it is tried again.
const RETRY_FAILED_AFTER: Duration = Duration::from_secs(600);

/// What a document's mail needs: the app's mail templates, GoTrue's base variables, the site.
pub struct MailSetup {
    pub templates: Templates,
    pub vars: Vars<'static>,
    pub site_url: url::Url,
    /// Sends a queued mail at once (else the mailer's retries, or the outbox, keep it).
    pub deliver: Option<(Mailer, RequestConnections)>,
}

/// The worker's parts.
pub struct Documents {
    /// The role that migrates: it owns the app's tables, the storage and mail bookkeeping.
    pub pool: PgPool,
    pub backend: Backend,
    /// This server's id in `storage.pending_uploads` (held by the storage sweeper's lock).
    pub instance_id: i32,
    pub templates: TemplateSource,
    pub fonts: Fonts,
    pub mail: Option<MailSetup>,
}

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub stored: usize,
    /// Rendered but stored by another worker first (bytes dropped).
    pub lost_races: usize,
    pub failed: usize,
}

impl Documents {
    /// Renders and stores every waiting row (up to a batch per declaration); `skip` holds rows
    /// that failed recently.
    pub async fn run_once(&self, skip: &mut HashMap<(String, String), Instant>) -> Result<Round, String> {
        let declarations = store::declarations(&self.pool).await.map_err(|e| format!("ops.documents: {e}"))?;
        let mut round = Round::default();
        skip.retain(|_, at| at.elapsed() < RETRY_FAILED_AFTER);
        for doc in &declarations {
            let pending = match store::pending(&self.pool, doc, BATCH).await {
                Ok(pending) => pending,
                Err(error) => {
                    tracing::warn!(document = %doc.name, %error, "cannot read a document's waiting rows");
                    round.failed += 1;
                    continue;
                }
            };
            for item in pending {
                let id = (doc.name.clone(), item.key.clone());
                if skip.contains_key(&id) {
                    continue;
                }
                match self.render_and_store(doc, &item).await {
                    Ok(true) => round.stored += 1,
                    Ok(false) => round.lost_races += 1,
                    Err(error) => {
                        tracing::warn!(document = %doc.name, key = %item.key, %error, "a document was not stored");
                        skip.insert(id, Instant::now());
                        round.failed += 1;
                    }
                }
            }
        }
        Ok(round)
    }

    /// One row: true when this worker stored it.
    pub async fn render_and_store(&self, doc: &Declaration, item: &Pending) -> Result<bool, String> {
        let template = self.templates.template(&doc.template)?;
        let fonts = self.fonts.clone();
        let (name, row, ident) = (doc.template.clone(), item.row.clone(), format!("{}/{}", doc.name, item.key));
        let bytes = tokio::task::spawn_blocking(move || render_pdf(&name, &template, &row, &fonts, &ident))
            .await
            .map_err(|e| format!("render task: {e}"))??;
        let version = uuid::Uuid::new_v4().to_string();
        store::begin_write(&self.pool, &version, self.instance_id).await.map_err(|e| e.to_string())?;
        let outcome = self.write_and_commit(doc, item, &version, bytes).await;
        if !matches!(outcome, Ok(true)) {
            self.drop_bytes(&version).await;
        }
        outcome
    }

    async fn write_and_commit(
        &self,
        doc: &Declaration,
        item: &Pending,
        version: &str,
        bytes: Vec<u8>,
    ) -> Result<bool, String> {
        let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
        let mut writer = self.backend.writer(version);
        writer.write(bytes.into()).await.map_err(|e| format!("storage: {e}"))?;
        writer.finish().await.map_err(|e| format!("storage: {e}"))?;
        let mut tx = self.pool.begin().await.map_err(|e| e.to_string())?;
        if !store::store(&mut tx, doc, item, &Stored { version, size }).await.map_err(|e| e.to_string())? {
            tx.rollback().await.map_err(|e| e.to_string())?;
            return Ok(false);
        }
        let mail = self.queue_mail(&mut tx, doc, item).await?;
        tx.commit().await.map_err(|e| e.to_string())?;
        if let (Some(id), Some(MailSetup { deliver: Some((mailer, connections)), .. })) = (mail, &self.mail) {
            mailer.deliver(connections, id);
        }
        tracing::info!(document = %doc.name, key = %item.key, name = %item.object_name, "document stored");
        Ok(true)
    }

    /// The declared mail, when the row names a recipient (`mail_to`).
    async fn queue_mail(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Postgres>,
        doc: &Declaration,
        item: &Pending,
    ) -> Result<Option<i64>, String> {
        let (Some(template), Some(setup)) = (&doc.mail_template, &self.mail) else { return Ok(None) };
        let text =
            |column: &str| item.row.get(column).and_then(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty());
        let Some(recipient) = text("mail_to") else { return Ok(None) };
        let mut vars = setup.vars.clone();
        vars.insert("Reference", text("mail_reference").unwrap_or_default().to_string());
        vars.insert("Email", recipient.to_string());
        let link = doc.link_path.as_deref().and_then(|path| setup.site_url.join(path).ok());
        vars.insert("ConfirmationURL", link.map_or_else(|| setup.site_url.to_string(), |url| url.to_string()));
        let letter = setup.templates.mail(template, text("mail_language"), &vars);
        if letter.subject.is_empty() || letter.body.trim().is_empty() {
            // The document is still stored: a missing template (MAIL_TEMPLATES_DIR) costs the mail only.
            tracing::warn!(document = %doc.name, template, "mail template missing or without a subject; not mailed");
            return Ok(None);
        }
        let kind = format!("document:{}", doc.name);
        store::queue_mail(tx, recipient, &kind, &letter).await.map(Some).map_err(|e| e.to_string())
    }

    /// Bytes that will not be stored: their bookkeeping and the bytes go (the sweeper finishes
    /// if this fails).
    async fn drop_bytes(&self, version: &str) {
        match store::abandon_write(&self.pool, version).await {
            Ok(true) => {
                if let Err(error) = self.backend.remove_version(version).await {
                    tracing::warn!(%error, version, "cannot remove a document's unused bytes");
                }
            }
            Ok(false) => {}
            Err(error) => tracing::warn!(%error, version, "cannot drop a document's bookkeeping; the sweeper will"),
        }
    }
}

/// Starts the worker: a round at start, on every notice and every `poll`. Stopping it waits
/// for the render in flight.
pub fn spawn(documents: Arc<Documents>, poll: Duration) -> Stoppable {
    Stoppable::spawn(|mut stop| async move {
        let mut listener: Option<PgListener> = None;
        let mut skip = HashMap::new();
        while !*stop.borrow() {
            if listener.is_none() {
                listener = listen(&documents.pool).await;
            }
            match documents.run_once(&mut skip).await {
                Ok(round) if round != Round::default() => tracing::debug!(?round, "documents round"),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "documents round failed"),
            }
            let notified = async {
                match listener.as_mut() {
                    Some(l) => l.try_recv().await.map(|_| ()),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = stop.changed() => break,
                () = tokio::time::sleep(poll) => {}
                received = notified => {
                    if received.is_err() {
                        listener = None;
                    }
                }
            }
        }
    })
}

async fn listen(pool: &PgPool) -> Option<PgListener> {
    let mut listener = match PgListener::connect_with(pool).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, "documents listener cannot connect; polling until it can");
            return None;
        }
    };
    listener.ignore_pool_close_event(true);
    match listener.listen(CHANNEL).await {
        Ok(()) => Some(listener),
        Err(error) => {
            tracing::warn!(%error, "cannot LISTEN for documents; polling until it can");
            None
        }
    }
}
