// Hands a file made in the browser (a CSV, a PDF fetched from storage) to the user as a
// download under a name; phones may open it instead. The blob's URL is let go a minute later,
// once the browser has surely read it.
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** CSV text as a file: UTF-8 with a byte order mark, so Excel reads Kannada. */
export const csvBlob = (csv: string) =>
  new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
