//! A socket's outgoing queue: frames wait here until the socket's task writes them. Anyone
//! may queue (the hub's fan-out, the change reader, the socket itself) without waiting; a
//! socket whose queue holds more than its byte budget reads slower than its messages come, and
//! is cut off instead of growing (the frames themselves are shared between sockets, so a
//! fan-out costs one encoding and a reference per socket).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use axum::extract::ws::Message;
use tokio::sync::{Notify, mpsc};

use super::protocol::{Vsn, frame_len};

/// The close code of a socket cut off for reading too slowly (1013: try again later).
pub const CLOSE_TOO_SLOW: u16 = 1013;

/// Bytes a queued frame costs besides its own (its slot and handle).
const FRAME_OVERHEAD: usize = 64;

/// What the socket's task is asked to do.
#[derive(Debug)]
pub enum Outbound {
    Frame(Message),
    /// Close the socket with this code and reason after the frames before it.
    Close(u16, &'static str),
}

/// A handle to a socket's queue; cheap to clone.
#[derive(Clone, Debug)]
pub struct Outbox {
    inner: Arc<Inner>,
    tx: mpsc::UnboundedSender<(Outbound, usize)>,
}

#[derive(Debug)]
struct Inner {
    id: u64,
    vsn: Vsn,
    queued: AtomicUsize,
    limit: usize,
    /// The queue overflowed: the socket is being dropped.
    overflowed: AtomicBool,
    /// Wakes the socket's task when it must stop.
    stop: Notify,
}

/// The receiving end, held by the socket's task.
pub struct OutboxReceiver {
    inner: Arc<Inner>,
    rx: mpsc::UnboundedReceiver<(Outbound, usize)>,
}

impl Outbox {
    /// A queue of at most `limit` bytes for socket `id`.
    pub fn new(id: u64, vsn: Vsn, limit: usize) -> (Self, OutboxReceiver) {
        let inner = Arc::new(Inner {
            id,
            vsn,
            queued: AtomicUsize::new(0),
            limit,
            overflowed: AtomicBool::new(false),
            stop: Notify::new(),
        });
        let (tx, rx) = mpsc::unbounded_channel();
        (Self { inner: Arc::clone(&inner), tx }, OutboxReceiver { inner, rx })
    }

    pub fn id(&self) -> u64 {
        self.inner.id
    }

    pub fn vsn(&self) -> Vsn {
        self.inner.vsn
    }

    /// Queues a frame; false when the socket is gone or has just been cut off for reading too
    /// slowly.
    pub fn send(&self, frame: Message) -> bool {
        let metrics = crate::metrics::global();
        if self.inner.overflowed.load(Ordering::Relaxed) {
            metrics.realtime_message(false);
            return false;
        }
        // Each queued frame also costs its slot in the queue.
        let len = frame_len(&frame) + FRAME_OVERHEAD;
        let queued = self.inner.queued.fetch_add(len, Ordering::AcqRel) + len;
        if queued > self.inner.limit {
            self.inner.queued.fetch_sub(len, Ordering::AcqRel);
            if !self.inner.overflowed.swap(true, Ordering::AcqRel) {
                tracing::info!(socket = self.inner.id, queued, "realtime client reads too slowly; disconnecting it");
                metrics.realtime_slow_client();
                self.inner.stop.notify_one();
            }
            metrics.realtime_message(false);
            return false;
        }
        if self.tx.send((Outbound::Frame(frame), len)).is_err() {
            self.inner.queued.fetch_sub(len, Ordering::AcqRel);
            metrics.realtime_message(false);
            return false;
        }
        metrics.realtime_message(true);
        true
    }

    /// Asks the socket to close after the frames already queued.
    pub fn close(&self, code: u16, reason: &'static str) {
        let _ = self.tx.send((Outbound::Close(code, reason), 0));
    }

    /// Bytes waiting.
    pub fn queued(&self) -> usize {
        self.inner.queued.load(Ordering::Relaxed)
    }

    pub fn is_closed(&self) -> bool {
        self.tx.is_closed() || self.inner.overflowed.load(Ordering::Relaxed)
    }
}

impl OutboxReceiver {
    /// Completes once the queue overflowed (to stop waiting on a client that does not read).
    pub async fn overflowed(&self) {
        loop {
            if self.inner.overflowed.load(Ordering::Acquire) {
                return;
            }
            self.inner.stop.notified().await;
        }
    }

    pub fn has_overflowed(&self) -> bool {
        self.inner.overflowed.load(Ordering::Acquire)
    }

    /// The next thing to do; `None` once every sender is gone. A frame's bytes leave the
    /// budget when it is taken. Once the queue overflowed, the answer is to close.
    pub async fn next(&mut self) -> Option<Outbound> {
        let inner = &self.inner;
        let overflowed = async {
            loop {
                if inner.overflowed.load(Ordering::Acquire) {
                    return;
                }
                inner.stop.notified().await;
            }
        };
        tokio::select! {
            biased;
            () = overflowed => Some(Outbound::Close(CLOSE_TOO_SLOW, "the client reads too slowly")),
            received = self.rx.recv() => {
                let (item, len) = received?;
                inner.queued.fetch_sub(len, Ordering::AcqRel);
                Some(item)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::ws::Utf8Bytes;

    fn frame(len: usize) -> Message {
        Message::Text(Utf8Bytes::from("x".repeat(len)))
    }

    #[tokio::test]
    async fn a_reader_that_keeps_up_never_overflows() {
        let (outbox, mut receiver) = Outbox::new(1, Vsn::V2, 200);
        for _ in 0..50 {
            assert!(outbox.send(frame(60)));
            assert!(matches!(receiver.next().await, Some(Outbound::Frame(_))));
        }
        assert_eq!(outbox.queued(), 0);
    }

    #[tokio::test]
    async fn a_slow_reader_is_cut_off_and_the_queue_stops_growing() {
        let metrics = crate::metrics::global();
        let (sent, dropped, slow) = (
            metrics.realtime_messages_sent.get(),
            metrics.realtime_messages_dropped.get(),
            metrics.realtime_slow_clients.get(),
        );
        let (outbox, receiver) = Outbox::new(1, Vsn::V2, 200);
        assert!(outbox.send(frame(60)));
        assert!(!outbox.send(frame(60)), "past the budget");
        assert!(outbox.is_closed());
        assert!(!outbox.send(frame(1)), "nothing more is queued once cut off");
        assert_eq!(outbox.queued(), 60 + FRAME_OVERHEAD);
        // /metrics counts them (other tests in this process may add to the counters).
        assert!(metrics.realtime_messages_sent.get() > sent);
        assert!(metrics.realtime_messages_dropped.get() >= dropped + 2);
        assert!(metrics.realtime_slow_clients.get() > slow);
        let mut receiver = receiver;
        let next =
            tokio::time::timeout(std::time::Duration::from_secs(1), receiver.next()).await.expect("told to stop");
        assert!(matches!(next, Some(Outbound::Close(CLOSE_TOO_SLOW, _))));
    }
}
