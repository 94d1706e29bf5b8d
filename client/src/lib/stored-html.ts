// Stored rich text (event descriptions, organization content, achievements) is HTML written by
// the editor and sanitised by the database (app.sanitize_html); pages show it through SafeHtml.
// Older values, and some written straight through the API, are plain text: they are shown and
// edited as paragraphs.

const HTML_TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/** Whether a stored value is HTML (it has at least one tag). */
export const isHtml = (value: string) => HTML_TAG.test(value);

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Stored description → HTML: HTML as it is; plain text as paragraphs with line breaks. */
export function descriptionToHtml(value: string | null | undefined): string {
  if (!value) return '';
  if (isHtml(value)) return value;
  return value
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The visible text of HTML: tags removed, entities for spaces as spaces, trimmed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
