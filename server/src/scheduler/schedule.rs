//! When a job is due: a cron expression (five fields, or six with seconds first) read in the
//! operator's time zone, so "30 2 * * *" means 02:30 in Asia/Kolkata whatever the machine's
//! clock zone is.

use std::str::FromStr;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use croner::Cron;

#[derive(Debug, Clone)]
pub struct Schedule {
    cron: Cron,
    zone: Tz,
    text: String,
}

impl Schedule {
    /// Parses `expression` in the IANA time zone `zone` ("Asia/Kolkata").
    pub fn parse(expression: &str, zone: &str) -> Result<Self, String> {
        let zone = Tz::from_str(zone.trim()).map_err(|_| format!("{zone} is not an IANA time zone name"))?;
        let cron = Cron::from_str(expression.trim())
            .map_err(|e| format!("\"{expression}\" is not a cron expression ({e})"))?;
        Ok(Self { cron, zone, text: expression.trim().to_string() })
    }

    /// The first occurrence strictly after `after`.
    pub fn next_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let local = after.with_timezone(&self.zone);
        self.cron.find_next_occurrence(&local, false).ok().map(|next| next.with_timezone(&Utc))
    }

    /// The expression as written, with its zone ("30 2 * * * Asia/Kolkata").
    pub fn describe(&self) -> String {
        format!("{} {}", self.text, self.zone.name())
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn half_past_two_in_kolkata_is_nine_in_the_evening_utc() {
        let schedule = Schedule::parse("30 2 * * *", "Asia/Kolkata").unwrap();
        let after = Utc.with_ymd_and_hms(2026, 5, 4, 12, 0, 0).unwrap();
        assert_eq!(schedule.next_after(after), Some(Utc.with_ymd_and_hms(2026, 5, 4, 21, 0, 0).unwrap()));
        let exactly = Utc.with_ymd_and_hms(2026, 5, 4, 21, 0, 0).unwrap();
        assert_eq!(schedule.next_after(exactly), Some(Utc.with_ymd_and_hms(2026, 5, 5, 21, 0, 0).unwrap()));
    }

    #[test]
    fn six_fields_count_seconds() {
        let schedule = Schedule::parse("*/5 * * * * *", "UTC").unwrap();
        let after = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 3).unwrap();
        assert_eq!(schedule.next_after(after), Some(Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 5).unwrap()));
    }

    #[test]
    fn bad_expressions_and_zones_are_named() {
        assert!(Schedule::parse("every day", "UTC").unwrap_err().contains("every day"));
        assert!(Schedule::parse("0 4 * * 0", "India/Mumbai").unwrap_err().contains("India/Mumbai"));
        assert_eq!(Schedule::parse("0 4 * * 0", "Asia/Kolkata").unwrap().describe(), "0 4 * * 0 Asia/Kolkata");
    }
}
