// Small filter controls wired to useTableUrlState: a search box, selects, and a reset button.
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, OptionList } from '@/components/ui/field';
import { text } from './text';
import type { TableUrlState } from './url-state';

/** A row of filters (role=search); shows "Reset filters" when the state is filtered. */
export function FilterBar({
  state,
  label = text.filters,
  children,
  actions,
}: {
  state?: Pick<TableUrlState, 'isFiltered' | 'reset'>;
  /** The landmark's accessible name. */
  label?: string;
  children: ReactNode;
  /** Right-aligned extras (export, create buttons). */
  actions?: ReactNode;
}) {
  return (
    <div
      role="search"
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {children}
      {state?.isFiltered && (
        <Button variant="ghost" onClick={state.reset}>
          {text.resetFilters}
        </Button>
      )}
      {actions && <div className="flex flex-wrap gap-2 sm:ml-auto">{actions}</div>}
    </div>
  );
}

/** A control's label above it, in a box of the control's width (the filters, the cards' sort). */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The free-text search, debounced into the URL's `q`. */
export function SearchFilter({
  state,
  label = text.search,
  placeholder,
}: {
  state: Pick<TableUrlState, 'searchInput' | 'setSearch'>;
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} className="min-w-0 sm:w-64">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={state.searchInput}
          placeholder={placeholder}
          onChange={(e) => state.setSearch(e.target.value)}
          className={`${controlClass} pl-9`}
        />
      </div>
    </Labelled>
  );
}

/**
 * A typed partial-match filter bound to one filter key (a city, a place): the box updates at
 * once, the URL 300 ms after the last keystroke (replacing the history entry, like the search)
 * or at once on Enter. The value reaches the URL trimmed; the screen decides how to match it.
 */
export function TextFilter<F extends Record<string, string>>({
  state,
  name,
  label,
  placeholder,
  debounceMs = 300,
}: {
  state: Pick<TableUrlState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  placeholder?: string;
  debounceMs?: number;
}) {
  const id = useId();
  const value: string = state.filters[name];
  const [draft, setDraft] = useState<string>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const written = useRef(value);
  useEffect(() => {
    if (value === written.current) return;
    // The URL changed under us (reset, back button, a shared link): follow it.
    written.current = value;
    clearTimeout(timer.current);
    setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { setFilter } = state;
  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === written.current) return;
    written.current = trimmed;
    setFilter(name, trimmed, { replace: true });
  };
  return (
    <Labelled id={id} label={label} className="min-w-0 sm:w-40">
      <input
        id={id}
        type="text"
        value={draft}
        placeholder={placeholder}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), debounceMs);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
        className={controlClass}
      />
    </Labelled>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** Select options from a list of stored values and their labels (a value without a label shows as itself). */
export function labelledOptions(
  values: readonly string[],
  labels: Record<string, string>,
): FilterOption[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}

/**
 * A select bound to one filter key of the URL state. `allLabel` adds an "All" option first
 * (value `allValue`, '' unless the filter's default is another word such as 'all').
 */
export function SelectFilter<F extends Record<string, string>>({
  state,
  name,
  label,
  options,
  allLabel = text.all,
  allValue = '',
}: {
  state: Pick<TableUrlState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  options: readonly FilterOption[];
  /** The "no filter" option's label, or null for none. */
  allLabel?: string | null;
  /** The "no filter" option's value. */
  allValue?: string;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} className="min-w-0 sm:w-48">
      <select
        id={id}
        value={state.filters[name]}
        onChange={(e) => state.setFilter(name, e.target.value)}
        className={controlClass}
      >
        {allLabel !== null && <option value={allValue}>{allLabel}</option>}
        <OptionList options={options} />
      </select>
    </Labelled>
  );
}
