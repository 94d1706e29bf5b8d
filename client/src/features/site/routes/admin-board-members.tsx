// /admin/board-members: the trust's board (name, designation, photo, term, contact), active
// ones on the About page in display order.
import { formatDate } from '@/lib/images';
import { RecordManager, type ManagerConfig } from '../admin/record-manager';

const config: ManagerConfig = {
  table: 'board_members',
  title: 'Board Members',
  intro: 'The trust’s board as the About page shows it: active members in display order.',
  addLabel: 'Add board member',
  empty: 'No board members yet',
  testId: 'admin-board-members',
  ordered: true,
  activeField: 'is_active',
  imageField: 'photo_url',
  nameOf: (r) => String(r.name),
  summaryOf: (r) =>
    [r.designation, r.term_start ? `since ${formatDate(String(r.term_start))}` : null]
      .filter(Boolean)
      .join(' · '),
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, max: 200 },
    { name: 'designation', label: 'Designation', kind: 'text', max: 200 },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'phone' },
    { name: 'term_start', label: 'Term start', kind: 'date' },
    { name: 'term_end', label: 'Term end', kind: 'date' },
    {
      name: 'is_active',
      label: 'Active (shown on the About page)',
      kind: 'checkbox',
      defaultValue: true,
    },
    { name: 'bio', label: 'Bio', kind: 'textarea', max: 2000 },
    { name: 'photo_url', label: 'Photo', kind: 'image' },
  ],
};

export function Component() {
  return <RecordManager config={config} />;
}
