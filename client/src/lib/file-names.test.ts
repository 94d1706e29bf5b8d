import { describe, expect, it } from 'vitest';
import { safeStem, uniqueName } from './file-names';

describe('stored file names', () => {
  it('keep letters and digits only', () => {
    expect(safeStem('Stage Photo!.PNG')).toBe('stage-photo');
    expect(safeStem('../../etc/passwd')).toBe('etc-passwd');
    expect(safeStem('ಹವ್ಯಕ.jpg')).toBe('file');
    expect(safeStem('Ré<script>.jpg')).toBe('re-script');
  });

  it('are unique within a folder', () => {
    const a = uniqueName('albums/x', 'a.jpg', 'jpg', 1);
    expect(a).toMatch(/^albums\/x\/1-[a-z0-9]+-a\.jpg$/);
    expect(uniqueName('albums/x', 'a.jpg', 'jpg', 1)).not.toBe(a);
  });
});
