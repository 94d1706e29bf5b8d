-- Around an event (issue 37): reminders the day before and two hours before, each once and
-- by the channels promised, honouring notification choices; a cancelled or changed event
-- tells its registrants and waitlist; check-in and counts are event staff's; calendar feed
-- tokens are their owner's. now() is fixed in the test: events are placed relative to it.
begin;
select plan(27);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'approved', 'r1') as r1, tests.create_user('member', 'approved', 'r2') as r2,
  tests.create_user('member', 'approved', 'r3') as r3, gen_random_uuid() as tomorrow, gen_random_uuid() as soon;
grant select on people to authenticated, service_role;
-- One event 20 hours away (the day-before window), one 90 minutes away (the two-hour one).
insert into public.events (id, title, description, event_date, event_time, event_type, status, registration_required, max_attendees)
select tomorrow, 'Annual day', 'Programme', ((now() + interval '20 hours') at time zone 'Asia/Kolkata')::date,
       ((now() + interval '20 hours') at time zone 'Asia/Kolkata')::time, 'cultural', 'upcoming', true, 2 from people;
insert into public.events (id, title, description, event_date, event_time, event_type, status, registration_required)
select soon, 'Bhajan', 'Evening', ((now() + interval '90 minutes') at time zone 'Asia/Kolkata')::date,
       ((now() + interval '90 minutes') at time zone 'Asia/Kolkata')::time, 'religious', 'upcoming', true from people;
insert into public.event_registrations (event_id, user_id) select tomorrow, r1 from people;
insert into public.event_registrations (event_id, user_id) select tomorrow, r2 from people;
insert into public.event_registrations (event_id, user_id) select soon, r1 from people;
-- r2 turned event notices off.
insert into public.notification_preferences (user_id, event) select r2, false from people;
create function pg_temp.bells(who uuid, prefix text) returns int language sql as $$
  select count(*)::int from public.notifications where user_id = who and title like prefix || '%'
$$;
create function pg_temp.mails(who uuid, mail_kind text) returns int language sql as $$
  select count(*)::int from auth.mail_outbox m join public.users u on u.email = m.recipient where u.id = who and m.kind = mail_kind
$$;

-- Reminders.
select is((app.event_reminders_job() ->> 'reminded')::int, 3, 'the job sends the three reminders due');
select is(pg_temp.bells((select r1 from people), 'Tomorrow: Annual day'), 1, 'r1 hears of tomorrow on the bell');
select is((select count(*)::int from push.outbox where user_id = (select r1 from people) and title = 'Tomorrow: Annual day'), 1,
  'and by push');
select is(pg_temp.mails((select r1 from people), 'event_reminder_day_before'), 1, 'and by e-mail');
select is(pg_temp.bells((select r1 from people), 'In two hours: Bhajan'), 1, 'r1 hears of the bhajan two hours before');
select is(pg_temp.mails((select r1 from people), 'event_reminder_two_hours'), 0, 'which is not e-mailed');
select is(pg_temp.bells((select r2 from people), 'Tomorrow'), 0, 'r2 chose no event notices: no bell');
select is(pg_temp.mails((select r2 from people), 'event_reminder_day_before'), 0, 'and no e-mail');
select is((app.event_reminders_job() ->> 'reminded')::int, 0, 'a second run sends nothing again');
select is(pg_temp.bells((select r1 from people), 'Tomorrow: Annual day'), 1, 'each reminder goes once');
select is((select count(*)::int from ops.app_jobs where name = 'event_reminders' and function_name = 'app.event_reminders_job'),
  1, 'reminders run as an app job of the scheduler');

-- A change and a cancellation tell registrants and the waitlist.
select tests.act_as((select r3 from people));
select is((select status from public.join_event_waitlist((select tomorrow from people))), 'waiting', 'r3 waits for the full event');
select tests.act_as(tests.actor('event_manager'));
select tests.changes_rows($$update public.events set location = 'Havyaka Bhavan' where id = (select tomorrow from people)$$,
  1, 'staff move the event');
select tests.act_as_superuser();
select is(pg_temp.bells((select r1 from people), 'Changed: Annual day'), 1, 'a registrant is told of the change');
select is(pg_temp.bells((select r3 from people), 'Changed: Annual day'), 1, 'and the waitlist');
select is((select calendar_sequence from public.events where id = (select tomorrow from people)), 1,
  'the calendar SEQUENCE goes up');
update public.events set description = 'New programme' where id = (select tomorrow from people);
select is(pg_temp.bells((select r1 from people), 'Changed'), 1, 'a new description alone tells nobody');
update public.events set status = 'cancelled' where id = (select tomorrow from people);
select is(pg_temp.bells((select r1 from people), 'Cancelled: Annual day'), 1, 'a registrant is told of the cancellation');
select is(pg_temp.bells((select r3 from people), 'Cancelled: Annual day'), 1, 'and the waitlist');
select is(pg_temp.mails((select r1 from people), 'event_cancelled'), 1, 'by e-mail too');

-- Check-in and counts: event staff only.
select tests.act_as((select r1 from people));
select throws_ok($$select public.check_in_attendee((select soon from people), auth.uid())$$, '42501', null,
  'a member cannot check themselves in');
select throws_ok($$select * from public.event_day_counts((select soon from people))$$, '42501', null,
  'nor read the day''s counts');
select tests.act_as(tests.actor('event_manager'));
select is((select attendance_status from public.check_in_attendee((select soon from people), (select r1 from people))),
  'attended', 'staff check r1 in');
select is((select checked_in_by from public.event_registrations where user_id = (select r1 from people)
  and event_id = (select soon from people)), tests.actor('event_manager'), 'who checked in is recorded');
select is((select (registrations, checked_in, waiting) from public.event_day_counts((select soon from people))),
  row(1, 1, 0), 'the counts show one registration, checked in');
select throws_ok($$select public.check_in_attendee((select soon from people), (select r2 from people))$$, 'PT404', null,
  'nobody unregistered is checked in');

-- Calendar feed tokens are their owner's.
select tests.act_as((select r1 from people));
select lives_ok($$select public.create_calendar_feed()$$, 'r1 makes a feed');
select * from finish();
rollback;
