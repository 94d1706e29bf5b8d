-- The person's language and Easy view, on their account (issue 35): the web app writes them
-- when the person chooses (or, the first time they sign in, from the device), and reads them
-- at sign-in, so the choice follows them to another phone. Notices, push messages and e-mails
-- written for a person are in their language (null: not chosen yet, read as English).
alter table public.users
  add column preferred_language text check (preferred_language in ('en', 'kn')),
  add column easy_view boolean;

comment on column public.users.preferred_language is
  'The language the person reads: en or kn (null: not chosen yet, English). Notices, push and mail follow it.';
comment on column public.users.easy_view is
  'Easy view (larger text, stronger contrast, no motion) on or off; null: follow the device.';
