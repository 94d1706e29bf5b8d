import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './nav';

describe('breadcrumbs of items without a page of their own', () => {
  it('skip the id of an event or a business (no /admin/events/{id} route)', () => {
    const id = '0b7c2c1e-0000-4000-8000-000000000001';
    expect(breadcrumbsFor(`/admin/events/${id}/edit`)).toEqual([
      { label: 'Dashboard', to: '/admin' },
      { label: 'Events', to: '/admin/events' },
      { label: 'Edit', to: `/admin/events/${id}/edit` },
    ]);
    expect(breadcrumbsFor(`/admin/events/${id}/registrations`).map((c) => c.to)).toEqual([
      '/admin',
      '/admin/events',
      `/admin/events/${id}/registrations`,
    ]);
    expect(breadcrumbsFor(`/admin/business/${id}/edit`).map((c) => c.label)).toEqual([
      'Dashboard',
      'Business Directory',
      'Edit',
    ]);
  });
});
