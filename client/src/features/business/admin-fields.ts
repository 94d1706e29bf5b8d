import type { FieldSpec } from '@/components/record-editor';

/** The listing's fields as staff edit them (the table's checks, spec §5 messages). */
export const businessFields: FieldSpec[] = [
  { name: 'business_name', label: 'Business name', kind: 'text', required: true, max: 200 },
  { name: 'category', label: 'Category', kind: 'text', max: 100 },
  { name: 'owner_name', label: 'Owner', kind: 'text', max: 200 },
  { name: 'contact_person', label: 'Contact person', kind: 'text', max: 200 },
  { name: 'phone', label: 'Phone', kind: 'phone' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'website', label: 'Website', kind: 'url', hint: 'https://…' },
  { name: 'city', label: 'City', kind: 'text', max: 100 },
  { name: 'pincode', label: 'Pincode', kind: 'pincode' },
  { name: 'display_order', label: 'Display order', kind: 'number', defaultValue: '0' },
  { name: 'address', label: 'Address', kind: 'textarea', max: 500 },
  { name: 'description', label: 'Description', kind: 'textarea', max: 5000 },
  {
    name: 'is_active',
    label: 'Approved (shown in the public directory)',
    kind: 'checkbox',
    defaultValue: true,
  },
  { name: 'is_featured', label: 'Featured', kind: 'checkbox' },
  { name: 'logo_url', label: 'Logo', kind: 'image' },
];
