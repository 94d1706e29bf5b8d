import { describe, expect, it } from 'vitest';
import type { EventRow } from '../api/events';
import {
  emptyEventForm,
  eventFormSchema,
  eventToForm,
  formToPayload,
  type EventFormValues,
} from './event-form';

const valid = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  ...emptyEventForm(),
  title: 'Ugadi Sammilana',
  event_type: 'cultural',
  description: '<p>New year</p>',
  event_date: '2026-04-01',
  ...over,
});

const errorsOf = (values: EventFormValues) => {
  const result = eventFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(
        // The first message of each field, as the form shows it.
        [...result.error.issues].reverse().map((i) => [i.path.join('.'), i.message]),
      );
};

describe('event form rules (spec §5)', () => {
  it('accepts a minimal event', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('requires title, type, description and date with the stored messages', () => {
    expect(
      errorsOf(valid({ title: ' ', event_type: '', description: '<p> </p>', event_date: '' })),
    ).toMatchObject({
      title: 'Title is required',
      event_type: 'Event type is required',
      description: 'Description is required',
      event_date: 'Event date is required',
    });
  });

  it('applies the edit form limits and messages', () => {
    const errors = errorsOf(
      valid({
        title: 'x'.repeat(201),
        description: `<p>${'x'.repeat(5000)}</p>`,
        location: 'x'.repeat(201),
        venue_details: 'x'.repeat(501),
        organizer: 'x'.repeat(101),
        contact_person: 'x'.repeat(101),
        contact_phone: '1'.repeat(21),
        contact_email: 'not-an-email',
      }),
    );
    expect(errors).toMatchObject({
      title: 'Title must be less than 200 characters',
      description: 'Description must be less than 5000 characters',
      location: 'Location must be less than 200 characters',
      venue_details: 'Venue details must be less than 500 characters',
      organizer: 'Organizer name must be less than 100 characters',
      contact_person: 'Contact person must be less than 100 characters',
      contact_phone: 'Phone number must be less than 20 digits',
      contact_email: 'Please enter a valid email address',
    });
  });

  it('checks the maximum and the deadline only when registration is required', () => {
    expect(errorsOf(valid({ max_attendees: '-3', registration_deadline: 'x' }))).toEqual({});
    expect(errorsOf(valid({ registration_required: true, max_attendees: '2.5' }))).toMatchObject({
      max_attendees: 'Maximum attendees must be a positive whole number',
    });
    expect(
      errorsOf(valid({ registration_required: true, registration_deadline: '2026-04-02T10:00' })),
    ).toMatchObject({
      registration_deadline: 'Registration deadline must be on or before the event date',
    });
  });

  it('refuses an image address that is not a URL', () => {
    expect(errorsOf(valid({ featured_image_url: 'javascript:alert(1)' }))).toMatchObject({
      featured_image_url: 'Invalid image URL',
    });
  });
});

describe('saving', () => {
  it('clears the deadline and the maximum when registration is not required', () => {
    const payload = formToPayload(
      valid({ registration_deadline: '2026-03-30T10:00', max_attendees: '50' }),
    );
    expect(payload.registration_deadline).toBeNull();
    expect(payload.max_attendees).toBeNull();
  });

  it('saves empty strings as null and the maximum as an integer', () => {
    const payload = formToPayload(
      valid({
        registration_required: true,
        registration_deadline: '2026-03-30T10:00',
        max_attendees: '150',
        location: '  ',
      }),
    );
    expect(payload.max_attendees).toBe(150);
    expect(Number.isInteger(payload.max_attendees)).toBe(true);
    expect(payload.registration_deadline).toBe(new Date('2026-03-30T10:00').toISOString());
    expect(payload.location).toBeNull();
    expect(payload.event_time).toBeNull();
    expect(payload.contact_email).toBeNull();
    expect(payload.featured_image_url).toBeNull();
  });

  it('round-trips a stored event', () => {
    const row = {
      id: 'e1',
      title: 'Health camp',
      description: 'Check-ups\nfor all',
      event_date: '2026-05-01',
      event_time: '08:30:00',
      location: null,
      venue_details: null,
      organizer: 'Committee',
      contact_person: null,
      contact_phone: '+91 98200 12345',
      contact_email: null,
      registration_required: true,
      registration_deadline: '2026-04-25T10:00:00Z',
      max_attendees: 80,
      featured_image_url: null,
      status: 'published',
      event_type: 'health',
    } as unknown as EventRow;
    const form = eventToForm(row);
    expect(form.description).toBe('<p>Check-ups<br>for all</p>');
    expect(form.event_time).toBe('08:30');
    expect(form.max_attendees).toBe('80');
    expect(form.location).toBe('');
    const back = formToPayload(form);
    expect(back.registration_deadline).toBe('2026-04-25T10:00:00.000Z');
    expect(back.event_time).toBe('08:30');
    expect(back.max_attendees).toBe(80);
  });
});
