// The directory's filters through the real SDK query builder: the request it would send.
import { createClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
import { describe, expect, it } from 'vitest';
import {
  applyDirectoryFilters,
  DIRECTORY_FILTER_DEFAULTS,
  isFiltered,
  searchFilter,
} from './directory-filters';

/** The query string the SDK sends for the filters (captured by the client's fetch). */
async function sent(filters: Partial<typeof DIRECTORY_FILTER_DEFAULTS>, search = '') {
  let url = '';
  const client = createClient<Database>('http://api.test', 'anon-key', {
    global: {
      fetch: async (input) => {
        url = String(input instanceof Request ? input.url : input);
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  });
  await applyDirectoryFilters(client.from('member_directory').select('id'), filters, search);
  return decodeURIComponent(new URL(url).search);
}

describe('the search', () => {
  it('keeps e-mail addresses and numbers searchable', () => {
    expect(searchFilter('first_last@example.org')).toContain(
      'email.ilike.*first_last@example.org*',
    );
    expect(searchFilter('+91 98200')).toContain('mobile_number.ilike.*+91 98200*');
  });
});

describe('searchFilter', () => {
  it('searches name, membership number, HWT id, mobile and email', () => {
    expect(searchFilter('LM-00')).toBe(
      'full_name.ilike.*LM-00*,membership_no.ilike.*LM-00*,unique_id.ilike.*LM-00*,mobile_number.ilike.*LM-00*,email.ilike.*LM-00*',
    );
  });
  it('is null for nothing to search', () => {
    expect(searchFilter(' ,() ')).toBeNull();
  });
});

describe('applyDirectoryFilters', () => {
  it('sends equality for status and type, partial matches for city and native place', async () => {
    const q = await sent({
      status: 'Check',
      member_type: 'life',
      city: 'mum',
      native_place: 'Sir',
    });
    expect(q).toContain('status=eq.Check');
    expect(q).toContain('member_type=eq.life');
    expect(q).toContain('city=ilike.*mum*');
    expect(q).toContain('native_place=ilike.*Sir*');
  });
  it('filters the delivery method, or its absence', async () => {
    expect(await sent({ delivery: 'post' })).toContain('sandesha_delivery_method=eq.post');
    expect(await sent({ delivery: 'none' })).toContain('sandesha_delivery_method=is.null');
  });
  it('adds the free-text search as one or-filter', async () => {
    expect(await sent({}, 'Bhat')).toContain('or=(full_name.ilike.*Bhat*,');
  });
  it('sends no filter for empty values', async () => {
    expect(await sent({ ...DIRECTORY_FILTER_DEFAULTS }, '  ')).toBe('?select=id');
  });
});

describe('isFiltered', () => {
  it('is true when any filter or the search narrows the list', () => {
    expect(isFiltered(DIRECTORY_FILTER_DEFAULTS, '')).toBe(false);
    expect(isFiltered({ ...DIRECTORY_FILTER_DEFAULTS, city: 'Mumbai' }, '')).toBe(true);
    expect(isFiltered(DIRECTORY_FILTER_DEFAULTS, 'x')).toBe(true);
  });
});
