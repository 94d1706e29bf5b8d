//! HTTP plumbing shared by every surface: layers, health checks, the web app's files.

pub mod client_config;
pub mod health;
pub mod middleware;
pub mod no_store;
pub mod static_files;
