// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft';

describe('the draft', () => {
  it('keeps answers but never passwords or identity numbers', () => {
    saveDraft('t', {
      firstName: 'Asha',
      password: 'x',
      panNo: 'ABCPB1234K',
      aadharNo: '1',
      file: {},
    });
    expect(loadDraft('t')).toEqual({ firstName: 'Asha' });
    expect(localStorage.getItem('havyaka:draft:t')).not.toContain('ABCPB');
    clearDraft('t');
    expect(loadDraft('t')).toBeNull();
  });
});
