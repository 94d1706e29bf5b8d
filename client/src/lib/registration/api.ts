// The steps every registration shares, each safe to repeat: the account (sign-up, or sign-in
// when a previous attempt already made it), the applicant's files (fixed names, replaced on a
// retry), then the stored function that makes the users record and the application at once
// and returns the first one on a retry. A failure anywhere can be retried with one click.
import { AppError } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n/words';
import { sdk } from '@/lib/sdk';
import { uploadError, type UploadWords } from '@/lib/upload-refusal';
import { text } from './text';

export type Audience = 'student' | 'matrimony' | 'member';

export interface AccountInput {
  email: string;
  password: string;
  fullName: string;
}

/** The signed-in user's id, signing up (or in, on a retry) when an account is given. */
export async function ensureSession(account: AccountInput | null): Promise<string> {
  const auth = sdk().auth;
  const current = (await auth.getSession()).data.session;
  if (current) return current.user.id;
  if (!account) throw new AppError('No active session', 'AUTHENTICATION_ERROR');
  const email = account.email.trim().toLowerCase();
  const signUp = await auth.signUp({
    email,
    password: account.password,
    // The language on screen: the confirmation mail is written in it (templates/README.md).
    options: { data: { full_name: account.fullName, language: currentLanguage() } },
  });
  if (!signUp.error) {
    if (signUp.data.session) return signUp.data.session.user.id;
    throw new AppError(text.confirmEmail, 'VALIDATION_ERROR');
  }
  if (signUp.error.code === 'user_already_exists') {
    // A retry after the first answer was lost: the same email and password sign in.
    const signIn = await auth.signInWithPassword({ email, password: account.password });
    if (signIn.data.session) return signIn.data.session.user.id;
    throw new AppError(text.existingAccount, 'VALIDATION_ERROR', signIn.error);
  }
  if (signUp.error.code === 'weak_password') {
    throw new AppError(signUp.error.message, 'VALIDATION_ERROR', signUp.error);
  }
  throw signUp.error;
}

/** The path a stored file is addressed by (what the tables keep). */
export const objectPath = (bucket: string, name: string) => `/storage/v1/object/${bucket}/${name}`;

/**
 * Uploads into the applicant's own folder under a fixed name; returns the object name. A
 * refusal of size or type is thrown in the feature's `words` (the spec's upload messages).
 */
export async function uploadOwnFile(
  bucket: string,
  userId: string,
  name: string,
  file: Blob,
  contentType: string,
  words: UploadWords,
): Promise<string> {
  const objectName = `${userId}/${name}`;
  const { error } = await sdk()
    .storage.from(bucket)
    .upload(objectName, file, { upsert: true, contentType, cacheControl: '3600' });
  if (error) throw uploadError(error, words);
  return objectName;
}

/** A file name safe for storage: letters, digits, dots, dashes; at most 80 characters. */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext =
    dot > 0
      ? name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
  const base = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'file'}${ext ? `.${ext}` : ''}`;
}
