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

/// An object name, by Supabase Storage's key rules: ASCII letters, digits and
/// `_ / ! . * ' ( ) & $ = @ ; : + , ? -` and space (so no `%`, backslash, control or non-ASCII
/// character), at most [`MAX_NAME_BYTES`] bytes; and, beyond Storage, relative and
/// '/'-separated without an empty, '.' or '..' segment.
pub fn check_object_name(name: &str) -> Result<(), StorageError> {
    let valid = !name.is_empty()
        && name.len() <= MAX_NAME_BYTES
        && name.bytes().all(is_key_byte)
        && !name.split('/').any(|segment| segment.is_empty() || segment == "." || segment == "..");
    if valid { Ok(()) } else { Err(StorageError::invalid_key(name)) }
}

/// A list prefix: like a name, but may be empty and may end with '/'.
pub fn check_prefix(prefix: &str) -> Result<(), StorageError> {
    if prefix.is_empty() {
        return Ok(());
    }
    check_object_name(prefix.strip_suffix('/').unwrap_or(prefix))
}

/// Storage's `VALID_OBJECT_KEY` set.
fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b" _/!.*'()&$=@;:+,?-".contains(&b)
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
    fn the_traversal_corpus_and_names_storage_refuses_are_refused() {
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
            "a/%2e%2e/b.png",
            "100%.png",
            "Ärger/ü.pdf",
            "a<b>.png",
            "a#b",
            "a\"b",
            long.as_str(),
        ];
        for name in corpus {
            assert!(check_object_name(name).is_err(), "{name:?} must be refused");
        }
    }

    #[test]
    fn ordinary_names_pass() {
        let max = "y".repeat(1024);
        let names = ["a.png", "u1/avatar.png", "a b/c d.jpg", "x..y", "...", ".hidden", "(1) it's ok, $5=@me;+?.txt"];
        for name in names.into_iter().chain([max.as_str()]) {
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
