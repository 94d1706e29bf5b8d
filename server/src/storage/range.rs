//! The `Range` header of downloads (RFC 9110 §14): one byte range, so videos can seek. Several
//! ranges, other units and malformed headers are ignored (the whole file is served), as the
//! RFC allows.

/// What to serve of a file of a known length.
#[derive(Debug, PartialEq, Eq)]
pub enum ByteRange {
    /// No (usable) range: the whole file, 200.
    Whole,
    /// Bytes `start..=end`, 206.
    Part { start: u64, end: u64 },
    /// A range that starts past the end, 416.
    Unsatisfiable,
}

pub fn parse(header: Option<&str>, length: u64) -> ByteRange {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return ByteRange::Whole;
    };
    if spec.contains(',') {
        return ByteRange::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return ByteRange::Whole;
    };
    let number =
        |s: &str| (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<u64>().ok()).flatten();
    match (first.trim(), last.trim()) {
        ("", suffix) => match number(suffix) {
            Some(0) => ByteRange::Unsatisfiable,
            Some(_) if length == 0 => ByteRange::Unsatisfiable,
            Some(n) => ByteRange::Part { start: length.saturating_sub(n), end: length - 1 },
            None => ByteRange::Whole,
        },
        (start, end) => {
            let Some(start) = number(start) else { return ByteRange::Whole };
            let end = match end {
                "" => None,
                end => match number(end) {
                    Some(end) if end >= start => Some(end),
                    _ => return ByteRange::Whole,
                },
            };
            if start >= length {
                ByteRange::Unsatisfiable
            } else {
                ByteRange::Part { start, end: end.map_or(length - 1, |end| end.min(length - 1)) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_ranges_are_served() {
        assert_eq!(parse(Some("bytes=0-499"), 1000), ByteRange::Part { start: 0, end: 499 });
        assert_eq!(parse(Some("bytes=500-"), 1000), ByteRange::Part { start: 500, end: 999 });
        assert_eq!(parse(Some("bytes=-100"), 1000), ByteRange::Part { start: 900, end: 999 });
        assert_eq!(parse(Some("bytes=-5000"), 1000), ByteRange::Part { start: 0, end: 999 });
        assert_eq!(parse(Some("bytes=900-5000"), 1000), ByteRange::Part { start: 900, end: 999 });
    }

    #[test]
    fn ranges_past_the_end_are_unsatisfiable() {
        assert_eq!(parse(Some("bytes=1000-"), 1000), ByteRange::Unsatisfiable);
        assert_eq!(parse(Some("bytes=-0"), 1000), ByteRange::Unsatisfiable);
        assert_eq!(parse(Some("bytes=0-"), 0), ByteRange::Unsatisfiable);
    }

    #[test]
    fn anything_else_serves_the_whole_file() {
        for header in
            [None, Some("items=0-1"), Some("bytes=0-1,5-6"), Some("bytes=5-1"), Some("bytes=a-b"), Some("bytes=")]
        {
            assert_eq!(parse(header, 1000), ByteRange::Whole, "{header:?}");
        }
    }
}
