//! Choosing the relationship an embed follows: `people(...)`, `people!organizer_id(...)`,
//! `organizer_id(...)` (a foreign-key column), `events_organizer_id_fkey(...)` (a constraint).

use serde_json::{Value, json};

use crate::error::{ApiError, ErrorKind};
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Cardinality, QualifiedName, Relationship};

/// The one relationship from `from` that `target` (with an optional `hint`) names.
pub fn resolve<'a>(
    cache: &'a SchemaCache,
    from: &QualifiedName,
    target: &str,
    hint: Option<&str>,
) -> Result<&'a Relationship, ApiError> {
    let all = cache.relationships_from(from);
    let mut candidates: Vec<&Relationship> = all.iter().filter(|r| r.to.name == target).collect();
    if candidates.is_empty() {
        // `organizer_id(*)` or `events_organizer_id_fkey(*)`: a to-one by column or constraint.
        candidates = all
            .iter()
            .filter(|r| r.is_to_one() && r.foreign_key.table == *from)
            .filter(|r| r.foreign_key.constraint == target || r.foreign_key.columns == [target])
            .collect();
    }
    if let Some(hint) = hint {
        candidates.retain(|r| matches_hint(r, hint));
    }
    match candidates.as_slice() {
        [one] => Ok(one),
        [] => {
            let suggestion = crate::rest::suggest::relationship_hint(cache, from, target);
            Err(crate::rest::suggest::with_hint(no_relationship(from, target, hint), suggestion))
        }
        many => Err(ambiguous(from, target, many)),
    }
}

/// A hint names the foreign key (constraint or its columns, on either side) or, for
/// many-to-many, the junction relation.
fn matches_hint(relationship: &Relationship, hint: &str) -> bool {
    let fk = &relationship.foreign_key;
    let by_key = fk.constraint == hint || fk.columns.iter().any(|c| c == hint) || fk.foreign_columns == [hint];
    match &relationship.cardinality {
        Cardinality::ManyToMany(junction) => {
            junction.relation.name == hint
                || junction.to_target.constraint == hint
                || junction.to_target.columns.iter().any(|c| c == hint)
                || by_key
        }
        _ => by_key,
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

fn ambiguous(from: &QualifiedName, target: &str, candidates: &[&Relationship]) -> ApiError {
    let describe = |r: &&Relationship| -> Value {
        let (cardinality, relationship) = match &r.cardinality {
            Cardinality::ManyToOne => ("many-to-one", key_text(r)),
            Cardinality::OneToOne => ("one-to-one", key_text(r)),
            Cardinality::OneToMany => ("one-to-many", key_text(r)),
            Cardinality::ManyToMany(junction) => (
                "many-to-many",
                format!(
                    "{}.{} using {}({}) and {}({})",
                    junction.relation.schema,
                    junction.relation.name,
                    junction.to_from.constraint,
                    junction.to_from.columns.join(", "),
                    junction.to_target.constraint,
                    junction.to_target.columns.join(", ")
                ),
            ),
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
            Cardinality::ManyToMany(junction) => format!("'{target}!{}'", junction.relation.name),
            _ => format!("'{target}!{}'", r.foreign_key.constraint),
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

fn key_text(r: &Relationship) -> String {
    let fk = &r.foreign_key;
    format!(
        "{} using {}({}) and {}({})",
        fk.constraint,
        fk.table.name,
        fk.columns.join(", "),
        fk.foreign_table.name,
        fk.foreign_columns.join(", ")
    )
}
