import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Badge, statusTone } from './badge';
import { SubmitButton, useSubmitState } from './submit-button';
import { currentToast, dismissToast, toast, Toaster, toastWhenDone } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

function Form({ fail }: { fail: boolean }) {
  const submit = useSubmitState();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit
          .run(async () => {
            if (fail) throw new Error('no');
          })
          .catch(() => undefined);
      }}
    >
      <SubmitButton
        state={submit.state}
        labels={{ idle: 'Send', loading: 'Sending', success: 'Sent', error: 'Failed' }}
      />
    </form>
  );
}

describe('the submit button', () => {
  it('goes idle → loading → success, and back to idle after 3 s', async () => {
    render(<Form fail={false} />);
    await act(async () => fireEvent.submit(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent('Sent');
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByRole('button')).toHaveTextContent('Sent');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Send');
  });
  it('shows an error for 5 s', async () => {
    render(<Form fail />);
    await act(async () => fireEvent.submit(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent('Failed');
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('button')).toHaveTextContent('Failed');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Send');
  });
});

describe('toasts', () => {
  it('show one at a time: a new one replaces the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
  it('keep a toast of infinite duration open', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "You're offline", duration: Infinity, variant: 'destructive' });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(currentToast()?.title).toBe("You're offline");
  });
});

describe('toastWhenDone', () => {
  it('says it is done when the work resolves, and stays quiet (already toasted) when it fails', async () => {
    dismissToast();
    await toastWhenDone(Promise.reject(new Error('refused')), 'Saved');
    expect(currentToast()).toBeNull();
    await toastWhenDone(Promise.resolve({ id: 1 }), 'Saved');
    expect(currentToast()).toMatchObject({ title: 'Saved', variant: 'success' });
    dismissToast();
  });
});

describe('Badge', () => {
  it('picks a tone from the status and shows its text', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone(null)).toBe('neutral');
    render(<Badge tone={statusTone('pending')}>Pending</Badge>);
    expect(screen.getByText('Pending')).toHaveClass('bg-amber-50');
  });
});
