//! Postgres changes: rows changed in realtime-enabled tables, read from `realtime.queue` by
//! [`reader`], checked and sent as each subscriber by [`check`] (with [`catalog`]'s knowledge
//! of the tables and [`filter`]'s conditions), for the bindings of [`subscription`].

pub mod catalog;
pub mod check;
pub mod filter;
pub mod reader;
pub mod subscription;

use crate::db::request_connections::Checkout;
use crate::db::wire::{self, Status};

/// Builds a batch on `checkout` and sends it; the connection goes back to the pool afterwards
/// only when it is idle (its transaction ended) and in a known state.
pub(crate) async fn send_batch(
    checkout: &mut Checkout,
    build: impl FnOnce(&mut wire::Batch<'_>) -> Result<(), wire::Error>,
) -> Result<wire::Replies, wire::Error> {
    checkout.set_busy(true);
    let sent = {
        let mut batch = checkout.connection().batch();
        match build(&mut batch) {
            Ok(()) => batch.send().await,
            Err(error) => Err(error),
        }
    };
    checkout.set_busy(false);
    let idle = checkout.connection().status() == Status::Idle && !checkout.connection().is_broken();
    checkout.set_reusable(idle);
    sent
}
