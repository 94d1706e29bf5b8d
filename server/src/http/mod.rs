//! HTTP plumbing shared by every surface: layers, health checks, the web app's files.

pub mod access_log;
pub mod anon_writes;
pub mod client_config;
pub mod connections;
pub mod health;
pub mod middleware;
pub mod no_store;
pub mod page_policy;
pub mod rate_limit;
pub mod request_id;
pub mod rest_budget;
pub mod settings;
pub mod static_files;
