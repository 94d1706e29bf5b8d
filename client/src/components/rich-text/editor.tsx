// The rich text editor itself (TipTap): StarterKit (links not opened while editing, headings 2-4,
// no code blocks), text alignment, a placeholder, and the toolbar. Loaded lazily through
// RichTextEditor; emits HTML ('' when empty).
import { TextAlign } from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { Toolbar } from './toolbar';
import { text } from './text';
import type { RichTextEditorProps } from './types';

/** '' for an editor holding nothing but empty paragraphs. */
export const normalizeHtml = (html: string) => (/^(?:<p>\s*<\/p>)*$/.test(html.trim()) ? '' : html);

export default function Editor({
  value,
  onChange,
  onBlur,
  label,
  labelId,
  describedBy,
  invalid = false,
  placeholder,
  maxLength,
  disabled = false,
  minHeight = '12rem',
}: RichTextEditorProps & { labelId: string; describedBy?: string }) {
  const contentId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value || '',
    editable: !disabled,
    editorProps: {
      attributes: {
        id: contentId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text px-3 py-2 focus:outline-none',
        style: `min-height: ${minHeight}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(normalizeHtml(e.getHTML())),
    onBlur: () => onBlur?.(),
  });

  // Follow outside changes (a form reset, a record that finished loading).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalizeHtml(editor.getHTML()) !== (value || '')) {
      editor.commands.setContent(value || '', { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    // Without emitting an update: toggling editability is not an edit.
    if (editor && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const count = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? e.state.doc.textContent.length : 0),
  });

  if (!editor) return null;
  return (
    <div
      className={`overflow-hidden rounded-md border bg-white shadow-sm focus-within:border-orange-700 focus-within:outline-2 focus-within:outline-orange-700 ${invalid ? 'border-red-600' : 'border-stone-300'}`}
      aria-label={label}
      role="group"
    >
      <Toolbar editor={editor} controls={contentId} disabled={disabled} />
      <EditorContent editor={editor} />
      {maxLength !== undefined && (
        <p
          className={`border-t border-stone-100 px-3 py-1 text-right text-xs ${(count ?? 0) > maxLength ? 'text-red-700' : 'text-stone-600'}`}
        >
          {text.count(count ?? 0, maxLength)}
        </p>
      )}
    </div>
  );
}
