import { describe, expect, it } from 'vitest';
import { ilikePattern } from '../api/admin-events';
import { readListParams, writeListParams } from './list-params';

describe('events list URL state', () => {
  it('reads defaults from an empty URL and ignores nonsense', () => {
    expect(readListParams(new URLSearchParams('page=-2&size=7'))).toEqual({
      search: '',
      type: '',
      status: '',
      page: 1,
      pageSize: 20,
    });
  });

  it('round-trips filters and paging, leaving defaults out of the URL', () => {
    const f = { search: 'ugadi', type: 'cultural', status: 'published', page: 3, pageSize: 50 };
    expect(readListParams(writeListParams(f))).toEqual(f);
    expect(
      writeListParams({ ...f, search: '', type: '', status: '', page: 1, pageSize: 20 }).toString(),
    ).toBe('');
  });

  it('escapes wildcards and or-filter separators in a search', () => {
    expect(ilikePattern(' 50%_off, (now) ')).toBe('%50\\%\\_off   now %');
  });
});
