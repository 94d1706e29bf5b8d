import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-formats';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and keeps it', () => {
    const medium = dateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
    expect(dateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' })).toBe(medium);
    expect(dateTimeFormat('en-IN', { dateStyle: 'full', timeZone: 'Asia/Kolkata' })).not.toBe(
      medium,
    );
    expect(dateTimeFormat('kn-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' })).not.toBe(
      medium,
    );
    expect(medium.format(new Date('2027-03-29T12:30:00Z'))).toBe('29 Mar 2027');
  });
});
