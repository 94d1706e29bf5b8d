//! Computed columns: functions that take a row of a table or view (`full_name(people)`),
//! selected, filtered and ordered like columns, as PostgREST allows.
//!
//! They are looked up only when a name is not a column of the source, so requests that name
//! only columns pay nothing: no lookup, no allocation.

use super::columns::SourceColumns;
use crate::rest::request::{LogicTree, OrderTarget, QueryParams, SelectItem};
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{QualifiedName, ReturnType};

/// A function of the source's row type, usable as a column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputedColumn {
    pub name: String,
    pub function: QualifiedName,
    /// The row type the function takes (the source relation).
    pub row_type: QualifiedName,
    /// The type filter values are cast to (the function's return type).
    pub cast_type: String,
}

/// The computed column `name` of `relation`: a function of the relation's schema with that
/// name, one parameter of the relation's row type, returning one value (not a set).
pub fn find(cache: &SchemaCache, relation: &QualifiedName, name: &str) -> Option<ComputedColumn> {
    cache.functions_named(&relation.schema, name).iter().find_map(|function| {
        let [param] = function.params.as_slice() else { return None };
        if function.returns_set || !names_type(&param.data_type, relation) {
            return None;
        }
        let cast_type = match &function.returns {
            ReturnType::Scalar { data_type } => data_type.clone(),
            ReturnType::Composite { type_name, .. } => {
                format!("{}.{}", quote_type_part(&type_name.schema), quote_type_part(&type_name.name))
            }
            ReturnType::Void | ReturnType::Record { .. } => return None,
        };
        Some(ComputedColumn {
            name: name.to_owned(),
            function: function.name.clone(),
            row_type: relation.clone(),
            cast_type,
        })
    })
}

/// Adds to `columns` the computed columns the request names at the level `path` (selected,
/// filtered, in logic trees or ordered) that are not columns of the source.
pub fn attach(
    cache: &SchemaCache,
    relation: &QualifiedName,
    columns: &mut SourceColumns,
    items: &[SelectItem],
    params: &QueryParams,
    path: &[String],
) {
    let mut add = |name: &str| {
        if !columns.contains(name)
            && let Some(computed) = find(cache, relation, name)
        {
            columns.computed.push(computed);
        }
    };
    for item in items {
        if let SelectItem::Field(field) = item {
            add(&field.field.name);
        }
    }
    for (filter_path, filter) in &params.filters {
        if filter_path.as_slice() == path {
            add(&filter.field.name);
        }
    }
    for (tree_path, tree) in &params.logic {
        if tree_path.as_slice() == path {
            walk_tree(tree, &mut add);
        }
    }
    for (order_path, terms) in &params.order {
        if order_path.as_slice() == path {
            for term in terms {
                if let OrderTarget::Field(field) = &term.target {
                    add(&field.name);
                }
            }
        }
    }
}

fn walk_tree(tree: &LogicTree, add: &mut impl FnMut(&str)) {
    match tree {
        LogicTree::Stmt(filter) => add(&filter.field.name),
        LogicTree::Expr { children, .. } => children.iter().for_each(|child| walk_tree(child, add)),
    }
}

/// Whether `data_type` (as `format_type` prints it with only pg_catalog on the search path:
/// `public.people`, `public."user"`) is the row type of `relation`.
pub(crate) fn names_type(data_type: &str, relation: &QualifiedName) -> bool {
    let mut parts = split_qualified(data_type);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(schema), Some(name), None) => schema == relation.schema && name == relation.name,
        _ => false,
    }
}

/// The dot-separated parts of a qualified name, unquoted.
fn split_qualified(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut chars = text.chars().peekable();
    std::iter::from_fn(move || {
        chars.peek()?;
        let mut part = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            while let Some(c) = chars.next() {
                if c == '"' {
                    if chars.peek() == Some(&'"') {
                        chars.next();
                        part.push('"');
                    } else {
                        break;
                    }
                } else {
                    part.push(c);
                }
            }
            if chars.peek() == Some(&'.') {
                chars.next();
            }
        } else {
            for c in chars.by_ref() {
                if c == '.' {
                    break;
                }
                part.push(c);
            }
        }
        Some(part)
    })
}

fn quote_type_part(part: &str) -> String {
    crate::rest::sql::builder::quote_ident(part)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_types_are_recognised_quoted_or_not() {
        let people = QualifiedName::new("public", "people");
        assert!(names_type("public.people", &people));
        assert!(!names_type("public.people_view", &people));
        assert!(!names_type("text", &people));
        assert!(!names_type("api.people", &people));
        let user = QualifiedName::new("public", "user");
        assert!(names_type("public.\"user\"", &user));
        let odd = QualifiedName::new("my schema", "a\"b.c");
        assert!(names_type("\"my schema\".\"a\"\"b.c\"", &odd));
    }
}
