//! The Havyaka community platform server: a Supabase-compatible backend and the web app's host.
//!
//! Start reading at [`cli`] (what runs), [`serve`] (start-up and shutdown), [`routes`] (every
//! URL) and [`app::build_app`] (routes plus layers). The REST engine starts at [`rest`], the file service at [`storage`].

pub mod app;
pub mod auth;
pub mod backup;
pub mod cli;
pub mod config;
pub mod db;
// The app's demo community lives with the app (seed/ at the top of the project); its SQL is
// read at run time from SEED_DIR, its accounts and generated files are compiled in.
#[path = "../../seed/mod.rs"]
pub mod demo;
pub mod dev;
pub mod error;
pub mod http;
pub mod log_throttle;
pub mod logging;
pub mod metrics;
pub mod push;
pub mod rest;
pub mod routes;
pub mod scheduler;
pub mod schema_cache;
pub mod secrets;
pub mod serve;
pub mod shutdown;
pub mod startup_error;
pub mod state;
pub mod storage;
pub mod typegen;
