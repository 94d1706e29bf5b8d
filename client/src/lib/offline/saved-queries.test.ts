// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { savedState } from './saved-cache';
import { keepOf } from './saved-queries';

describe('the answers kept on the device (issue 40)', () => {
  it('keeps public pages and the person’s own records, nothing else', () => {
    expect(keepOf(['events', 'list', { upcomingOnly: true }])).toBe('public');
    expect(keepOf(['events', 'detail', 'e1'])).toBe('public');
    expect(keepOf(['sandesha', 'list', {}])).toBe('public');
    expect(keepOf(['site', 'organization'])).toBe('public');
    expect(keepOf(['events', 'my-registrations', 'u1'])).toBe('personal');
    expect(keepOf(['notifications', 'list', 'u1'])).toBe('personal');
    expect(keepOf(['auth', 'profile', 'u1'])).toBe('personal');
    // The membership card, and what the door's scanner checks cards against offline.
    expect(keepOf(['members', 'card', 'own'])).toBe('personal');
    expect(keepOf(['cards', 'keys'])).toBe('public');
    expect(keepOf(['cards', 'revocations'])).toBe('personal');
    expect(keepOf(['cards', 'holder', 'LM-1024'])).toBe(false);
    expect(keepOf(['cards', 'events-today', '2027-03-29'])).toBe('personal');
    // Staff screens and other people's records never.
    expect(keepOf(['events', 'admin', 'registrations', 'e1'])).toBe(false);
    expect(keepOf(['admin-members', 'list'])).toBe(false);
    expect(keepOf(['matrimony', 'browse', {}])).toBe(false);
    expect(keepOf(['auth', 'settings'])).toBe(false);
  });

  it('writes only the kept, successful answers', () => {
    const client = new QueryClient();
    client.setQueryData(['events', 'list', {}], [{ id: 'e1' }]);
    client.setQueryData(['notifications', 'list', 'u1'], [{ id: 'n1' }]);
    client.setQueryData(['admin-members', 'list'], [{ id: 'm1' }]);
    const keys = savedState(client).queries.map((q) => q.queryKey[0]);
    expect(keys.sort()).toEqual(['events', 'notifications']);
  });
});
