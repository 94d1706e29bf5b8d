//! The seed's generated files (pictures and PDFs), written to the storage backend and recorded
//! in storage.objects like uploads are.

use sqlx::PgConnection;

use super::plan::{FilePlan, Picture};
use crate::storage::backend::Backend;

/// A file stored for the seed.
pub struct StoredFile {
    pub bucket: String,
    pub name: String,
    pub version: String,
    pub mimetype: &'static str,
    pub size: i64,
    pub etag: String,
}

pub async fn store_all(backend: &Backend, plans: &[FilePlan]) -> Result<Vec<StoredFile>, String> {
    let mut stored = Vec::new();
    for plan in plans {
        let (mimetype, bytes) = match (&plan.picture, &plan.pdf) {
            (Some(picture), _) => ("image/jpeg", gradient_jpeg(*picture)?),
            (None, Some(pdf)) => ("application/pdf", pdf_bytes(&pdf.title)),
            (None, None) => return Err(format!("seed file {}/{}: nothing to generate", plan.bucket, plan.name)),
        };
        match store(backend, plan, mimetype, bytes).await {
            Ok(file) => stored.push(file),
            Err(error) => {
                for file in &stored {
                    let _ = backend.remove_version(&file.version).await;
                }
                return Err(error);
            }
        }
    }
    Ok(stored)
}

async fn store(
    backend: &Backend,
    plan: &FilePlan,
    mimetype: &'static str,
    bytes: Vec<u8>,
) -> Result<StoredFile, String> {
    let version = uuid::Uuid::new_v4().to_string();
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let failed = |e: &dyn std::fmt::Display| format!("seed file {}/{}: {e}", plan.bucket, plan.name);
    let mut writer = backend.writer(&version);
    writer.write(bytes.into()).await.map_err(|e| failed(&e))?;
    writer.finish().await.map_err(|e| failed(&e))?;
    Ok(StoredFile {
        bucket: plan.bucket.clone(),
        name: plan.name.clone(),
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
    .bind(&file.bucket)
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
fn gradient_jpeg(Picture { from, to }: Picture) -> Result<Vec<u8>, String> {
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
        .map_err(|e| format!("seed picture: {e}"))?;
    Ok(bytes)
}

/// A one-page PDF with a title line.
fn pdf_bytes(title: &str) -> Vec<u8> {
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
        let bytes = pdf_bytes("Newsletter (test)");
        let text = String::from_utf8(bytes).unwrap_or_default();
        assert!(text.starts_with("%PDF-1.4"));
        assert!(text.contains("(Newsletter test) Tj"));
        assert!(text.trim_end().ends_with("%%EOF"));
    }
}
