// An event's type and state (events.event_type and events.status, checked by the table): the
// lists filter by them without loading the form's rules (lib/event-form.ts and its zod).
export const EVENT_TYPES = [
  'cultural',
  'educational',
  'social',
  'religious',
  'health',
  'sports',
  'business',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATUSES = ['upcoming', 'published', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
