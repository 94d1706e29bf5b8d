//! Content negotiation: which representation the client accepts (`Accept`), with PostgREST's
//! media types. A browser's `*/*` is JSON; nothing acceptable is 406 PGRST107.

use crate::error::{ApiError, ErrorKind};

/// The representations the REST engine produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaType {
    /// `application/json`: an array of rows (or the function's value).
    Json,
    /// `application/vnd.pgrst.object+json`: exactly one row as an object, else 406 PGRST116.
    SingleObject { strip_nulls: bool },
    /// `application/vnd.pgrst.array+json;nulls=stripped`: an array without null keys.
    ArrayStripNulls,
    /// `text/csv`: a header line and one line per row.
    Csv,
    /// `application/geo+json`: a GeoJSON FeatureCollection of the rows, by PostGIS's
    /// `ST_AsGeoJSON` (the first geometry column is the feature's geometry).
    GeoJson,
}

impl MediaType {
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Json => "application/json; charset=utf-8",
            Self::SingleObject { strip_nulls: false } => "application/vnd.pgrst.object+json; charset=utf-8",
            Self::SingleObject { strip_nulls: true } => {
                "application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8"
            }
            Self::ArrayStripNulls => "application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8",
            Self::Csv => "text/csv; charset=utf-8",
            Self::GeoJson => "application/geo+json; charset=utf-8",
        }
    }
}

/// Picks the first acceptable type of an `Accept` header, honouring `q` weights.
pub fn negotiate(accept: Option<&str>) -> Result<MediaType, ApiError> {
    negotiate_plan(accept, false).map(|(media, _)| media)
}

/// [`negotiate`], also accepting the execution plan types (`application/vnd.pgrst.plan…`) when
/// `plan_enabled`: then the plan is returned with the media type it explains (`for=`).
pub fn negotiate_plan(accept: Option<&str>, plan_enabled: bool) -> Result<(MediaType, Option<PlanRequest>), ApiError> {
    let Some(accept) = accept.map(str::trim).filter(|a| !a.is_empty()) else {
        return Ok((MediaType::Json, None));
    };
    let found = ranked(accept).into_iter().find_map(|item| {
        if plan_enabled && let Some(plan) = parse_plan(item) {
            return Some((plan.for_media, Some(plan)));
        }
        parse_one(item).map(|media| (media, None))
    });
    found.ok_or_else(|| {
        ApiError::new(ErrorKind::NotAcceptable)
            .with_message(format!("None of these media types are available: {}", accept.replace(' ', "")))
    })
}

/// The items of an `Accept` header, most wanted first (by `q`, then by position); items of
/// `q=0` are left out.
fn ranked(accept: &str) -> Vec<&str> {
    let mut candidates: Vec<(f32, usize, &str)> = accept
        .split(',')
        .enumerate()
        .map(|(index, item)| {
            let quality = item
                .split(';')
                .skip(1)
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (quality, index, item.trim())
        })
        .filter(|(quality, _, _)| *quality > 0.0)
        .collect();
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    candidates.into_iter().map(|(_, _, item)| item).collect()
}

/// Whether a function that serves the media type `handler` (it returns a domain of that name)
/// answers in it: the most wanted acceptable item of `Accept` names it, its type with `/*`,
/// or `*/*`; no `Accept` picks it too. A type the engine produces itself (JSON, CSV, …)
/// wanted more wins, and the function's value then comes back in that type.
pub fn picks_handler(accept: Option<&str>, handler: &str) -> bool {
    let Some(accept) = accept.map(str::trim).filter(|a| !a.is_empty()) else {
        return true;
    };
    let kind = handler.split('/').next().unwrap_or_default();
    for item in ranked(accept) {
        let essence = item.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        let names_it =
            essence == handler || essence == "*/*" || essence.strip_suffix("/*").is_some_and(|wanted| wanted == kind);
        if names_it {
            return true;
        }
        if parse_one(item).is_some() {
            return false;
        }
    }
    false
}

/// Whether rows (a table, a view, a set-returning function) are served by an aggregate handler
/// of `handler`'s type: `Accept` names that type exactly before any type the engine produces
/// itself. A wildcard or no `Accept` keeps JSON (or CSV for `text/*`), as in PostgREST.
pub fn names_handler(accept: Option<&str>, handler: &str) -> bool {
    let Some(accept) = accept.map(str::trim).filter(|a| !a.is_empty()) else {
        return false;
    };
    for item in ranked(accept) {
        let essence = item.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        if essence == handler {
            return true;
        }
        if parse_one(item).is_some() {
            return false;
        }
    }
    false
}

/// `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…`:
/// the EXPLAIN of the statement the request would run, instead of its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanRequest {
    pub json: bool,
    /// The media type whose statement is explained (`for=`, `application/json` when absent).
    pub for_media: MediaType,
    pub analyze: bool,
    pub verbose: bool,
    pub settings: bool,
    pub buffers: bool,
    pub wal: bool,
}

impl PlanRequest {
    /// The EXPLAIN options, e.g. `FORMAT JSON, ANALYZE, VERBOSE`.
    pub fn explain_options(&self) -> String {
        let mut options = vec![if self.json { "FORMAT JSON" } else { "FORMAT TEXT" }];
        for (on, name) in [
            (self.analyze, "ANALYZE"),
            (self.verbose, "VERBOSE"),
            (self.settings, "SETTINGS"),
            (self.buffers, "BUFFERS"),
            (self.wal, "WAL"),
        ] {
            if on {
                options.push(name);
            }
        }
        options.join(", ")
    }

    /// `application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8`, as PostgREST.
    pub fn content_type(&self) -> &'static str {
        macro_rules! plan {
            ($format:literal, $for:literal) => {
                concat!("application/vnd.pgrst.plan+", $format, "; for=\"", $for, "\"; charset=utf-8")
            };
        }
        match (self.json, self.for_media) {
            (true, MediaType::Json) => plan!("json", "application/json"),
            (true, MediaType::SingleObject { .. }) => plan!("json", "application/vnd.pgrst.object+json"),
            (true, MediaType::ArrayStripNulls) => plan!("json", "application/vnd.pgrst.array+json"),
            (true, MediaType::Csv) => plan!("json", "text/csv"),
            (false, MediaType::Json) => plan!("text", "application/json"),
            (false, MediaType::SingleObject { .. }) => plan!("text", "application/vnd.pgrst.object+json"),
            (false, MediaType::ArrayStripNulls) => plan!("text", "application/vnd.pgrst.array+json"),
            (false, MediaType::Csv) => plan!("text", "text/csv"),
            (true, MediaType::GeoJson) => plan!("json", "application/geo+json"),
            (false, MediaType::GeoJson) => plan!("text", "application/geo+json"),
        }
    }
}

fn parse_plan(item: &str) -> Option<PlanRequest> {
    let mut parts = item.split(';').map(str::trim);
    let json = match parts.next()?.to_ascii_lowercase().as_str() {
        "application/vnd.pgrst.plan" | "application/vnd.pgrst.plan+text" => false,
        "application/vnd.pgrst.plan+json" => true,
        _ => return None,
    };
    let mut plan = PlanRequest {
        json,
        for_media: MediaType::Json,
        analyze: false,
        verbose: false,
        settings: false,
        buffers: false,
        wal: false,
    };
    for part in parts {
        if let Some(target) = part.strip_prefix("for=") {
            plan.for_media = parse_one(target.trim().trim_matches('"'))?;
        } else if let Some(options) = part.strip_prefix("options=") {
            for option in options.split('|').map(str::trim).filter(|o| !o.is_empty()) {
                match option {
                    "analyze" => plan.analyze = true,
                    "verbose" => plan.verbose = true,
                    "settings" => plan.settings = true,
                    "buffers" => plan.buffers = true,
                    "wal" => plan.wal = true,
                    _ => return None,
                }
            }
        }
    }
    Some(plan)
}

/// A request body must be JSON (`application/json`, or a `+json` type); a missing
/// Content-Type reads as JSON. Anything else is 415 PGRST107, as in PostgREST.
pub fn check_body_type(content_type: Option<&str>) -> Result<(), ApiError> {
    let Some(raw) = content_type else { return Ok(()) };
    let essence = raw.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let json = essence.is_empty()
        || essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"));
    if json {
        Ok(())
    } else {
        Err(ApiError::new(ErrorKind::UnsupportedMediaType)
            .with_message(format!("Content-Type not acceptable: {}", raw.trim())))
    }
}

/// How a call to `/rpc/{fn}` carries its arguments: the query (GET, HEAD), a JSON body, or a raw
/// body for a function's single unnamed `text`, `xml` or `bytea` parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RpcPayload {
    Query,
    Json,
    Text,
    Xml,
    Bytes,
}

impl RpcPayload {
    /// The type of the single unnamed parameter a raw body goes to.
    pub fn raw_type(self) -> Option<&'static str> {
        match self {
            Self::Text => Some("text"),
            Self::Xml => Some("xml"),
            Self::Bytes => Some("bytea"),
            Self::Query | Self::Json => None,
        }
    }
}

/// The payload of a POST to a function, from its `Content-Type`: JSON as for tables, or
/// `text/plain`, `text/xml`, `application/octet-stream` for a single unnamed parameter of that
/// type (as in PostgREST). Anything else is 415 PGRST107.
pub fn rpc_payload(content_type: Option<&str>) -> Result<RpcPayload, ApiError> {
    let essence = content_type.map(|raw| raw.split(';').next().unwrap_or_default().trim().to_ascii_lowercase());
    match essence.as_deref() {
        Some("text/plain") => Ok(RpcPayload::Text),
        Some("text/xml") => Ok(RpcPayload::Xml),
        Some("application/octet-stream") => Ok(RpcPayload::Bytes),
        _ => check_body_type(content_type).map(|()| RpcPayload::Json),
    }
}

fn parse_one(item: &str) -> Option<MediaType> {
    let mut parts = item.split(';').map(str::trim);
    let essence = parts.next()?.to_ascii_lowercase();
    let strip_nulls = parts.any(|p| p.replace(' ', "").eq_ignore_ascii_case("nulls=stripped"));
    match essence.as_str() {
        "*/*" | "application/*" | "application/json" => Some(MediaType::Json),
        "application/vnd.pgrst.object+json" | "application/vnd.pgrst.object" => {
            Some(MediaType::SingleObject { strip_nulls })
        }
        "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" if strip_nulls => {
            Some(MediaType::ArrayStripNulls)
        }
        "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" => Some(MediaType::Json),
        "text/csv" | "text/*" => Some(MediaType::Csv),
        "application/geo+json" => Some(MediaType::GeoJson),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_must_be_json() {
        for ok in [None, Some("application/json"), Some("application/json; charset=utf-8"), Some("Application/JSON")] {
            assert!(check_body_type(ok).is_ok(), "{ok:?}");
        }
        for refused in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "text/csv"] {
            let error = check_body_type(Some(refused)).unwrap_err();
            assert_eq!(error.status(), 415, "{refused}");
            assert_eq!(error.code(), "PGRST107");
        }
    }

    #[test]
    fn function_bodies_may_also_be_text_xml_or_bytes() {
        let cases = [
            (None, RpcPayload::Json),
            (Some("application/json; charset=utf-8"), RpcPayload::Json),
            (Some("text/plain;charset=UTF-8"), RpcPayload::Text),
            (Some("Text/XML"), RpcPayload::Xml),
            (Some("application/octet-stream"), RpcPayload::Bytes),
        ];
        for (content_type, expected) in cases {
            assert_eq!(rpc_payload(content_type).unwrap(), expected, "{content_type:?}");
        }
        assert_eq!(rpc_payload(Some("text/csv")).unwrap_err().status(), 415);
    }

    #[test]
    fn rows_go_to_an_aggregate_handler_only_when_its_type_is_named_first() {
        for accept in ["text/calendar", "Text/Calendar; q=0.9, application/json;q=0.5", "image/png, text/calendar"] {
            assert!(names_handler(Some(accept), "text/calendar"), "{accept}");
        }
        for accept in
            [None, Some(""), Some("*/*"), Some("text/*"), Some("application/json, text/calendar"), Some("text/plain")]
        {
            assert!(!names_handler(accept, "text/calendar"), "{accept:?}");
        }
    }

    #[test]
    fn a_function_serving_a_media_type_answers_in_it_when_asked_or_when_anything_goes() {
        for accept in
            [None, Some("text/calendar"), Some("*/*"), Some("text/*"), Some("Text/Calendar; q=0.9, */*;q=0.1")]
        {
            assert!(picks_handler(accept, "text/calendar"), "{accept:?}");
        }
        for accept in [Some("application/json"), Some("text/csv, text/calendar;q=0.5"), Some("image/png")] {
            assert!(!picks_handler(accept, "text/calendar"), "{accept:?}");
        }
        assert!(picks_handler(Some("application/json"), "application/json"), "a handler may override JSON");
    }

    #[test]
    fn what_clients_send_is_understood() {
        let cases = [
            (None, MediaType::Json),
            (Some("*/*"), MediaType::Json),
            (Some("application/json"), MediaType::Json),
            (Some("application/vnd.pgrst.object+json"), MediaType::SingleObject { strip_nulls: false }),
            (Some("application/vnd.pgrst.object"), MediaType::SingleObject { strip_nulls: false }),
            (Some("application/vnd.pgrst.object+json;nulls=stripped"), MediaType::SingleObject { strip_nulls: true }),
            (Some("application/vnd.pgrst.array+json;nulls=stripped"), MediaType::ArrayStripNulls),
            (Some("text/csv"), MediaType::Csv),
            (Some("application/geo+json"), MediaType::GeoJson),
            (Some("text/html, application/json;q=0.9, */*;q=0.8"), MediaType::Json),
            (Some("text/csv;q=0.5, application/json"), MediaType::Json),
        ];
        for (accept, expected) in cases {
            assert_eq!(negotiate(accept).unwrap(), expected, "{accept:?}");
        }
    }

    #[test]
    fn execution_plans_are_acceptable_only_when_enabled() {
        let accept = Some(
            r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose;"#,
        );
        let (media, plan) = negotiate_plan(accept, true).unwrap();
        let plan = plan.unwrap();
        assert_eq!(media, MediaType::SingleObject { strip_nulls: false });
        assert_eq!(plan.explain_options(), "FORMAT JSON, ANALYZE, VERBOSE");
        assert_eq!(
            plan.content_type(),
            r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; charset=utf-8"#
        );
        let (media, plan) = negotiate_plan(Some("application/vnd.pgrst.plan"), true).unwrap();
        assert_eq!((media, plan.unwrap().explain_options().as_str()), (MediaType::Json, "FORMAT TEXT"));
        // supabase-js's explain() without options.
        let plain = Some(r#"application/vnd.pgrst.plan+text; for="application/json"; options=;"#);
        assert_eq!(negotiate_plan(plain, true).unwrap().1.unwrap().explain_options(), "FORMAT TEXT");
        assert!(negotiate_plan(Some("application/vnd.pgrst.plan; options=everything"), true).is_err());
        let error = negotiate_plan(Some("application/vnd.pgrst.plan+json"), false).unwrap_err();
        assert_eq!((error.status().as_u16(), error.code()), (406, "PGRST107"));
        assert_eq!(negotiate_plan(Some("application/json"), true).unwrap(), (MediaType::Json, None));
    }

    #[test]
    fn nothing_acceptable_is_406_pgrst107() {
        let error = negotiate(Some("application/xml, image/png")).unwrap_err();
        assert_eq!(error.status(), 406);
        assert_eq!(error.code(), "PGRST107");
        assert_eq!(error.message(), "None of these media types are available: application/xml,image/png");
    }
}
