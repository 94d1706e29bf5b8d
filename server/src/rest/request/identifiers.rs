//! Names and JSON paths: the atoms every other grammar is built from.
//!
//! * A field name is either `"quoted"` (backslash escapes any character, so `"a\"b"` is `a"b`)
//!   or identifiers joined by `-`, where an identifier is letters and marks of any script, ASCII
//!   digits, `_`, `$` and spaces, trimmed: `full name`, `first-name`, `$x`, `123`. A `-` followed by `>`
//!   starts a JSON path instead.
//! * A JSON path is a run of `->` (keeps JSON) or `->>` (yields text), each followed by an
//!   integer index (`0`, `-1`, ended by `->`, `::`, `.`, `,`, `)`, space or the end) or a key
//!   (quoted, or any characters except `(-:.,>)`, trimmed; `-` joins parts as in names).

use super::cursor::{Cursor, quote};
use super::error::{PResult, ParseError};

/// What a failed field name reports as expected (PostgREST's text).
pub(super) const FIELD_NAME: &str = "field name (* or [a..z0..9_$])";

/// A column, possibly followed by a JSON path: `data->a->>b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub json_path: JsonPath,
}

impl Field {
    /// A column without JSON path.
    pub fn plain(name: impl Into<String>) -> Self {
        Self { name: name.into(), json_path: Vec::new() }
    }
}

/// The JSON operations applied to a column, in order.
pub type JsonPath = Vec<JsonStep>;

/// One `->` or `->>` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonStep {
    pub arrow: JsonArrow,
    pub operand: JsonOperand,
}

/// `->` keeps the value as JSON, `->>` turns it into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonArrow {
    Arrow,
    DoubleArrow,
}

impl JsonArrow {
    /// The SQL operator.
    pub fn sql(self) -> &'static str {
        match self {
            Self::Arrow => "->",
            Self::DoubleArrow => "->>",
        }
    }
}

/// What a JSON step selects: an object key or an array index (negative counts from the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonOperand {
    Key(String),
    Index(i64),
}

/// A quoted name: `"` … `"`, a backslash escaping the next character.
pub(super) fn quoted(c: &mut Cursor) -> PResult<String> {
    c.expect('"', "\"\\\"\"")?;
    let mut out = String::new();
    loop {
        match c.bump() {
            None => return Err(c.fail("closing quote (\")")),
            Some('"') => return Ok(out),
            Some('\\') => match c.bump() {
                Some(escaped) => out.push(escaped),
                None => return Err(c.fail("escaped character")),
            },
            Some(other) => out.push(other),
        }
    }
}

/// ASCII letters and digits, `_`, `$`, space, and any non-ASCII character that is not a space or
/// control: every grammar symbol is ASCII, and scripts such as Kannada need combining marks
/// (PostgREST's `letter` would reject the virama in `ಹವ್ಯಕ`).
fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '_' | '$' | ' ')
        || (!c.is_ascii() && !c.is_whitespace() && !c.is_control())
}

/// Whether a field name may start with `c` (a quote or an identifier character).
pub(super) fn may_start_field_name(c: char) -> bool {
    c == '"' || is_identifier_char(c)
}

/// Letters, digits, `_`, `$` and spaces, trimmed; used for names and for cast types.
pub(super) fn identifier(c: &mut Cursor, expecting: &str) -> PResult<String> {
    let start = c.pos();
    let raw = c.take_while(is_identifier_char);
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        c.reset(start);
        return Err(c.fail(expecting));
    }
    Ok(trimmed.to_owned())
}

/// Parts read by `part`, joined by `-` when a `-` is not the start of `->`.
fn dash_separated(c: &mut Cursor, part: impl Fn(&mut Cursor) -> PResult<String>) -> PResult<String> {
    let mut name = part(c)?;
    while c.peek() == Some('-') && c.peek_at(1) != Some('>') {
        c.bump();
        name.push('-');
        name.push_str(&part(c)?);
    }
    Ok(name)
}

/// A column, relation, alias or hint name.
pub(super) fn field_name(c: &mut Cursor) -> PResult<String> {
    if c.peek() == Some('"') {
        return quoted(c);
    }
    dash_separated(c, |c| identifier(c, FIELD_NAME))
}

/// A JSON path, possibly empty.
pub(super) fn json_path(c: &mut Cursor) -> PResult<JsonPath> {
    let mut path = Vec::new();
    loop {
        let arrow = if c.eat_str("->>") {
            JsonArrow::DoubleArrow
        } else if c.eat_str("->") {
            JsonArrow::Arrow
        } else {
            return Ok(path);
        };
        path.push(JsonStep { arrow, operand: json_operand(c)? });
    }
}

fn json_operand(c: &mut Cursor) -> PResult<JsonOperand> {
    let start = c.pos();
    let negative = c.eat('-');
    let digits = c.take_while(|ch| ch.is_ascii_digit());
    let ends_here =
        c.at_end() || c.starts_with("->") || c.starts_with("::") || matches!(c.peek(), Some('.' | ',' | ')' | ' '));
    if !digits.is_empty() && ends_here {
        let text = if negative { format!("-{digits}") } else { digits };
        return text
            .parse::<i64>()
            .map(JsonOperand::Index)
            .map_err(|_| c.fail_with(start, format!("JSON array index {} is out of range", quote(&text))));
    }
    c.reset(start);
    if c.peek() == Some('"') {
        return quoted(c).map(JsonOperand::Key);
    }
    dash_separated(c, |c| {
        let part_start = c.pos();
        let raw = c.take_while(|ch| !matches!(ch, '(' | '-' | ':' | '.' | ',' | '>' | ')'));
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            c.reset(part_start);
            return Err(c.fail("JSON key or array index (any character except .,:>() or a digit)"));
        }
        Ok(trimmed.to_owned())
    })
    .map(JsonOperand::Key)
}

/// A field name and its JSON path, with spaces and tabs around (PostgREST's `pField`).
pub(super) fn field(c: &mut Cursor) -> PResult<Field> {
    c.skip_ws();
    let name = field_name(c)?;
    let json_path = json_path(c)?;
    c.skip_ws();
    Ok(Field { name, json_path })
}

/// A parameter key such as `tasks.status` or `data->>a`: the embed path and the field.
pub fn parse_key_path(key: &str) -> Result<(Vec<String>, Field), ParseError> {
    let mut c = Cursor::new(key);
    key_path(&mut c).map_err(|f| f.in_context(format!("failed to parse tree path ({key})")))
}

fn key_path(c: &mut Cursor) -> PResult<(Vec<String>, Field)> {
    let mut names = vec![field_name(c)?];
    while c.eat('.') {
        names.push(field_name(c)?);
    }
    let json_path = json_path(c)?;
    if c.starts_with("::") {
        return Err(c.fail_with(c.pos(), "unexpected \"::\" (casts are not allowed in filters)".to_owned()));
    }
    c.expect_end("delimiter (.), \"->\", \"->>\" or end of input")?;
    let name = names.pop().unwrap_or_default();
    Ok((names, Field { name, json_path }))
}

/// A comma-separated list of names: `columns` and `on_conflict` (`"a","b"` or `a, b`).
pub fn parse_name_list(value: &str, param: &str) -> Result<Vec<String>, ParseError> {
    let mut c = Cursor::new(value);
    name_list(&mut c).map_err(|f| f.in_context(format!("failed to parse {param} parameter ({value})")))
}

fn name_list(c: &mut Cursor) -> PResult<Vec<String>> {
    let mut names = Vec::new();
    loop {
        c.skip_ws();
        names.push(field_name(c)?);
        c.skip_ws();
        if !c.eat(',') {
            c.expect_end("\",\" or end of input")?;
            return Ok(names);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(input: &str) -> Result<String, String> {
        let mut c = Cursor::new(input);
        let out = field_name(&mut c).map_err(|f| format!("{}: {}", f.pos, f.details))?;
        Ok(format!("{out}|{}", c.rest()))
    }

    fn key(k: JsonArrow, s: &str) -> JsonStep {
        JsonStep { arrow: k, operand: JsonOperand::Key(s.into()) }
    }

    fn idx(k: JsonArrow, i: i64) -> JsonStep {
        JsonStep { arrow: k, operand: JsonOperand::Index(i) }
    }

    use JsonArrow::{Arrow, DoubleArrow};

    #[test]
    fn field_names_follow_the_identifier_and_quoting_rules() {
        let cases = [
            ("identifier", "identifier|"),
            ("identifier with spaces", "identifier with spaces|"),
            ("identifier-with-dashes", "identifier-with-dashes|"),
            ("123", "123|"),
            ("_", "_|"),
            ("$", "$|"),
            (" no leading or trailing spaces ", "no leading or trailing spaces|"),
            ("\" leading and trailing spaces \"", " leading and trailing spaces |"),
            ("\":\"", ":|"),
            ("\"a\\\"b\"rest", "a\"b|rest"),
            ("\"back\\\\slash\"", "back\\slash|"),
            ("ಹವ್ಯಕ_ಹೆಸರು", "ಹವ್ಯಕ_ಹೆಸರು|"),
            ("تست", "تست|"),
            ("data->a", "data|->a"),
            ("name.eq", "name|.eq"),
            ("a:b", "a|:b"),
        ];
        for (input, expected) in cases {
            assert_eq!(name(input).as_deref(), Ok(expected), "{input}");
        }
    }

    #[test]
    fn malformed_field_names_fail_with_a_position() {
        let cases = [
            (":", "0: unexpected \":\" expecting field name (* or [a..z0..9_$])"),
            ("", "0: unexpected end of input expecting field name (* or [a..z0..9_$])"),
            ("a-", "2: unexpected end of input expecting field name (* or [a..z0..9_$])"),
            ("a--b", "2: unexpected \"-\" expecting field name (* or [a..z0..9_$])"),
            ("\"open", "5: unexpected end of input expecting closing quote (\")"),
            ("\"trailing\\", "10: unexpected end of input expecting escaped character"),
        ];
        for (input, expected) in cases {
            assert_eq!(name(input), Err(expected.to_owned()), "{input}");
        }
    }

    #[test]
    fn json_paths_hold_keys_and_indexes() {
        let cases: Vec<(&str, JsonPath, &str)> = vec![
            ("->text", vec![key(Arrow, "text")], ""),
            ("->>text", vec![key(DoubleArrow, "text")], ""),
            ("->1", vec![idx(Arrow, 1)], ""),
            ("->>1", vec![idx(DoubleArrow, 1)], ""),
            ("->-1", vec![idx(Arrow, -1)], ""),
            ("->0,other", vec![idx(Arrow, 0)], ",other"),
            ("->0.desc", vec![idx(Arrow, 0)], ".desc"),
            ("->0)", vec![idx(Arrow, 0)], ")"),
            ("->a->>b", vec![key(Arrow, "a"), key(DoubleArrow, "b")], ""),
            ("->a->0->>-2", vec![key(Arrow, "a"), idx(Arrow, 0), idx(DoubleArrow, -2)], ""),
            ("->!@#$%^&*_a", vec![key(Arrow, "!@#$%^&*_a")], ""),
            ("->\"a.b\"", vec![key(Arrow, "a.b")], ""),
            ("->some-key::text", vec![key(Arrow, "some-key")], "::text"),
            ("->1a", vec![key(Arrow, "1a")], ""),
            ("->>blood.eq.A-", vec![key(DoubleArrow, "blood")], ".eq.A-"),
            ("no path", vec![], "no path"),
        ];
        for (input, expected, rest) in cases {
            let mut c = Cursor::new(input);
            assert_eq!(json_path(&mut c), Ok(expected), "{input}");
            assert_eq!(c.rest(), rest, "{input}");
        }
    }

    #[test]
    fn malformed_json_paths_fail() {
        for input in ["->>-78xy", "->>--34", "->", "->>.", "->99999999999999999999"] {
            let mut c = Cursor::new(input);
            assert!(json_path(&mut c).is_err(), "{input}");
        }
    }

    #[test]
    fn keys_split_into_embed_path_and_field() {
        let cases: Vec<(&str, Vec<&str>, Field)> = vec![
            ("id", vec![], Field::plain("id")),
            ("tasks.status", vec!["tasks"], Field::plain("status")),
            ("roles.actors.name", vec!["roles", "actors"], Field::plain("name")),
            ("data->>blood", vec![], Field { name: "data".into(), json_path: vec![key(DoubleArrow, "blood")] }),
            ("\"a.b\"", vec![], Field::plain("a.b")),
        ];
        for (input, path, field) in cases {
            let path: Vec<String> = path.into_iter().map(String::from).collect();
            assert_eq!(parse_key_path(input), Ok((path, field)), "{input}");
        }
    }

    #[test]
    fn keys_with_casts_or_junk_are_rejected() {
        let error = parse_key_path("id::text").unwrap_err();
        assert_eq!(error.message(), "\"failed to parse tree path (id::text)\" (line 1, column 3)");
        assert!(error.details.contains("casts are not allowed"), "{}", error.details);
        assert!(parse_key_path("id[]").is_err());
        assert!(parse_key_path("a.").is_err());
        assert!(parse_key_path("").is_err());
    }

    #[test]
    fn name_lists_accept_quoted_and_bare_names() {
        let cases = [
            ("\"title\",\"done\"", vec!["title", "done"]),
            ("user_id,slug", vec!["user_id", "slug"]),
            (" a , \"b,c\" ", vec!["a", "b,c"]),
            ("\"full name\"", vec!["full name"]),
        ];
        for (input, expected) in cases {
            assert_eq!(parse_name_list(input, "columns"), Ok(expected.into_iter().map(String::from).collect()));
        }
        let error = parse_name_list("a,", "on_conflict").unwrap_err();
        assert_eq!(error.message(), "\"failed to parse on_conflict parameter (a,)\" (line 1, column 3)");
        assert!(parse_name_list("", "columns").is_err());
        assert!(parse_name_list("a b)", "columns").is_err());
    }
}
