//! An upload's body, read as a stream: either the raw bytes (type, cache control and metadata in
//! headers) or a `multipart/form-data` form whose file part is streamed and whose small fields
//! (`cacheControl`, `contentType`, `metadata`) are read around it, as storage-js sends them.

use axum::body::{Body, BodyDataStream};
use base64::Engine;
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderMap, header};
use serde_json::Value;

use super::error::StorageError;
use super::mime;

/// Cache-Control of files uploaded without one (spec §9: 3600 s).
pub const DEFAULT_CACHE_CONTROL: &str = "max-age=3600";
/// Largest form field other than the file.
const MAX_FIELD_BYTES: usize = 64 * 1024;
/// Most of a refused body read before answering; a bigger rest is cut off with the connection.
const DISCARD_BYTES: usize = 16 * 1024 * 1024;
const DISCARD_TIME: std::time::Duration = std::time::Duration::from_secs(5);

pub struct UploadBody {
    /// The declared type as stored and served (`text/plain;charset=UTF-8`).
    pub content_type: String,
    /// The declared type's essence, which a bucket's list judges (`text/plain`).
    pub essence: String,
    pub cache_control: String,
    pub user_metadata: Option<Value>,
    /// The raw body's declared length (unknown for forms).
    pub content_length: Option<u64>,
    /// `Expect: 100-continue` and nothing read yet: the client waits for a go-ahead before
    /// sending, so a refusal needs no draining.
    awaiting_continue: bool,
    source: Source,
}

enum Source {
    Raw(BodyDataStream),
    Form(Box<Form>),
}

struct Form {
    form: multer::Multipart<'static>,
    /// The file part, until its end.
    file: Option<multer::Field<'static>>,
}

impl UploadBody {
    /// Reads the headers, and for a form every field up to the file part.
    pub async fn from_request(headers: &HeaderMap, body: Body) -> Result<Self, StorageError> {
        let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim);
        let content_type = text(header::CONTENT_TYPE).unwrap_or("");
        let awaiting_continue = text(header::EXPECT).is_some_and(|v| v.eq_ignore_ascii_case("100-continue"));
        if content_type.to_ascii_lowercase().starts_with("multipart/form-data") {
            return Self::from_form(content_type, body).await;
        }
        let declared = || -> Result<_, StorageError> {
            let user_metadata = match headers.get("x-metadata").and_then(|v| v.to_str().ok()) {
                Some(encoded) => Some(metadata_from_base64(encoded)?),
                None => None,
            };
            Ok((declared_type(content_type)?, cache_control(text(header::CACHE_CONTROL))?, user_metadata))
        };
        let mut upload = Self {
            content_type: String::new(),
            essence: String::new(),
            cache_control: String::new(),
            user_metadata: None,
            content_length: text(header::CONTENT_LENGTH).and_then(|v| v.parse().ok()),
            awaiting_continue,
            source: Source::Raw(body.into_data_stream()),
        };
        match declared() {
            Ok((declared, cache_control, user_metadata)) => {
                (upload.content_type, upload.essence) = (declared.stored, declared.essence);
                (upload.cache_control, upload.user_metadata) = (cache_control, user_metadata);
                Ok(upload)
            }
            Err(error) => {
                upload.discard().await;
                Err(error)
            }
        }
    }

    /// Reads and drops what is left of the body (at most [`DISCARD_BYTES`], for at most
    /// [`DISCARD_TIME`]) before a refusal is answered: a client still sending then reads the
    /// refusal, where closing on unread data would reset its connection first.
    pub async fn discard(&mut self) {
        if self.awaiting_continue {
            return;
        }
        let mut left = DISCARD_BYTES;
        let drained = async {
            loop {
                match self.next_chunk().await {
                    Ok(Some(chunk)) if chunk.len() < left => left -= chunk.len(),
                    Ok(None) => return self.finish().await.is_ok(),
                    Ok(Some(_)) | Err(_) => return false,
                }
            }
        };
        let _ = tokio::time::timeout(DISCARD_TIME, drained).await;
    }

    async fn from_form(content_type: &str, body: Body) -> Result<Self, StorageError> {
        let boundary = multer::parse_boundary(content_type)
            .map_err(|e| StorageError::invalid_request(format!("Malformed multipart body: {e}")))?;
        let mut form = multer::Multipart::new(body.into_data_stream(), boundary);
        let mut upload = Self {
            content_type: String::new(),
            essence: String::new(),
            cache_control: DEFAULT_CACHE_CONTROL.into(),
            user_metadata: None,
            content_length: None,
            awaiting_continue: false,
            source: Source::Raw(Body::empty().into_data_stream()),
        };
        let mut declared: Option<String> = None;
        let file = loop {
            let Some(field) = form.next_field().await.map_err(form_error)? else {
                return Err(StorageError::invalid_request("The form has no file part"));
            };
            if is_file_part(&field) {
                break field;
            }
            let name = field.name().unwrap_or("").to_owned();
            let value = read_small(field).await?;
            if name == "contentType" {
                declared = Some(value);
            } else {
                upload.apply_field(&name, &value)?;
            }
        };
        let part_type = file.content_type().map(ToString::to_string);
        let declared = declared_type(declared.as_deref().or(part_type.as_deref()).unwrap_or(""))?;
        (upload.content_type, upload.essence) = (declared.stored, declared.essence);
        upload.source = Source::Form(Box::new(Form { form, file: Some(file) }));
        Ok(upload)
    }

    fn apply_field(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        match name {
            "cacheControl" => self.cache_control = cache_control(Some(value))?,
            "metadata" | "userMetadata" => self.user_metadata = Some(metadata_from_json(value)?),
            _ => {}
        }
        Ok(())
    }

    /// The next piece of the file, `None` at its end.
    pub async fn next_chunk(&mut self) -> Result<Option<Bytes>, StorageError> {
        self.awaiting_continue = false;
        match &mut self.source {
            Source::Raw(stream) => match stream.next().await {
                Some(Ok(chunk)) => Ok(Some(chunk)),
                Some(Err(error)) => Err(interrupted(error)),
                None => Ok(None),
            },
            Source::Form(form) => match &mut form.file {
                Some(field) => match field.chunk().await.map_err(form_error)? {
                    Some(chunk) => Ok(Some(chunk)),
                    None => {
                        form.file = None;
                        Ok(None)
                    }
                },
                None => Ok(None),
            },
        }
    }

    /// After the file: reads a form's remaining fields (storage-js may send `metadata` last).
    pub async fn finish(&mut self) -> Result<(), StorageError> {
        let mut trailing = Vec::new();
        if let Source::Form(form) = &mut self.source {
            form.file = None;
            while let Some(field) = form.form.next_field().await.map_err(form_error)? {
                if is_file_part(&field) {
                    return Err(StorageError::invalid_request("The form must hold exactly one file"));
                }
                let name = field.name().unwrap_or("").to_owned();
                trailing.push((name, read_small(field).await?));
            }
        }
        for (name, value) in trailing {
            self.apply_field(&name, &value)?;
        }
        Ok(())
    }
}

/// The file is the part with a file name, or the one named "" (storage-js) or "file".
fn is_file_part(field: &multer::Field<'_>) -> bool {
    field.file_name().is_some() || matches!(field.name(), None | Some("") | Some("file"))
}

async fn read_small(mut field: multer::Field<'static>) -> Result<String, StorageError> {
    let mut value = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(form_error)? {
        if value.len() + chunk.len() > MAX_FIELD_BYTES {
            return Err(StorageError::invalid_request("A form field is too long"));
        }
        value.extend_from_slice(&chunk);
    }
    String::from_utf8(value).map_err(|_| StorageError::invalid_request("A form field is not UTF-8 text"))
}

fn declared_type(raw: &str) -> Result<mime::Declared, StorageError> {
    mime::declared(raw).ok_or_else(StorageError::invalid_content_type)
}

/// `cacheControl` "3600" means `max-age=3600`; a header value is kept as it is.
fn cache_control(value: Option<&str>) -> Result<String, StorageError> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(DEFAULT_CACHE_CONTROL.into());
    };
    if value.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(format!("max-age={value}"));
    }
    let printable = value.bytes().all(|b| (0x20..0x7f).contains(&b));
    if printable && value.len() <= 256 {
        Ok(value.to_owned())
    } else {
        Err(StorageError::invalid_request("Invalid cache control value"))
    }
}

fn metadata_from_json(text: &str) -> Result<Value, StorageError> {
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        _ => Err(StorageError::invalid_request("metadata must be a JSON object")),
    }
}

fn metadata_from_base64(encoded: &str) -> Result<Value, StorageError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|_| StorageError::invalid_request("x-metadata must be base64-encoded JSON"))?;
    metadata_from_json(std::str::from_utf8(&bytes).unwrap_or(""))
}

fn form_error(error: multer::Error) -> StorageError {
    StorageError::invalid_request(format!("Malformed multipart body: {error}"))
}

fn interrupted(error: axum::Error) -> StorageError {
    StorageError::invalid_request("The upload was interrupted").with_cause(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_control_accepts_seconds_and_header_values() {
        assert_eq!(cache_control(Some("3600")).unwrap(), "max-age=3600");
        assert_eq!(cache_control(Some("no-cache")).unwrap(), "no-cache");
        assert_eq!(cache_control(None).unwrap(), DEFAULT_CACHE_CONTROL);
        assert!(cache_control(Some("a\u{1}b")).is_err());
    }

    #[test]
    fn metadata_must_be_an_object() {
        assert!(metadata_from_json("{\"a\":1}").is_ok());
        assert!(metadata_from_json("[1]").is_err());
        let encoded = base64::engine::general_purpose::STANDARD.encode("{\"k\":\"v\"}");
        assert_eq!(metadata_from_base64(&encoded).unwrap()["k"], "v");
        assert!(metadata_from_base64("!!!").is_err());
    }

    #[tokio::test]
    async fn a_storage_js_form_yields_its_file_and_fields() {
        let body = "--X\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n60\r\n\
                    --X\r\nContent-Disposition: form-data; name=\"\"; filename=\"blob\"\r\nContent-Type: image/png\r\n\r\n\
                    PNGDATA\r\n--X\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n{\"a\":1}\r\n--X--\r\n";
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, "multipart/form-data; boundary=X".parse().unwrap());
        let mut upload = UploadBody::from_request(&headers, Body::from(body)).await.unwrap();
        assert_eq!(upload.content_type, "image/png");
        assert_eq!(upload.essence, "image/png");
        assert_eq!(upload.cache_control, "max-age=60");
        let mut bytes = Vec::new();
        while let Some(chunk) = upload.next_chunk().await.unwrap() {
            bytes.extend_from_slice(&chunk);
        }
        assert_eq!(bytes, b"PNGDATA");
        upload.finish().await.unwrap();
        assert_eq!(upload.user_metadata.unwrap()["a"], 1);
    }
}
