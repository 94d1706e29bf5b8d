// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize';

const ORIGINS = { imageOrigins: ['https://havyaka.example'] };
const clean = (html: string) => sanitizeHtml(html, ORIGINS);

describe('sanitizeHtml', () => {
  it('keeps the editor’s formatting', () => {
    const html =
      '<h2>Programme</h2><p style="text-align: center"><strong>Bold</strong> <em>it</em> <s>old</s></p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>';
    expect(clean(html)).toBe(html.replace('text-align: center', 'text-align: center'));
  });

  it('strips scripts, event handlers and javascript: links', () => {
    const out = clean(
      '<p onclick="steal()">hi<script>alert(1)</script></p><img src="/x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="JaVaScRiPt:alert(4)">y</a>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<img src="/x.png" loading="lazy">');
    expect(out).toContain('<a rel="noopener noreferrer">x</a>');
  });

  it('removes iframes, objects, embeds, forms, SVG and styles', () => {
    const out = clean(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><form action="/x"><input name="a"></form><svg><script>1</script></svg><style>body{}</style><p>kept</p>',
    );
    expect(out).toBe('<p>kept</p>');
  });

  it('keeps only text-align in style attributes', () => {
    expect(clean('<p style="background:url(https://evil.example/t.gif)">a</p>')).toBe('<p>a</p>');
    expect(clean('<p style="text-align: RIGHT; color: red">a</p>')).toBe(
      '<p style="text-align: right">a</p>',
    );
  });

  it('loads images only from this site or our storage', () => {
    expect(clean('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(clean('<img src="//tracker.example/p.gif">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(
      clean('<img src="https://havyaka.example/storage/v1/object/public/events/a.jpg" alt="a">'),
    ).toBe(
      '<img src="https://havyaka.example/storage/v1/object/public/events/a.jpg" alt="a" loading="lazy">',
    );
  });

  it('gives links rel="noopener noreferrer" and keeps safe schemes', () => {
    expect(clean('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:office@example.org">m</a>')).toContain('href="mailto:');
    expect(clean('<a href="data:text/html,hi">d</a>')).toBe('<a rel="noopener noreferrer">d</a>');
    expect(clean('<a href="https://x.example" target="_top">t</a>')).not.toContain('_top');
  });

  it('handles empty input and extracts text', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(htmlToText('<p>Hello <b>there</b></p><script>x</script><p>again</p>')).toBe(
      'Hello thereagain',
    );
  });
});
