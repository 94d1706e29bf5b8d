//! Content types: the declared type is checked against the bucket's allowed types, and the
//! first bytes of the content must agree with it, so an HTML page or an SVG with scripts cannot
//! be stored as "image/png" and served from our origin.

/// How many leading bytes [`sniff`] looks at.
pub const SNIFF_BYTES: usize = 512;

/// The type as stored: lower case, without parameters, with common aliases folded
/// (`image/jpg` → `image/jpeg`).
pub fn normalise(content_type: &str) -> String {
    let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    match essence.as_str() {
        "image/jpg" | "image/pjpeg" => "image/jpeg".into(),
        "image/x-png" => "image/png".into(),
        "audio/mp3" => "audio/mpeg".into(),
        "" => "application/octet-stream".into(),
        _ => essence,
    }
}

/// A syntactically plausible `type/subtype`.
pub fn is_valid(mime: &str) -> bool {
    let mut parts = mime.split('/');
    let token = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$&^_.+-*".contains(&b));
    matches!((parts.next(), parts.next(), parts.next()), (Some(t), Some(s), None) if token(t) && token(s))
}

/// Whether `mime` is one of `patterns` (`image/png`, `image/*`, `*/*` or `*`).
pub fn is_allowed(mime: &str, patterns: &[String]) -> bool {
    patterns.iter().any(|pattern| {
        let pattern = normalise(pattern);
        match pattern.strip_suffix("/*") {
            _ if pattern == "*" || pattern == "*/*" => true,
            Some(top) => mime.split('/').next() == Some(top),
            None => pattern == mime,
        }
    })
}

/// What the first bytes of a file say it is, when they say anything.
pub fn sniff(prefix: &[u8]) -> Option<&'static str> {
    binary(prefix).or_else(|| markup(prefix))
}

fn binary(b: &[u8]) -> Option<&'static str> {
    let at = |offset: usize, magic: &[u8]| b.get(offset..offset + magic.len()) == Some(magic);
    let kind = if at(0, b"\x89PNG\r\n\x1a\n") {
        "image/png"
    } else if at(0, b"\xff\xd8\xff") {
        "image/jpeg"
    } else if at(0, b"GIF87a") || at(0, b"GIF89a") {
        "image/gif"
    } else if at(0, b"RIFF") && at(8, b"WEBP") {
        "image/webp"
    } else if at(0, b"RIFF") && at(8, b"WAVE") {
        "audio/wav"
    } else if at(0, b"RIFF") && at(8, b"AVI ") {
        "video/x-msvideo"
    } else if at(0, b"%PDF-") {
        "application/pdf"
    } else if at(0, b"PK\x03\x04") {
        "application/zip"
    } else if at(0, b"\x1f\x8b") {
        "application/gzip"
    } else if at(4, b"ftyp") {
        match b.get(8..12) {
            Some(b"avif" | b"avis") => "image/avif",
            Some(b"heic" | b"heix" | b"mif1" | b"msf1") => "image/heic",
            Some(b"qt  ") => "video/quicktime",
            Some(b"M4A ") => "audio/mp4",
            _ => "video/mp4",
        }
    } else if at(0, b"\x1a\x45\xdf\xa3") {
        "video/webm"
    } else if at(0, b"OggS") {
        "audio/ogg"
    } else if at(0, b"fLaC") {
        "audio/flac"
    } else if at(0, b"ID3") || at(0, b"\xff\xfb") || at(0, b"\xff\xf3") || at(0, b"\xff\xf2") {
        "audio/mpeg"
    } else if at(0, b"II*\0") || at(0, b"MM\0*") {
        "image/tiff"
    } else if at(0, b"\0\0\x01\0") {
        "image/x-icon"
    } else if at(0, b"BM") && b.len() >= 14 {
        "image/bmp"
    } else {
        return None;
    };
    Some(kind)
}

/// HTML, SVG and XML, recognised the way browsers sniff them (leading white space and a byte
/// order mark skipped, tags case-insensitive).
fn markup(b: &[u8]) -> Option<&'static str> {
    let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
    let start = b.iter().position(|c| !c.is_ascii_whitespace())?;
    let text: Vec<u8> = b[start..].iter().map(u8::to_ascii_lowercase).collect();
    const HTML_TAGS: &[&[u8]] = &[
        b"<!doctype html",
        b"<html",
        b"<head",
        b"<body",
        b"<script",
        b"<iframe",
        b"<h1",
        b"<div",
        b"<font",
        b"<table",
        b"<a",
        b"<style",
        b"<title",
        b"<b",
        b"<br",
        b"<p",
        b"<img",
        b"<object",
        b"<embed",
        b"<meta",
        b"<link",
        b"<form",
        b"<!--",
    ];
    let tag_at_start = |tag: &[u8]| {
        text.starts_with(tag) && text.get(tag.len()).is_none_or(|c| c.is_ascii_whitespace() || *c == b'>' || *c == b'/')
    };
    let contains = |needle: &[u8]| text.windows(needle.len()).any(|w| w == needle);
    if tag_at_start(b"<svg") || (text.starts_with(b"<?xml") || text.starts_with(b"<!doctype svg")) && contains(b"<svg")
    {
        Some("image/svg+xml")
    } else if HTML_TAGS.iter().any(|tag| tag_at_start(tag)) {
        Some("text/html")
    } else if text.starts_with(b"<?xml") {
        Some("text/xml")
    } else {
        None
    }
}

/// Types whose content always starts with a signature [`sniff`] knows: declared without it,
/// the content is not what it claims.
fn has_signature(mime: &str) -> bool {
    matches!(
        mime,
        "image/png"
            | "image/jpeg"
            | "image/gif"
            | "image/webp"
            | "image/avif"
            | "image/heic"
            | "image/heif"
            | "image/bmp"
            | "image/tiff"
            | "application/pdf"
    )
}

/// Declared types a sniffed type is compatible with (containers shared by several formats).
fn compatible(declared: &str, sniffed: &str) -> bool {
    if declared == sniffed || declared == "application/octet-stream" {
        return !is_markup(sniffed) || declared == sniffed;
    }
    let family = |mime: &str| -> &'static str {
        match mime {
            "video/mp4" | "audio/mp4" | "video/quicktime" | "image/avif" | "image/heic" | "image/heif"
            | "video/3gpp" | "audio/x-m4a" | "audio/aac" => "iso-media",
            "video/webm" | "audio/webm" | "video/x-matroska" => "matroska",
            "audio/ogg" | "video/ogg" | "application/ogg" | "audio/opus" => "ogg",
            "audio/wav" | "audio/x-wav" | "audio/wave" => "wave",
            "image/svg+xml" => "svg",
            "text/html" | "application/xhtml+xml" => "html",
            "text/xml" | "application/xml" => "xml",
            "application/gzip" | "application/x-gzip" => "gzip",
            _ if mime == "application/zip"
                || mime == "application/x-zip-compressed"
                || mime.starts_with("application/vnd.openxmlformats")
                || mime.starts_with("application/vnd.oasis.opendocument")
                || mime.ends_with("+zip")
                || mime == "application/java-archive" =>
            {
                "zip"
            }
            _ => "",
        }
    };
    let (a, b) = (family(declared), family(sniffed));
    // Markup is harmless only when it is served as what it is, or as plain text.
    (!a.is_empty() && a == b) || (is_markup(sniffed) && declared == "text/plain")
}

fn is_markup(mime: &str) -> bool {
    matches!(mime, "text/html" | "image/svg+xml" | "text/xml")
}

/// Why a file's type is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum TypeRefusal {
    /// The declared type is not in the bucket's list.
    NotAllowed,
    /// The content is something else than the declared type.
    Mismatch { sniffed: Option<&'static str> },
}

/// Checks a declared (normalised) type and the sniffed content against a bucket's list.
pub fn check(declared: &str, sniffed: Option<&'static str>, allowed: Option<&[String]>) -> Result<(), TypeRefusal> {
    if let Some(allowed) = allowed
        && !is_allowed(declared, allowed)
    {
        return Err(TypeRefusal::NotAllowed);
    }
    match sniffed {
        Some(sniffed) if !compatible(declared, sniffed) => Err(TypeRefusal::Mismatch { sniffed: Some(sniffed) }),
        None if has_signature(declared) => Err(TypeRefusal::Mismatch { sniffed: None }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF";
    const WEBP: &[u8] = b"RIFF\x24\0\0\0WEBPVP8 ";
    const PDF: &[u8] = b"%PDF-1.7\n";

    fn list(types: &[&str]) -> Vec<String> {
        types.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn types_are_normalised() {
        assert_eq!(normalise("Image/JPG; charset=binary"), "image/jpeg");
        assert_eq!(normalise("text/plain;charset=UTF-8"), "text/plain");
        assert_eq!(normalise(""), "application/octet-stream");
        assert!(is_valid("image/svg+xml"));
        assert!(!is_valid("image"));
        assert!(!is_valid("a/b/c"));
        assert!(!is_valid("text/<script>"));
    }

    #[test]
    fn wildcards_match_a_whole_top_level_type() {
        let allowed = list(&["image/*", "application/pdf"]);
        assert!(is_allowed("image/png", &allowed));
        assert!(is_allowed("application/pdf", &allowed));
        assert!(!is_allowed("application/zip", &allowed));
        assert!(!is_allowed("imagex/png", &allowed));
        assert!(is_allowed("video/mp4", &list(&["*/*"])));
    }

    #[test]
    fn signatures_are_recognised() {
        assert_eq!(sniff(PNG), Some("image/png"));
        assert_eq!(sniff(JPEG), Some("image/jpeg"));
        assert_eq!(sniff(WEBP), Some("image/webp"));
        assert_eq!(sniff(PDF), Some("application/pdf"));
        assert_eq!(sniff(b"\0\0\0\x20ftypisom"), Some("video/mp4"));
        assert_eq!(sniff(b"hello world"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn markup_is_recognised_like_browsers_do() {
        assert_eq!(sniff(b"\xef\xbb\xbf  \n<!DOCTYPE html><p>x"), Some("text/html"));
        assert_eq!(sniff(b"<HTML>"), Some("text/html"));
        assert_eq!(sniff(b"<script>alert(1)</script>"), Some("text/html"));
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), Some("image/svg+xml"));
        assert_eq!(sniff(b"<?xml version='1.0'?>\n<svg/>"), Some("image/svg+xml"));
        assert_eq!(sniff(b"<?xml version='1.0'?><note/>"), Some("text/xml"));
        assert_eq!(sniff(b"<abbr>"), None);
    }

    #[test]
    fn html_and_svg_declared_as_images_are_refused() {
        let images = list(&["image/jpeg", "image/png", "image/webp"]);
        let html = sniff(b"<html><script>alert(1)</script>");
        let svg = sniff(b"<svg onload=alert(1)>");
        assert_eq!(check("image/png", html, Some(&images)), Err(TypeRefusal::Mismatch { sniffed: Some("text/html") }));
        assert_eq!(check("image/png", svg, None), Err(TypeRefusal::Mismatch { sniffed: Some("image/svg+xml") }));
        assert!(check("application/octet-stream", html, None).is_err());
        assert!(check("text/html", html, None).is_ok());
        assert!(check("text/plain", html, None).is_ok());
    }

    #[test]
    fn declared_types_must_be_allowed_and_match_the_content() {
        let images = list(&["image/jpeg", "image/png", "image/webp"]);
        assert!(check("image/png", sniff(PNG), Some(&images)).is_ok());
        assert_eq!(check("application/pdf", sniff(PDF), Some(&images)), Err(TypeRefusal::NotAllowed));
        assert_eq!(
            check("image/png", sniff(JPEG), Some(&images)),
            Err(TypeRefusal::Mismatch { sniffed: Some("image/jpeg") })
        );
        assert_eq!(check("image/png", sniff(b"not an image"), None), Err(TypeRefusal::Mismatch { sniffed: None }));
        assert!(check("text/plain", sniff(b"plain words"), None).is_ok());
        assert!(check("audio/mp4", sniff(b"\0\0\0\x20ftypM4A "), None).is_ok());
        assert!(
            check(
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                sniff(b"PK\x03\x04"),
                None
            )
            .is_ok()
        );
        assert!(check("application/octet-stream", sniff(PNG), None).is_ok());
    }
}
