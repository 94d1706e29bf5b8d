// The filter bar's controls as data: a resource's filters.ts lists them in order and
// ResourceList renders them bound to the list's URL state. Each preset is a control of the
// data-table kit (SearchFilter, SelectFilter, TextFilter) with the wiring filled in; a control
// of one's own is any `(state) => ReactNode`.
import type { ReactNode } from 'react';
import {
  SearchFilter,
  SelectFilter,
  TextFilter,
  type FilterOption,
  type TableUrlState,
} from '@/components/data-table';

/** One control of the filter bar, drawn from the list's URL state. */
export type FilterControl<F extends Record<string, string>> = (
  state: TableUrlState<F>,
) => ReactNode;

/** The stored approval states of accounts and applications (spec §3), in their usual order. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The free-text search (`?q=`, debounced). */
function search<F extends Record<string, string>>(props: {
  label: string;
  placeholder?: string;
}): FilterControl<F> {
  return (state) => <SearchFilter state={state} {...props} />;
}

/** A select on one filter key; `allLabel` (null: none) is its first, "no filter" option. */
function select<F extends Record<string, string>>(
  name: keyof F & string,
  props: {
    label: string;
    options: readonly FilterOption[];
    allLabel?: string | null;
    allValue?: string;
  },
): FilterControl<F> {
  return (state) => <SelectFilter state={state} name={name} {...props} />;
}

/** A typed partial match on one filter key (a city, a place). */
function text<F extends Record<string, string>>(
  name: keyof F & string,
  props: { label: string; placeholder?: string },
): FilterControl<F> {
  return (state) => <TextFilter state={state} name={name} {...props} />;
}

/**
 * The approval filter of accounts and applications: pending, approved, rejected, each in the
 * screen's words (`labels`), after the "All" option (value `allValue`: '' or the word the
 * list's default uses, such as 'all'). The filter key is `approval_status` unless `name` says.
 */
function approvalStatus<F extends Record<string, string>>({
  name = 'approval_status' as keyof F & string,
  label,
  labels,
  allLabel,
  allValue = '',
}: {
  name?: keyof F & string;
  label: string;
  labels: Record<string, string>;
  allLabel: string;
  allValue?: string;
}): FilterControl<F> {
  return select<F>(name, {
    label,
    allLabel,
    allValue,
    options: APPROVAL_STATUSES.map((value) => ({ value, label: labels[value] ?? value })),
  });
}

/**
 * The controls of an application list (students, matrimony profiles): the search, the
 * approval filter and a `gender` filter over `genders`, each with 'all' as its "no filter"
 * value, in the screen's words.
 */
function applications<F extends Record<string, string>>(
  words: {
    searchLabel: string;
    search: string;
    status: string;
    approvalLabels: Record<string, string>;
    all: string;
    gender: string;
    genderLabels: Record<string, string>;
  },
  genders: readonly string[],
): FilterControl<F>[] {
  return [
    search<F>({ label: words.searchLabel, placeholder: words.search }),
    approvalStatus<F>({
      label: words.status,
      labels: words.approvalLabels,
      allLabel: words.all,
      allValue: 'all',
    }),
    select<F>('gender' as keyof F & string, {
      label: words.gender,
      allLabel: words.all,
      allValue: 'all',
      options: genders.map((value) => ({ value, label: words.genderLabels[value] ?? value })),
    }),
  ];
}

/** The presets: `preset.search({ label })`, `preset.select('type', { … })`, … */
export const preset = { search, select, text, approvalStatus, applications };
