// The row and select-all checkboxes of DataTable (an indeterminate state for "some on this page").
import { useEffect, useRef } from 'react';

export function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="h-5 w-5 cursor-pointer accent-orange-800"
    />
  );
}

/** What the table and the cards need to draw the selection (DataTable owns it). */
export interface RowSelection<T> {
  /** Checkboxes are shown. */
  selectable: boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  /** Every row of the page is selected / some are. */
  allOnPage: boolean;
  someOnPage: boolean;
  setAll: (on: boolean) => void;
  /** The accessible name of the row at `index` (0-based on the page). */
  rowName: (row: T, index: number) => string;
}
