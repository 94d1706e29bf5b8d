import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';

function Asker({
  options,
  onResult,
}: {
  options: ConfirmOptions;
  onResult: (ok: boolean) => void;
}) {
  const confirm = useConfirm();
  return <button onClick={() => void confirm(options).then(onResult)}>Ask</button>;
}

function setup(options: ConfirmOptions) {
  const results: boolean[] = [];
  render(
    <ConfirmProvider>
      <Asker options={options} onResult={(ok) => results.push(ok)} />
    </ConfirmProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
  return results;
}

// The dialog loads lazily; load it once up front so a busy machine does not time the
// first test out.
beforeAll(async () => {
  await import('./confirm-dialog-view');
}, 30_000);

describe('confirm()', () => {
  it('resolves true when confirmed', async () => {
    const results = setup({ title: 'Publish event?', confirmLabel: 'Publish' });
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Publish event?' },
      { timeout: 10_000 },
    );
    expect(dialog).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect(results).toEqual([true]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on Cancel and on Escape, focusing Cancel for destructive actions', async () => {
    const results = setup({ title: 'Delete member?', destructive: true, confirmLabel: 'Delete' });
    await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(results).toEqual([false]);

    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(results).toEqual([false, false]);
  });

  it('keeps Confirm disabled until the required text is typed', async () => {
    const results = setup({
      title: 'Delete album?',
      confirmLabel: 'Delete',
      requireText: 'Diwali',
    });
    await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    const confirmButton = screen.getByRole('button', { name: 'Delete' });
    expect(confirmButton).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type “Diwali” to confirm'), {
      target: { value: 'Diwali' },
    });
    expect(confirmButton).toBeEnabled();
    await act(async () => fireEvent.click(confirmButton));
    expect(results).toEqual([true]);
  });

  it('useConfirm outside the provider says what is missing', () => {
    function Bare() {
      useConfirm();
      return null;
    }
    expect(() => render(<Bare />)).toThrow(/ConfirmProvider/);
  });
});
