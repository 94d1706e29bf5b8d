// RichTextEditor: the label, hint and error around the lazily loaded TipTap editor (TipTap and
// ProseMirror never reach a route that does not show an editor), and RichTextField bound to the
// form kit by name.
import { lazy, Suspense, useId } from 'react';
import { useController } from 'react-hook-form';
import { useRegisterField } from '@/components/form/context';
import { FieldMessages, RequiredMark } from '@/components/ui/field';
import { text } from './text';
import type { RichTextEditorProps } from './types';

const Editor = lazy(() => import('./editor'));

/** A labelled rich text editor (HTML in, HTML out; show stored HTML with <SafeHtml>). */
export function RichTextEditor({
  label,
  hint,
  error,
  required,
  className = '',
  minHeight = '12rem',
  ...props
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy =
    [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <p id={labelId} className="mb-1 text-sm font-semibold text-stone-800">
        {label}
        {required && <RequiredMark />}
      </p>
      <Suspense
        fallback={
          <div
            role="status"
            className="animate-pulse rounded-md border border-stone-300 bg-stone-100"
            style={{ minHeight: `calc(${minHeight} + 2.75rem)` }}
          >
            <span className="sr-only">{text.loading}</span>
          </div>
        }
      >
        <Editor
          {...props}
          label={label}
          labelId={labelId}
          describedBy={describedBy}
          invalid={!!error}
          minHeight={minHeight}
        />
      </Suspense>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

const focusText = (el: HTMLElement) =>
  (el.querySelector<HTMLElement>('[role="textbox"]') ?? el).focus();

/** RichTextEditor bound to a form-kit field holding HTML ('' when empty). */
export function RichTextField({
  name,
  ...props
}: Omit<RichTextEditorProps, 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string }) {
  const { field, fieldState } = useController({ name });
  const anchor = useId();
  useRegisterField(name, anchor, props.label);
  return (
    <div
      id={anchor}
      tabIndex={-1}
      className="outline-none"
      // The error summary's link and RHF's first-error focus land here: pass focus to the text.
      ref={(el) => field.ref(el ? { focus: () => focusText(el) } : null)}
      onFocus={(e) => e.target === e.currentTarget && focusText(e.currentTarget)}
    >
      <RichTextEditor
        {...props}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
      />
    </div>
  );
}
