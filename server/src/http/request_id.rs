//! `x-request-id` for requests that come without one: UUID-shaped (version 4 bits set), from
//! a random 64-bit prefix drawn once per process and a counter, so ids are unique in a
//! process and unlikely to meet another process's, without asking the kernel for random
//! bytes on every request (tower-http's `MakeRequestUuid` does: one `getrandom` system call
//! per request, measured in bench/README.md, issue 22). Request ids label log lines; nothing
//! relies on them being unpredictable.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use http::{HeaderValue, Request};
use tower_http::request_id::{MakeRequestId, RequestId};
use uuid::Uuid;

#[derive(Clone)]
pub struct MakeSequentialRequestId {
    prefix: u64,
    next: Arc<AtomicU64>,
}

impl MakeSequentialRequestId {
    pub fn new() -> Self {
        Self { prefix: rand::random(), next: Arc::new(AtomicU64::new(rand::random())) }
    }

    fn next_id(&self) -> Uuid {
        let count = self.next.fetch_add(1, Ordering::Relaxed);
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&self.prefix.to_be_bytes());
        bytes[8..].copy_from_slice(&count.to_be_bytes());
        uuid::Builder::from_random_bytes(bytes).into_uuid()
    }
}

impl Default for MakeSequentialRequestId {
    fn default() -> Self {
        Self::new()
    }
}

impl MakeRequestId for MakeSequentialRequestId {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let mut text = [0u8; uuid::fmt::Hyphenated::LENGTH];
        let text = self.next_id().hyphenated().encode_lower(&mut text);
        HeaderValue::from_str(text).ok().map(RequestId::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_version_4_uuids_and_never_repeat() {
        let mut make = MakeSequentialRequestId::new();
        let request = Request::new(());
        let ids: std::collections::HashSet<String> = (0..1000)
            .map(|_| make.make_request_id(&request).unwrap().header_value().to_str().unwrap().to_owned())
            .collect();
        assert_eq!(ids.len(), 1000);
        for id in &ids {
            let uuid = Uuid::parse_str(id).unwrap();
            assert_eq!(uuid.get_version_num(), 4, "{id}");
        }
    }

    #[test]
    fn two_processes_start_from_different_prefixes() {
        let (a, b) = (MakeSequentialRequestId::new(), MakeSequentialRequestId::new());
        assert_ne!(a.next_id().as_u64_pair().0, b.next_id().as_u64_pair().0);
    }
}
