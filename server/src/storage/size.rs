//! Sizes written with units, both ways they reach the server:
//!
//! * a bucket's `file_size_limit` over the bucket API, as Supabase Storage reads it: decimal
//!   units (`20mb` = 20,000,000 bytes), [`parse_bucket_limit`];
//! * the server's own `STORAGE_MAX_FILE_SIZE`, [`parse`]: binary units (`50MB` = `50MiB` =
//!   52,428,800 bytes), as the product's limits are written (5 MB = 5,242,880).

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;
const GIB: u64 = 1024 * MIB;

/// A setting such as "50MB", "50MiB", "1 GB", "512kb", "100B" or "100" (bytes): binary units.
pub fn parse(text: &str) -> Option<u64> {
    let (number, unit) = split(text)?;
    let multiplier = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => KIB,
        "M" | "MB" | "MIB" => MIB,
        "G" | "GB" | "GIB" => GIB,
        _ => return None,
    };
    bytes(number, multiplier as f64)
}

/// A bucket's `fileSizeLimit` string, by Supabase Storage's rule: a number and one of `b`,
/// `kb`, `mb`, `gb` (any case, nothing between them), in decimal units, the number kept to
/// three significant digits (`1.5mb` = 1,500,000; `20GB` = 20,000,000,000).
pub fn parse_bucket_limit(text: &str) -> Option<u64> {
    let (number, unit) = split(text)?;
    if text.trim() != text
        || unit.is_empty()
        || unit.starts_with(' ')
        || number.starts_with('.')
        || number.ends_with('.')
    {
        return None;
    }
    let multiplier = match unit.to_ascii_lowercase().as_str() {
        "b" => 1.0,
        "kb" => 1e3,
        "mb" => 1e6,
        "gb" => 1e9,
        _ => return None,
    };
    let value: f64 = number.parse().ok()?;
    let three_digits: f64 = format!("{value:.2e}").parse().ok()?;
    bytes(&three_digits.to_string(), multiplier)
}

fn split(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    (!number.is_empty() && number.bytes().filter(|b| *b == b'.').count() <= 1).then_some((number, unit))
}

fn bytes(number: &str, multiplier: f64) -> Option<u64> {
    let number: f64 = number.parse().ok()?;
    let bytes = number * multiplier;
    (bytes.is_finite() && bytes >= 1.0 && bytes <= u64::MAX as f64).then_some(bytes.round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_from_numbers_and_binary_units() {
        assert_eq!(parse("5MB"), Some(5_242_880));
        assert_eq!(parse("50MiB"), Some(50 * MIB));
        assert_eq!(parse("1 GB"), Some(GIB));
        assert_eq!(parse("512kb"), Some(512 * KIB));
        assert_eq!(parse("100"), Some(100));
        assert_eq!(parse("1.5MB"), Some(MIB + MIB / 2));
        for bad in ["", "MB", "-1", "0", "5XB", "1e9", "1.2.3MB"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn bucket_limits_read_as_supabase_storage_reads_them() {
        assert_eq!(parse_bucket_limit("20mb"), Some(20_000_000));
        assert_eq!(parse_bucket_limit("20MB"), Some(20_000_000));
        assert_eq!(parse_bucket_limit("1kb"), Some(1000));
        assert_eq!(parse_bucket_limit("1.5mb"), Some(1_500_000));
        assert_eq!(parse_bucket_limit("1.2345mb"), Some(1_230_000));
        assert_eq!(parse_bucket_limit("3B"), Some(3));
        assert_eq!(parse_bucket_limit("20GB"), Some(20_000_000_000));
        for bad in ["", "20", "20 mb", " 20mb", "20mib", "mb", "-1mb", "0mb", "1.mb", ".5mb", "20tb"] {
            assert_eq!(parse_bucket_limit(bad), None, "{bad}");
        }
    }
}
