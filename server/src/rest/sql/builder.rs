//! The one place SQL text is assembled: identifiers are always quoted, values are always bound
//! parameters, and the only other text that reaches the statement is our own SQL, type names
//! from the catalogue, and integers.

use crate::rest::request::JsonPath;
use crate::rest::request::identifiers::JsonOperand;

/// SQL text with its bound parameters (`$1`, `$2`, … in order). Every parameter is text;
/// the SQL casts it where a type is needed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Sql {
    pub text: String,
    pub params: Vec<Param>,
}

/// A bound value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    Text(String),
    TextArray(Vec<String>),
}

impl Sql {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends our own SQL text.
    pub fn push(&mut self, sql: &str) -> &mut Self {
        self.text.push_str(sql);
        self
    }

    /// Appends a quoted identifier.
    pub fn ident(&mut self, name: &str) -> &mut Self {
        push_ident(&mut self.text, name);
        self
    }

    /// Appends `"schema"."name"`.
    pub fn qualified(&mut self, schema: &str, name: &str) -> &mut Self {
        self.ident(schema).push(".").ident(name)
    }

    /// Appends `"alias"."column"`.
    pub fn column(&mut self, alias: &str, column: &str) -> &mut Self {
        self.ident(alias).push(".").ident(column)
    }

    /// Binds a text value and appends its placeholder.
    pub fn bind(&mut self, value: impl Into<String>) -> &mut Self {
        self.params.push(Param::Text(value.into()));
        self.placeholder()
    }

    /// Binds a text value and appends its placeholder cast to `type_name` (a catalogue type).
    pub fn bind_as(&mut self, value: impl Into<String>, type_name: &str) -> &mut Self {
        self.bind(value).push("::").push(type_name)
    }

    /// Binds a `text[]` value and appends its placeholder, typed in the text: sqlx caches
    /// prepared statements by text, so a text and an array parameter must never share one.
    pub fn bind_array(&mut self, values: Vec<String>) -> &mut Self {
        self.params.push(Param::TextArray(values));
        self.placeholder().push("::text[]")
    }

    /// Appends a non-negative integer (limits and offsets are inlined so PostgreSQL can plan
    /// for them; a bound `LIMIT $1` re-plans on every execution).
    pub fn integer(&mut self, value: u64) -> &mut Self {
        self.text.push_str(&value.to_string());
        self
    }

    /// Appends a JSON path applied to the expression already written: `->` and `->>` steps
    /// whose keys are bound and whose indexes are inlined integers.
    pub fn json_path(&mut self, path: &JsonPath) -> &mut Self {
        for step in path {
            self.push(step.arrow.sql());
            match &step.operand {
                JsonOperand::Key(key) => {
                    self.bind(key.clone()).push("::text");
                }
                // Parenthesised so `->-1` can never lex as one operator.
                JsonOperand::Index(index) if *index < 0 => {
                    self.text.push_str(&format!("({index})"));
                }
                JsonOperand::Index(index) => {
                    self.text.push_str(&index.to_string());
                }
            }
        }
        self
    }

    /// Appends `items` separated by `separator`, each written by `write`.
    pub fn join<T>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        separator: &str,
        mut write: impl FnMut(&mut Self, T),
    ) -> &mut Self {
        for (index, item) in items.into_iter().enumerate() {
            if index > 0 {
                self.push(separator);
            }
            write(self, item);
        }
        self
    }

    fn placeholder(&mut self) -> &mut Self {
        self.text.push('$');
        self.text.push_str(&self.params.len().to_string());
        self
    }
}

/// Writes `name` as a quoted identifier: `"` doubled, NUL (which PostgreSQL cannot store)
/// dropped.
pub fn push_ident(out: &mut String, name: &str) {
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\"\""),
            '\0' => {}
            other => out.push(other),
        }
    }
    out.push('"');
}

/// `name` as a quoted identifier.
pub fn quote_ident(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    push_ident(&mut out, name);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::identifiers::{JsonArrow, JsonStep};

    #[test]
    fn identifiers_are_quoted_and_quotes_doubled() {
        assert_eq!(quote_ident("people"), "\"people\"");
        assert_eq!(quote_ident("full name"), "\"full name\"");
        assert_eq!(quote_ident("a\"b"), "\"a\"\"b\"");
        assert_eq!(quote_ident("x\0y"), "\"xy\"");
    }

    #[test]
    fn values_become_numbered_parameters() {
        let mut sql = Sql::new();
        sql.column("t", "id")
            .push(" = ")
            .bind_as("5", "integer")
            .push(" and ")
            .column("t", "name")
            .push(" = ")
            .bind("x");
        assert_eq!(sql.text, "\"t\".\"id\" = $1::integer and \"t\".\"name\" = $2");
        assert_eq!(sql.params, vec![Param::Text("5".into()), Param::Text("x".into())]);
    }

    #[test]
    fn json_path_keys_are_bound_and_indexes_inlined() {
        let path = vec![
            JsonStep { arrow: JsonArrow::Arrow, operand: JsonOperand::Key("a'b".into()) },
            JsonStep { arrow: JsonArrow::Arrow, operand: JsonOperand::Index(-1) },
            JsonStep { arrow: JsonArrow::DoubleArrow, operand: JsonOperand::Key("c".into()) },
        ];
        let mut sql = Sql::new();
        sql.column("t", "data").json_path(&path);
        assert_eq!(sql.text, "\"t\".\"data\"->$1::text->(-1)->>$2::text");
        assert_eq!(sql.params, vec![Param::Text("a'b".into()), Param::Text("c".into())]);
    }
}
