// The form a staff list opens in place to add or edit a row (see AddOrEdit): a tinted panel
// named by its label, the fields, then Cancel and Save at the end. An upload in it shows its
// progress with UploadProgress.
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';

export function EditorForm({
  label,
  title,
  onSubmit,
  cancelLabel,
  onCancel,
  cancelDisabled,
  saveLabel,
  saveDisabled,
  className = '',
  children,
}: {
  /** The form's accessible name. */
  label: string;
  /** A heading at the top, when the form shows one. */
  title?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  saveLabel: string;
  saveDisabled?: boolean;
  /** Added to the panel's classes (`sm:p-6`). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className={`space-y-4 rounded-lg border border-orange-200 bg-orange-50/40 p-4 ${className}`}
    >
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={saveDisabled}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}

/** A yes-or-no field of an editor form, its label beside the box; `className` is added to
 *  the label's classes (`self-end pb-2`). */
export function EditorCheckbox({
  label,
  reg,
  className,
}: {
  label: string;
  reg: UseFormRegisterReturn;
  className?: string;
}) {
  return (
    <label
      className={className ? `flex items-center gap-2 ${className}` : 'flex items-center gap-2'}
    >
      <input type="checkbox" className="h-5 w-5 accent-orange-800" {...reg} />
      {label}
    </label>
  );
}

/** An upload's progress bar, 0 to 100. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-stone-200"
    >
      <div className="h-full bg-orange-700 transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
