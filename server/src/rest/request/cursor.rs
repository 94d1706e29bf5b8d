//! A character cursor shared by the grammars.
//!
//! The input is held as a `Vec<char>` so positions are character indexes: no slicing can land
//! inside a UTF-8 sequence and every read is a bounds-checked `get`, so no input can panic.

use super::error::{Failure, PResult};

/// How deep `(...)` may nest in `select` and logic trees; deeper input is rejected instead of
/// exhausting the stack.
pub(super) const MAX_DEPTH: usize = 64;

pub(super) struct Cursor {
    chars: Vec<char>,
    pos: usize,
}

impl Cursor {
    pub fn new(input: &str) -> Self {
        Self { chars: input.chars().collect(), pos: 0 }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves back to a position saved with [`Cursor::pos`] (backtracking).
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos.min(self.chars.len());
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos.saturating_add(ahead)).copied()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Consumes `c` if it is next.
    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn starts_with(&self, s: &str) -> bool {
        s.chars().enumerate().all(|(i, c)| self.peek_at(i) == Some(c))
    }

    /// Consumes `s` if the input continues with it.
    pub fn eat_str(&mut self, s: &str) -> bool {
        if self.starts_with(s) {
            self.pos += s.chars().count();
            true
        } else {
            false
        }
    }

    /// Skips spaces and tabs (PostgREST's `ws`).
    pub fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    /// Consumes characters while `keep` holds and returns them.
    pub fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|c| keep(*c)) {
            out.push(c);
            self.pos += 1;
        }
        out
    }

    /// Consumes and returns everything left.
    pub fn rest(&mut self) -> String {
        let out = self.chars.get(self.pos..).map(|rest| rest.iter().collect()).unwrap_or_default();
        self.pos = self.chars.len();
        out
    }

    /// Consumes `c` or fails with `expecting`.
    pub fn expect(&mut self, c: char, expecting: &str) -> PResult<()> {
        if self.eat(c) { Ok(()) } else { Err(self.fail(expecting)) }
    }

    /// A failure at the current position: `unexpected <next char> expecting <expecting>`.
    pub fn fail(&self, expecting: &str) -> Failure {
        self.fail_at(self.pos, expecting)
    }

    /// A failure at `pos`, naming the character found there.
    pub fn fail_at(&self, pos: usize, expecting: &str) -> Failure {
        let found = match self.chars.get(pos) {
            Some(c) => format!("unexpected {}", quote(&c.to_string())),
            None => "unexpected end of input".to_owned(),
        };
        Failure { pos, details: format!("{found} expecting {expecting}") }
    }

    /// A failure at `pos` with free text.
    pub fn fail_with(&self, pos: usize, details: String) -> Failure {
        Failure { pos, details }
    }

    /// Fails unless the input is exhausted.
    pub fn expect_end(&self, expecting: &str) -> PResult<()> {
        if self.at_end() { Ok(()) } else { Err(self.fail(expecting)) }
    }
}

/// `"text"` with inner quotes and backslashes escaped, as Parsec shows tokens.
pub(super) fn quote(text: &str) -> String {
    format!("{text:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_past_the_end_yields_nothing() {
        let mut c = Cursor::new("é");
        assert_eq!(c.bump(), Some('é'));
        assert_eq!(c.bump(), None);
        assert_eq!(c.peek_at(usize::MAX), None);
        assert_eq!(c.rest(), "");
        c.reset(usize::MAX);
        assert!(c.at_end());
    }

    #[test]
    fn a_failure_names_the_character_found_or_the_end() {
        let c = Cursor::new("a");
        assert_eq!(c.fail("\"b\"").details, "unexpected \"a\" expecting \"b\"");
        assert_eq!(c.fail_at(1, "\"b\"").details, "unexpected end of input expecting \"b\"");
    }

    #[test]
    fn eat_str_consumes_only_a_full_match() {
        let mut c = Cursor::new("->>x");
        assert!(!c.eat_str("->>>"));
        assert!(c.eat_str("->>"));
        assert_eq!(c.rest(), "x");
    }
}
