// The rich text editor's props (shared by the lazy wrapper and the editor module).
export interface RichTextEditorProps {
  /** The HTML ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The visible label (also the group's accessible name). */
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** Shows a live count of text characters against this limit (the schema enforces it). */
  maxLength?: number;
  disabled?: boolean;
  /** The editable area's minimum height (CSS, default 12rem). */
  minHeight?: string;
  className?: string;
  /** Internal: set by the wrapper. */
  invalid?: boolean;
}
