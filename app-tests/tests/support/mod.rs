//! The app's test harness: the engine's own (`server/tests/support`: the shared cluster, a
//! database per test, the server on port 0, the REST, auth, storage and push helpers) with the
//! community app's SQL, read from the project's folders (`migrations/`, `functions/`,
//! `policies/`, `seed/`) as the server reads them at start.

#![allow(dead_code, reason = "each test binary uses a different part of the harness")]

#[path = "../../../server/tests/support/mod.rs"]
mod engine;

pub mod app;

pub use engine::*;
