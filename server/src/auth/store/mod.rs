//! Every statement the auth service runs, grouped by table. Each function takes an open
//! [`tx::AuthTx`], so callers decide what commits together.

pub mod audit;
pub mod factors;
pub mod flows;
pub mod limits;
pub mod one_time;
pub mod outbox;
pub mod sessions;
pub mod sign_in;
pub mod tx;
pub mod users;
