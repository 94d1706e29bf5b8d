//! Generated demo files: album photos, event banners and Sandesha PDFs, written to the
//! storage backend and recorded in storage.objects like uploads are.

use sqlx::PgConnection;

use crate::storage::backend::Backend;

/// A file stored for the demo.
pub struct StoredFile {
    pub bucket: &'static str,
    pub name: String,
    pub version: String,
    pub mimetype: &'static str,
    pub size: i64,
    pub etag: String,
}

/// (bucket, name, colours): the images content.sql refers to.
const IMAGES: &[(&str, &str, [u8; 3], [u8; 3])] = &[
    ("gallery", "demo/ugadi-1.jpg", [214, 96, 36], [250, 204, 92]),
    ("gallery", "demo/ugadi-2.jpg", [190, 60, 40], [255, 170, 80]),
    ("gallery", "demo/ugadi-3.jpg", [160, 40, 60], [240, 150, 110]),
    ("gallery", "demo/deepavali-1.jpg", [40, 30, 90], [250, 190, 60]),
    ("gallery", "demo/deepavali-2.jpg", [70, 20, 100], [255, 220, 120]),
    ("gallery", "demo/yoga-1.jpg", [30, 110, 90], [170, 230, 200]),
    ("event-images", "featured/ugadi.jpg", [200, 80, 30], [255, 220, 120]),
    ("event-images", "featured/health-camp.jpg", [20, 100, 140], [160, 220, 240]),
    ("content", "demo/slider-1.jpg", [120, 40, 20], [240, 180, 90]),
    ("content", "demo/slider-2.jpg", [20, 70, 120], [120, 200, 230]),
];

/// (name, title): the Sandesha issues content.sql refers to.
const ISSUES: &[(&str, &str)] = &[
    ("2025/11.pdf", "Havyaka Sandesha - November 2025"),
    ("2025/12.pdf", "Havyaka Sandesha - December 2025"),
    ("2026/01.pdf", "Havyaka Sandesha - January 2026"),
];

pub async fn store_all(backend: &Backend) -> Result<Vec<StoredFile>, String> {
    let mut stored = Vec::new();
    for (bucket, name, from, to) in IMAGES {
        let bytes = gradient_jpeg(*from, *to)?;
        stored.push(store(backend, bucket, name, "image/jpeg", bytes).await?);
    }
    for (name, title) in ISSUES {
        stored.push(store(backend, "havyaka-sandesh", name, "application/pdf", pdf(title)).await?);
    }
    Ok(stored)
}

async fn store(
    backend: &Backend,
    bucket: &'static str,
    name: &str,
    mimetype: &'static str,
    bytes: Vec<u8>,
) -> Result<StoredFile, String> {
    let version = uuid::Uuid::new_v4().to_string();
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let mut writer = backend.writer(&version);
    writer.write(bytes.into()).await.map_err(|e| format!("demo file {bucket}/{name}: {e}"))?;
    writer.finish().await.map_err(|e| format!("demo file {bucket}/{name}: {e}"))?;
    Ok(StoredFile {
        bucket,
        name: name.to_string(),
        // As the storage service does: the version names the bytes.
        etag: format!("\"{version}\""),
        version,
        mimetype,
        size,
    })
}

pub async fn insert_row(conn: &mut PgConnection, file: &StoredFile) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into storage.objects (bucket_id, name, version, metadata)
         values ($1, $2, $3, jsonb_build_object('eTag', $4::text, 'size', $5::bigint, 'mimetype', $6::text,
           'cacheControl', 'max-age=3600', 'lastModified', now(), 'contentLength', $5::bigint, 'httpStatusCode', 200))",
    )
    .bind(file.bucket)
    .bind(&file.name)
    .bind(&file.version)
    .bind(&file.etag)
    .bind(file.size)
    .bind(file.mimetype)
    .execute(&mut *conn)
    .await
    .map(|_| ())
}

/// A 640×400 diagonal gradient with a sun, as JPEG.
fn gradient_jpeg(from: [u8; 3], to: [u8; 3]) -> Result<Vec<u8>, String> {
    const WIDTH: u32 = 640;
    const HEIGHT: u32 = 400;
    let image = image::RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let t = (x + y) as f32 / (WIDTH + HEIGHT) as f32;
        let (dx, dy) = (x as f32 - 480.0, y as f32 - 120.0);
        let sun = (dx * dx + dy * dy).sqrt() < 60.0;
        let mix = |a: u8, b: u8| (f32::from(a) * (1.0 - t) + f32::from(b) * t) as u8;
        if sun {
            image::Rgb([255, 236, 170])
        } else {
            image::Rgb([mix(from[0], to[0]), mix(from[1], to[1]), mix(from[2], to[2])])
        }
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 80)
        .encode_image(&image)
        .map_err(|e| format!("demo image: {e}"))?;
    Ok(bytes)
}

/// A one-page PDF with a title line.
fn pdf(title: &str) -> Vec<u8> {
    let text: String = title.chars().filter(|c| c.is_ascii() && !matches!(c, '(' | ')' | '\\')).collect();
    let stream = format!("BT /F1 24 Tf 72 720 Td ({text}) Tj ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
            .to_string(),
        format!("<< /Length {} >>\nstream\n{stream}\nendstream", stream.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
    ];
    let mut out = String::from("%PDF-1.4\n");
    let mut offsets = Vec::new();
    for (index, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.push_str(&format!("{} 0 obj\n{object}\nendobj\n", index + 1));
    }
    let xref = out.len();
    out.push_str(&format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1));
    for offset in offsets {
        out.push_str(&format!("{offset:010} 00000 n \n"));
    }
    out.push_str(&format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1));
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pdf_has_a_header_an_xref_and_an_end() {
        let bytes = pdf("Havyaka Sandesha (test)");
        let text = String::from_utf8(bytes).unwrap_or_default();
        assert!(text.starts_with("%PDF-1.4"));
        assert!(text.contains("(Havyaka Sandesha test) Tj"));
        assert!(text.trim_end().ends_with("%%EOF"));
    }
}
