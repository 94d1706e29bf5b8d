// Stored file names (spec §7: media file names are sanitised): lower-case letters, digits and
// dashes from the original name, a time and a random part so two uploads never collide.

/** The safe stem of a file name: `Stage Photo!.PNG` → `stage-photo`. */
export function safeStem(fileName: string, fallback = 'file'): string {
  return (
    fileName
      .replace(/\.[A-Za-z0-9]{1,8}$/, '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback
  );
}

/** `<folder>/<time>-<random>-<stem>.<extension>` */
export function uniqueName(folder: string, fileName: string, extension: string, now = Date.now()) {
  const random = Math.random().toString(36).slice(2, 8);
  return `${folder}/${now}-${random}-${safeStem(fileName)}.${extension}`;
}
