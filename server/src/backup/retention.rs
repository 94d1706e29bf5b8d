//! Which backups to keep: grandfather-father-son. The newest backup of each of the last
//! `daily` days, of each of the last `weekly` ISO weeks and of each of the last `monthly`
//! months (days in the scheduler's time zone), and always the newest of all.

use std::collections::{BTreeSet, HashSet};

use chrono::{DateTime, Datelike, Utc};
use chrono_tz::Tz;

use super::settings::Retention;

/// The ids of `backups` (id, when it was taken) to keep.
pub fn keep(backups: &[(String, DateTime<Utc>)], retention: Retention, zone: Tz) -> HashSet<String> {
    let mut newest_first: Vec<&(String, DateTime<Utc>)> = backups.iter().collect();
    newest_first.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| b.0.cmp(&a.0)));
    let mut kept = HashSet::new();
    if let Some((id, _)) = newest_first.first() {
        kept.insert(id.clone());
    }
    let mut pick = |limit: u32, bucket: &dyn Fn(DateTime<Tz>) -> (i32, u32, u32)| {
        let mut seen = BTreeSet::new();
        for (id, at) in &newest_first {
            let key = bucket(at.with_timezone(&zone));
            if seen.contains(&key) {
                continue;
            }
            if seen.len() >= limit as usize {
                break;
            }
            seen.insert(key);
            kept.insert(id.clone());
        }
    };
    pick(retention.daily, &|t| (t.year(), t.ordinal(), 0));
    pick(retention.weekly, &|t| (t.iso_week().year(), t.iso_week().week(), 0));
    pick(retention.monthly, &|t| (t.year(), t.month(), 0));
    kept
}

impl super::Backups {
    /// Removes the backups retention does not keep, then the file copies no kept backup names.
    /// The caller holds the backup lock. Returns the removed backups' ids.
    pub async fn prune(&self) -> Result<Vec<String>, String> {
        let (backups, _) = self.store.list().await.map_err(|e| format!("backup store: {e}"))?;
        let zone: Tz = self.settings.time_zone.parse().unwrap_or(chrono_tz::UTC);
        let dated: Vec<(String, DateTime<Utc>)> = backups
            .iter()
            .filter_map(|m| {
                DateTime::parse_from_rfc3339(&m.started_at).ok().map(|t| (m.id.clone(), t.with_timezone(&Utc)))
            })
            .collect();
        let kept = keep(&dated, self.settings.retention, zone);
        let mut removed = Vec::new();
        for meta in &backups {
            if !kept.contains(&meta.id) {
                self.store.remove_backup(&meta.id).await.map_err(|e| format!("backup store: {e}"))?;
                removed.push(meta.id.clone());
            }
        }
        let named: HashSet<&str> = backups
            .iter()
            .filter(|m| kept.contains(&m.id))
            .flat_map(|m| m.files.versions.iter().map(String::as_str))
            .collect();
        for version in self.store.file_versions().await.map_err(|e| format!("backup store: {e}"))? {
            if !named.contains(version.as_str()) {
                for encrypted in [false, true] {
                    let key = super::store::BackupStore::file_key(&version, encrypted);
                    self.store.remove(&key).await.map_err(|e| format!("backup store: {e}"))?;
                }
            }
        }
        if !removed.is_empty() {
            tracing::info!(removed = removed.len(), kept = kept.len(), "old backups removed");
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;

    fn daily_for(days: i64) -> Vec<(String, DateTime<Utc>)> {
        let start = Utc.with_ymd_and_hms(2026, 1, 1, 21, 0, 0).unwrap();
        (0..days).map(|d| (format!("b{d:03}"), start + Duration::days(d))).collect()
    }

    #[test]
    fn a_year_of_nightly_backups_keeps_seven_days_four_weeks_and_twelve_months() {
        let backups = daily_for(400);
        let retention = Retention { daily: 7, weekly: 4, monthly: 12 };
        let kept = keep(&backups, retention, chrono_tz::Asia::Kolkata);
        // The 7 newest days; the newest of 4 weeks (3 more, the latest week's is a daily);
        // the newest of 12 months (11 more, the latest month's is a daily).
        for d in 393..400 {
            assert!(kept.contains(&format!("b{d:03}")), "day {d}");
        }
        assert!(!kept.contains("b000"), "the oldest is past every window");
        assert!(kept.len() >= 7 + 3 + 11 - 2 && kept.len() <= 7 + 4 + 12, "{}", kept.len());
    }

    #[test]
    fn two_backups_on_one_day_keep_the_newer() {
        let day = Utc.with_ymd_and_hms(2026, 3, 10, 4, 0, 0).unwrap();
        let backups = vec![
            ("early".to_string(), day),
            ("late".to_string(), day + Duration::hours(5)),
            ("yesterday".to_string(), day - Duration::days(1)),
        ];
        let kept = keep(&backups, Retention { daily: 2, weekly: 0, monthly: 0 }, chrono_tz::UTC);
        assert_eq!(kept, HashSet::from(["late".to_string(), "yesterday".to_string()]));
    }

    #[test]
    fn days_are_counted_in_the_schedule_s_zone() {
        // 20:00 and 21:00 UTC on 10 March are 01:30 and 02:30 on 11 March in Kolkata: one day.
        let backups = vec![
            ("a".to_string(), Utc.with_ymd_and_hms(2026, 3, 10, 18, 0, 0).unwrap()),
            ("b".to_string(), Utc.with_ymd_and_hms(2026, 3, 10, 20, 0, 0).unwrap()),
            ("c".to_string(), Utc.with_ymd_and_hms(2026, 3, 10, 21, 0, 0).unwrap()),
        ];
        let kept = keep(&backups, Retention { daily: 5, weekly: 0, monthly: 0 }, chrono_tz::Asia::Kolkata);
        assert_eq!(kept, HashSet::from(["a".to_string(), "c".to_string()]));
    }

    #[test]
    fn the_newest_is_kept_even_when_retention_is_zero() {
        let backups = daily_for(3);
        let kept = keep(&backups, Retention { daily: 0, weekly: 0, monthly: 0 }, chrono_tz::UTC);
        assert_eq!(kept, HashSet::from(["b002".to_string()]));
    }
}
