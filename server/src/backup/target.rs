//! A database to reach, from a connection URL: for sqlx, and as the PG* environment of
//! pg_dump and pg_restore (never a password on a command line).

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, PgConnection};

#[derive(Clone)]
pub struct DbTarget {
    url: url::Url,
}

impl std::fmt::Debug for DbTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DbTarget({}@{}/{})", self.user(), self.url.host_str().unwrap_or("?"), self.database())
    }
}

impl DbTarget {
    pub fn parse(url: &str) -> Result<Self, String> {
        let url = url::Url::parse(url).map_err(|e| format!("bad database URL: {e}"))?;
        Ok(Self { url })
    }

    pub fn database(&self) -> String {
        let path = self.url.path().trim_start_matches('/');
        if path.is_empty() { self.user() } else { percent_decode(path) }
    }

    pub fn user(&self) -> String {
        percent_decode(self.url.username())
    }

    /// The same server as another database.
    pub fn with_database(&self, database: &str) -> Self {
        let mut url = self.url.clone();
        url.set_path(&format!("/{}", utf8_percent(database)));
        Self { url }
    }

    /// The same server and database as another role.
    pub fn with_login(&self, user: &str, password: Option<&str>) -> Self {
        let mut url = self.url.clone();
        let _ = url.set_username(&utf8_percent(user));
        let _ = url.set_password(password.map(utf8_percent).as_deref());
        Self { url }
    }

    pub fn options(&self) -> Result<PgConnectOptions, String> {
        self.url.as_str().parse::<PgConnectOptions>().map_err(|e| format!("bad database URL: {e}"))
    }

    pub async fn connect(&self, application: &str) -> Result<PgConnection, String> {
        self.options()?
            .application_name(application)
            .log_slow_statements(log::LevelFilter::Off, std::time::Duration::from_secs(3600))
            .connect()
            .await
            .map_err(|e| format!("cannot connect to database {} as {}: {e}", self.database(), self.user()))
    }

    /// libpq's environment for this target (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE,
    /// PGSSLMODE), for the PostgreSQL programs.
    pub fn libpq_env(&self) -> Vec<(&'static str, String)> {
        let query: std::collections::HashMap<String, String> = self.url.query_pairs().into_owned().collect();
        let mut env = Vec::new();
        let host = query.get("host").cloned().or_else(|| self.url.host_str().map(str::to_string));
        if let Some(host) = host {
            env.push(("PGHOST", host));
        }
        let port = query.get("port").cloned().or_else(|| self.url.port().map(|p| p.to_string()));
        env.push(("PGPORT", port.unwrap_or_else(|| "5432".into())));
        env.push(("PGUSER", self.user()));
        if let Some(password) = self.url.password() {
            env.push(("PGPASSWORD", percent_decode(password)));
        }
        env.push(("PGDATABASE", self.database()));
        if let Some(mode) = query.get("sslmode") {
            env.push(("PGSSLMODE", mode.clone()));
        }
        env
    }
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={}", text.replace('+', "%2B")).as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

fn utf8_percent(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn socket_urls_give_libpq_the_socket_directory() {
        let target = DbTarget::parse("postgres://postgres@localhost:5432/app?host=%2Ftmp%2Fdata%2Fpostgres").unwrap();
        let env = target.libpq_env();
        assert!(env.contains(&("PGHOST", "/tmp/data/postgres".into())), "{env:?}");
        assert!(env.contains(&("PGDATABASE", "app".into())));
        assert!(!env.iter().any(|(k, _)| *k == "PGPASSWORD"));
    }

    #[test]
    fn another_database_and_login_keep_the_server() {
        let target = DbTarget::parse("postgres://admin:p%40ss@db.example:6543/app?sslmode=require").unwrap();
        let other = target.with_database("app_restore_1").with_login("backup_reader", Some("s3cret+/"));
        let env = other.libpq_env();
        assert!(env.contains(&("PGHOST", "db.example".into())));
        assert!(env.contains(&("PGPORT", "6543".into())));
        assert!(env.contains(&("PGUSER", "backup_reader".into())));
        assert!(env.contains(&("PGPASSWORD", "s3cret+/".into())), "{env:?}");
        assert!(env.contains(&("PGDATABASE", "app_restore_1".into())));
        assert!(env.contains(&("PGSSLMODE", "require".into())));
        assert_eq!(target.libpq_env().iter().find(|(k, _)| *k == "PGPASSWORD").map(|(_, v)| v.as_str()), Some("p@ss"));
    }
}
