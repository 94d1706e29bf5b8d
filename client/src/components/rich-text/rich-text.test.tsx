import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';
import { SafeHtml } from './safe-html';

// jsdom has no layout: ProseMirror scrolls the selection into view after focus() and needs
// these to exist.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const rect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= rect;
  Element.prototype.getClientRects ??= rects;
});
// The editor loads lazily (TipTap is large): load it once up front so a busy machine does not
// time the first test out.
beforeAll(async () => {
  await import('./editor');
}, 60_000);

function Harness({ initial = '' }: { initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor label="Description" value={html} onChange={setHtml} maxLength={5000} />
      <output data-testid="html">{html}</output>
    </>
  );
}

const TOOLBAR = [
  'Bold',
  'Italic',
  'Strikethrough',
  'Bullet list',
  'Numbered list',
  'Quote',
  'Align left',
  'Align center',
  'Align right',
  'Justify',
  'Undo',
  'Redo',
];

describe('RichTextEditor', () => {
  it('loads lazily and names every toolbar button (spec §2 Edit Event)', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 15_000 });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names).toEqual(TOOLBAR);
    // The toolbar can render a frame before ProseMirror mounts its editable element (seen on
    // a loaded machine): wait for the textbox too.
    const textbox = await screen.findByRole(
      'textbox',
      { name: 'Description' },
      { timeout: 15_000 },
    );
    expect(textbox).toHaveTextContent('Hello');
    expect(await screen.findByText('5 / 5000 characters')).toBeInTheDocument();
  });

  it('applies formatting from the toolbar, reports HTML, and undoes it', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const center = await screen.findByRole('button', { name: 'Align center' });
    expect(center).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await act(async () => fireEvent.click(center));
    await waitFor(() =>
      expect(screen.getByTestId('html').textContent).toBe(
        '<p style="text-align: center;">Hello</p>',
      ),
    );
    expect(center).toHaveAttribute('aria-pressed', 'true');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeEnabled();
    await act(async () => fireEvent.click(undo));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toBe('<p>Hello</p>'));
  });

  it('moves through the toolbar with arrow keys (one tab stop)', async () => {
    render(<Harness />);
    const bold = await screen.findByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('tabindex', '-1');
    act(() => bold.focus());
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Italic' }), { key: 'End' });
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveFocus();
  });
});

describe('SafeHtml', () => {
  it('renders sanitized HTML', () => {
    const { container } = render(
      <SafeHtml html={'<p>Hi<img src="x" onerror="alert(1)"></p><script>alert(2)</script>'} />,
    );
    expect(container.innerHTML).not.toMatch(/onerror|script/);
    expect(container).toHaveTextContent('Hi');
  });
});
