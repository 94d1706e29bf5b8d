import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '@/components/ui/toast';
import Connectivity, { OfflineBanner, useConnectivityToasts } from './connectivity';

function Probe() {
  useConnectivityToasts();
  return <OfflineBanner />;
}

const withCache = (children: ReactNode, client = new QueryClient()) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

function SavedEvents() {
  // An answer restored from the device: fetched on 1 December 2026 at 20:59 UTC.
  useQuery({
    queryKey: ['events', 'list'],
    queryFn: () => new Promise<string[]>(() => {}),
    initialData: ['Ganesha Chaturthi'],
    initialDataUpdatedAt: Date.parse('2026-12-01T20:59:00Z'),
    networkMode: 'online',
  });
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
  dismissToast();
});

describe('connectivity', () => {
  it('shows the banner and the offline toast, then the restored toast', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(withCache(<Probe />));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Connection Lost');
    expect(currentToast()).toMatchObject({
      title: "You're offline",
      description: 'Some features may not work properly. Please check your connection.',
      variant: 'destructive',
      duration: Infinity,
    });
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(currentToast()).toMatchObject({
      title: 'Connection Restored',
      description: 'Your connection has been restored.',
    });
  });

  it('says when what it shows was saved (issue 40)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      withCache(
        <>
          <SavedEvents />
          <Probe />
        </>,
      ),
    );
    // Mumbai's time: 2 December, 2:29 am.
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      /Connection Lost\. You're offline, showing what was saved on 2 Dec 2026, 2:29\s?am\./i,
    );
  });
  it('shows the error toasts once its chunk is there (none in the first paint)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(withCache(<Connectivity />));
    act(() => {
      window.dispatchEvent(new Event('unhandledrejection'));
    });
    expect(currentToast()).toMatchObject({
      title: 'Something went wrong',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    });
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    });
    expect(currentToast()).toMatchObject({ title: 'Application Error' });
    dismissToast();
    act(() => {
      // A picture that failed to load is no script error.
      window.dispatchEvent(new ErrorEvent('error'));
    });
    expect(currentToast()).toBeNull();
  });
});
