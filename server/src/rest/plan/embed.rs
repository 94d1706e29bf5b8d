//! Choosing the relationship an embed follows: `people(...)`, `people!organizer_id(...)`,
//! `organizer_id(...)` (a foreign-key column), `events_organizer_id_fkey(...)` (a constraint).

use serde_json::{Value, json};

use crate::error::{ApiError, ErrorKind};
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Cardinality, QualifiedName, RelationKind, Relationship};

/// The one relationship from `from` that `target` (with an optional `hint`) names, found as
/// PostgREST's `findRel` finds it:
///
/// * `target` is the related table or view (`writers`), a foreign-key constraint
///   (`novels_editor_fkey`) or a single foreign-key column of `from` (`writer_id`); the last
///   two only find tables, never views;
/// * a `hint` narrows a table target to the relationships through that constraint, that column
///   (of either side) or, for many-to-many, that junction table;
/// * a self-reference has two relationships through one key: the table name finds the
///   children (one-to-many), the column name the parent (many-to-one); with a hint, the table
///   name finds the children through the hinted column.
pub fn resolve<'a>(
    cache: &'a SchemaCache,
    from: &QualifiedName,
    target: &str,
    hint: Option<&str>,
) -> Result<&'a Relationship, ApiError> {
    // Only relations of the same schema are embeddable (PostgREST keys its relationships by
    // the origin and the target's schema): a key to `auth.users` finds nothing.
    let candidates: Vec<&Relationship> = cache
        .relationships_from(from)
        .iter()
        .filter(|r| r.to.schema == from.schema && matches(cache, r, target, hint))
        .collect();
    match candidates.as_slice() {
        [one] => Ok(one),
        [] => Err(no_relationship(from, target, hint)),
        many => Err(ambiguous(from, target, many)),
    }
}

fn matches(cache: &SchemaCache, r: &Relationship, target: &str, hint: Option<&str>) -> bool {
    if let Cardinality::Computed { function, .. } = &r.cardinality {
        // A computed relationship answers to its function's name, whatever the hint.
        return function.name == target;
    }
    let names_table = r.to.name == target;
    if r.from == r.to {
        return match hint {
            None => {
                (names_table && r.cardinality == Cardinality::OneToMany)
                    || (single_from_column(r) == Some(target) && r.cardinality == Cardinality::ManyToOne)
            }
            Some(hint) => names_table && r.cardinality == Cardinality::OneToMany && single_to_column(r) == Some(hint),
        };
    }
    match hint {
        None => {
            names_table
                || (!is_view(cache, &r.to) && (constraint(r) == Some(target) || single_from_column(r) == Some(target)))
        }
        Some(hint) => {
            names_table
                && (constraint(r) == Some(hint)
                    || single_from_column(r) == Some(hint)
                    || single_to_column(r) == Some(hint)
                    || junction_name(r) == Some(hint))
        }
    }
}

/// The foreign key's name (not for many-to-many or computed relationships).
fn constraint(r: &Relationship) -> Option<&str> {
    match r.cardinality {
        Cardinality::ManyToMany(_) | Cardinality::Computed { .. } => None,
        _ => Some(&r.foreign_key.constraint),
    }
}

/// The column of `from` when the key has exactly one (not for many-to-many).
fn single_from_column(r: &Relationship) -> Option<&str> {
    single_pair(r).map(|(from_column, _)| from_column)
}

/// The column of the target when the key has exactly one (not for many-to-many).
fn single_to_column(r: &Relationship) -> Option<&str> {
    single_pair(r).map(|(_, to_column)| to_column)
}

fn single_pair(r: &Relationship) -> Option<(&str, &str)> {
    let fk = &r.foreign_key;
    if matches!(r.cardinality, Cardinality::ManyToMany(_) | Cardinality::Computed { .. })
        || fk.columns.len() != 1
        || fk.foreign_columns.len() != 1
    {
        return None;
    }
    let (column, foreign_column) = (fk.columns[0].as_str(), fk.foreign_columns[0].as_str());
    Some(if fk.table == r.from && r.cardinality != Cardinality::OneToMany {
        (column, foreign_column)
    } else {
        (foreign_column, column)
    })
}

fn junction_name(r: &Relationship) -> Option<&str> {
    match &r.cardinality {
        Cardinality::ManyToMany(junction) => Some(&junction.relation.name),
        _ => None,
    }
}

fn no_relationship(from: &QualifiedName, target: &str, hint: Option<&str>) -> ApiError {
    let details = match hint {
        Some(hint) => format!(
            "Searched for a foreign key relationship between '{}' and '{target}' using the hint '{hint}' in the schema '{}', but no matches were found.",
            from.name, from.schema
        ),
        None => format!(
            "Searched for a foreign key relationship between '{}' and '{target}' in the schema '{}', but no matches were found.",
            from.name, from.schema
        ),
    };
    ApiError::new(ErrorKind::NoRelationship)
        .with_message(format!(
            "Could not find a relationship between '{}' and '{target}' in the schema cache",
            from.name
        ))
        .with_details(details)
}

/// 300 PGRST201 with PostgREST's texts: each candidate's cardinality, ends and key (columns
/// of the embedding side first), and a hint listing `<table>!<constraint or junction>`.
fn ambiguous(from: &QualifiedName, target: &str, candidates: &[&Relationship]) -> ApiError {
    let columns = |names: &[String]| format!("({})", names.join(", "));
    let describe = |r: &&Relationship| -> Value {
        let fk = &r.foreign_key;
        let (cardinality, relationship) = match &r.cardinality {
            // PostgREST describes a computed candidate as an empty object.
            Cardinality::Computed { .. } => return json!({}),
            Cardinality::ManyToMany(junction) => (
                "many-to-many",
                format!(
                    "{} using {}{} and {}{}",
                    junction.relation.name,
                    junction.to_from.constraint,
                    columns(&junction.to_from.columns),
                    junction.to_target.constraint,
                    columns(&junction.to_target.columns)
                ),
            ),
            other => {
                let (from_columns, to_columns) = if fk.table == r.from && *other != Cardinality::OneToMany {
                    (&fk.columns, &fk.foreign_columns)
                } else {
                    (&fk.foreign_columns, &fk.columns)
                };
                let cardinality = match other {
                    Cardinality::ManyToOne => "many-to-one",
                    Cardinality::OneToOne => "one-to-one",
                    _ => "one-to-many",
                };
                (
                    cardinality,
                    format!(
                        "{} using {}{} and {}{}",
                        fk.constraint,
                        r.from.name,
                        columns(from_columns),
                        r.to.name,
                        columns(to_columns)
                    ),
                )
            }
        };
        json!({
            "cardinality": cardinality,
            "embedding": format!("{} with {}", r.from.name, r.to.name),
            "relationship": relationship,
        })
    };
    let options: Vec<String> = candidates
        .iter()
        .map(|r| match &r.cardinality {
            Cardinality::ManyToMany(junction) => format!("'{}!{}'", r.to.name, junction.relation.name),
            Cardinality::Computed { .. } => String::new(),
            _ => format!("'{}!{}'", r.to.name, r.foreign_key.constraint),
        })
        .collect();
    ApiError::new(ErrorKind::AmbiguousRelationship)
        .with_message(format!(
            "Could not embed because more than one relationship was found for '{}' and '{target}'",
            from.name
        ))
        .with_details(Value::Array(candidates.iter().map(describe).collect()))
        .with_hint(format!(
            "Try changing '{target}' to one of the following: {}. Find the desired relationship in the 'details' key.",
            options.join(", ")
        ))
}

/// Two embeds under one key at one level. PostgREST names each embed's subquery
/// `<parent>_<key>_<depth>` and lets PostgreSQL refuse the second one (42712, 400); the same
/// answer here, before any query runs, instead of a body with a duplicated JSON key.
pub fn duplicate(from: &QualifiedName, key: &str, depth: usize) -> ApiError {
    let mut alias = format!("{}_{key}_{depth}", from.name);
    // PostgreSQL truncates identifiers to 63 bytes (NAMEDATALEN - 1).
    while alias.len() > 63 {
        alias.pop();
    }
    ApiError::custom(http::StatusCode::BAD_REQUEST, "42712", format!("table name \"{alias}\" specified more than once"))
}

/// Marks the to-many spreads lifted into a to-many spread's rows (directly or through to-one
/// spreads) to be joined into those rows, so their values land in the outer arrays as in
/// PostgREST. A null filter on such a spread has nothing to test and is refused.
pub fn flatten_nested_spreads(plan: &mut super::ReadPlan) -> Result<(), ApiError> {
    for index in 0..plan.embeds.len() {
        if !plan.embeds[index].spread {
            continue;
        }
        if !plan.embeds[index].is_to_one() {
            let filtered = plan
                .conditions
                .iter()
                .any(|c| matches!(c, super::Condition::EmbedIsNull { embed, .. } if *embed == index));
            if filtered {
                return Err(ApiError::new(ErrorKind::NotImplemented)
                    .with_message("Null filters on a to-many spread inside another to-many spread are not supported"));
            }
            plan.embeds[index].flatten = true;
        }
        flatten_nested_spreads(&mut plan.embeds[index].plan)?;
    }
    Ok(())
}

fn is_view(cache: &SchemaCache, name: &QualifiedName) -> bool {
    cache
        .relations
        .get(name)
        .is_some_and(|relation| matches!(relation.kind, RelationKind::View | RelationKind::MaterializedView))
}
