// The part of errors.ts the home page's first paint needs (the home page's queries and the
// render error screen), in a module of its own so that the rest of errors.ts (the toasts'
// wording, the SDK's messages) stays out of the entry bundle. errors.ts re-exports both.
import { coreText } from './core-text';

/** Throws the error of an SDK result, or returns its data. */
export function unwrap<T>(result: { data: T; error: null } | { data: null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

/** Text shown by the render error screen. */
export function renderErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error && 'statusText' in error) {
    const text = (error as { statusText?: string }).statusText;
    if (text) return text;
  }
  return coreText.renderErrorFallback;
}
