// The events list's state in the URL (?q=&type=&status=&page=&size=): shareable, and kept
// when the user comes back from an event.
import type { AdminEventFilters } from '../api/admin-events';

export const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_SIZE = 20;

export function readListParams(params: URLSearchParams): AdminEventFilters {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    search: params.get('q') ?? '',
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
  };
}

export function writeListParams(f: AdminEventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search) params.set('q', f.search);
  if (f.type) params.set('type', f.type);
  if (f.status) params.set('status', f.status);
  if (f.page > 1) params.set('page', String(f.page));
  if (f.pageSize !== DEFAULT_SIZE) params.set('size', String(f.pageSize));
  return params;
}
