// Stored rich text shown safely: sanitized by sanitizeHtml, styled as prose.
import { useMemo } from 'react';
import { sanitizeHtml, type SanitizeOptions } from './sanitize';

/** Renders stored HTML (event descriptions, pages) after sanitizing it. */
export function SafeHtml({
  html,
  className = '',
  as: Tag = 'div',
  options,
}: {
  html: string | null | undefined;
  className?: string;
  /** The wrapping element (default div). */
  as?: 'div' | 'section' | 'article';
  options?: SanitizeOptions;
}) {
  const clean = useMemo(() => sanitizeHtml(html, options), [html, options]);
  return <Tag className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
