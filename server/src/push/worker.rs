//! The delivery worker: woken by `NOTIFY push_outbox` (and, when idle, at the next due retry
//! or once a sweep interval), it fans out due notifications, claims due deliveries, sends them
//! a few at a time and records each outcome. Any number of workers (and replicas) can share one
//! outbox: claims use `FOR UPDATE SKIP LOCKED` (see [`super::store`]). Finished notifications
//! are removed after the retention period. On shutdown it stops claiming, finishes the sends in
//! flight and hands back the deliveries it had claimed but not started.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use super::PushService;
use super::endpoint;
use super::message;
use super::retry;
use super::send::{self, Connector, Outcome};
use super::store::{self, Claimed, Record};
use crate::shutdown::Stoppable;

/// The NOTIFY channel of `push.outbox` inserts.
pub const CHANNEL: &str = "push_outbox";

/// How often finished notifications are cleaned up.
const CLEAN_UP_EVERY: Duration = Duration::from_secs(3600);

/// Notifications fanned out per transaction.
const FAN_OUT_BATCH: i64 = 50;

/// A running worker; [`WorkerHandle::stop`] ends it.
pub struct WorkerHandle(Stoppable);

impl WorkerHandle {
    /// Asks the worker to stop and waits up to `grace` for the sends in flight.
    pub async fn stop(self, grace: Duration) {
        if !self.0.stop(grace).await {
            tracing::warn!("push sends still running after the grace period were cut; they will be retried");
        }
    }
}

struct Worker {
    pool: PgPool,
    service: Arc<PushService>,
    connector: Arc<Connector>,
    stop: watch::Receiver<bool>,
}

/// Starts a worker on `pool` (a pool of the request login role, which may become `push_admin`).
pub fn spawn(pool: PgPool, service: Arc<PushService>) -> WorkerHandle {
    let connector = Arc::new(Connector {
        tls: Arc::clone(&service.tls),
        allow_loopback: service.settings.allow_loopback_http,
        timeout: service.settings.send_timeout,
        user_agent: service.settings.user_agent.clone(),
    });
    WorkerHandle(Stoppable::spawn(|stop| Worker { pool, service, connector, stop }.run()))
}

impl Worker {
    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    async fn run(mut self) {
        let mut listener: Option<PgListener> = None;
        let mut last_clean_up: Option<Instant> = None;
        while !self.stopping() {
            if listener.is_none() {
                listener = self.listen().await;
            }
            if let Err(error) = self.drain().await {
                tracing::warn!(%error, "push delivery round failed");
            }
            if last_clean_up.is_none_or(|at| at.elapsed() >= CLEAN_UP_EVERY) {
                match store::clean_up(&self.pool, self.service.settings.retention).await {
                    Ok(deleted) => tracing::debug!(deleted, "old push notifications removed"),
                    Err(error) => tracing::warn!(%error, "push clean-up failed"),
                }
                last_clean_up = Some(Instant::now());
            }
            let sweep = self.service.settings.sweep_every;
            let wait = match store::next_due(&self.pool).await {
                // Due now yet not claimable: another worker holds it for a moment.
                Ok(Some(due)) => due.max(Duration::from_millis(100)).min(sweep),
                Ok(None) => sweep,
                Err(error) => {
                    tracing::warn!(%error, "cannot read when push work is due");
                    sweep.min(Duration::from_secs(5))
                }
            };
            let notified = async {
                match listener.as_mut() {
                    Some(l) => l.try_recv().await.map(|_| ()),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = self.stop.changed() => break,
                () = tokio::time::sleep(wait) => {}
                received = notified => {
                    if let Err(error) = received {
                        tracing::warn!(%error, "push listener lost; reconnecting");
                        listener = None;
                    }
                }
            }
        }
        tracing::debug!("push worker stopped");
    }

    async fn listen(&self) -> Option<PgListener> {
        let mut listener = match PgListener::connect_with(&self.pool).await {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!(%error, "push listener cannot connect; sweeping until it can");
                return None;
            }
        };
        match listener.listen(CHANNEL).await {
            Ok(()) => Some(listener),
            Err(error) => {
                tracing::warn!(%error, "cannot LISTEN for push notifications; sweeping until it can");
                None
            }
        }
    }

    /// Fans out and sends until nothing is due.
    async fn drain(&self) -> Result<(), sqlx::Error> {
        let settings = &self.service.settings;
        let batch = i64::try_from(settings.concurrency * 2).unwrap_or(16);
        let lease = settings.send_timeout * 3 + Duration::from_secs(30);
        while !self.stopping() {
            let fanned = store::fan_out(&self.pool, FAN_OUT_BATCH).await?;
            if !fanned.is_empty() {
                store::finish(&self.pool, Some(&fanned)).await?;
            }
            let claimed = store::claim(&self.pool, batch, lease).await?;
            if fanned.is_empty() && claimed.is_empty() {
                break;
            }
            let mut messages: Vec<i64> = claimed.iter().map(|c| c.message_id).collect();
            messages.sort_unstable();
            messages.dedup();
            self.deliver_all(claimed).await?;
            store::finish(&self.pool, Some(&messages)).await?;
        }
        Ok(())
    }

    /// Sends `claimed`, `concurrency` at a time; on stop, hands back what has not started.
    async fn deliver_all(&self, claimed: Vec<Claimed>) -> Result<(), sqlx::Error> {
        let mut running = JoinSet::new();
        let mut unstarted = Vec::new();
        for delivery in claimed {
            if self.stopping() {
                unstarted.push(delivery.delivery_id);
                continue;
            }
            while running.len() >= self.service.settings.concurrency {
                running.join_next().await;
            }
            let (pool, service, connector) =
                (self.pool.clone(), Arc::clone(&self.service), Arc::clone(&self.connector));
            running.spawn(async move {
                let record = attempt(&service, &connector, &delivery).await;
                log(&delivery, &record);
                if let Err(error) = store::record(&pool, &delivery, &record).await {
                    tracing::warn!(delivery = delivery.delivery_id, %error, "cannot record a push outcome");
                }
            });
        }
        while running.join_next().await.is_some() {}
        if !unstarted.is_empty() {
            store::release(&self.pool, &unstarted).await?;
        }
        Ok(())
    }
}

/// One attempt at one delivery, and what to record about it.
async fn attempt(service: &Arc<PushService>, connector: &Connector, claimed: &Claimed) -> Record {
    let settings = &service.settings;
    let Some(device) = &claimed.device else {
        return Record::Gone { status: None, error: Some("the subscription was removed before delivery".into()) };
    };
    let endpoint = match endpoint::check(&device.endpoint, service.policy()) {
        Ok(endpoint) => endpoint,
        Err(error) => {
            return Record::Failed { status: None, error: format!("the endpoint is no longer allowed: {error}") };
        }
    };
    let encrypted = {
        let service = Arc::clone(service);
        let endpoint = endpoint.clone();
        let (p256dh, auth) = (device.p256dh.clone(), device.auth.clone());
        let notification = claimed.notification.clone();
        let ttl = u32::try_from(settings.ttl.as_secs()).unwrap_or(u32::MAX);
        // ECDH, AES-GCM and an ES256 signature: CPU work, off the async threads.
        tokio::task::spawn_blocking(move || {
            let payload = message::payload(&notification);
            message::encrypt(
                &service.keys,
                &service.settings.subject,
                &endpoint,
                (&p256dh, &auth),
                &payload,
                ttl,
                notification.tag.as_deref(),
            )
        })
        .await
    };
    let encrypted = match encrypted {
        Ok(Ok(encrypted)) => encrypted,
        Ok(Err(error)) => return Record::Failed { status: None, error },
        Err(error) => return Record::Failed { status: None, error: format!("encryption task failed: {error}") },
    };
    match send::send(connector, &endpoint, &encrypted).await {
        Outcome::Delivered { status } => Record::Sent { status },
        Outcome::Gone { status } => Record::Gone { status: Some(status), error: None },
        Outcome::Failed { status, error } => Record::Failed { status, error },
        Outcome::Retry { status, error, .. } if claimed.attempts >= settings.max_attempts => {
            Record::Failed { status, error: format!("gave up after {} attempts: {error}", claimed.attempts) }
        }
        Outcome::Retry { status, retry_after, error } => Record::Retry {
            after: retry::delay(claimed.attempts, retry_after, settings.retry_base, settings.retry_max),
            status,
            error,
        },
    }
}

fn log(claimed: &Claimed, record: &Record) {
    let (delivery, message) = (claimed.delivery_id, claimed.message_id);
    let outcome = match record {
        Record::Sent { .. } => "sent",
        Record::Gone { .. } => "gone",
        Record::Retry { .. } => "retry",
        Record::Failed { .. } => "failed",
    };
    crate::metrics::global().push_send(outcome);
    match record {
        Record::Sent { status } => tracing::debug!(delivery, message, status, "push delivered"),
        Record::Gone { status, .. } => {
            tracing::info!(delivery, message, ?status, "push subscription gone; removed");
        }
        Record::Retry { after, error, .. } => {
            tracing::info!(delivery, message, retry_in = ?after, %error, "push delivery will be retried");
        }
        Record::Failed { error, .. } => tracing::warn!(delivery, message, %error, "push delivery failed"),
    }
}
