import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast } from '@/components/ui/toast';
import { OfflineBanner, useConnectivityToasts } from './connectivity';

function Probe() {
  useConnectivityToasts();
  return <OfflineBanner />;
}

afterEach(() => {
  vi.restoreAllMocks();
  dismissToast();
});

describe('connectivity', () => {
  it('shows the banner and the offline toast, then the restored toast', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
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
});
