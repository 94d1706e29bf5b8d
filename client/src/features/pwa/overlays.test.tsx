import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engagementScore } from './analytics';
import { InstallCards } from './components/install-card';
import { ENGAGED_AFTER_MS } from './engagement';
import { captureInstallPrompt, clearInstallPrompt } from './install-prompt';
import { INTRO_SEEN, IntroVideo } from './components/intro-video';
import { NotificationPrompt, PROMPT_DISMISSED } from './components/notification-prompt';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ status: 'signedOut', session: null }) }));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  window.HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve());
});
afterEach(() => vi.useRealTimers());

describe('the intro video', () => {
  it('starts after 1 s, shows Loading video, and closes 2 s after it ends', () => {
    const onDone = vi.fn();
    render(<IntroVideo onDone={onDone} />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('intro-video')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('intro-video')).toBeInTheDocument();
    expect(screen.getByText('Loading video…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip Intro' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    const video = screen.getByTestId('intro-video').querySelector('video')!;
    fireEvent.canPlay(video);
    expect(screen.queryByText('Loading video…')).toBeNull();
    fireEvent.ended(video);
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.getByTestId('intro-video')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('intro-video')).toBeNull();
    expect(onDone).toHaveBeenCalled();
  });
  it('toggles mute and closes on Skip Intro', () => {
    render(<IntroVideo />);
    act(() => vi.advanceTimersByTime(1_000));
    const mute = screen.getByRole('button', { name: 'Unmute' });
    fireEvent.click(mute);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Skip Intro' }));
    expect(screen.queryByTestId('intro-video')).toBeNull();
  });
  it('is shown once (remembered locally)', () => {
    const first = render(<IntroVideo />);
    act(() => vi.advanceTimersByTime(1_000));
    expect(localStorage.getItem(INTRO_SEEN)).toBe('true');
    first.unmount();
    render(<IntroVideo />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('intro-video')).toBeNull();
  });
});

describe('the notification opt-in card', () => {
  const setPermission = (permission: NotificationPermission) =>
    vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  afterEach(() => vi.unstubAllGlobals());

  it('appears after 5 s when permission is undecided, with the Not Requested badge', () => {
    setPermission('default');
    render(<NotificationPrompt />);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('notification-prompt')).toBeInTheDocument();
    expect(screen.getByTestId('notification-status')).toHaveTextContent('Not Requested');
  });
  it('remembers a dismissal', () => {
    setPermission('default');
    const first = render(<NotificationPrompt />);
    act(() => vi.advanceTimersByTime(5_000));
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(localStorage.getItem(PROMPT_DISMISSED)).toBe('true');
    first.unmount();
    render(<NotificationPrompt />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
  });
  it.each(['granted', 'denied'] as const)('stays away when permission is %s', (permission) => {
    setPermission(permission);
    render(<NotificationPrompt />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
  });
  it('waits while paused (the intro video plays)', () => {
    setPermission('default');
    const view = render(<NotificationPrompt paused />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    view.rerender(<NotificationPrompt paused={false} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('notification-prompt')).toBeInTheDocument();
  });
});

describe('the install card', () => {
  beforeAll(() => captureInstallPrompt());
  afterEach(() => clearInstallPrompt());

  /** The app's pages with the install cards, the browser's install offer captured. */
  function renderWithOffer() {
    const router = createMemoryRouter(
      ['/', '/events'].map((path) => ({ path, element: <InstallCards /> })),
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(() => Promise.resolve()),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    act(() => void window.dispatchEvent(offer));
    return router;
  }
  const card = () => screen.queryByTestId('install-card');

  it('is not offered at page load, but after 30 s on the site', () => {
    renderWithOffer();
    act(() => vi.advanceTimersByTime(ENGAGED_AFTER_MS - 1));
    expect(card()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(card()).toBeInTheDocument();
  });
  it('is offered after a click, and on every page of the visit after that', () => {
    renderWithOffer();
    expect(card()).toBeNull();
    fireEvent.click(document.body);
    expect(card()).toBeInTheDocument();
    expect(sessionStorage.getItem('havyaka:engaged')).toBe('1');
  });
  it('is offered on the second page of a visit', async () => {
    const router = renderWithOffer();
    expect(card()).toBeNull();
    await act(() => router.navigate('/events'));
    expect(card()).toBeInTheDocument();
  });
});

describe('the engagement score', () => {
  it('gives a point each for over 30 s, over 2 pages and over 5 interactions', () => {
    expect(engagementScore({ timeOnSite: 30, pageVisits: 2, interactions: 5 })).toBe(0);
    expect(engagementScore({ timeOnSite: 31, pageVisits: 2, interactions: 5 })).toBe(1);
    expect(engagementScore({ timeOnSite: 31, pageVisits: 3, interactions: 6 })).toBe(3);
  });
});
