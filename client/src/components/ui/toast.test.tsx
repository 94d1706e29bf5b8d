import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, Toaster } from './toast';

afterEach(() => {
  document.documentElement.removeAttribute('data-easy');
  vi.useRealTimers();
});

describe('toasts and time limits', () => {
  it('go after their time in the normal view', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    expect(screen.getByTestId('toast').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(5_001));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('stay until closed in Easy view (no time limit)', () => {
    vi.useFakeTimers();
    document.documentElement.setAttribute('data-easy', '');
    render(<Toaster />);
    act(() => void toast({ title: 'Registered' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('toast').textContent).toContain('Registered');
    act(() => dismissToast());
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
