// The files directly in a folder whose extension is one of a few, in name order: what the app's
// SQL folders hold. Shared by the server (db::listing) and build.rs (`include!`), so written with
// plain comments and std only.

/// The files directly in `dir` (not in its sub-folders) whose extension is one of `extensions`,
/// in name order.
pub fn files_in(dir: &std::path::Path, extensions: &[&str]) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.is_file() && path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    files.sort();
    Ok(files)
}
