//! "Perhaps you meant …": the suggestions PostgREST and PostgreSQL add to "not found" errors.
//!
//! PostgREST picks tables, functions and relationships with a fuzzy set (the Haskell
//! `fuzzyset` package: cosine similarity of 3-grams, else 2-grams, re-ranked by normalised
//! Levenshtein similarity, kept from 0.33 up); [`FuzzySet`] reproduces it. Misspelled columns
//! of reads are answered by PostgreSQL itself under PostgREST, whose hint comes from
//! [`column_hint`] here (Levenshtein distance at most 3, and at most half the name).
//!
//! On ties the first candidate in the order given wins (callers give names sorted), where
//! PostgREST's order is that of a hash map.

use std::collections::HashMap;

use crate::error::ApiError;
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Function, QualifiedName};

/// The least score a suggestion needs (the `fuzzyset` package's default).
const MIN_SCORE: f64 = 0.33;

/// A set of names to look misspellings up in, as PostgREST's `Data.FuzzySet`.
pub struct FuzzySet<'a> {
    entries: Vec<Entry<'a>>,
}

struct Entry<'a> {
    original: &'a str,
    /// Lower-cased; compared by Levenshtein.
    key: String,
    /// 2-gram and 3-gram counts of the normalised key, with their magnitudes.
    grams: [(HashMap<String, usize>, f64); 2],
}

impl<'a> FuzzySet<'a> {
    /// A set of `names`; a name equal to an earlier one but for case is left out.
    pub fn new(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut entries: Vec<Entry<'a>> = Vec::new();
        for original in names {
            let key = original.to_lowercase();
            if entries.iter().any(|e| e.key == key) {
                continue;
            }
            let grams = [gram_vector(&key, 2), gram_vector(&key, 3)];
            entries.push(Entry { original, key, grams });
        }
        Self { entries }
    }

    /// Every match with its score, best first (`Data.FuzzySet.get`).
    pub fn get(&self, query: &str) -> Vec<(f64, &'a str)> {
        let key = query.to_lowercase();
        if let Some(exact) = self.entries.iter().find(|e| e.key == key) {
            return vec![(1.0, exact.original)];
        }
        for size in [3, 2] {
            let (query_grams, query_norm) = gram_vector(&key, size);
            let slot = size - 2;
            let mut scored: Vec<(f64, &Entry<'a>)> = self
                .entries
                .iter()
                .filter_map(|entry| {
                    let (grams, norm) = &entry.grams[slot];
                    let dot: usize =
                        query_grams.iter().filter_map(|(gram, count)| grams.get(gram).map(|c| c * count)).sum();
                    (dot > 0).then(|| (dot as f64 / (query_norm * norm), entry))
                })
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            scored.truncate(50);
            let mut rescored: Vec<(f64, &'a str)> = scored
                .into_iter()
                .map(|(_, entry)| (levenshtein_similarity(&key, &entry.key), entry.original))
                .collect();
            rescored.sort_by(|a, b| b.0.total_cmp(&a.0));
            rescored.retain(|(score, _)| *score >= MIN_SCORE);
            if !rescored.is_empty() {
                return rescored;
            }
        }
        Vec::new()
    }

    /// The best match (`Data.FuzzySet.getOne`).
    pub fn get_one(&self, query: &str) -> Option<&'a str> {
        self.get(query).first().map(|(_, name)| *name)
    }
}

/// Counts of the `size`-grams of the normalised text enclosed in hyphens, and the vector's
/// magnitude. Normalising keeps letters, digits, spaces and commas (`_` goes).
fn gram_vector(key: &str, size: usize) -> (HashMap<String, usize>, f64) {
    let normalised: Vec<char> = std::iter::once('-')
        .chain(key.chars().filter(|c| c.is_alphanumeric() || c.is_whitespace() || *c == ','))
        .chain(std::iter::once('-'))
        .collect();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for window in normalised.windows(size) {
        *counts.entry(window.iter().collect()).or_insert(0) += 1;
    }
    let norm = (counts.values().map(|c| c * c).sum::<usize>() as f64).sqrt();
    (counts, norm)
}

/// 1 − distance / longer length (text-metrics' `levenshteinNorm`).
fn levenshtein_similarity(a: &str, b: &str) -> f64 {
    let longest = a.chars().count().max(b.chars().count());
    if longest == 0 {
        return 1.0;
    }
    1.0 - levenshtein(a, b) as f64 / longest as f64
}

/// Edit distance in characters (insertions, deletions and substitutions cost 1).
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb { diagonal } else { 1 + diagonal.min(above).min(row[j]) };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// PGRST205's hint: the closest table or view of `schema`.
pub fn table_hint(cache: &SchemaCache, schema: &str, name: &str) -> Option<String> {
    let names = cache.relations.keys().filter(|q| q.schema == schema).map(|q| q.name.as_str());
    FuzzySet::new(names).get_one(name).map(|best| format!("Perhaps you meant the table '{schema}.{best}'"))
}

/// PGRST202's hint: with no function of that name, the closest callable name in `schema`;
/// with callable overloads, the closest parameter list among them (names sorted, as PostgREST
/// lists them); with only a computed column's function (one unnamed row parameter), none. An
/// uncallable `f(integer)` is not in PostgREST's cache: the closest callable name, never `f`.
pub fn function_hint(cache: &SchemaCache, schema: &str, name: &str, given: &[&str]) -> Option<String> {
    let overloads = cache.rpc_functions_named(schema, name);
    if overloads.is_empty() && cache.functions_named(schema, name).iter().any(|f| takes_one_row(cache, f)) {
        // A computed column's or relationship's `f(table)`: in PostgREST's schema cache, not
        // callable, and its parameter list has no name to suggest: no hint.
        return None;
    }
    let suggestion = if overloads.is_empty() {
        // Only callable functions are candidates, so the one that just failed is never named.
        let names = cache
            .functions
            .iter()
            .filter(|(q, overloads)| q.schema == schema && overloads.iter().any(|f| f.is_rpc_callable()))
            .map(|(q, _)| q.name.as_str());
        FuzzySet::new(names).get_one(name).map(str::to_owned)
    } else {
        let lists: Vec<String> =
            overloads.iter().map(|f| param_list(f.params.iter().map(|p| p.name.as_str()).collect())).collect();
        FuzzySet::new(lists.iter().map(String::as_str))
            .get_one(&param_list(given.to_vec()))
            .map(|list| format!("{name}{list}"))
    };
    suggestion.map(|s| format!("Perhaps you meant to call the function {schema}.{s}"))
}

/// Whether `function`'s only parameter is an unnamed row of a relation in the cache.
fn takes_one_row(cache: &SchemaCache, function: &Function) -> bool {
    match function.params.as_slice() {
        [p] if p.name.is_empty() => {
            cache.relations.keys().any(|r| crate::rest::plan::computed::names_type(&p.data_type, r))
        }
        _ => false,
    }
}

fn param_list(mut names: Vec<&str>) -> String {
    names.sort_unstable();
    format!("({})", names.join(", "))
}

/// PGRST200's hint: when `parent` has relationships, the closest related table to `child`
/// (unless `child` is one of them: the hint of the embed was wrong); otherwise the closest
/// table having relationships to `parent`.
pub fn relationship_hint(cache: &SchemaCache, parent: &QualifiedName, child: &str) -> Option<String> {
    let related = cache.relationships_from(parent);
    if related.is_empty() {
        let parents = cache
            .relationships
            .iter()
            .filter(|(from, rels)| from.schema == parent.schema && !rels.is_empty())
            .map(|(from, _)| from.name.as_str());
        let best = FuzzySet::new(parents).get_one(&parent.name)?;
        return Some(format!("Perhaps you meant '{best}' instead of '{}'.", parent.name));
    }
    let children = FuzzySet::new(related.iter().map(|r| r.to.name.as_str()));
    let best = children.get(child).into_iter().find(|(score, _)| *score < 1.0)?.1;
    Some(format!("Perhaps you meant '{best}' instead of '{child}'."))
}

/// Adds `hint` to `error` when there is one.
pub fn with_hint(error: ApiError, hint: Option<String>) -> ApiError {
    match hint {
        Some(hint) => error.with_hint(hint),
        None => error,
    }
}

/// PostgreSQL's hint for a misspelled column of `alias` (`errorMissingColumn` over one range
/// table entry): the closest column by Levenshtein distance, if at most 3 and at most half the
/// misspelled name's length; two equally close columns are both named, three or more none.
pub fn column_hint<'c>(alias: &str, columns: impl IntoIterator<Item = &'c str>, name: &str) -> Option<String> {
    const MAX_FUZZY_DISTANCE: usize = 3;
    let mut distance = MAX_FUZZY_DISTANCE + 1;
    let (mut first, mut second): (Option<&str>, Option<&str>) = (None, None);
    let half = name.len() / 2;
    for column in columns {
        if column.is_empty() {
            continue;
        }
        let d = levenshtein(column, name);
        if d > half {
            continue;
        }
        if d < distance {
            distance = d;
            first = Some(column);
            second = None;
        } else if d == distance {
            if second.is_some() {
                first = None;
                second = None;
                distance = d - 1;
            } else if first.is_some() {
                second = Some(column);
            } else if distance <= MAX_FUZZY_DISTANCE {
                first = Some(column);
            }
        }
    }
    match (first, second) {
        (Some(a), None) => Some(format!("Perhaps you meant to reference the column \"{alias}.{a}\".")),
        (Some(a), Some(b)) => {
            Some(format!("Perhaps you meant to reference the column \"{alias}.{a}\" or the column \"{alias}.{b}\"."))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_of_postgrests_source_give_its_answers() {
        // noRpcHint's doctests.
        let procs = FuzzySet::new(["test", "another"]);
        assert_eq!(procs.get_one("testt"), Some("test"));
        assert_eq!(procs.get_one("other"), Some("another"));
        assert_eq!(procs.get_one("noclosealternative"), None);
        let lists = FuzzySet::new(["(name, param, val)", "(attr, id)"]);
        assert_eq!(lists.get_one(&param_list(vec!["vall", "pqaram", "nam"])), Some("(name, param, val)"));
        assert_eq!(lists.get_one(&param_list(vec!["val", "param"])), Some("(name, param, val)"));
        assert_eq!(lists.get_one(&param_list(vec!["id", "attrs"])), Some("(attr, id)"));
        assert_eq!(lists.get_one(&param_list(vec!["id"])), Some("(attr, id)"));
        assert_eq!(lists.get_one(&param_list(vec!["noclosealternative"])), None);
        // noRelBetweenHint's doctests.
        let parents = FuzzySet::new(["films"]);
        assert_eq!(parents.get_one("film"), Some("films"));
        let children = FuzzySet::new(["directors", "roles", "actors"]);
        assert_eq!(children.get_one("role"), Some("roles"));
        assert_eq!(children.get("actors"), vec![(1.0, "actors")]);
        assert_eq!(children.get_one("noclosealternative"), None);
    }

    #[test]
    fn case_is_ignored_and_the_original_spelling_returned() {
        let set = FuzzySet::new(["People", "events"]);
        assert_eq!(set.get_one("people"), Some("People"));
        assert_eq!(set.get_one("EVENTS"), Some("events"));
        assert_eq!(set.get_one("peple"), Some("People"));
    }

    #[test]
    fn levenshtein_counts_edits() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("nmae", "name"), 2);
        assert_eq!(levenshtein("ಕನ್ನಡ", "ಕನ್ನ"), 1);
    }

    #[test]
    fn column_hints_follow_postgresql() {
        let columns = ["id", "first", "last", "user"];
        let hint = |name| column_hint("p", columns, name);
        assert_eq!(hint("frist").as_deref(), Some("Perhaps you meant to reference the column \"p.first\"."));
        assert_eq!(hint("lst").as_deref(), Some("Perhaps you meant to reference the column \"p.last\"."));
        assert_eq!(hint("xx"), None);
        assert_eq!(hint("nmae"), None);
        // Two equally close columns are both named; three are none.
        let two = column_hint("t", ["abc", "abd"], "abx");
        assert_eq!(
            two.as_deref(),
            Some("Perhaps you meant to reference the column \"t.abc\" or the column \"t.abd\".")
        );
        assert_eq!(column_hint("t", ["abc", "abd", "abe"], "abx"), None);
    }
}
