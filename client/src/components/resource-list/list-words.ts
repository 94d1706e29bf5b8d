// A staff list's own words, named alike in every feature's text module that has one.
import type { EmptyText } from './resource-list';

/** The words a staff list's text module gives it: its name and its two empty states. */
export interface ListText {
  /** The table's accessible name. */
  listLabel: string;
  /** Said when there are no rows at all. */
  empty: string;
  /** Said when a filter or search leaves no rows. */
  emptyFiltered: string;
}

/** ResourceList's `label`, `empty` and `noMatch` from a text module: `<ResourceList {...listWords(text)} />`. */
export function listWords(text: ListText): { label: string; empty: EmptyText; noMatch: EmptyText } {
  return {
    label: text.listLabel,
    empty: { title: text.empty },
    noMatch: { title: text.emptyFiltered },
  };
}
