//! age encryption of what a backup stores: a streaming encryptor whose output is taken out
//! chunk by chunk (to upload while pg_dump writes), and decryption of a downloaded file.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

/// Collects what the encryptor writes, for the caller to take.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Plain bytes in, stored bytes out: encrypted to the recipients, or as they are.
pub struct Sealer {
    writer: Option<age::stream::StreamWriter<Sink>>,
    sink: Sink,
}

impl Sealer {
    pub fn new(recipients: &[age::x25519::Recipient]) -> Result<Self, String> {
        let sink = Sink::default();
        if recipients.is_empty() {
            return Ok(Self { writer: None, sink });
        }
        let encryptor = age::Encryptor::with_recipients(recipients.iter().map(|r| r as &dyn age::Recipient))
            .map_err(|e| format!("cannot encrypt: {e}"))?;
        let writer = encryptor.wrap_output(sink.clone()).map_err(|e| format!("cannot encrypt: {e}"))?;
        Ok(Self { writer: Some(writer), sink })
    }

    /// The stored bytes for `plain` (possibly none yet: age writes in 64 KiB chunks).
    pub fn push(&mut self, plain: &[u8]) -> Result<Vec<u8>, String> {
        match self.writer.as_mut() {
            Some(writer) => {
                writer.write_all(plain).map_err(|e| format!("cannot encrypt: {e}"))?;
                Ok(self.take())
            }
            None => Ok(plain.to_vec()),
        }
    }

    /// The last stored bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, String> {
        if let Some(writer) = self.writer.take() {
            writer.finish().map_err(|e| format!("cannot encrypt: {e}"))?;
        }
        Ok(self.take())
    }

    fn take(&self) -> Vec<u8> {
        self.sink.0.lock().map(|mut buffer| std::mem::take(&mut *buffer)).unwrap_or_default()
    }
}

/// Encrypts a whole small value (a manifest, a file) at once.
pub fn seal_all(recipients: &[age::x25519::Recipient], plain: &[u8]) -> Result<Vec<u8>, String> {
    let mut sealer = Sealer::new(recipients)?;
    let mut out = sealer.push(plain)?;
    out.extend(sealer.finish()?);
    Ok(out)
}

/// The identities of BACKUP_AGE_IDENTITY_FILE.
pub fn identities(file: Option<&Path>) -> Result<Vec<Box<dyn age::Identity>>, String> {
    let Some(file) = file else {
        return Err("this backup is encrypted: set BACKUP_AGE_IDENTITY_FILE to the age identity that reads it".into());
    };
    age::IdentityFile::from_file(file.to_string_lossy().into_owned())
        .and_then(|f| f.into_identities().map_err(std::io::Error::other))
        .map_err(|e| format!("cannot read BACKUP_AGE_IDENTITY_FILE {}: {e}", file.display()))
}

/// Decrypts `from` into `to` (blocking); the SHA-256 of the plain bytes.
pub fn open_file(from: &Path, to: &Path, identity_file: Option<&Path>) -> Result<String, String> {
    let identities = identities(identity_file)?;
    let input = std::io::BufReader::new(std::fs::File::open(from).map_err(|e| e.to_string())?);
    let decryptor = age::Decryptor::new_buffered(input).map_err(|e| format!("not an age file: {e}"))?;
    let mut reader = decryptor
        .decrypt(identities.iter().map(|i| i.as_ref() as &dyn age::Identity))
        .map_err(|e| format!("cannot decrypt with BACKUP_AGE_IDENTITY_FILE: {e}"))?;
    let mut output = std::fs::File::create(to).map_err(|e| e.to_string())?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    loop {
        let n = reader.read(&mut buffer).map_err(|e| format!("the encrypted dump is damaged: {e}"))?;
        if n == 0 {
            break;
        }
        let chunk = buffer.get(..n).unwrap_or_default();
        hasher.update(chunk);
        output.write_all(chunk).map_err(|e| e.to_string())?;
    }
    output.sync_all().map_err(|e| e.to_string())?;
    Ok(hex::encode(hasher.finalize()))
}

/// Decrypts a small value at once.
pub fn open_all(sealed: &[u8], identity_file: Option<&Path>) -> Result<Vec<u8>, String> {
    let identities = identities(identity_file)?;
    let decryptor = age::Decryptor::new_buffered(sealed).map_err(|e| format!("not an age file: {e}"))?;
    let mut reader = decryptor
        .decrypt(identities.iter().map(|i| i.as_ref() as &dyn age::Identity))
        .map_err(|e| format!("cannot decrypt with BACKUP_AGE_IDENTITY_FILE: {e}"))?;
    let mut plain = Vec::new();
    reader.read_to_end(&mut plain).map_err(|e| format!("damaged encrypted data: {e}"))?;
    Ok(plain)
}

/// A scratch directory for downloads (removed on drop).
pub fn scratch_dir(data_dir: &Path) -> Result<tempfile::TempDir, String> {
    let parent: PathBuf = data_dir.join("tmp");
    std::fs::create_dir_all(&parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    tempfile::Builder::new().prefix("restore-").tempdir_in(&parent).map_err(|e| e.to_string())
}
