import { describe, expect, it } from 'vitest';
import { ilikeAny, ilikePattern, searchTerm } from './search';

describe('search helpers', () => {
  it('blanks PostgREST reserved characters', () => {
    expect(searchTerm(' Rao, (Asha)* 100% "x" a\\b c:d ')).toBe('Rao Asha 100 x a b c d');
  });
  it('builds ilike patterns and or() lists, or null for an empty search', () => {
    expect(ilikePattern('bhat')).toBe('*bhat*');
    expect(ilikePattern(' ,() ')).toBeNull();
    expect(ilikeAny(['full_name', 'email'], 'as,ha')).toBe(
      'full_name.ilike.*as ha*,email.ilike.*as ha*',
    );
    expect(ilikeAny(['full_name'], '')).toBeNull();
  });
});
