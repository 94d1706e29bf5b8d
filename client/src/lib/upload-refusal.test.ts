// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { StorageError } from '@havyaka/sdk';
import { AppError, dataMessage } from './errors';
import { refusalWords, uploadError, uploadRefusal } from './upload-refusal';

const words = {
  size: 'File size too large. Maximum size: 15MB',
  type: 'File type not allowed. Allowed types: PDF',
};

// What the SDK makes of the storage service's answers (Supabase Storage's words and codes).
const tooLarge = new StorageError('The object exceeded the maximum allowed size', {
  code: 'EntityTooLarge',
  status: 413,
});
const wrongType = new StorageError('mime type image/png is not supported', {
  code: 'InvalidMimeType',
  status: 415,
});
const denied = new StorageError('new row violates row-level security policy', {
  code: 'AccessDenied',
  status: 403,
});

describe('upload refusals', () => {
  it('tells a refusal of size or type from other failures', () => {
    expect(uploadRefusal(tooLarge)).toBe('size');
    expect(uploadRefusal(wrongType)).toBe('type');
    expect(uploadRefusal(denied)).toBeNull();
    expect(uploadRefusal(new Error('offline'))).toBeNull();
    expect(uploadRefusal(null)).toBeNull();
  });

  it("speaks the spec's words, not the wire's", () => {
    expect(refusalWords(tooLarge, words)).toBe('File size too large. Maximum size: 15MB');
    expect(refusalWords(wrongType, words)).toBe('File type not allowed. Allowed types: PDF');
    const thrown = uploadError(tooLarge, words);
    expect(thrown).toBeInstanceOf(AppError);
    expect(dataMessage(thrown)).toBe('File size too large. Maximum size: 15MB');
    expect((thrown as AppError).code).toBe('VALIDATION_ERROR');
  });

  it('leaves every other failure as it was', () => {
    expect(refusalWords(denied, words)).toBeNull();
    expect(uploadError(denied, words)).toBe(denied);
  });
});
