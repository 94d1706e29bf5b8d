//! Documents: PDFs the app declares in SQL (`ops.declare_document`,
//! server/migrations/0051_documents.sql), rendered from Typst templates in the app's templates
//! folder (DOCUMENT_TEMPLATES_DIR, default ./templates, else the copy embedded at build time)
//! with the fonts of its `fonts/` folder, and stored in a bucket by the [`worker`]. The engine
//! knows no document: the app's view says what each one prints.

pub mod render;
pub mod store;
pub mod worker;

use std::path::{Path, PathBuf};

pub use render::{Fonts, render_pdf};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_documents.rs"));
}

/// Where templates and fonts come from: a folder (read at every render, so a change needs no
/// restart; fonts at start), or the copy embedded at build time.
#[derive(Debug, Clone, Default)]
pub struct TemplateSource {
    dir: Option<PathBuf>,
}

impl TemplateSource {
    pub fn new(dir: Option<PathBuf>) -> Self {
        Self { dir }
    }

    /// The template file `name` (`receipt.typ`).
    pub fn template(&self, name: &str) -> Result<String, String> {
        if name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(format!("template name {name:?} is not a plain file name"));
        }
        match &self.dir {
            Some(dir) => std::fs::read_to_string(dir.join(name))
                .map_err(|e| format!("cannot read template {}: {e}", dir.join(name).display())),
            None => embedded::TEMPLATES
                .iter()
                .find(|(file, _)| *file == name)
                .map(|(_, text)| (*text).to_string())
                .ok_or_else(|| format!("no template {name} was embedded at build time")),
        }
    }

    /// The fonts of `fonts/` in the folder (when it has that folder), else the embedded ones.
    pub fn fonts(&self) -> Result<Fonts, String> {
        match self.dir.as_deref().map(|dir| dir.join("fonts")).filter(|fonts| fonts.is_dir()) {
            Some(dir) => Ok(Fonts::load(read_fonts(&dir)?)),
            None => Ok(Fonts::load(embedded::FONTS.iter().map(|(_, bytes)| bytes.to_vec()))),
        }
    }
}

fn read_fonts(dir: &Path) -> Result<Vec<Vec<u8>>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "ttf" | "otf" | "ttc"))
        })
        .collect();
    paths.sort();
    paths.iter().map(|path| std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))).collect()
}
