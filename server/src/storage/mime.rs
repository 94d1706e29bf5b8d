//! Content types, as Supabase Storage treats them: the declared type is stored and served as
//! declared, and a bucket's `allowed_mime_types` judge the declared type. The content is
//! inspected only to refuse what is dangerous: markup (HTML, SVG, XML) declared as anything but
//! itself or plain text, and something else than media declared as a media type whose files
//! always start with a signature (a script "image/png"). What is served inline is decided by
//! [`is_passive`]; everything else goes out as an attachment (`respond.rs`).

/// How many leading bytes [`sniff`] looks at.
pub const SNIFF_BYTES: usize = 512;

/// A declared `Content-Type`: `stored` is what is kept and served (the type and subtype in lower
/// case, parameters as sent, e.g. `text/plain;charset=UTF-8`), `essence` what is compared with
/// a bucket's list (no parameters, common aliases folded: `image/jpg` → `image/jpeg`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    pub stored: String,
    pub essence: String,
}

/// Reads a declared type; `None` when it is not `type/subtype[;params]` of visible ASCII.
pub fn declared(raw: &str) -> Option<Declared> {
    let raw = raw.trim();
    if raw.is_empty() {
        let octets = "application/octet-stream".to_owned();
        return Some(Declared { stored: octets.clone(), essence: octets });
    }
    if raw.len() > 255 || !raw.bytes().all(|b| b == b' ' || b == b'\t' || b.is_ascii_graphic()) {
        return None;
    }
    let (essence, params) = raw.split_once(';').map_or((raw, None), |(e, p)| (e, Some(p)));
    let essence = essence.trim().to_ascii_lowercase();
    if !is_valid(&essence) {
        return None;
    }
    let stored = match params {
        Some(params) => format!("{essence};{}", params.trim()),
        None => essence.clone(),
    };
    Some(Declared { stored, essence: normalise(&essence) })
}

/// The essence of a type: lower case, without parameters, with common aliases folded
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

/// Whether `mime` (an essence) is one of `patterns` (`image/png`, `image/*`, `*/*` or `*`).
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

/// Types a browser shows without running anything: raster images, audio, video and plain
/// text. They are served inline; every other type is served as an attachment.
pub fn is_passive(stored: &str) -> bool {
    let essence = normalise(stored);
    let (top, sub) = essence.split_once('/').unwrap_or((&essence, ""));
    match top {
        "audio" | "video" => true,
        "image" => matches!(
            sub,
            "png"
                | "jpeg"
                | "gif"
                | "webp"
                | "avif"
                | "bmp"
                | "x-icon"
                | "vnd.microsoft.icon"
                | "heic"
                | "heif"
                | "tiff"
        ),
        "text" => sub == "plain",
        _ => false,
    }
}

/// Image formats whose header the server reads at upload to refuse decompression bombs (the
/// formats it can render).
pub fn has_checked_dimensions(sniffed: &str) -> bool {
    matches!(sniffed, "image/png" | "image/jpeg" | "image/gif" | "image/webp")
}

/// What the first bytes of a file say it is, when they say anything.
pub fn sniff(prefix: &[u8]) -> Option<&'static str> {
    binary(prefix).or_else(|| markup(prefix))
}

/// Formats told by bytes at fixed offsets, in the order they are tried: a row matches when
/// all its `(offset, bytes)` do.
type Signature = (&'static [(usize, &'static [u8])], &'static str);

const SIGNATURES: &[Signature] = &[
    (&[(0, b"\x89PNG\r\n\x1a\n")], "image/png"),
    (&[(0, b"\xff\xd8\xff")], "image/jpeg"),
    (&[(0, b"GIF87a")], "image/gif"),
    (&[(0, b"GIF89a")], "image/gif"),
    (&[(0, b"RIFF"), (8, b"WEBP")], "image/webp"),
    (&[(0, b"RIFF"), (8, b"WAVE")], "audio/wav"),
    (&[(0, b"RIFF"), (8, b"AVI ")], "video/x-msvideo"),
    (&[(0, b"%PDF-")], "application/pdf"),
    (&[(0, b"PK\x03\x04")], "application/zip"),
    (&[(0, b"\x1f\x8b")], "application/gzip"),
];

/// Tried after the ISO media files (`ftyp` at 4).
const LATER_SIGNATURES: &[Signature] = &[
    (&[(0, b"\x1a\x45\xdf\xa3")], "video/webm"),
    (&[(0, b"OggS")], "audio/ogg"),
    (&[(0, b"fLaC")], "audio/flac"),
    (&[(0, b"ID3")], "audio/mpeg"),
    (&[(0, b"\xff\xfb")], "audio/mpeg"),
    (&[(0, b"\xff\xf3")], "audio/mpeg"),
    (&[(0, b"\xff\xf2")], "audio/mpeg"),
    (&[(0, b"II*\0")], "image/tiff"),
    (&[(0, b"MM\0*")], "image/tiff"),
    (&[(0, b"\0\0\x01\0")], "image/x-icon"),
];

fn binary(b: &[u8]) -> Option<&'static str> {
    let at = |offset: usize, magic: &[u8]| b.get(offset..offset + magic.len()) == Some(magic);
    let known = |table: &[Signature]| {
        table.iter().find(|(parts, _)| parts.iter().all(|(offset, magic)| at(*offset, magic))).map(|(_, kind)| *kind)
    };
    if let Some(kind) = known(SIGNATURES) {
        return Some(kind);
    }
    if at(4, b"ftyp") {
        return Some(match b.get(8..12) {
            Some(b"avif" | b"avis") => "image/avif",
            Some(b"heic" | b"heix" | b"mif1" | b"msf1") => "image/heic",
            Some(b"qt  ") => "video/quicktime",
            Some(b"M4A ") => "audio/mp4",
            _ => "video/mp4",
        });
    }
    known(LATER_SIGNATURES).or_else(|| (at(0, b"BM") && b.len() >= 14).then_some("image/bmp"))
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

/// Types whose files always start with a signature [`sniff`] knows: content without any known
/// media signature is not what such a type claims (a script or a page named "image/png").
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

/// The family of a markup type, for telling markup declared as itself from markup disguised.
fn markup_family(mime: &str) -> Option<&'static str> {
    match mime {
        "image/svg+xml" => Some("svg"),
        "text/html" | "application/xhtml+xml" => Some("html"),
        "text/xml" | "application/xml" => Some("xml"),
        _ => None,
    }
}

/// Why a file's type is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum TypeRefusal {
    /// The declared type is not in the bucket's list.
    NotAllowed,
    /// The content is active or not media, declared as something harmless.
    Disguised { sniffed: &'static str },
}

/// Checks a declared type (its essence) against a bucket's list, as Supabase does.
pub fn check_declared(essence: &str, allowed: Option<&[String]>) -> Result<(), TypeRefusal> {
    match allowed {
        Some(allowed) if !is_allowed(essence, allowed) => Err(TypeRefusal::NotAllowed),
        _ => Ok(()),
    }
}

/// Checks the first bytes against the declared type (its essence): markup must be declared as
/// itself or as plain text, and a type that always has a signature must have a media signature
/// (any: a JPEG declared `image/png` is only mislabelled).
pub fn check_content(essence: &str, sniffed: Option<&'static str>) -> Result<(), TypeRefusal> {
    match sniffed {
        Some(found) if markup_family(found).is_some() => {
            let honest = markup_family(essence) == markup_family(found) || essence == "text/plain";
            if honest { Ok(()) } else { Err(TypeRefusal::Disguised { sniffed: found }) }
        }
        Some(_) => Ok(()),
        None if has_signature(essence) => Err(TypeRefusal::Disguised { sniffed: "not a known media format" }),
        None => Ok(()),
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
    fn declared_types_are_kept_with_their_parameters() {
        let text = declared("Text/Plain;charset=UTF-8").unwrap();
        assert_eq!(text.stored, "text/plain;charset=UTF-8");
        assert_eq!(text.essence, "text/plain");
        assert_eq!(
            declared("image/jpg").unwrap(),
            Declared { stored: "image/jpg".into(), essence: "image/jpeg".into() }
        );
        assert_eq!(declared("").unwrap().stored, "application/octet-stream");
        for bad in ["image", "a/b/c", "text/<script>", "text/plain\r\nSet-Cookie: a=b", "ä/b"] {
            assert_eq!(declared(bad), None, "{bad:?}");
        }
        assert_eq!(normalise("Image/JPG; charset=binary"), "image/jpeg");
        assert!(is_valid("image/svg+xml"));
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
    fn every_signature_names_its_type() {
        for (prefix, kind) in [
            (&b"GIF87a..."[..], "image/gif"),
            (b"GIF89a...", "image/gif"),
            (b"RIFF\0\0\0\0WAVEfmt ", "audio/wav"),
            (b"RIFF\0\0\0\0AVI LIST", "video/x-msvideo"),
            (b"PK\x03\x04\x14\0", "application/zip"),
            (b"\x1f\x8b\x08\0", "application/gzip"),
            (b"\0\0\0\x1cftypavif", "image/avif"),
            (b"\0\0\0\x18ftypheic", "image/heic"),
            (b"\0\0\0\x14ftypqt  ", "video/quicktime"),
            (b"\0\0\0\x20ftypM4A ", "audio/mp4"),
            (b"\x1a\x45\xdf\xa3\x01", "video/webm"),
            (b"OggS\0\x02", "audio/ogg"),
            (b"fLaC\0\0", "audio/flac"),
            (b"ID3\x04\0", "audio/mpeg"),
            (b"\xff\xfb\x90\x64", "audio/mpeg"),
            (b"\xff\xf3\x90\x64", "audio/mpeg"),
            (b"\xff\xf2\x90\x64", "audio/mpeg"),
            (b"II*\0\x08\0", "image/tiff"),
            (b"MM\0*\0\0", "image/tiff"),
            (b"\0\0\x01\0\x01\0", "image/x-icon"),
            (b"BM\x36\0\0\0\0\0\0\0\x36\0\0\0", "image/bmp"),
        ] {
            assert_eq!(sniff(prefix), Some(kind), "{prefix:?}");
        }
        // Too short to be a bitmap; a RIFF of another kind; `ftyp` only at offset 4.
        assert_eq!(sniff(b"BM short"), None);
        assert_eq!(sniff(b"RIFF\0\0\0\0CDDA"), None);
        assert_eq!(sniff(b"ftypisom"), None);
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
    fn the_bucket_judges_the_declared_type() {
        let images = list(&["image/jpeg", "image/png", "image/webp"]);
        assert_eq!(check_declared("image/png", Some(&images)), Ok(()));
        assert_eq!(check_declared("application/pdf", Some(&images)), Err(TypeRefusal::NotAllowed));
        assert_eq!(check_declared("text/plain", None), Ok(()));
    }

    #[test]
    fn markup_and_scripts_disguised_as_media_are_refused() {
        let html = sniff(b"<html><script>alert(1)</script>");
        let svg = sniff(b"<svg onload=alert(1)>");
        assert_eq!(check_content("image/png", html), Err(TypeRefusal::Disguised { sniffed: "text/html" }));
        assert_eq!(check_content("image/png", svg), Err(TypeRefusal::Disguised { sniffed: "image/svg+xml" }));
        assert!(check_content("application/octet-stream", html).is_err());
        assert!(check_content("application/pdf", sniff(b"alert(document.cookie)")).is_err());
        assert!(check_content("image/jpeg", sniff(b"hello")).is_err());
        // Declared as what it is, or as plain text, markup is kept (and never served inline).
        assert!(check_content("text/html", html).is_ok());
        assert!(check_content("image/svg+xml", svg).is_ok());
        assert!(check_content("text/plain", html).is_ok());
    }

    #[test]
    fn mislabelled_media_and_other_files_are_kept_as_declared() {
        // storage-js sends a Buffer as text/plain;charset=UTF-8 unless told otherwise.
        assert!(check_content("text/plain", sniff(JPEG)).is_ok());
        assert!(check_content("image/png", sniff(JPEG)).is_ok());
        assert!(check_content("application/octet-stream", sniff(PNG)).is_ok());
        assert!(check_content("audio/mp4", sniff(b"\0\0\0\x20ftypM4A ")).is_ok());
        assert!(check_content("text/plain", sniff(b"plain words")).is_ok());
        assert!(
            check_content(
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                sniff(b"PK\x03\x04")
            )
            .is_ok()
        );
    }

    #[test]
    fn only_passive_types_are_served_inline() {
        for passive in ["image/png", "image/jpeg", "video/mp4", "audio/mpeg", "text/plain;charset=UTF-8", "IMAGE/JPG"] {
            assert!(is_passive(passive), "{passive}");
        }
        for active in [
            "text/html",
            "image/svg+xml",
            "application/pdf",
            "application/javascript",
            "text/xml",
            "application/octet-stream",
            "text/css",
        ] {
            assert!(!is_passive(active), "{active}");
        }
    }
}
