// Form layout pieces: sections (fieldset + legend) and the actions row with a submit button that
// shows progress.
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Button, ButtonLink, buttonClass, type ButtonVariant } from '@/components/ui/button';
import { text } from './text';

/** A titled group of fields (a fieldset whose legend is the title). */
export function FormSection({
  title,
  description,
  children,
  className = 'grid gap-4 sm:grid-cols-2',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The fields' layout (default: two columns from 640 px). */
  className?: string;
}) {
  return (
    <fieldset className="m-0 min-w-0 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <legend className="px-1 font-serif text-lg font-bold text-stone-900">{title}</legend>
      {description && <div className="mb-4 text-sm text-stone-600">{description}</div>}
      <div className={className}>{children}</div>
    </fieldset>
  );
}

/** The buttons row at the end of a form (right-aligned; stacked on phones). */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
      {children}
    </div>
  );
}

/** A staff form's submit button (disabled while it saves) and the link back without saving. */
export function SaveOrCancel({
  label,
  saving,
  cancelTo,
  cancelLabel,
}: {
  label: string;
  saving: boolean;
  cancelTo: string;
  cancelLabel: string;
}) {
  return (
    <div className="flex gap-3">
      <Button type="submit" disabled={saving}>
        {label}
      </Button>
      <ButtonLink to={cancelTo} variant="ghost">
        {cancelLabel}
      </ButtonLink>
    </div>
  );
}

/** The submit button: shows a spinner and `pendingLabel` while the form submits. */
export function FormSubmit({
  children = text.save,
  pendingLabel = text.saving,
  variant = 'primary',
  className = '',
}: {
  children?: ReactNode;
  pendingLabel?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className={buttonClass(variant, className)} aria-disabled={isSubmitting}>
      {isSubmitting ? (
        <>
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
