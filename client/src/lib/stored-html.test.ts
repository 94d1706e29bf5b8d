import { describe, expect, it } from 'vitest';
import { descriptionToHtml, htmlText, isHtml } from './stored-html';

describe('descriptions', () => {
  it('shows plain text as escaped paragraphs', () => {
    expect(descriptionToHtml('Lamps & sweets\nfor ages < 12 and > 60')).toBe(
      '<p>Lamps &amp; sweets<br>for ages &lt; 12 and &gt; 60</p>',
    );
  });

  it('keeps HTML as it is', () => {
    expect(isHtml('<p>Hi</p>')).toBe(true);
    expect(descriptionToHtml('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(isHtml('1 < 2 and 3 > 2')).toBe(false);
  });

  it('splits paragraphs on blank lines', () => {
    expect(descriptionToHtml('One\n\nTwo')).toBe('<p>One</p><p>Two</p>');
  });

  it('finds the visible text', () => {
    expect(htmlText('<p> </p><p>&nbsp;</p>')).toBe('');
    expect(htmlText('<p><strong>Bold</strong> text</p>')).toBe('Bold text');
  });
});
