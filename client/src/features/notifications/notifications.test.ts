// @vitest-environment jsdom
// The notification bell's query through the real SDK (its fetch recorded) and a real query
// client: the request it sends (the user's own, newest first, 50), the rows it answers, and the
// refetch every 30 s that keeps the bell current; the badge and where a click goes.
import { createClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSdk } from '@/lib/sdk';
import { badgeText, notificationsQuery, notificationTarget } from './api/notifications';

const ROWS = [
  { id: 'n2', user_id: 'u1', title: 'New event: Ugadi', is_read: false },
  { id: 'n1', user_id: 'u1', title: 'Welcome', is_read: true },
];
let sent: URL[] = [];

beforeEach(() => {
  sent = [];
  setSdk(
    createClient<Database>('http://api.test', 'anon-key', {
      global: {
        fetch: async (input) => {
          sent.push(new URL(String(input instanceof Request ? input.url : input)));
          return new Response(JSON.stringify(ROWS), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        },
      },
    }),
  );
});
afterEach(() => vi.useRealTimers());

describe('the notification bell', () => {
  it('asks for the user’s own 50 newest notifications and answers their rows', async () => {
    const client = new QueryClient();
    const rows = await client.fetchQuery(notificationsQuery('u1'));
    expect(rows).toEqual(ROWS);
    expect(sent).toHaveLength(1);
    expect(sent[0].pathname).toBe('/rest/v1/notifications');
    expect(Object.fromEntries(sent[0].searchParams)).toEqual({
      select: '*',
      user_id: 'eq.u1',
      order: 'created_at.desc',
      limit: '50',
    });
    // Another user's bell is another query: nothing is shared between accounts.
    expect(notificationsQuery('u2').queryKey).not.toEqual(notificationsQuery('u1').queryKey);
  });

  it('refetches every 30 s while the bell is on screen, and not before', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const observer = new QueryObserver(client, notificationsQuery('u1'));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
  });

  it('shows 99+ above 99 unread', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('sends clicks to the event, the album, or the members for registration notices to admins', () => {
    expect(notificationTarget({ type: 'event', data: { event_id: 'e1' } }, 'member')).toBe(
      '/events/e1',
    );
    expect(notificationTarget({ type: 'photo', data: { album_id: 'a1' } }, 'member')).toBe(
      '/media/album/a1',
    );
    expect(notificationTarget({ type: 'registration', data: {} }, 'admin')).toBe('/admin/members');
    expect(notificationTarget({ type: 'registration', data: {} }, 'super_admin')).toBe(
      '/admin/members',
    );
    expect(notificationTarget({ type: 'registration', data: {} }, 'member')).toBeNull();
    expect(notificationTarget({ type: 'other', data: {} }, 'admin')).toBeNull();
  });
  it('opens the page a notice links to on this site, never another site', () => {
    expect(
      notificationTarget({ type: 'other', data: { link: '/dashboard/member' } }, 'member'),
    ).toBe('/dashboard/member');
    expect(
      notificationTarget({ type: 'other', data: { link: '//evil.example/x' } }, 'member'),
    ).toBeNull();
    expect(
      notificationTarget({ type: 'other', data: { link: 'https://evil.example' } }, 'member'),
    ).toBeNull();
  });
});
