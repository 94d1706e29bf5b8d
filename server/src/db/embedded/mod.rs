//! The embedded default: a private PostgreSQL cluster managed by the server.

mod account;
mod binaries;
mod cluster;
mod parent_death;
mod pid_file;
mod supervisor;

pub use binaries::PgBinaries;
pub use cluster::{ClusterOptions, EmbeddedCluster, Lifetime, SOCKET_PORT, SUPERUSER, socket_url, stop_detached};
