import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';
import { ConfirmProvider } from './confirm-dialog';
import { currentToast, dismissToast } from './ui/toast';

/** A promise settled from the test. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(action: () => Promise<unknown>) {
  render(
    <ConfirmProvider>
      <ConfirmButton
        aria-label="Delete Ganesha Chaturthi"
        confirm={{ title: 'Delete “Ganesha Chaturthi”?', confirmLabel: 'Delete' }}
        action={action}
        done="Event deleted"
      >
        x
      </ConfirmButton>
    </ConfirmProvider>,
  );
  return screen.getByRole('button', { name: 'Delete Ganesha Chaturthi' });
}

async function answer(label: 'Delete' | 'Cancel') {
  await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: label })));
}

beforeAll(async () => {
  await import('./confirm-dialog-view');
}, 30_000);
beforeEach(() => dismissToast());

describe('ConfirmButton', () => {
  it('does nothing when the question is cancelled', async () => {
    const action = vi.fn(() => Promise.resolve());
    fireEvent.click(setup(action));
    // Destructive unless told otherwise: focus starts on Cancel.
    await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await answer('Cancel');
    expect(action).not.toHaveBeenCalled();
    expect(currentToast()).toBeNull();
  });

  it('runs once, stays disabled while running, then toasts and is enabled again', async () => {
    const work = deferred();
    const action = vi.fn(() => work.promise);
    const button = setup(action);
    fireEvent.click(button);
    await answer('Delete');
    expect(action).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(async () => work.resolve());
    expect(currentToast()?.title).toBe('Event deleted');
    expect(button).toBeEnabled();
  });

  it('shows no success toast when the action fails, and can be tried again', async () => {
    const work = deferred();
    const button = setup(() => work.promise);
    fireEvent.click(button);
    await answer('Delete');
    await act(async () => work.reject(new Error('permission denied')));
    expect(currentToast()).toBeNull();
    expect(button).toBeEnabled();
  });
});
