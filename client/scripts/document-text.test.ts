import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentText } from '../src/app/document-text';
import { layoutText } from '../src/app/nav';
import { text as siteText } from '../src/features/site/text';
import { fillText } from './document-text';
import { pageWords } from './page-words';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('fillText', () => {
  it('replaces every marker and escapes the words for text and attributes', () => {
    const html = '<meta content="{{a}}" /><p>{{b}} and {{a}}</p>';
    expect(fillText(html, { a: 'Tom & "Jerry"', b: "<You're>" }, 'test.html')).toBe(
      '<meta content="Tom &amp; &quot;Jerry&quot;" /><p>&lt;You&#39;re&gt; and Tom &amp; &quot;Jerry&quot;</p>',
    );
  });

  it('fails on a marker without a text, naming the page and the marker', () => {
    expect(() => fillText('<p>{{missing}}</p>', { a: 'x' }, 'page.html')).toThrow(
      'page.html: no text for {{missing}}',
    );
    // Inherited names are no texts either.
    expect(() => fillText('{{toString}}', {}, 'page.html')).toThrow('no text for {{toString}}');
  });
});

describe('the pages the build fills', () => {
  it('index.html takes its words from the text modules and keeps no marker', () => {
    const html = fillText(read('index.html'), pageWords, 'index.html');
    expect(html).not.toMatch(/\{\{|\}\}/);
    expect(html).toContain(`<title>${documentText.title}</title>`);
    expect(html).toContain(`<noscript>${documentText.noscript}</noscript>`);
    // The painted shell repeats the layout's brand and the home page's hero.
    expect(html).toContain(`>${layoutText.brand}</span>`);
    expect(html).toContain(`>${siteText.heroTitle}</p>`);
    expect(html).toContain(`>${siteText.heroBody}</p>`);
  });

  it('offline.html takes its words from document-text.ts and keeps no marker', () => {
    const html = fillText(read('src/app/offline.html'), pageWords, 'offline.html');
    expect(html).not.toMatch(/\{\{|\}\}/);
    expect(html).toContain('<h1>You&#39;re offline</h1>');
    expect(html).toContain(`<title>${documentText.offlineTitle}</title>`);
  });
});
