// What the data table, its pagination and filter bar say .
import { kannada } from '@/lib/i18n/words';

export const text = {
  loading: 'Loading…',
  emptyTitle: 'Nothing to show',
  emptyFiltered: 'No rows match these filters.',
  errorTitle: 'Could not load this list',
  selectAll: 'Select all rows on this page',
  selectRow: (label: string) => `Select ${label}`,
  rowFallback: (n: number) => `row ${n}`,
  selected: (n: number) => `${n} selected`,
  total: (n: number) => (n === 1 ? '1 row in all' : `${n} rows in all`),
  clearSelection: 'Clear selection',
  sortLabel: 'Sort by',
  sortDefault: 'Default order',
  sortOption: (label: string, desc: boolean) => `${label} (${desc ? 'descending' : 'ascending'})`,
  pagination: 'Pagination',
  previous: 'Previous page',
  next: 'Next page',
  first: 'First page',
  last: 'Last page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  showing: (from: number, to: number, total: number) =>
    total === 0 ? 'No results' : `Showing ${from}–${to} of ${total}`,
  rowsPerPage: 'Rows per page',
  search: 'Search',
  filters: 'Filters',
  resetFilters: 'Reset filters',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exported: (n: number) => (n === 1 ? 'Exported 1 row' : `Exported ${n} rows`),
  all: 'All',
} as const;

kannada({ text }, () => import('./text.kn'));
