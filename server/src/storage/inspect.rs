//! The first bytes of an upload, inspected before anything is stored: what the content is
//! (checked against the declared type, [`mime::check_content`]), and for the image formats the
//! server renders, the size the header claims, so a decompression bomb (a small file whose
//! header promises 60000 × 60000 pixels) is refused at upload rather than when it is rendered.

use super::error::StorageError;
use super::mime::{self, TypeRefusal};

/// Most bytes kept back while looking for an image's dimensions (a JPEG's frame header comes
/// after its EXIF and ICC segments). An image whose header is not found by then is stored; the
/// renderer checks again before decoding.
pub const IMAGE_HEAD_MAX: usize = 256 * 1024;

/// Collects an upload's head until it can be judged.
pub struct HeadInspector<'a> {
    essence: &'a str,
    max_pixels: u64,
    head: Vec<u8>,
    sniffed: Option<Option<&'static str>>,
}

impl<'a> HeadInspector<'a> {
    /// For a file declared as `essence`; images over `max_pixels` are refused.
    pub fn new(essence: &'a str, max_pixels: u64) -> Self {
        Self { essence, max_pixels, head: Vec::with_capacity(mime::SNIFF_BYTES), sniffed: None }
    }

    /// Takes the next chunk (`None` at the end of the file). Returns the bytes held back once
    /// the head is judged and accepted, `None` while more are needed, or the refusal.
    pub fn feed(&mut self, chunk: Option<&[u8]>) -> Result<Option<Vec<u8>>, StorageError> {
        let end = chunk.is_none();
        if let Some(chunk) = chunk {
            self.head.extend_from_slice(chunk);
        }
        let sniffed = match self.sniffed {
            Some(sniffed) => sniffed,
            None if self.head.len() < mime::SNIFF_BYTES && !end => return Ok(None),
            None => {
                let sniffed = mime::sniff(&self.head);
                mime::check_content(self.essence, sniffed).map_err(|refusal| match refusal {
                    TypeRefusal::Disguised { sniffed } => {
                        StorageError::content_not_declared_type(self.essence, sniffed)
                    }
                    TypeRefusal::NotAllowed => StorageError::type_not_allowed(self.essence),
                })?;
                self.sniffed = Some(sniffed);
                sniffed
            }
        };
        if let Some(format) = sniffed.filter(|s| mime::has_checked_dimensions(s)) {
            match dimensions(format, &self.head) {
                Some((width, height)) if u64::from(width) * u64::from(height) > self.max_pixels => {
                    return Err(StorageError::too_many_pixels(width, height, self.max_pixels));
                }
                Some(_) => {}
                None if self.head.len() < IMAGE_HEAD_MAX && !end => return Ok(None),
                None => {}
            }
        }
        Ok(Some(std::mem::take(&mut self.head)))
    }
}

/// The width and height an image's header claims, once the head holds it.
pub fn dimensions(format: &str, b: &[u8]) -> Option<(u32, u32)> {
    let le16 = |at: usize| b.get(at..at + 2).map(|x| u32::from(u16::from_le_bytes([x[0], x[1]])));
    let le24 = |at: usize| b.get(at..at + 3).map(|x| u32::from_le_bytes([x[0], x[1], x[2], 0]));
    let be32 = |at: usize| b.get(at..at + 4).map(|x| u32::from_be_bytes([x[0], x[1], x[2], x[3]]));
    match format {
        // IHDR is the first chunk.
        "image/png" => Some((be32(16)?, be32(20)?)),
        // The logical screen, which every frame is drawn on.
        "image/gif" => Some((le16(6)?, le16(8)?)),
        "image/webp" => match b.get(12..16)? {
            b"VP8X" => Some((le24(24)? + 1, le24(27)? + 1)),
            b"VP8L" => {
                let bits = u32::from_le_bytes(b.get(21..25)?.try_into().ok()?);
                Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
            }
            b"VP8 " => Some((le16(26)? & 0x3fff, le16(28)? & 0x3fff)),
            _ => None,
        },
        "image/jpeg" => jpeg_dimensions(b),
        _ => None,
    }
}

/// Walks a JPEG's segments to its frame header (SOF0–SOF15, not DHT, JPG or DAC).
fn jpeg_dimensions(b: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2;
    loop {
        while *b.get(at)? == 0xff && *b.get(at + 1)? == 0xff {
            at += 1;
        }
        if *b.get(at)? != 0xff {
            return None;
        }
        let marker = *b.get(at + 1)?;
        if matches!(marker, 0x01 | 0xd0..=0xd8) {
            at += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([*b.get(at + 2)?, *b.get(at + 3)?]));
        if matches!(marker, 0xc0..=0xcf) && !matches!(marker, 0xc4 | 0xc8 | 0xcc) {
            let height = u16::from_be_bytes([*b.get(at + 5)?, *b.get(at + 6)?]);
            let width = u16::from_be_bytes([*b.get(at + 7)?, *b.get(at + 8)?]);
            return Some((u32::from(width), u32::from(height)));
        }
        if length < 2 {
            return None;
        }
        at += 2 + length;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        b.extend_from_slice(&width.to_be_bytes());
        b.extend_from_slice(&height.to_be_bytes());
        b.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        b
    }

    fn encoded(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image::DynamicImage::new_rgb8(width, height).write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn headers_give_the_dimensions_of_real_images() {
        for (format, mime) in [
            (image::ImageFormat::Png, "image/png"),
            (image::ImageFormat::Jpeg, "image/jpeg"),
            (image::ImageFormat::Gif, "image/gif"),
            (image::ImageFormat::WebP, "image/webp"),
        ] {
            assert_eq!(dimensions(mime, &encoded(37, 21, format)), Some((37, 21)), "{mime}");
        }
        assert_eq!(dimensions("image/png", &png_header(60000, 60000)), Some((60000, 60000)));
        assert_eq!(dimensions("image/jpeg", b"\xff\xd8\xff\xe1\x00\x10Exif"), None, "frame header not yet read");
    }

    #[test]
    fn a_bomb_is_refused_and_a_small_image_passes() {
        let mut inspector = HeadInspector::new("image/png", 40_000_000);
        let error = inspector.feed(Some(&png_header(60000, 60000))).and_then(|_| inspector.feed(None)).unwrap_err();
        assert_eq!(error.status(), http::StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(error.code(), "EntityTooLarge");
        let image = encoded(40, 30, image::ImageFormat::Png);
        let mut inspector = HeadInspector::new("image/png", 40_000_000);
        let held = inspector.feed(Some(&image)).unwrap().or_else(|| inspector.feed(None).unwrap());
        assert_eq!(held.as_deref(), Some(image.as_slice()));
    }

    #[test]
    fn a_jpeg_waits_for_its_frame_header_behind_large_segments() {
        let image = encoded(50, 40, image::ImageFormat::Jpeg);
        // An APP segment of 60 KB before the rest, as a camera's EXIF block would be.
        let mut big = b"\xff\xd8\xff\xe1\xea\x62".to_vec();
        big.extend(std::iter::repeat_n(0u8, 0xea60));
        big.extend_from_slice(&image[2..]);
        let mut inspector = HeadInspector::new("image/jpeg", 1000);
        let mut verdict = Ok(None);
        for chunk in big.chunks(4096) {
            verdict = inspector.feed(Some(chunk));
            if !matches!(verdict, Ok(None)) {
                break;
            }
        }
        assert!(verdict.is_err(), "50 × 40 is over 1000 pixels");
        assert_eq!(verdict.unwrap_err().code(), "EntityTooLarge");
    }

    #[test]
    fn disguised_markup_is_refused_from_the_head() {
        let mut inspector = HeadInspector::new("image/png", 40_000_000);
        let error =
            inspector.feed(Some(b"<html><script>alert(1)</script>")).and_then(|_| inspector.feed(None)).unwrap_err();
        assert_eq!(error.code(), "InvalidMimeType");
        assert_eq!(error.message(), "mime type image/png does not match the content (text/html)");
    }
}
