//! Typst markup to PDF, with only the fonts given (no system fonts, no packages, no files but
//! the template): the row to print reaches the template as JSON text in `sys.inputs.row`
//! (`#let row = json(bytes(sys.inputs.row))`). Output is the same for the same template, row
//! and fonts (no timestamp, a stable document id), so a row rendered twice gives one file.

use std::sync::Arc;

use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Dict, Duration, IntoValue, Smart, Str};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

/// Fonts loaded once and shared by every render.
#[derive(Clone)]
pub struct Fonts {
    fonts: Arc<Vec<Font>>,
    book: Arc<LazyHash<FontBook>>,
}

impl Fonts {
    /// Every face in the given font files (TrueType, OpenType or collections).
    pub fn load(files: impl IntoIterator<Item = Vec<u8>>) -> Self {
        let fonts: Vec<Font> = files.into_iter().flat_map(|data| Font::iter(Bytes::new(data))).collect();
        let book = LazyHash::new(FontBook::from_fonts(&fonts));
        Self { fonts: Arc::new(fonts), book: Arc::new(book) }
    }

    pub fn len(&self) -> usize {
        self.fonts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fonts.is_empty()
    }
}

struct DocumentWorld<'a> {
    library: LazyHash<Library>,
    fonts: &'a Fonts,
    main: Source,
}

impl World for DocumentWorld<'_> {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.fonts.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() { Ok(self.main.clone()) } else { Err(FileError::AccessDenied) }
    }

    fn file(&self, _id: FileId) -> FileResult<Bytes> {
        Err(FileError::AccessDenied)
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.fonts.fonts.get(index).cloned()
    }

    /// Documents print dates from their row, never the clock: the same row, the same bytes.
    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}

/// Renders `template` (Typst markup named `name`) with `row` to PDF bytes; `ident` names the
/// document stably (its PDF id is derived from it).
pub fn render_pdf(
    name: &str,
    template: &str,
    row: &serde_json::Value,
    fonts: &Fonts,
    ident: &str,
) -> Result<Vec<u8>, String> {
    let inputs: Dict = [(Str::from("row"), row.to_string().into_value())].into_iter().collect();
    let library = LazyHash::new(Library::builder().with_inputs(inputs).build());
    let path = VirtualPath::new(name).map_err(|e| format!("template name {name}: {e:?}"))?;
    let id = FileId::new(RootedPath::new(VirtualRoot::Project, path));
    let world = DocumentWorld { library, fonts, main: Source::new(id, template.to_string()) };
    let document: PagedDocument = typst::compile(&world).output.map_err(|errors| describe(name, &errors))?;
    let options = typst_pdf::PdfOptions { ident: Smart::Custom(ident.to_string()), ..Default::default() };
    typst_pdf::pdf(&document, &options).map_err(|errors| describe(name, &errors))
}

/// The first errors' messages.
fn describe(name: &str, errors: &[SourceDiagnostic]) -> String {
    let messages: Vec<String> = errors.iter().take(3).map(|error| error.message.to_string()).collect();
    format!("{name}: {}", messages.join("; "))
}
