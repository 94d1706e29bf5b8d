// The Edit Event form (spec §2, §5 "Event edit form" and "Event (stored)"): its values, its
// rules and messages, and the translation between a stored event and the form.
// On save: no registration → no deadline and no maximum; empty strings → null; the maximum
// is sent as an integer.
import { z } from 'zod';
import { isEmail, isPhone, messages } from '@/lib/validation/validators';
import { adminText as t } from '../admin-text';
import type { EventRow } from '../api/events';
import { descriptionToHtml, htmlText } from '@/lib/stored-html';
import { EVENT_STATUSES, EVENT_TYPES, type EventStatus, type EventType } from './event-kinds';

export const LIMITS = {
  title: 200,
  description: 5000,
  location: 200,
  venue: 500,
  organizer: 100,
  contactPerson: 100,
  phone: 20,
} as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

export const eventFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, t.messages.titleRequired)
      .max(LIMITS.title, t.messages.titleMax),
    event_type: z.union([z.enum(EVENT_TYPES), z.literal('')]).refine((v) => v !== '', {
      message: t.messages.typeRequired,
    }),
    description: z
      .string()
      .refine((html) => htmlText(html) !== '', t.messages.descriptionRequired)
      .refine((html) => html.length <= LIMITS.description, t.messages.descriptionMax),
    event_date: z
      .string()
      .min(1, t.messages.dateRequired)
      .regex(/^\d{4}-\d{2}-\d{2}$/, t.messages.dateInvalid),
    event_time: z.string().regex(/^(\d{2}:\d{2}(:\d{2})?)?$/, t.messages.timeInvalid),
    location: optionalText(LIMITS.location, t.messages.locationMax),
    venue_details: optionalText(LIMITS.venue, t.messages.venueMax),
    organizer: optionalText(LIMITS.organizer, t.messages.organizerMax),
    contact_person: optionalText(LIMITS.contactPerson, t.messages.contactPersonMax),
    contact_phone: optionalText(LIMITS.phone, t.messages.phoneMax).refine(
      (v) => v === '' || v.length > LIMITS.phone || isPhone(v),
      messages.phone,
    ),
    contact_email: z
      .string()
      .trim()
      .refine((v) => v === '' || isEmail(v), messages.email),
    registration_required: z.boolean(),
    registration_deadline: z.string(),
    max_attendees: z.string().trim(),
    featured_image_url: z
      .string()
      .refine((v) => v === '' || /^(https?:\/\/|\/)\S+$/.test(v), t.messages.imageUrl),
    status: z.enum(EVENT_STATUSES),
  })
  .superRefine((v, ctx) => {
    if (!v.registration_required) return;
    if (v.max_attendees !== '' && !/^[1-9]\d{0,6}$/.test(v.max_attendees)) {
      ctx.addIssue({ code: 'custom', path: ['max_attendees'], message: t.messages.maxAttendees });
    }
    if (v.registration_deadline && v.event_date) {
      const deadline = new Date(v.registration_deadline);
      const eventEnd = new Date(`${v.event_date}T23:59:59`);
      if (Number.isNaN(deadline.getTime())) {
        ctx.addIssue({
          code: 'custom',
          path: ['registration_deadline'],
          message: t.messages.deadlineInvalid,
        });
      } else if (deadline > eventEnd) {
        ctx.addIssue({
          code: 'custom',
          path: ['registration_deadline'],
          message: t.messages.deadlineAfterEvent,
        });
      }
    }
  });

export type EventFormValues = z.input<typeof eventFormSchema>;

export const emptyEventForm = (): EventFormValues => ({
  title: '',
  event_type: '',
  description: '',
  event_date: '',
  event_time: '',
  location: '',
  venue_details: '',
  organizer: '',
  contact_person: '',
  contact_phone: '',
  contact_email: '',
  registration_required: false,
  registration_deadline: '',
  max_attendees: '',
  featured_image_url: '',
  status: 'upcoming',
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as the value of an `<input type="datetime-local">`, in the browser's zone. */
export function toLocalDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A stored event as form values (nulls as empty strings; plain-text descriptions as HTML). */
export function eventToForm(e: EventRow): EventFormValues {
  return {
    title: e.title,
    event_type: (EVENT_TYPES as readonly string[]).includes(e.event_type)
      ? (e.event_type as EventType)
      : '',
    description: descriptionToHtml(e.description),
    event_date: e.event_date,
    event_time: e.event_time ? e.event_time.slice(0, 5) : '',
    location: e.location ?? '',
    venue_details: e.venue_details ?? '',
    organizer: e.organizer ?? '',
    contact_person: e.contact_person ?? '',
    contact_phone: e.contact_phone ?? '',
    contact_email: e.contact_email ?? '',
    registration_required: e.registration_required,
    registration_deadline: toLocalDateTime(e.registration_deadline),
    max_attendees: e.max_attendees == null ? '' : String(e.max_attendees),
    featured_image_url: e.featured_image_url ?? '',
    status: (EVENT_STATUSES as readonly string[]).includes(e.status)
      ? (e.status as EventStatus)
      : 'upcoming',
  };
}

export type EventPayload = Pick<
  EventRow,
  | 'title'
  | 'event_type'
  | 'description'
  | 'event_date'
  | 'event_time'
  | 'location'
  | 'venue_details'
  | 'organizer'
  | 'contact_person'
  | 'contact_phone'
  | 'contact_email'
  | 'registration_required'
  | 'registration_deadline'
  | 'max_attendees'
  | 'featured_image_url'
  | 'status'
>;

const orNull = (v: string) => {
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
};

/** Form values (already validated) as the row to write. */
export function formToPayload(v: EventFormValues): EventPayload {
  const registration = v.registration_required;
  const max = registration && v.max_attendees.trim() !== '' ? parseInt(v.max_attendees, 10) : null;
  return {
    title: v.title.trim(),
    event_type: v.event_type,
    description: v.description,
    event_date: v.event_date,
    event_time: orNull(v.event_time),
    location: orNull(v.location),
    venue_details: orNull(v.venue_details),
    organizer: orNull(v.organizer),
    contact_person: orNull(v.contact_person),
    contact_phone: orNull(v.contact_phone),
    contact_email: orNull(v.contact_email),
    registration_required: registration,
    registration_deadline:
      registration && v.registration_deadline
        ? new Date(v.registration_deadline).toISOString()
        : null,
    max_attendees: Number.isNaN(max) ? null : max,
    featured_image_url: orNull(v.featured_image_url),
    status: v.status,
  };
}
