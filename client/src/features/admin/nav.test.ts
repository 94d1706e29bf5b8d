import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, sidebarFor } from './nav';

const labels = (role: string) =>
  sidebarFor(role).map((s) => ({ group: s.group, items: s.items.map((i) => i.label) }));

describe('the admin sidebar (spec §2)', () => {
  it('havyaka_sandesh_manager sees Dashboard and Manage Issues', () => {
    expect(labels('havyaka_sandesh_manager')).toEqual([
      { group: null, items: ['Dashboard', 'Manage Issues'] },
    ]);
  });
  it('event_manager sees Dashboard, Events and Media Management', () => {
    expect(labels('event_manager')).toEqual([
      { group: null, items: ['Dashboard', 'Events', 'Media Management'] },
    ]);
  });
  const fiveGroups = [
    { group: 'Overview', items: ['Dashboard'] },
    {
      group: 'User Management',
      items: ['Member Directory', 'Students', 'Matrimony Users', 'User Management'],
    },
    {
      group: 'Content Management',
      items: [
        'Events',
        'Havyaka Sandesh',
        'Sandesh Editors',
        'Business Directory',
        'Board Members',
        'Media Management',
      ],
    },
    {
      group: 'Website Management',
      items: ['Website Images', 'Homepage Slider', 'Notifications', 'PWA Analytics'],
    },
    { group: 'Financial', items: ['Payment Management'] },
  ];
  const withFinance = fiveGroups.map((g) =>
    g.group === 'Financial' ? { ...g, items: [...g.items, 'Finance and receipts'] } : g,
  );
  it('content_manager sees the five groups', () => {
    expect(labels('content_manager')).toEqual(fiveGroups);
  });
  it('admin sees the five groups, Finance and receipts among the financial ones', () => {
    expect(labels('admin')).toEqual(withFinance);
  });
  it('super_admin sees the five groups and System (Backups)', () => {
    expect(labels('super_admin')).toEqual([
      ...withFinance,
      { group: 'System', items: ['Backups'] },
    ]);
  });
  it.each(['member', 'member_viewer', 'student', 'matrimony', 'nobody'])(
    '%s sees nothing',
    (role) => {
      expect(sidebarFor(role)).toEqual([]);
    },
  );
  it('links the Manage Issues item to the Sandesha screen', () => {
    expect(sidebarFor('havyaka_sandesh_manager')[0].items[1].path).toBe('/admin/havyaka-sandesh');
  });
});

describe('breadcrumbs', () => {
  it('are absent on top-level pages', () => {
    expect(breadcrumbsFor('/admin')).toEqual([]);
    expect(breadcrumbsFor('/admin/events')).toEqual([]);
  });
  it('lead back through the section on deeper pages', () => {
    expect(breadcrumbsFor('/admin/events/create')).toEqual([
      { label: 'Dashboard', to: '/admin' },
      { label: 'Events', to: '/admin/events' },
      { label: 'Create', to: '/admin/events/create' },
    ]);
    expect(
      breadcrumbsFor('/admin/students/0b7c2c1e-0000-4000-8000-000000000001/edit').map(
        (c) => c.label,
      ),
    ).toEqual(['Dashboard', 'Students', 'Details', 'Edit']);
  });
});
