-- Issue 21 (hardening from the outside): records and counters a caller could bend
-- (migrations/0027_hardening_records_and_counters.sql).
begin;
select plan(21);
select tests.seed();

create function pg_temp.affected(statement text) returns integer language plpgsql as $$
declare n integer;
begin
  execute statement;
  get diagnostics n = row_count;
  return n;
end
$$;

-- E-mail squatting: the record takes the account's own address.
select tests.act_as_superuser();
insert into auth.users (id, email, email_confirmed_at)
values ('00000000-0000-4000-8000-0000000000a1', 'newcomer@example.org', now());
select tests.act_as('00000000-0000-4000-8000-0000000000a1');
select is((public.create_user_record('00000000-0000-4000-8000-0000000000a1', 'president@havyaka.org', 'member',
           'pending', 'New Comer')).email, 'newcomer@example.org',
  'create_user_record stores the account''s own address, not the one sent');

-- The public listing searches what it shows, literally.
select tests.act_as_anon();
select is((select count(*)::int from public.get_public_members('M-')), 0,
  'the never-returned membership number is not searchable');
select is((select count(*)::int from public.get_public_members('%')), 0, 'a wildcard is a literal character');
select ok((select count(*)::int from public.get_public_members('Member')) > 0, 'names are found');
select ok((select count(*)::int from public.get_public_members('HWT-')) > 0, 'and the HWT numbers shown');

-- Profile views count once per viewer and day.
select tests.act_as_superuser();
create temporary table viewed as
  select m.id, m.profile_views_count as before from public.matrimony_details m where m.user_id = tests.actor('stranger');
grant select on viewed to authenticated;
select tests.act_as(tests.actor('user'));
select tests.changes_rows($$insert into public.matrimony_profile_views (viewer_id, viewed_profile_id)
  select tests.actor('user'), (select id from viewed) from generate_series(1, 500) on conflict do nothing$$, 0,
  'a viewer sends 500 views of one profile');
select tests.act_as_superuser();
select is((select profile_views_count from public.matrimony_details where id = (select id from viewed)),
  (select before from viewed), 'which do not move the counter again the same day (the fixture''s view was today)');
create temporary table fresh as
  select m.id, m.profile_views_count as before from public.matrimony_details m where m.user_id = tests.actor('user');
grant select on fresh to authenticated;
select tests.act_as(tests.actor('admin'));
insert into public.matrimony_profile_views (viewer_id, viewed_profile_id)
  select tests.actor('admin'), (select id from fresh) from generate_series(1, 300) on conflict do nothing;
select tests.act_as_superuser();
select is((select profile_views_count from public.matrimony_details where id = (select id from fresh)),
  (select before from fresh) + 1, 'a new viewer''s 300 views in one request count once');

-- Sandesha downloads: a signed-in reader counts once per issue and day.
select tests.act_as(tests.actor('user'));
select is(public.increment_sandesha_download_count((select id from public.havyaka_sandesha_issues where title = 'January')), 1,
  'a reader''s first download counts');
select is(public.increment_sandesha_download_count((select id from public.havyaka_sandesha_issues where title = 'January')), 1,
  'the same reader''s second download the same day does not');
select tests.act_as(tests.actor('stranger'));
select is(public.increment_sandesha_download_count((select id from public.havyaka_sandesha_issues where title = 'January')), 2,
  'another reader''s does');
select tests.act_as_superuser();

-- Re-registering does not re-announce.
create temporary table reg as
  select r.id, r.user_id from public.event_registrations r where r.user_id = tests.actor('user');
grant select on reg to authenticated;
-- The fixture made the registration (so it was not announced to the registrant): start afresh.
delete from app.registration_announcements where registration_id = (select id from reg);
select tests.act_as(tests.actor('user'));
update public.event_registrations set attendance_status = 'cancelled' where id = (select id from reg);
update public.event_registrations set attendance_status = 'registered' where id = (select id from reg);
update public.event_registrations set attendance_status = 'cancelled' where id = (select id from reg);
update public.event_registrations set attendance_status = 'registered' where id = (select id from reg);
select tests.act_as_superuser();
select is((select count(*)::int from public.notifications where user_id = tests.actor('user') and title like 'Registered:%'), 1,
  'cancelling and registering again twice sends the registrant one confirmation in all');

-- Names in admins' notifications carry no links.
select is(app.plain_name('Ravi https://evil.example/login visit www.evil.example or evil.com now'), 'Ravi visit or now',
  'links and domains are taken out of a name');
select is(app.plain_name('K. Ramachandra Bhat'), 'K. Ramachandra Bhat', 'an ordinary name is kept');
select is(app.plain_name('<b>Asha</b> <script>'), 'b Asha b script', 'markup characters are dropped');

-- A visitor's message starts as new.
select tests.act_as_anon();
insert into public.contact_messages (first_name, email, subject, message, status)
values ('Visitor', 'v2@example.org', 'Status test', 'Trying to mark my message replied.', 'replied');
select tests.act_as_superuser();
select is((select status from public.contact_messages where email = 'v2@example.org'), 'new',
  'a visitor cannot set the status of their message');

-- Capacity counts guests.
update public.events set max_attendees = 5 where title = 'Open event';
delete from public.event_registrations r using public.events e where e.id = r.event_id and e.title = 'Open event'
  and r.user_id not in (tests.actor('user'));
update public.event_registrations set guests = 0 where id = (select id from reg);
select tests.act_as(tests.actor('stranger'));
select throws_ok($$insert into public.event_registrations (event_id, user_id, guests)
  select id, tests.actor('stranger'), 4 from public.events where title = 'Open event'$$,
  '23514', 'This event is full', 'a registration with guests beyond the places left is refused');
select tests.act_as(tests.actor('user'));
select throws_ok($$update public.event_registrations set guests = 5 where id = (select id from reg)$$,
  '23514', 'This event is full', 'adding guests beyond capacity to a live registration is refused');
select tests.act_as_superuser();

-- Files leave with their records.
insert into storage.objects (bucket_id, name, owner, version) values
  ('matrimony-photos', tests.actor('stranger')::text || '/face.jpg', tests.actor('stranger'), 'f1'),
  ('matrimony-pdfs', tests.actor('stranger')::text || '/biodata.pdf', tests.actor('stranger'), 'f2'),
  ('documents', tests.actor('stranger')::text || '/marks.pdf', tests.actor('stranger'), 'f3'),
  ('documents', tests.actor('user')::text || '/marks.pdf', tests.actor('user'), 'f4');
select tests.act_as(tests.actor('admin'));
delete from public.matrimony_details where user_id = tests.actor('stranger');
select tests.act_as_superuser();
select is((select count(*)::int from storage.objects where bucket_id like 'matrimony-%' and owner = tests.actor('stranger')), 0,
  'a matrimony profile''s photos and biodata go with it');
select tests.act_as(tests.actor('admin'));
delete from public.student_details where user_id = tests.actor('stranger');
select tests.act_as_superuser();
select is((select count(*)::int from storage.objects where bucket_id = 'documents' and owner = tests.actor('stranger')), 0,
  'a student''s documents go with the application');
delete from auth.users where id = tests.actor('user');
select is((select count(*)::int from storage.objects where owner = tests.actor('user')), 0,
  'an account''s private files go with the account');

select * from finish();
rollback;
