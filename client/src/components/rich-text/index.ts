// Rich text: the lazy editor (and its form-kit field), safe display and sanitizing.
export { RichTextEditor, RichTextField } from './rich-text-editor';
export type { RichTextEditorProps } from './types';
export { SafeHtml } from './safe-html';
export { sanitizeHtml, htmlToText } from './sanitize';
export type { SanitizeOptions } from './sanitize';
