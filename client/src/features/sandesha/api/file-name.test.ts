// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { issueFileName } from './sandesha';

describe('a downloaded issue’s name (issue 40)', () => {
  it('names the periodical, the month and the year', () => {
    expect(issueFileName({ issue_year: 2026, issue_month: 12 })).toBe(
      'Havyaka-Sandesha-December-2026.pdf',
    );
    expect(issueFileName({ issue_year: 2027, issue_month: 1 })).toBe(
      'Havyaka-Sandesha-January-2027.pdf',
    );
  });
});
