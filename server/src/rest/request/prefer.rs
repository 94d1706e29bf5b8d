//! The `Prefer` header (RFC 7240, as PostgREST reads it).
//!
//! Every `Prefer` header value is split on `,` and each token trimmed; empty tokens are skipped.
//! For each preference the first valid token wins (`tx=commit, tx=rollback` is `commit`), across
//! headers too. Tokens the server does not know, or with a value it does not accept, are kept in
//! [`Preferences::invalid`]: ignored, unless `handling=strict`, which makes them a 400 `PGRST122`
//! ([`Preferences::check_strict`]).
//!
//! Two preferences need facts this module does not have: `timezone` must name a zone known to
//! the database and `tx` must be allowed by configuration. The caller checks them and calls
//! [`Preferences::reject_timezone`] or clears `tx`.

use crate::error::{ApiError, ErrorKind};

/// `return=`: what a write answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnPreference {
    Minimal,
    Representation,
    HeadersOnly,
}

/// `count=`: how to count the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountPreference {
    Exact,
    Planned,
    Estimated,
}

/// `resolution=`: what an insert does on conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    MergeDuplicates,
    IgnoreDuplicates,
}

/// `missing=`: what payload keys missing from `columns` become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingPreference {
    Default,
    Null,
}

/// `handling=`: whether unknown preferences are an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handling {
    Strict,
    Lenient,
}

/// `tx=`: how the transaction ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxPreference {
    Commit,
    Rollback,
}

/// The parsed `Prefer` headers of one request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preferences {
    pub return_: Option<ReturnPreference>,
    pub count: Option<CountPreference>,
    pub resolution: Option<Resolution>,
    pub missing: Option<MissingPreference>,
    pub handling: Option<Handling>,
    pub max_affected: Option<u64>,
    pub tx: Option<TxPreference>,
    /// As sent; the caller checks it against the database's zone names.
    pub timezone: Option<String>,
    /// Unknown or invalid tokens, as sent, in order.
    pub invalid: Vec<String>,
}

impl Preferences {
    /// Parses every `Prefer` header value of a request, in order.
    pub fn parse<'a>(values: impl IntoIterator<Item = &'a str>) -> Self {
        let mut prefs = Self::default();
        for token in values.into_iter().flat_map(|value| value.split(',')).map(str::trim) {
            if !token.is_empty() && !prefs.apply(token) {
                prefs.invalid.push(token.to_owned());
            }
        }
        prefs
    }

    /// Records a known token (unless its preference is already set); false if unknown or invalid.
    fn apply(&mut self, token: &str) -> bool {
        let Some((key, value)) = token.split_once('=') else { return false };
        match key {
            "return" => set(
                &mut self.return_,
                match value {
                    "minimal" => Some(ReturnPreference::Minimal),
                    "representation" => Some(ReturnPreference::Representation),
                    "headers-only" => Some(ReturnPreference::HeadersOnly),
                    _ => None,
                },
            ),
            "count" => set(
                &mut self.count,
                match value {
                    "exact" => Some(CountPreference::Exact),
                    "planned" => Some(CountPreference::Planned),
                    "estimated" => Some(CountPreference::Estimated),
                    _ => None,
                },
            ),
            "resolution" => set(
                &mut self.resolution,
                match value {
                    "merge-duplicates" => Some(Resolution::MergeDuplicates),
                    "ignore-duplicates" => Some(Resolution::IgnoreDuplicates),
                    _ => None,
                },
            ),
            "missing" => set(
                &mut self.missing,
                match value {
                    "default" => Some(MissingPreference::Default),
                    "null" => Some(MissingPreference::Null),
                    _ => None,
                },
            ),
            "handling" => set(
                &mut self.handling,
                match value {
                    "strict" => Some(Handling::Strict),
                    "lenient" => Some(Handling::Lenient),
                    _ => None,
                },
            ),
            "tx" => set(
                &mut self.tx,
                match value {
                    "commit" => Some(TxPreference::Commit),
                    "rollback" => Some(TxPreference::Rollback),
                    _ => None,
                },
            ),
            "max-affected" => {
                let valid = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
                set(&mut self.max_affected, valid.then(|| value.parse().ok()).flatten())
            }
            "timezone" => set(&mut self.timezone, (!value.is_empty()).then(|| value.to_owned())),
            _ => false,
        }
    }

    /// Moves an unknown `timezone` to [`Preferences::invalid`] (the caller knows the zone names).
    pub fn reject_timezone(&mut self) {
        if let Some(zone) = self.timezone.take() {
            self.invalid.push(format!("timezone={zone}"));
        }
    }

    /// With `handling=strict`, any invalid token is a 400 `PGRST122`.
    pub fn check_strict(&self) -> Result<(), ApiError> {
        if self.handling == Some(Handling::Strict) && !self.invalid.is_empty() {
            return Err(ApiError::new(ErrorKind::InvalidPreferences)
                .with_details(format!("Invalid preferences: {}", self.invalid.join(", "))));
        }
        Ok(())
    }

    /// The applied tokens, in PostgREST's order (`max-affected` only with `handling=strict`).
    pub fn applied_tokens(&self) -> Vec<String> {
        let mut tokens = Vec::new();
        let mut push = |token: Option<&str>| tokens.extend(token.map(str::to_owned));
        push(self.resolution.map(|r| match r {
            Resolution::MergeDuplicates => "resolution=merge-duplicates",
            Resolution::IgnoreDuplicates => "resolution=ignore-duplicates",
        }));
        push(self.missing.map(|m| match m {
            MissingPreference::Default => "missing=default",
            MissingPreference::Null => "missing=null",
        }));
        push(self.return_.map(|r| match r {
            ReturnPreference::Minimal => "return=minimal",
            ReturnPreference::Representation => "return=representation",
            ReturnPreference::HeadersOnly => "return=headers-only",
        }));
        push(self.count.map(|c| match c {
            CountPreference::Exact => "count=exact",
            CountPreference::Planned => "count=planned",
            CountPreference::Estimated => "count=estimated",
        }));
        push(self.tx.map(|t| match t {
            TxPreference::Commit => "tx=commit",
            TxPreference::Rollback => "tx=rollback",
        }));
        push(self.handling.map(|h| match h {
            Handling::Strict => "handling=strict",
            Handling::Lenient => "handling=lenient",
        }));
        if let Some(zone) = &self.timezone {
            tokens.push(format!("timezone={zone}"));
        }
        if let (Some(Handling::Strict), Some(n)) = (self.handling, self.max_affected) {
            tokens.push(format!("max-affected={n}"));
        }
        tokens
    }

    /// The `Preference-Applied` header value, or `None` when nothing applies.
    pub fn preference_applied(&self) -> Option<String> {
        let tokens = self.applied_tokens();
        (!tokens.is_empty()).then(|| tokens.join(", "))
    }
}

/// Sets `slot` to the first valid value; a valid repeat is ignored, an invalid value is rejected.
fn set<T>(slot: &mut Option<T>, value: Option<T>) -> bool {
    match value {
        Some(value) => {
            if slot.is_none() {
                *slot = Some(value);
            }
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use http::StatusCode;

    use super::*;

    #[test]
    fn one_header_sets_several_preferences() {
        let prefs = Preferences::parse([
            "resolution=ignore-duplicates, count=exact, timezone=America/Los_Angeles, max-affected=100",
        ]);
        assert_eq!(prefs.resolution, Some(Resolution::IgnoreDuplicates));
        assert_eq!(prefs.count, Some(CountPreference::Exact));
        assert_eq!(prefs.timezone.as_deref(), Some("America/Los_Angeles"));
        assert_eq!(prefs.max_affected, Some(100));
        assert!(prefs.invalid.is_empty());
    }

    #[test]
    fn every_known_token_is_recognised() {
        type Check = fn(&Preferences) -> bool;
        let cases: [(&str, Check); 17] = [
            ("return=minimal", |p| p.return_ == Some(ReturnPreference::Minimal)),
            ("return=representation", |p| p.return_ == Some(ReturnPreference::Representation)),
            ("return=headers-only", |p| p.return_ == Some(ReturnPreference::HeadersOnly)),
            ("count=exact", |p| p.count == Some(CountPreference::Exact)),
            ("count=planned", |p| p.count == Some(CountPreference::Planned)),
            ("count=estimated", |p| p.count == Some(CountPreference::Estimated)),
            ("resolution=merge-duplicates", |p| p.resolution == Some(Resolution::MergeDuplicates)),
            ("resolution=ignore-duplicates", |p| p.resolution == Some(Resolution::IgnoreDuplicates)),
            ("missing=default", |p| p.missing == Some(MissingPreference::Default)),
            ("missing=null", |p| p.missing == Some(MissingPreference::Null)),
            ("handling=strict", |p| p.handling == Some(Handling::Strict)),
            ("handling=lenient", |p| p.handling == Some(Handling::Lenient)),
            ("max-affected=5", |p| p.max_affected == Some(5)),
            ("tx=commit", |p| p.tx == Some(TxPreference::Commit)),
            ("tx=rollback", |p| p.tx == Some(TxPreference::Rollback)),
            ("timezone=UTC", |p| p.timezone.as_deref() == Some("UTC")),
            ("timezone=Asia/Kolkata", |p| p.timezone.as_deref() == Some("Asia/Kolkata")),
        ];
        for (token, check) in cases {
            let prefs = Preferences::parse([token]);
            assert!(check(&prefs), "{token}");
            assert!(prefs.invalid.is_empty(), "{token}");
            let applied = if token.starts_with("max-affected") { None } else { Some(token) };
            assert_eq!(prefs.preference_applied().as_deref(), applied, "{token}");
        }
    }

    #[test]
    fn the_first_occurrence_wins_across_headers() {
        let prefs = Preferences::parse(["tx=commit, tx=rollback"]);
        assert_eq!(prefs.tx, Some(TxPreference::Commit));
        let prefs = Preferences::parse(["resolution=ignore-duplicates", "resolution=merge-duplicates"]);
        assert_eq!(prefs.resolution, Some(Resolution::IgnoreDuplicates));
        assert!(prefs.invalid.is_empty());
    }

    #[test]
    fn tokens_are_trimmed_and_values_case_sensitive() {
        let prefs = Preferences::parse([
            "count=exact,    tx=commit   ,return=representation , missing=default, handling=strict, anything",
        ]);
        assert_eq!(prefs.count, Some(CountPreference::Exact));
        assert_eq!(prefs.return_, Some(ReturnPreference::Representation));
        assert_eq!(prefs.invalid, vec!["anything".to_string()]);
        let prefs = Preferences::parse(["return=Minimal, count = exact,"]);
        assert_eq!(prefs.return_, None);
        assert_eq!(prefs.invalid, vec!["return=Minimal".to_string(), "count = exact".to_string()]);
    }

    #[test]
    fn unknown_and_invalid_tokens_are_collected() {
        let prefs = Preferences::parse([
            "foo, return=everything, max-affected=-1, max-affected=x, bar=1, params=single-object",
        ]);
        assert_eq!(
            prefs.invalid,
            ["foo", "return=everything", "max-affected=-1", "max-affected=x", "bar=1", "params=single-object"]
        );
        assert!(prefs.check_strict().is_ok(), "lenient by default");
    }

    #[test]
    fn strict_handling_rejects_invalid_preferences_with_pgrst122() {
        let prefs = Preferences::parse(["handling=strict, foo, bar"]);
        let error = prefs.check_strict().unwrap_err();
        assert_eq!(error.status(), StatusCode::BAD_REQUEST);
        assert_eq!(error.code(), "PGRST122");
        assert_eq!(error.message(), "Invalid preferences given with handling=strict");
        assert_eq!(error.details().and_then(|d| d.as_str()), Some("Invalid preferences: foo, bar"));
        assert!(Preferences::parse(["handling=strict, count=exact"]).check_strict().is_ok());
    }

    #[test]
    fn an_unknown_timezone_becomes_invalid() {
        let mut prefs = Preferences::parse(["handling=strict, timezone=Mars/Olympus"]);
        prefs.reject_timezone();
        assert_eq!(prefs.timezone, None);
        assert!(
            prefs
                .check_strict()
                .unwrap_err()
                .details()
                .is_some_and(|d| d == "Invalid preferences: timezone=Mars/Olympus")
        );
    }

    #[test]
    fn preference_applied_lists_tokens_in_postgrest_order() {
        let prefs =
            Preferences::parse(["return=representation, resolution=merge-duplicates, count=exact, max-affected=3"]);
        assert_eq!(
            prefs.preference_applied().as_deref(),
            Some("resolution=merge-duplicates, return=representation, count=exact")
        );
        let prefs = Preferences::parse(["handling=strict, max-affected=3"]);
        assert_eq!(prefs.preference_applied().as_deref(), Some("handling=strict, max-affected=3"));
        assert_eq!(Preferences::parse(Vec::<&str>::new()).preference_applied(), None);
        assert_eq!(Preferences::parse(["", " , "]), Preferences::default());
    }
}
