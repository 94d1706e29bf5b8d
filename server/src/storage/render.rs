//! Image transformations (Supabase's `/render/image`): `width`, `height`, `resize`
//! (cover, contain, fill), `quality` and `format` (origin, webp, jpeg, png; WebP by default
//! when the client accepts it). Originals are decoded only after their header shows a size
//! within [`RenderLimits`], so a decompression bomb is refused before it takes memory.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use serde_json::Value;

use super::error::StorageError;
use super::settings::RenderLimits;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resize {
    /// Fill the box, cropping what overflows (the default).
    Cover,
    /// Fit inside the box, keeping the whole image.
    Contain,
    /// Stretch to the box.
    Fill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// WebP when the client accepts it, else the original's format.
    Auto,
    Origin,
    Webp,
    Jpeg,
    Png,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub resize: Resize,
    pub quality: u8,
    /// Whether `quality` was asked for (Storage names only asked-for settings).
    pub quality_given: bool,
    pub format: Format,
}

const DEFAULT_QUALITY: u8 = 80;

impl Transform {
    /// From query parameters (`?width=200&height=200&resize=cover&quality=80&format=origin`).
    pub fn from_query(query: Option<&str>, limits: &RenderLimits) -> Result<Self, StorageError> {
        let pairs: Vec<(String, String)> =
            url::form_urlencoded::parse(query.unwrap_or("").as_bytes()).map(|(k, v)| (k.into(), v.into())).collect();
        let get = |name: &str| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        Self::parse(get("width"), get("height"), get("resize"), get("quality"), get("format"), limits)
    }

    /// From the `transform` options of a signed URL (`{"width": 200, "resize": "contain"}`).
    pub fn from_json(value: &Value, limits: &RenderLimits) -> Result<Self, StorageError> {
        let text = |name: &str| match value.get(name) {
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let (width, height, resize, quality, format) =
            (text("width"), text("height"), text("resize"), text("quality"), text("format"));
        Self::parse(
            width.as_deref(),
            height.as_deref(),
            resize.as_deref(),
            quality.as_deref(),
            format.as_deref(),
            limits,
        )
    }

    fn parse(
        width: Option<&str>,
        height: Option<&str>,
        resize: Option<&str>,
        quality: Option<&str>,
        format: Option<&str>,
        limits: &RenderLimits,
    ) -> Result<Self, StorageError> {
        let side = |name: &str, value: Option<&str>| -> Result<Option<u32>, StorageError> {
            match value.filter(|v| !v.is_empty()) {
                None => Ok(None),
                Some(v) => match v.parse::<u32>() {
                    Ok(0) => Ok(None),
                    Ok(n) if n <= limits.max_output_side => Ok(Some(n)),
                    _ => Err(StorageError::invalid_request(format!(
                        "{name} must be a whole number from 1 to {}",
                        limits.max_output_side
                    ))),
                },
            }
        };
        let resize = match resize.unwrap_or("cover") {
            "cover" => Resize::Cover,
            "contain" => Resize::Contain,
            "fill" => Resize::Fill,
            _ => return Err(StorageError::invalid_request("resize must be cover, contain or fill")),
        };
        let quality_given = quality.is_some_and(|q| !q.is_empty());
        let quality = match quality.filter(|q| !q.is_empty()) {
            None => DEFAULT_QUALITY,
            Some(q) => q
                .parse::<u8>()
                .ok()
                .filter(|q| (20..=100).contains(q))
                .ok_or_else(|| StorageError::invalid_request("quality must be a whole number from 20 to 100"))?,
        };
        let format = match format.unwrap_or("") {
            "" => Format::Auto,
            "origin" => Format::Origin,
            "webp" => Format::Webp,
            "jpeg" | "jpg" => Format::Jpeg,
            "png" => Format::Png,
            _ => return Err(StorageError::invalid_request("format must be origin, webp, jpeg or png")),
        };
        Ok(Self {
            width: side("width", width)?,
            height: side("height", height)?,
            resize,
            quality,
            quality_given,
            format,
        })
    }

    /// The `X-Transformations` header Supabase Storage answers a rendering with (imgproxy's
    /// words): `height:200,width:200,resizing_type:fill,quality:60`.
    pub fn applied(&self) -> String {
        let mut applied = Vec::new();
        if let Some(height) = self.height {
            applied.push(format!("height:{height}"));
        }
        if let Some(width) = self.width {
            applied.push(format!("width:{width}"));
        }
        if self.width.is_some() || self.height.is_some() {
            let resizing = match self.resize {
                Resize::Cover => "fill",
                Resize::Contain => "fit",
                Resize::Fill => "force",
            };
            applied.push(format!("resizing_type:{resizing}"));
        }
        if self.quality_given {
            applied.push(format!("quality:{}", self.quality));
        }
        let format = match self.format {
            Format::Webp => Some("webp"),
            Format::Jpeg => Some("jpeg"),
            Format::Png => Some("png"),
            Format::Auto | Format::Origin => None,
        };
        if let Some(format) = format {
            applied.push(format!("format:{format}"));
        }
        applied.join(",")
    }

    /// The name of this rendering among an original's cached renders, once the output format
    /// is known.
    pub fn variant(&self, output: OutputFormat) -> String {
        let side = |s: Option<u32>| s.map_or_else(|| "auto".to_owned(), |n| n.to_string());
        let resize = match self.resize {
            Resize::Cover => "cover",
            Resize::Contain => "contain",
            Resize::Fill => "fill",
        };
        format!("{}x{}-{resize}-q{}.{}", side(self.width), side(self.height), self.quality, output.extension())
    }

    /// The output format for an original of `original` type and a client that accepts (or
    /// not) WebP.
    pub fn output(&self, original: &str, accepts_webp: bool) -> OutputFormat {
        let origin = match original {
            "image/jpeg" => OutputFormat::Jpeg,
            "image/webp" => OutputFormat::Webp,
            _ => OutputFormat::Png,
        };
        match self.format {
            Format::Auto if accepts_webp => OutputFormat::Webp,
            Format::Auto | Format::Origin => origin,
            Format::Webp => OutputFormat::Webp,
            Format::Jpeg => OutputFormat::Jpeg,
            Format::Png => OutputFormat::Png,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Webp,
    Jpeg,
    Png,
}

impl OutputFormat {
    pub fn mime(self) -> &'static str {
        match self {
            Self::Webp => "image/webp",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Self::Webp => "webp",
            Self::Jpeg => "jpg",
            Self::Png => "png",
        }
    }
}

/// Decodes, orients, resizes and encodes. CPU-bound: run it on a blocking thread.
pub fn render(
    original: &[u8],
    transform: &Transform,
    output: OutputFormat,
    limits: &RenderLimits,
) -> Result<Vec<u8>, StorageError> {
    let reader = || {
        ImageReader::new(Cursor::new(original))
            .with_guessed_format()
            .map_err(|_| StorageError::cannot_render("The file is not an image"))
    };
    match reader()?.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP | ImageFormat::Gif) => {}
        _ => return Err(StorageError::cannot_render("Only JPEG, PNG, WebP and GIF images can be transformed")),
    }
    let (width, height) =
        reader()?.into_dimensions().map_err(|_| StorageError::cannot_render("The image cannot be read"))?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > limits.max_input_pixels {
        return Err(StorageError::cannot_render(format!(
            "The image is too large to transform ({width}x{height}; at most {} pixels)",
            limits.max_input_pixels
        )));
    }
    let mut bounded = reader()?;
    let mut decoder_limits = Limits::default();
    decoder_limits.max_image_width = Some(width);
    decoder_limits.max_image_height = Some(height);
    decoder_limits.max_alloc = Some(pixels.saturating_mul(16).max(64 * 1024 * 1024));
    bounded.limits(decoder_limits);
    let mut decoder = bounded.into_decoder().map_err(|_| StorageError::cannot_render("The image cannot be read"))?;
    let orientation = decoder.orientation().ok();
    let mut image =
        DynamicImage::from_decoder(decoder).map_err(|_| StorageError::cannot_render("The image cannot be decoded"))?;
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }
    let resized = resize(image, transform);
    encode(&resized, output, transform.quality)
}

fn resize(image: DynamicImage, transform: &Transform) -> DynamicImage {
    let (width, height) = (image.width(), image.height());
    let filter = FilterType::Triangle;
    match (transform.width, transform.height) {
        (None, None) => image,
        (Some(w), Some(h)) => match transform.resize {
            Resize::Cover => image.resize_to_fill(w, h, filter),
            Resize::Contain => image.resize(w.min(width), h.min(height), filter),
            Resize::Fill => image.resize_exact(w, h, filter),
        },
        // One side: scale to it, keeping the aspect ratio, never enlarging.
        (Some(w), None) => {
            let w = w.min(width);
            let h = ((u64::from(height) * u64::from(w)) / u64::from(width.max(1))).max(1) as u32;
            image.resize_exact(w, h, filter)
        }
        (None, Some(h)) => {
            let h = h.min(height);
            let w = ((u64::from(width) * u64::from(h)) / u64::from(height.max(1))).max(1) as u32;
            image.resize_exact(w, h, filter)
        }
    }
}

fn encode(image: &DynamicImage, output: OutputFormat, quality: u8) -> Result<Vec<u8>, StorageError> {
    let mut bytes = Vec::new();
    match output {
        OutputFormat::Webp => {
            let rgba = image.to_rgba8();
            let encoded = webp::Encoder::from_rgba(&rgba, rgba.width(), rgba.height()).encode(f32::from(quality));
            bytes.extend_from_slice(&encoded);
        }
        OutputFormat::Jpeg => {
            let rgb = image.to_rgb8();
            let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality);
            rgb.write_with_encoder(encoder).map_err(StorageError::internal)?;
        }
        OutputFormat::Png => {
            image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).map_err(StorageError::internal)?;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image =
            DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(width, height, image::Rgba([200, 10, 10, 255])));
        let mut bytes = Vec::new();
        image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).unwrap();
        bytes
    }

    fn decoded(bytes: &[u8]) -> DynamicImage {
        image::load_from_memory(bytes).unwrap()
    }

    fn transform(query: &str) -> Transform {
        Transform::from_query(Some(query), &RenderLimits::default()).unwrap()
    }

    #[test]
    fn the_applied_transformations_are_named_as_storage_names_them() {
        assert_eq!(
            transform("width=200&height=200&quality=60").applied(),
            "height:200,width:200,resizing_type:fill,quality:60"
        );
        assert_eq!(
            transform("width=50&resize=contain&format=webp").applied(),
            "width:50,resizing_type:fit,format:webp"
        );
        assert_eq!(transform("height=10&resize=fill&format=origin").applied(), "height:10,resizing_type:force");
        assert_eq!(transform("quality=70").applied(), "quality:70");
    }

    #[test]
    fn boxes_are_covered_contained_or_filled() {
        let original = png(400, 200);
        let limits = RenderLimits::default();
        let cover = render(&original, &transform("width=100&height=100"), OutputFormat::Png, &limits).unwrap();
        assert_eq!((decoded(&cover).width(), decoded(&cover).height()), (100, 100));
        let contain =
            render(&original, &transform("width=100&height=100&resize=contain"), OutputFormat::Png, &limits).unwrap();
        assert_eq!((decoded(&contain).width(), decoded(&contain).height()), (100, 50));
        let fill =
            render(&original, &transform("width=100&height=30&resize=fill"), OutputFormat::Png, &limits).unwrap();
        assert_eq!((decoded(&fill).width(), decoded(&fill).height()), (100, 30));
        let one_side = render(&original, &transform("width=200"), OutputFormat::Png, &limits).unwrap();
        assert_eq!((decoded(&one_side).width(), decoded(&one_side).height()), (200, 100));
    }

    #[test]
    fn webp_and_jpeg_are_encoded() {
        let original = png(64, 64);
        let limits = RenderLimits::default();
        let webp =
            render(&original, &transform("width=32&format=webp&quality=50"), OutputFormat::Webp, &limits).unwrap();
        assert_eq!(&webp[..4], b"RIFF");
        assert_eq!(&webp[8..12], b"WEBP");
        let jpeg = render(&original, &transform("width=32"), OutputFormat::Jpeg, &limits).unwrap();
        assert_eq!(&jpeg[..3], b"\xff\xd8\xff");
    }

    #[test]
    fn too_many_pixels_are_refused_before_decoding() {
        let limits = RenderLimits { max_input_pixels: 1_000, ..RenderLimits::default() };
        let error = render(&png(100, 100), &transform("width=10"), OutputFormat::Png, &limits).unwrap_err();
        assert!(error.message().contains("too large"), "{error}");
    }

    #[test]
    fn a_header_that_claims_a_huge_image_is_refused() {
        // A PNG header claiming 100000 x 100000 pixels with no data behind it.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        let error = render(&bomb, &transform("width=10"), OutputFormat::Png, &RenderLimits::default()).unwrap_err();
        assert_eq!(error.status(), 422);
    }

    #[test]
    fn parameters_are_checked() {
        let limits = RenderLimits::default();
        for bad in ["width=-1", "width=3000", "resize=crop", "quality=5", "format=gif", "height=abc"] {
            assert!(Transform::from_query(Some(bad), &limits).is_err(), "{bad}");
        }
        let from_json = Transform::from_json(&serde_json::json!({"width": 300, "resize": "contain"}), &limits).unwrap();
        assert_eq!((from_json.width, from_json.resize), (Some(300), Resize::Contain));
    }

    #[test]
    fn the_output_follows_the_request_and_the_client() {
        assert_eq!(transform("").output("image/png", true), OutputFormat::Webp);
        assert_eq!(transform("").output("image/png", false), OutputFormat::Png);
        assert_eq!(transform("format=origin").output("image/jpeg", true), OutputFormat::Jpeg);
        assert_eq!(transform("width=10").variant(OutputFormat::Webp), "10xauto-cover-q80.webp");
    }
}
