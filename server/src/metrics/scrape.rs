//! The database-wide numbers, read at each scrape (every replica reports the same values):
//! push and mail queues, the last backup and the last restore drill.

use prometheus_client::registry::Registry;
use sqlx::PgPool;

use super::FloatGauge;

#[derive(Default)]
pub(crate) struct DatabaseGauges {
    push_queue: FloatGauge,
    push_failed: FloatGauge,
    mail_queue: FloatGauge,
    backup_last_success: FloatGauge,
    backup_age: FloatGauge,
    backup_size: FloatGauge,
    backup_last_failed: FloatGauge,
    drill_last: FloatGauge,
    drill_ok: FloatGauge,
    drill_age: FloatGauge,
    database_up: FloatGauge,
}

impl DatabaseGauges {
    pub(crate) fn register(registry: &mut Registry) -> Self {
        let gauges = Self::default();
        let list: [(&str, &str, &FloatGauge); 11] = [
            ("push_queue_depth", "Push deliveries waiting to be sent (pending or being sent)", &gauges.push_queue),
            (
                "push_deliveries_failed",
                "Push deliveries that failed for good (kept PUSH_RETENTION_DAYS)",
                &gauges.push_failed,
            ),
            ("mail_queue_depth", "Mails in auth.mail_outbox not sent yet", &gauges.mail_queue),
            (
                "backup_last_success_timestamp_seconds",
                "When the last successful backup finished (Unix time; 0: never)",
                &gauges.backup_last_success,
            ),
            ("backup_age_seconds", "Seconds since the last successful backup finished (-1: never)", &gauges.backup_age),
            ("backup_last_size_bytes", "Size of the last successful backup's dump", &gauges.backup_size),
            ("backup_last_run_failed", "1 when the latest backup run failed", &gauges.backup_last_failed),
            (
                "backup_drill_last_timestamp_seconds",
                "When the last restore drill finished (Unix time; 0: never)",
                &gauges.drill_last,
            ),
            (
                "backup_drill_last_success",
                "1 when the last restore drill verified, 0 when it failed or never ran",
                &gauges.drill_ok,
            ),
            (
                "backup_drill_age_seconds",
                "Seconds since the last successful restore drill (-1: never)",
                &gauges.drill_age,
            ),
            ("database_up", "1 when this replica reached the database at the scrape", &gauges.database_up),
        ];
        for (name, help, gauge) in list {
            registry.register(name, help, gauge.clone());
        }
        gauges
    }

    /// Reads every value; on a database error the values keep their last reading and
    /// `database_up` is 0.
    pub(crate) async fn refresh(&self, pool: &PgPool) {
        match read(pool).await {
            Ok(values) => {
                self.push_queue.set(values.0);
                self.push_failed.set(values.1);
                self.mail_queue.set(values.2);
                self.backup_last_success.set(values.3);
                self.backup_age.set(if values.3 > 0.0 { values.9 - values.3 } else { -1.0 });
                self.backup_size.set(values.4);
                self.backup_last_failed.set(values.5);
                self.drill_last.set(values.6);
                self.drill_ok.set(values.7);
                self.drill_age.set(if values.8 > 0.0 { values.9 - values.8 } else { -1.0 });
                self.database_up.set(1.0);
            }
            Err(error) => {
                tracing::debug!(%error, "metrics: cannot read the database-wide values");
                self.database_up.set(0.0);
            }
        }
    }
}

type Values = (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64);

async fn read(pool: &PgPool) -> Result<Values, sqlx::Error> {
    sqlx::query_as(
        "with last_backup as (
           select finished_at, detail from ops.job_runs where job = 'backup' and ok order by finished_at desc limit 1),
         latest_backup_run as (
           select ok from ops.job_runs where job = 'backup' and finished_at is not null order by finished_at desc limit 1),
         last_drill as (select finished_at, ok from ops.backup_drills order by finished_at desc limit 1),
         last_good_drill as (select finished_at from ops.backup_drills where ok order by finished_at desc limit 1)
         select
           (select count(*) from push.deliveries where status in ('pending', 'sending'))::float8,
           (select count(*) from push.deliveries where status = 'failed')::float8,
           (select count(*) from auth.mail_outbox where sent_at is null)::float8,
           coalesce((select extract(epoch from finished_at) from last_backup), 0)::float8,
           coalesce((select (detail->>'size')::float8 from last_backup), 0)::float8,
           coalesce((select case when ok then 0 else 1 end from latest_backup_run), 0)::float8,
           coalesce((select extract(epoch from finished_at) from last_drill), 0)::float8,
           coalesce((select case when ok then 1 else 0 end from last_drill), 0)::float8,
           coalesce((select extract(epoch from finished_at) from last_good_drill), 0)::float8,
           extract(epoch from now())::float8",
    )
    .fetch_one(pool)
    .await
}
