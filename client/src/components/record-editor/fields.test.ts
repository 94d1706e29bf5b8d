import { describe, expect, it } from 'vitest';
import { formToRow, rowToForm, schemaFor, type FieldSpec } from './fields';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, max: 5 },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone', kind: 'phone' },
  { name: 'display_order', label: 'Display order', kind: 'number', defaultValue: '0' },
  { name: 'is_active', label: 'Active', kind: 'checkbox', defaultValue: true },
  { name: 'photo_url', label: 'Photo', kind: 'image' },
];

const errors = (values: Record<string, unknown>) => {
  const r = schemaFor(fields).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
};

describe('site content fields', () => {
  it('start a new record from the defaults', () => {
    expect(rowToForm(fields, undefined)).toEqual({
      name: '',
      email: '',
      phone: '',
      display_order: '0',
      is_active: true,
      photo_url: '',
    });
  });

  it('check with the spec messages', () => {
    expect(
      errors({
        ...rowToForm(fields, undefined),
        name: '',
        email: 'x',
        phone: '12',
        photo_url: 'javascript:x',
      }),
    ).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      photo_url: 'Photo format is invalid',
    });
    expect(errors({ ...rowToForm(fields, undefined), name: 'Too long' })).toEqual({
      name: 'Name must not exceed 5 characters',
    });
  });

  it('take a website typed without https:// as one (issue 40, item 17)', () => {
    const site = schemaFor([{ name: 'website', label: 'Website', kind: 'url' }]);
    expect(site.parse({ website: 'udupisweets.example' })).toEqual({
      website: 'https://udupisweets.example',
    });
    expect(site.parse({ website: 'http://x.example/a' })).toEqual({
      website: 'http://x.example/a',
    });
    expect(site.safeParse({ website: 'not a site' }).success).toBe(false);
    expect(site.parse({ website: '' })).toEqual({ website: '' });
  });

  it('save empty strings as null and numbers as integers', () => {
    expect(
      formToRow(fields, { ...rowToForm(fields, undefined), name: ' Ana ', display_order: '3' }),
    ).toEqual({
      name: 'Ana',
      email: null,
      phone: null,
      display_order: 3,
      is_active: true,
      photo_url: null,
    });
  });

  it('load a stored row', () => {
    expect(
      rowToForm(fields, { name: 'A', email: null, display_order: 2, is_active: false }),
    ).toMatchObject({
      name: 'A',
      email: '',
      display_order: '2',
      is_active: false,
    });
  });
});
