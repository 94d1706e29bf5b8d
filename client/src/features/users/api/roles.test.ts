// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parsePermissions } from './roles';

describe('parsePermissions', () => {
  it('splits on commas, trims, drops blanks and repeats', () => {
    expect(parsePermissions(' events.read, ,events.write,events.read ')).toEqual([
      'events.read',
      'events.write',
    ]);
    expect(parsePermissions('')).toEqual([]);
  });
});
