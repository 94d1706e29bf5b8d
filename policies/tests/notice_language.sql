-- Notices in the recipient's language (issue 35): the texts live in app.notice_texts, one row
-- per key and language; a person who reads Kannada (users.preferred_language = 'kn') gets the
-- approval of their application and their event reminder in Kannada, on the bell, by push
-- and by e-mail; others keep English; every key has both languages.
begin;
select plan(21);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'pending', 'kn_applicant') as kn_applicant,
  tests.create_user('member', 'pending', 'en_applicant') as en_applicant,
  tests.create_user('member', 'approved', 'kn_member') as kn_member,
  gen_random_uuid() as tomorrow;
grant select on people to authenticated, service_role;
update public.users set preferred_language = 'kn' where id in (select kn_applicant from people union select kn_member from people);
insert into public.member_directory (membership_no, full_name, user_id) select '', 'Ganesha Hegde', kn_applicant from people;
insert into public.member_directory (membership_no, full_name, user_id) select '', 'Shankar Bhat', en_applicant from people;

-- Every notice has its Kannada.
select is((select count(*)::int from app.notice_texts e where e.language = 'en'
            and not exists (select from app.notice_texts k where k.key = e.key and k.language = 'kn')), 0,
  'every notice text has a Kannada row');
select is((select count(*)::int from (select key, language from app.notice_texts group by 1, 2 having count(*) > 1) d), 0,
  'one text per key and language');

-- Approval.
select tests.act_as(tests.actor('admin'));
select lives_ok($$select public.approve_member(id) from public.member_directory where full_name in ('Ganesha Hegde', 'Shankar Bhat')$$,
  'an admin approves both applications');
select tests.act_as_superuser();
select is((select title || ' / ' || message from public.notifications where user_id = (select kn_applicant from people) and type = 'registration'),
  'ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿದೆ / ಸುಸ್ವಾಗತ! ನಿಮ್ಮ ಫಲಕವನ್ನು ತೆರೆಯಲು ಲಾಗಿನ್ ಮಾಡಿ.',
  'the Kannada reader''s approval notice is in Kannada');
select is((select title from push.outbox where user_id = (select kn_applicant from people) order by id desc limit 1),
  'ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿದೆ', 'and so is its push');
select is((select title from public.notifications where user_id = (select en_applicant from people) and type = 'registration'),
  'Your membership application is approved', 'the other applicant''s stays English');

-- An event reminder the day before.
insert into public.events (id, title, description, event_date, event_time, event_type, status, registration_required, location)
select tomorrow, 'Ugadi Sammilana', 'Programme', ((now() + interval '20 hours') at time zone 'Asia/Kolkata')::date,
       ((now() + interval '20 hours') at time zone 'Asia/Kolkata')::time, 'cultural', 'upcoming', true, 'Havyaka Bhavan' from people;
insert into public.event_registrations (event_id, user_id) select tomorrow, kn_member from people;
select cmp_ok((app.event_reminders_job() ->> 'reminded')::int, '>=', 1, 'the reminder job runs');
select is((select title from public.notifications where user_id = (select kn_member from people) and title like 'ನಾಳೆ:%'),
  'ನಾಳೆ: Ugadi Sammilana', 'the Kannada reader''s reminder is in Kannada (the event''s name kept)');
select matches((select message from public.notifications where user_id = (select kn_member from people) and title like 'ನಾಳೆ:%'),
  '^Ugadi Sammilana ಕಾರ್ಯಕ್ರಮ [0-9]+ (ಜನವರಿ|ಫೆಬ್ರವರಿ|ಮಾರ್ಚ್|ಏಪ್ರಿಲ್|ಮೇ|ಜೂನ್|ಜುಲೈ|ಆಗಸ್ಟ್|ಸೆಪ್ಟೆಂಬರ್|ಅಕ್ಟೋಬರ್|ನವೆಂಬರ್|ಡಿಸೆಂಬರ್) [0-9]{4}, [0-9]{2}:[0-9]{2} ರಂದು ನಡೆಯಲಿದೆ \(Havyaka Bhavan\)\.$',
  'with the day and month in Kannada');
select is((select m.subject from auth.mail_outbox m join public.users u on u.email = m.recipient
            where u.id = (select kn_member from people) and m.kind = 'event_reminder_day_before'),
  'ನಾಳೆ: Ugadi Sammilana', 'and so is its e-mail');

-- Public news: a Kannada reader's devices get its push in Kannada; the English broadcast
-- (visitors' and English readers' devices) is withheld from them.
insert into push.subscriptions (endpoint, p256dh, auth, user_id)
select 'https://push.example.org/kn-member', 'k', 'a', kn_member from people;
insert into public.events (title, description, event_date, event_type, status)
values ('Akshara Habba', 'x', current_date + 9, 'cultural', 'upcoming');
select is((select title from push.outbox where user_id = (select kn_member from people) and title like '%Akshara Habba%'),
  (select title from app.notice('event_new', 'kn', jsonb_build_object('title', 'Akshara Habba'))),
  'a new event: the Kannada reader''s push is in Kannada');
select results_eq($$select audience, kind from push.outbox where audience = 'everyone' and title like '%Akshara Habba%'$$,
  $$values ('everyone'::text, 'event:en'::text)$$, 'one English broadcast for the other devices');
select is(push.wants((select kn_member from people), 'event:en'), false, 'which skips the Kannada reader''s devices');
select is(push.wants((select en_applicant from people), 'event:en'), true, 'and reaches an English reader''s');

-- The templates: fallbacks and optional parts, per language.
select is((select message from app.notice('connection_request', 'kn', '{}')), 'ಒಬ್ಬ ಸದಸ್ಯರು ನಿಮ್ಮೊಂದಿಗೆ ಸಂಪರ್ಕ ಕೇಳುತ್ತಿದ್ದಾರೆ.',
  'a missing value says its fallback');
select is((select message from app.notice('event_new', 'en', jsonb_build_object('event_date', date '2026-12-02'))), '02 Dec 2026',
  'an optional part without its value is dropped');
select is((select message from app.notice('event_new', 'kn', jsonb_build_object('event_date', date '2026-12-02', 'location', 'Matunga'))),
  '2 ಡಿಸೆಂಬರ್ 2026, Matunga', 'and kept with it, the date in Kannada');
select throws_ok($$select app.notice('no_such_notice', 'en', '{}')$$, 'P0001', 'no notice text for no_such_notice',
  'an unknown key is an error, never an empty notice');

-- The language is one value in two places: the record and the account's metadata (mails).
select is((select raw_user_meta_data ->> 'language' from auth.users where id = (select kn_member from people)), 'kn',
  'the account''s metadata carries the record''s language (the server''s mails read it)');
insert into auth.users (id, email, raw_user_meta_data) values ('00000000-0000-4000-8000-0000000000c1', 'kn-signup@example.com', '{"language": "kn"}');
insert into public.users (id, email, type, status) values ('00000000-0000-4000-8000-0000000000c1', 'kn-signup@example.com', 'member', 'pending');
select is((select preferred_language from public.users where id = '00000000-0000-4000-8000-0000000000c1'), 'kn',
  'a record made after a Kannada sign-up reads Kannada');
update public.users set preferred_language = 'en' where id = (select kn_member from people);
select is((select raw_user_meta_data ->> 'language' from auth.users where id = (select kn_member from people)), 'en',
  'a change of language reaches the metadata');

select * from finish();
rollback;
