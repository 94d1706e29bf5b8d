//! Sizes in human units, both ways: "5MB" in messages, and "20MB" accepted as a bucket limit.
//! Units are binary (1 MB = 1,048,576 bytes), as the product's limits are (5 MB = 5,242,880).

const KB: u64 = 1024;
const MB: u64 = 1024 * KB;
const GB: u64 = 1024 * MB;

/// "5MB", "1.5MB", "512KB", "100 bytes".
pub fn human(bytes: u64) -> String {
    for (unit, name) in [(GB, "GB"), (MB, "MB"), (KB, "KB")] {
        if bytes >= unit {
            return if bytes.is_multiple_of(unit) {
                format!("{}{name}", bytes / unit)
            } else {
                let value = format!("{:.1}", bytes as f64 / unit as f64);
                format!("{}{name}", value.trim_end_matches(".0"))
            };
        }
    }
    format!("{bytes} bytes")
}

/// A size given as a number of bytes or a string such as "20MB", "1 GB", "512kb", "100B".
pub fn parse(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let multiplier = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" => KB,
        "M" | "MB" => MB,
        "G" | "GB" => GB,
        _ => return None,
    };
    let bytes = number * multiplier as f64;
    (bytes.is_finite() && bytes >= 1.0 && bytes <= u64::MAX as f64).then_some(bytes.round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_limits_read_as_in_the_spec() {
        assert_eq!(human(5_242_880), "5MB");
        assert_eq!(human(2 * MB), "2MB");
        assert_eq!(human(MB), "1MB");
        assert_eq!(human(15 * MB), "15MB");
        assert_eq!(human(GB), "1GB");
        assert_eq!(human(MB + MB / 2), "1.5MB");
        assert_eq!(human(512 * KB), "512KB");
        assert_eq!(human(100), "100 bytes");
    }

    #[test]
    fn sizes_parse_from_numbers_and_units() {
        assert_eq!(parse("5MB"), Some(5_242_880));
        assert_eq!(parse("1 GB"), Some(GB));
        assert_eq!(parse("512kb"), Some(512 * KB));
        assert_eq!(parse("100"), Some(100));
        assert_eq!(parse("1.5MB"), Some(MB + MB / 2));
        for bad in ["", "MB", "-1", "0", "5XB", "1e9"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
