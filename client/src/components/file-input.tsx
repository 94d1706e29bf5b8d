// The pieces of a file picker that keeps its own list or preview (a profile photo, a biodata,
// supporting documents): the label with its hint under it, and the file input drawn as a
// button. The input is cleared after each pick, so the same file can be picked again.
import type { ComponentProps } from 'react';

export function FileLabel({ id, label, hint }: { id: string; label: string; hint: string }) {
  return (
    <>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <p className="mb-2 text-xs text-stone-600">{hint}</p>
    </>
  );
}

export function FileInput({
  onPick,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'onChange'> & {
  /** The files picked (none when the dialog was cancelled). */
  onPick: (files: File[]) => void;
}) {
  return (
    <input
      {...props}
      type="file"
      className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-orange-100 file:px-4 file:font-semibold file:text-orange-900"
      onChange={(e) => {
        const picked = [...(e.target.files ?? [])];
        e.target.value = '';
        onPick(picked);
      }}
    />
  );
}
