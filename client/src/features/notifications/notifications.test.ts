import { describe, expect, it } from 'vitest';
import { badgeText, LIST_LIMIT, notificationTarget, REFETCH_MS } from './api/notifications';

describe('the notification bell', () => {
  it('lists 50 and refetches every 30 s', () => {
    expect(LIST_LIMIT).toBe(50);
    expect(REFETCH_MS).toBe(30_000);
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
