-- Events, issue 37 item 4 (and issue 36 item 8): check-in at the door by scanning the
-- membership card. How a registrant was checked in, from the list or by their card
-- (public.check_in_attendee / public.check_in_member, functions/43_event_day.sql), for the
-- registrations screen and the attendees' CSV. Null while not checked in.
alter table public.event_registrations
  add column checked_in_via text check (checked_in_via in ('list', 'card'));
comment on column public.event_registrations.checked_in_via is
  'How the registrant was checked in: list (a tap on the registrations screen) or card (a scanned membership card).';
