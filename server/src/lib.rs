//! A Supabase-compatible backend (REST, auth, storage, web push) and the web app's host. It
//! knows no app: the app's SQL (migrations, functions, policies) and its seed are folders it
//! reads at start (or the copy embedded at build time), and its words are settings.
//!
//! Start reading at [`cli`] (what runs), [`serve`] (start-up and shutdown), [`routes`] (every
//! URL) and [`app::build_app`] (routes plus layers). The REST engine starts at [`rest`], the file service at [`storage`].

pub mod app;
pub mod auth;
pub mod backup;
pub mod cards;
pub mod cli;
pub mod config;
pub mod db;
pub mod dev;
pub mod documents;
pub mod error;
pub mod http;
pub mod log_throttle;
pub mod logging;
pub mod metrics;
pub mod push;
pub mod realtime;
pub mod rest;
pub mod routes;
pub mod scheduler;
pub mod schema_cache;
pub mod secrets;
pub mod seed;
pub mod serve;
pub mod shutdown;
pub mod startup_error;
pub mod state;
pub mod storage;
#[cfg(test)]
mod test_support;
pub mod typegen;
