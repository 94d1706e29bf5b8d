// Stored rich text made safe to show (DOMPurify): the editor's own tags only; no scripts, event
// handlers, styles (except text alignment), forms, frames, objects, SVG or MathML; links only
// to http(s), mailto, tel or this site, opened with rel="noopener noreferrer"; images only from
// this site or the API's storage, so showing a page never loads anything from elsewhere.
import DOMPurify, { type Config } from 'dompurify';
import { apiUrl } from '@/lib/sdk';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'strike',
  'del',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'img',
  'span',
  'div',
  'sub',
  'sup',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'style', 'target', 'start'];
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
const ALIGN = /(?:^|;)\s*text-align\s*:\s*(left|center|right|justify)\s*(?:;|$)/i;

export interface SanitizeOptions {
  /** Origins images may load from (default: this page's origin and the API's). */
  imageOrigins?: string[];
}

function defaultImageOrigins(): string[] {
  const origins = new Set<string>();
  if (typeof location !== 'undefined') origins.add(location.origin);
  try {
    origins.add(new URL(apiUrl()).origin);
  } catch {
    // No API URL: this origin only.
  }
  return [...origins];
}

/** True when `src` loads from one of the origins (relative paths count as this origin). */
function imageAllowed(src: string, origins: string[]): boolean {
  const value = src.trim();
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && origins.includes(url.origin);
  } catch {
    return false;
  }
}

let purifier: ReturnType<typeof DOMPurify> | null = null;
let currentOrigins: string[] = [];

function getPurifier() {
  if (purifier) return purifier;
  // Our own instance, so these hooks never touch another DOMPurify user.
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      const align = ALIGN.exec(data.attrValue);
      if (align) data.attrValue = `text-align: ${align[1].toLowerCase()}`;
      else data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href !== null && !SAFE_LINK.test(href.trim())) el.removeAttribute('href');
      if (el.getAttribute('target') && el.getAttribute('target') !== '_blank')
        el.removeAttribute('target');
      el.setAttribute('rel', 'noopener noreferrer');
    }
    if (el.tagName === 'IMG') {
      const src = el.getAttribute('src');
      if (!src || !imageAllowed(src, currentOrigins)) el.remove();
      else el.setAttribute('loading', 'lazy');
    }
  });
  purifier = p;
  return p;
}

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
  KEEP_CONTENT: true,
};

/** Returns HTML safe to put in the page (see the file comment for what survives). */
export function sanitizeHtml(
  html: string | null | undefined,
  options: SanitizeOptions = {},
): string {
  if (!html) return '';
  currentOrigins = options.imageOrigins ?? defaultImageOrigins();
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The text of stored HTML (for previews, counts and meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
