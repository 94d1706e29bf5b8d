// @vitest-environment jsdom
// The directory's filters through the real SDK query builder: the request it would send.
import { createClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
import { describe, expect, it } from 'vitest';
import {
  applyDirectoryFilters,
  applyEqualityFilters,
  DIRECTORY_FILTER_DEFAULTS,
  isFiltered,
  partialMatchTerms,
  searchFilter,
} from './filters';

/** A client whose fetch records the URL it was asked for. */
function recordingClient() {
  const sentUrl = { value: '' };
  const client = createClient<Database>('http://api.test', 'anon-key', {
    global: {
      fetch: async (input) => {
        sentUrl.value = String(input instanceof Request ? input.url : input);
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  });
  return { client, sentUrl };
}

/** The query string the SDK sends for the filters (captured by the client's fetch). */
async function sent(filters: Partial<typeof DIRECTORY_FILTER_DEFAULTS>, search = '') {
  const { client, sentUrl } = recordingClient();
  await applyDirectoryFilters(client.from('member_directory').select('id'), filters, search);
  return decodeURIComponent(new URL(sentUrl.value).search);
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

describe('partialMatchTerms', () => {
  it('is null when neither the search nor a partial filter is set', () => {
    expect(partialMatchTerms({ ...DIRECTORY_FILTER_DEFAULTS, status: 'Yes' }, ' ')).toBeNull();
  });
  it('gives the search, city and native place as terms, made safe like the filters', () => {
    expect(
      partialMatchTerms(
        { ...DIRECTORY_FILTER_DEFAULTS, city: ' Thane ', native_place: 'Sir*si' },
        'Hegde, R',
      ),
    ).toEqual({ search: 'Hegde R', city: 'Thane', native_place: 'Sir si' });
  });
});

describe('the search function request', () => {
  it('passes the terms as arguments and the equality filters as filters', async () => {
    const { client, sentUrl } = recordingClient();
    const filters = {
      ...DIRECTORY_FILTER_DEFAULTS,
      status: 'Yes',
      city: 'thane',
      delivery: 'none',
    };
    const terms = partialMatchTerms(filters, 'hegde');
    expect(terms).not.toBeNull();
    await applyEqualityFilters(
      client.rpc('admin_member_directory_matches', terms!, { get: true, count: 'exact' }),
      filters,
    );
    const url = new URL(sentUrl.value);
    expect(url.pathname).toBe('/rest/v1/rpc/admin_member_directory_matches');
    const query = decodeURIComponent(url.search);
    expect(query).toContain('search=hegde');
    expect(query).toContain('city=thane');
    expect(query).toContain('status=eq.Yes');
    expect(query).toContain('sandesha_delivery_method=is.null');
    expect(query).not.toContain('ilike');
  });
});
