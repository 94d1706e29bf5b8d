//! Bucket ids and object names: what the API accepts, checked before anything else.
//!
//! Object names never become file paths (bytes are stored under their version, see
//! [`super::backend`]), so these rules are about clear, unambiguous names rather than the
//! only line of defence against path traversal.

use super::error::StorageError;

/// Longest object name, in bytes (as on Supabase).
pub const MAX_NAME_BYTES: usize = 1024;

/// A bucket id: 1 to 63 letters, digits, '.', '_' or '-', starting with a letter or digit.
pub fn check_bucket_id(id: &str) -> Result<(), StorageError> {
    let valid = !id.is_empty()
        && id.len() <= 63
        && id.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if valid { Ok(()) } else { Err(StorageError::invalid_bucket_name(id)) }
}

/// An object name: relative, '/'-separated, no empty, '.' or '..' segment, no backslash, no
/// control or bidirectional-override character, at most [`MAX_NAME_BYTES`] bytes.
pub fn check_object_name(name: &str) -> Result<(), StorageError> {
    let reason = if name.is_empty() {
        Some("the name is empty")
    } else if name.len() > MAX_NAME_BYTES {
        Some("the name is longer than 1024 bytes")
    } else if name.starts_with('/') {
        Some("the name must not start with '/'")
    } else if name.contains('\\') {
        Some("the name must not contain '\\'")
    } else if name.chars().any(is_forbidden_char) {
        Some("the name must not contain control characters")
    } else if name.split('/').any(|segment| segment.is_empty() || segment == "." || segment == "..") {
        Some("the name must not contain empty, '.' or '..' segments")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(StorageError::invalid_key(name, reason)),
        None => Ok(()),
    }
}

/// A list prefix: like a name, but may be empty and may end with '/'.
pub fn check_prefix(prefix: &str) -> Result<(), StorageError> {
    if prefix.is_empty() {
        return Ok(());
    }
    check_object_name(prefix.strip_suffix('/').unwrap_or(prefix))
}

fn is_forbidden_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// The last segment of an object name (the file name).
pub fn file_name(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_ids_are_url_and_key_safe() {
        for good in ["gallery", "matrimony-photos", "a", "A.b_c-9"] {
            assert!(check_bucket_id(good).is_ok(), "{good}");
        }
        let long = "b".repeat(64);
        for bad in ["", ".", "..", "-x", "a/b", "a b", "ä", long.as_str(), "a\\b", "a%2e"] {
            assert!(check_bucket_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_traversal_corpus_is_refused() {
        let long = "x".repeat(1025);
        let corpus = [
            "",
            "..",
            ".",
            "../x",
            "a/../b",
            "a/./b",
            "a/..",
            "/etc/passwd",
            "//x",
            "a//b",
            "a/",
            "..\\x",
            "a\\..\\b",
            "C:\\x",
            "a\0b",
            "a\nb",
            "a\rb",
            "\u{7f}x",
            "\u{85}x",
            "evil\u{202E}gnp.exe",
            "\u{FEFF}x",
            long.as_str(),
        ];
        for name in corpus {
            assert!(check_object_name(name).is_err(), "{name:?} must be refused");
        }
    }

    #[test]
    fn ordinary_names_pass() {
        let max = "y".repeat(1024);
        for name in ["a.png", "u1/avatar.png", "a b/c d.jpg", "Ärger/ü.pdf", "x..y", "...", ".hidden", max.as_str()] {
            assert!(check_object_name(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn prefixes_may_be_empty_or_end_with_a_slash() {
        assert!(check_prefix("").is_ok());
        assert!(check_prefix("u1/").is_ok());
        assert!(check_prefix("u1/photos").is_ok());
        assert!(check_prefix("../").is_err());
        assert!(check_prefix("/").is_err());
    }

    #[test]
    fn file_names_are_the_last_segment() {
        assert_eq!(file_name("a/b/c.png"), "c.png");
        assert_eq!(file_name("c.png"), "c.png");
    }
}
