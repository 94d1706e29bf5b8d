// The storage service answers a refused upload in Supabase Storage's words and codes
// (`EntityTooLarge`, `InvalidMimeType`); people read the spec's (§5, Uploads: 'File size too
// large. Maximum size: {size}', 'File type not allowed. Allowed types: {list}'), worded by the
// feature that knows its limits, in its text module.
import { AppError } from './errors';

/** A feature's words for an upload refused for its size or its type. */
export interface UploadWords {
  size: string;
  type: string;
}

/** Which limit refused an upload: its size, its type, or neither (another failure). */
export function uploadRefusal(error: unknown): 'size' | 'type' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EntityTooLarge') return 'size';
  if (code === 'InvalidMimeType') return 'type';
  return null;
}

/** The feature's words for a refusal of size or type, or null for any other failure. */
export const refusalWords = (error: unknown, words: UploadWords): string | null => {
  const refusal = uploadRefusal(error);
  return refusal ? words[refusal] : null;
};

/** The error to throw for a failed upload: a refusal of size or type in the feature's words. */
export function uploadError(error: unknown, words: UploadWords): unknown {
  const text = refusalWords(error, words);
  return text ? new AppError(text, 'VALIDATION_ERROR', error) : error;
}
