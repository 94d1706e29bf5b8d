// A compact select inside a table cell that changes one row at once (an event's state, a
// registration's attendance, a message's status): named for its row, disabled while the change
// is saved, and a success toast once it is (even when the row then leaves a filtered list).
import { controlClass, OptionList } from '@/components/ui/field';
import { toastWhenDone } from '@/components/ui/toast';
import type { FilterOption } from './filter-bar';

export function CellSelect<V extends string>({
  label,
  value,
  options,
  disabled,
  change,
  done,
}: {
  /** The accessible name, naming the row: "Status of “Hall booking in May”". */
  label: string;
  value: V;
  options: readonly FilterOption[];
  disabled?: boolean;
  /** Saves the new value (a mutation's `mutateAsync`). */
  change: (value: V) => Promise<unknown>;
  /** The success toast's title, from the new value. */
  done: (value: V) => string;
}) {
  return (
    <select
      aria-label={label}
      className={`${controlClass} !w-auto !py-1 text-sm`}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const next = e.target.value as V;
        void toastWhenDone(change(next), done(next));
      }}
    >
      <OptionList options={options} />
    </select>
  );
}
