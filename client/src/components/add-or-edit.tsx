// A staff list's editor in place: an "Add" button until something is opened, then the form for
// a new row (`row` undefined) or for the row being edited. The list's Edit buttons call
// `setEditing(row)`; the form's `done` closes it. A new key per row resets the form.
import { Plus } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What is open: nothing, a new row, or a row. */
export type Editing<T> = T | 'new' | null;

export function AddOrEdit<T extends { id: string }>({
  editing,
  setEditing,
  addLabel,
  form,
}: {
  editing: Editing<T>;
  setEditing: (editing: Editing<T>) => void;
  addLabel: string;
  form: (row: T | undefined, done: () => void) => ReactNode;
}) {
  if (editing === null)
    return (
      <Button onClick={() => setEditing('new')}>
        <Plus className="h-4 w-4" aria-hidden /> {addLabel}
      </Button>
    );
  const row = editing === 'new' ? undefined : editing;
  return <Fragment key={row?.id ?? 'new'}>{form(row, () => setEditing(null))}</Fragment>;
}
