// An image input: pick (or drop) a JPEG, PNG or WebP, checked against the spec's type and size
// messages, resized in the browser, previewed, and handed to the caller (who uploads it or keeps
// it in a form); remove clears it.
import { ImageIcon, Loader2, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { dataMessage } from '@/lib/errors';
import { resizeImage, type ResizeOptions } from '@/lib/image-resize';
import { humanSize } from '@/lib/validation/fields';
import { Button } from './ui/button';
import { imagePickerText as text } from './image-picker-text';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be used ({ title, description } in the spec's words), or null. */
export function imageFileProblem(
  file: File,
  {
    types = IMAGE_TYPES,
    maxBytes = MAX_IMAGE_BYTES,
  }: { types?: readonly string[]; maxBytes?: number } = {},
): { title: string; description: string } | null {
  if (!types.includes(file.type))
    return { title: text.invalidTypeTitle, description: text.invalidType };
  if (file.size > maxBytes)
    return { title: text.tooLargeTitle, description: text.tooLarge(humanSize(maxBytes)) };
  return null;
}

export interface ImagePickerProps {
  label: string;
  hint?: string;
  /** The image shown: a stored URL, or a File (e.g. one held by a form), or null. */
  value?: string | File | null;
  /**
   * Receives the resized File, or null on remove. A returned promise shows "Uploading…" until it
   * settles; a rejection shows its message (spec §8 wording).
   */
  onChange: (file: File | null) => void | Promise<unknown>;
  /** Resize box and encoding (default 1600 × 1600 WebP at 0.85). */
  resize?: ResizeOptions;
  /** Accepted types (default JPEG, PNG, WebP) and the largest original (default 5 MB). */
  types?: readonly string[];
  maxBytes?: number;
  /** The preview's alt text (default: the label). */
  alt?: string;
  /** A field error to show (e.g. from a form). */
  error?: string;
  disabled?: boolean;
  className?: string;
  /** Preview box classes (default a 16:9 box). */
  previewClassName?: string;
}

/** Pick, check, resize, preview and remove one image. */
export function ImagePicker({
  label,
  hint,
  value,
  onChange,
  resize,
  types = IMAGE_TYPES,
  maxBytes = MAX_IMAGE_BYTES,
  alt,
  error: fieldError,
  disabled = false,
  className = '',
  previewClassName = 'aspect-video w-full max-w-md',
}: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<{
    url: string;
    forValue: string | File | null | undefined;
  } | null>(null);
  const [busy, setBusy] = useState<'preparing' | 'uploading' | null>(null);
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);
  const [dragging, setDragging] = useState(false);

  const fileUrl = useMemo(
    () => (value instanceof File ? URL.createObjectURL(value) : null),
    [value],
  );
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  useEffect(() => () => void (local && URL.revokeObjectURL(local.url)), [local]);
  // The picked image shows until `value` changes (e.g. to the upload's URL, or the form's File).
  const preview =
    local && local.forValue === value ? local.url : (fileUrl ?? (value as string | null) ?? null);

  async function take(file: File | undefined) {
    if (!file) return;
    const bad = imageFileProblem(file, { types, maxBytes });
    setProblem(bad);
    if (bad) return;
    setBusy('preparing');
    try {
      const resized = await resizeImage(file, resize);
      setLocal({ url: URL.createObjectURL(resized), forValue: value });
      const pending = onChange(resized);
      if (pending instanceof Promise) {
        setBusy('uploading');
        await pending;
      }
    } catch (e) {
      setLocal(null);
      setProblem({
        title: text.resizeFailedTitle,
        description: e instanceof Error && !('code' in e) ? text.resizeFailed : dataMessage(e),
      });
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setProblem(null);
    setLocal(null);
    try {
      const pending = onChange(null);
      if (pending instanceof Promise) await pending;
    } catch (e) {
      setProblem({ title: text.resizeFailedTitle, description: dataMessage(e) });
    }
  }

  const described = [hint && `${id}-hint`, (problem || fieldError) && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const off = disabled || busy !== null;

  return (
    <div className={className}>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-stone-800">
        {label}
      </p>
      <div
        className={`relative flex items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-stone-50 ${dragging ? 'border-orange-700' : 'border-stone-300'} ${previewClassName}`}
        onDragOver={(e) => {
          if (off) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!off) void take(e.dataTransfer.files[0]);
        }}
      >
        {preview ? (
          <img src={preview} alt={alt ?? label} className="h-full w-full object-contain" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-sm text-stone-500">
            <ImageIcon className="h-8 w-8" aria-hidden />
            {text.noImage}
            <span className="text-xs">{text.dropHint}</span>
          </span>
        )}
        {busy && (
          <span
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-white/80 text-sm font-semibold text-stone-800"
          >
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
            {busy === 'preparing' ? text.preparing : text.uploading}
          </span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={types.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={described || undefined}
        disabled={off}
        onChange={(e) => void take(e.target.files?.[0])}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={off}
          onClick={() => input.current?.click()}
          aria-describedby={described || undefined}
        >
          <Upload className="h-4 w-4" aria-hidden />
          {preview ? text.replace : text.choose}
          <span className="sr-only">: {label}</span>
        </Button>
        {preview && (
          <Button variant="ghost" disabled={off} onClick={() => void remove()}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {text.remove}
            <span className="sr-only">: {label}</span>
          </Button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {(problem || fieldError) && (
        <div id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {problem ? (
            <>
              <span className="font-semibold">{problem.title}</span>: {problem.description}
            </>
          ) : (
            fieldError
          )}
        </div>
      )}
    </div>
  );
}

/**
 * ImagePicker bound to a form-kit field: the field holds the stored URL (string), a newly picked
 * and resized File, or null once removed (check it with `imageField()`); upload a File in the
 * form's onSubmit.
 */
export function ImagePickerField({
  name,
  ...props
}: Omit<ImagePickerProps, 'onChange' | 'error' | 'value'> & { name: string }) {
  const { field, fieldState } = useController({ name });
  const value: unknown = field.value;
  return (
    <ImagePicker
      {...props}
      value={value instanceof File || typeof value === 'string' ? value : null}
      onChange={(file) => field.onChange(file)}
      error={fieldState.error?.message}
    />
  );
}
