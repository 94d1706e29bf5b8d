//! Web push (RFC 8030) with encrypted payloads (RFC 8291, aes128gcm) and VAPID (RFC 8292).
//!
//! Browsers subscribe through [`api`] (the app asks `GET /api/push-public-key` for the key to
//! subscribe with); product code enqueues notifications in SQL (`push.enqueue_to_user`,
//! `push.enqueue_broadcast`, `push.enqueue_topic`, see `server/migrations/0004_push.sql`); the
//! [`worker`] fans each one out to one delivery per device, encrypts and signs it with the
//! `web-push` crate and sends it with [`send`], its own HTTP client, which connects only to the
//! addresses it checked ([`endpoint`], [`address`]) and follows no redirect.

pub mod address;
pub mod api;
pub mod endpoint;
pub mod keys;
pub mod message;
pub mod retry;
pub mod send;
pub mod settings;
pub mod store;
pub mod subscription;
pub mod worker;

use std::sync::Arc;

use endpoint::EndpointPolicy;
use keys::VapidKeys;
use settings::PushSettings;

/// The push service's long-lived parts, shared by requests and the worker.
pub struct PushService {
    pub settings: PushSettings,
    pub keys: VapidKeys,
    /// TLS to push services: the Mozilla roots, no client certificate.
    pub tls: Arc<rustls::ClientConfig>,
}

impl PushService {
    pub fn new(settings: PushSettings, keys: VapidKeys) -> Result<Self, String> {
        let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS for push services: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Self { settings, keys, tls: Arc::new(tls) })
    }

    /// What endpoints may be: the allow-list and (tests only) loopback.
    pub fn policy(&self) -> EndpointPolicy<'_> {
        EndpointPolicy {
            allowed_hosts: &self.settings.allowed_hosts,
            allow_loopback_http: self.settings.allow_loopback_http,
        }
    }
}
