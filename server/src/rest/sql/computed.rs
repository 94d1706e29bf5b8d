//! The source of a computed-relationship embed: the function called on the parent's row,
//! cast to the function's argument type (the parent may be a CTE or a function's rows):
//!
//! ```sql
//! FROM "public"."works"("writers"::"public"."writers") AS "novels_1"
//! ```

use super::builder::Sql;
use crate::schema_cache::model::{Cardinality, Relationship};

/// `"schema"."function"("parent"::"schema"."table") AS "alias"` when `relationship` is
/// computed; false (nothing written) otherwise.
pub fn write_source(sql: &mut Sql, alias: &str, parent_alias: &str, relationship: &Relationship) -> bool {
    let Cardinality::Computed { function, .. } = &relationship.cardinality else { return false };
    sql.qualified(&function.schema, &function.name).push("(").ident(parent_alias).push("::");
    sql.qualified(&relationship.from.schema, &relationship.from.name).push(") AS ").ident(alias);
    true
}

pub fn is_computed(relationship: &Relationship) -> bool {
    matches!(relationship.cardinality, Cardinality::Computed { .. })
}
