// The words of index.html and offline.html come from the app's text modules, like every other
// user-facing string (a Kannada edition translates them there): each `{{name}}` in those pages
// becomes its text, HTML-escaped. A name without a text fails the build, so no page ships a
// marker. offline.html (src/app/offline.html, the page the service worker shows when a page
// cannot load) is written into the build beside index.html.
import fs from 'node:fs/promises';
import type { Plugin } from 'vite';

export type Words = Readonly<Record<string, string>>;

const MARKER = /\{\{(\w+)\}\}/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `html` with each `{{name}}` replaced by `words[name]`, escaped for text and attributes. */
export function fillText(html: string, words: Words, page: string): string {
  return html.replace(MARKER, (_, name: string) => {
    const word = Object.hasOwn(words, name) ? words[name] : undefined;
    if (word === undefined) throw new Error(`${page}: no text for {{${name}}}`);
    return word.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  });
}

/** Fills index.html (dev and build) and writes offline.html from `offlinePage` (build). */
export function documentPages(words: Words, offlinePage: string): Plugin {
  return {
    name: 'havyaka:document-text',
    transformIndexHtml: { order: 'pre', handler: (html) => fillText(html, words, 'index.html') },
    async generateBundle() {
      const template = await fs.readFile(offlinePage, 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'offline.html',
        source: fillText(template, words, 'offline.html'),
      });
    },
  };
}
