//! A throwaway embedded cluster in a temporary folder, with the platform's and the app's SQL
//! applied: what `db lint` and `db test` run on. Removed when dropped.

use std::os::unix::fs::PermissionsExt;

use sqlx::postgres::PgConnectOptions;

use crate::config::Config;
use crate::db::embedded::{self, ClusterOptions, EmbeddedCluster, Lifetime};
use crate::db::migrations::MigrationReport;
use crate::db::sql_files::AppSql;
use crate::db::{APP_DATABASE, bootstrap};
use crate::startup_error::StartupError;

pub struct Scratch {
    cluster: Option<EmbeddedCluster>,
    /// Removed when the scratch is dropped (after the cluster, declared first, stopped).
    _dir: tempfile::TempDir,
}

impl Scratch {
    /// Starts the cluster. Call from the main thread (the cluster stops when it dies).
    pub fn start(config: &Config) -> Result<Self, StartupError> {
        let dir = tempfile::Builder::new()
            .prefix("server-db-")
            .tempdir()
            .map_err(|e| StartupError::environment(format!("cannot create a temporary folder: {e}")))?;
        // As root the cluster runs as PG_SYSTEM_USER, which must reach its data directory.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(|e| StartupError::environment(format!("cannot open up {}: {e}", dir.path().display())))?;
        let cluster = EmbeddedCluster::start(&ClusterOptions {
            pgdata: dir.path().join("postgres"),
            log_file: dir.path().join("postgres.log"),
            bin_dir: config.pg_bin_dir.clone(),
            system_user: config.pg_system_user.clone(),
            lifetime: Lifetime::TiedToServer,
            settings: vec![
                ("fsync".into(), "off".into()),
                ("synchronous_commit".into(), "off".into()),
                ("full_page_writes".into(), "off".into()),
            ],
        })?;
        Ok(Self { cluster: Some(cluster), _dir: dir })
    }

    fn cluster(&self) -> &EmbeddedCluster {
        self.cluster.as_ref().expect("the cluster runs until the scratch is dropped")
    }

    /// The superuser on the scratch database.
    pub fn admin(&self) -> Result<PgConnectOptions, StartupError> {
        parse(&self.cluster().url(embedded::SUPERUSER, APP_DATABASE))
    }

    /// The socket folder (PGHOST for psql and pg_prove).
    pub fn socket_dir(&self) -> &std::path::Path {
        self.cluster().socket_dir()
    }

    /// Creates the database and applies the platform's migrations, then the app's migrations,
    /// functions and policies.
    pub async fn bootstrap(&self, app: &AppSql) -> Result<MigrationReport, StartupError> {
        let maintenance = parse(&self.cluster().url(embedded::SUPERUSER, "postgres"))?;
        bootstrap::ensure_database(&maintenance, APP_DATABASE)
            .await
            .map_err(|e| StartupError::environment(format!("cannot create the scratch database: {e}")))?;
        bootstrap::bootstrap_with(&self.admin()?, app.files().bundle(), None)
            .await
            .map_err(|e| StartupError::environment(e.to_string()))
    }

    /// Stops the cluster and removes the folder.
    pub fn stop(mut self) -> Result<(), StartupError> {
        self.cluster.take().map_or(Ok(()), EmbeddedCluster::stop)
    }
}

fn parse(url: &str) -> Result<PgConnectOptions, StartupError> {
    url.parse().map_err(|e| StartupError::environment(format!("bad connection URL {url}: {e}")))
}
