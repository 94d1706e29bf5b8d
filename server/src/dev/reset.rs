//! `server db reset`: the embedded development database rebuilt from scratch: dropped, the
//! platform's and the app's migrations, functions and policies applied, then the app's seed
//! (unless DEMO=0). Never touches an external DATABASE_URL.

use std::io::Write;

use sqlx::{ConnectOptions, Connection};

use crate::config::Config;
use crate::db::DatabaseSource;
use crate::db::{self, APP_DATABASE, embedded};
use crate::startup_error::StartupError;
use crate::storage::backend::StorageConfig;

pub fn run(config: Config) -> Result<(), StartupError> {
    if !matches!(config.database, DatabaseSource::Embedded) {
        return Err(StartupError::setting(
            "DATABASE_URL",
            "is set: db reset rebuilds the embedded development database only (unset DATABASE_URL)",
        ));
    }
    let app = db::load_app_sql(&config)?;
    let cluster = db::start_embedded_if_needed(&config)?;
    let runtime = super::build_runtime()?;
    let result = runtime.block_on(async {
        let cluster = cluster.as_ref().ok_or_else(|| StartupError::environment("the embedded cluster is not running"))?;
        drop_database(&cluster.url(embedded::SUPERUSER, "postgres")).await?;
        clear_local_storage(&config)?;
        let connections = db::prepare_with(&config, Some(cluster), app).await?;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "The development database was rebuilt: the platform's migrations, then the app's ({}), its functions ({}) and its policies ({}).",
            connections.app_sql.migrations.describe(),
            connections.app_sql.functions.describe(),
            connections.app_sql.policies.describe()
        );
        drop(out);
        if config.demo {
            let backend = crate::storage::backend::Backend::from_config(&config.storage.backend)
                .map_err(|e| StartupError::environment(format!("cannot open the storage backend: {e}")))?;
            if let Some(report) = crate::seed::apply_configured(&config, &connections.admin, &backend).await? {
                let _ = write!(std::io::stdout().lock(), "{}", crate::seed::describe(&report));
            }
        }
        Ok(())
    });
    drop(runtime);
    if let Some(cluster) = cluster {
        cluster.stop()?;
    }
    result
}

async fn drop_database(maintenance_url: &str) -> Result<(), StartupError> {
    let options: sqlx::postgres::PgConnectOptions =
        maintenance_url.parse().map_err(|e| StartupError::environment(format!("bad connection URL: {e}")))?;
    let mut conn = options
        .application_name("server-db-reset")
        .connect()
        .await
        .map_err(|e| StartupError::environment(format!("cannot reach the embedded cluster: {e}")))?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("drop database if exists \"{APP_DATABASE}\" with (force)")))
        .execute(&mut conn)
        .await
        .map_err(|e| StartupError::environment(format!("cannot drop the development database: {e}")))?;
    let _ = conn.close().await;
    tracing::info!(database = APP_DATABASE, "development database dropped");
    Ok(())
}

/// The files of the dropped database's objects, when they are kept inside DATA_DIR (a
/// STORAGE_DIR elsewhere, or S3, is left alone).
fn clear_local_storage(config: &Config) -> Result<(), StartupError> {
    let StorageConfig::Local { root } = &config.storage.backend else { return Ok(()) };
    if !root.starts_with(&config.data_dir) || !root.exists() {
        return Ok(());
    }
    std::fs::remove_dir_all(root)
        .map_err(|e| StartupError::environment(format!("cannot empty {}: {e}", root.display())))
}
