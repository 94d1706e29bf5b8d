-- The door of an event (issue 37): walk-in guests without an account (name, phone, seats)
-- recorded by event staff and counted against the capacity with every other seat; check-in
-- and its undo; the counts staff watch; the public count of places left, which counts seats
-- held by waitlist offers and walk-ins. Who may read and write each. (Fifty doors recording at
-- once never oversell: app-tests/tests/concurrency.rs.)
begin;
select plan(41);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'approved', 'd1') as m1, tests.create_user('member', 'approved', 'd2') as m2,
  tests.create_user('member', 'approved', 'd3') as m3, gen_random_uuid() as ev;
grant select on people to anon, authenticated, service_role;
insert into public.events (id, title, description, event_date, event_type, status, registration_required, max_attendees)
select ev, 'Health camp', 'Check-ups', current_date + 3, 'health', 'upcoming', true, 6 from people;
create function pg_temp.ev() returns uuid language sql as $$ select ev from people $$;
create function pg_temp.m(n int) returns uuid language sql as $$
  select case n when 1 then m1 when 2 then m2 else m3 end from people
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;
select tests.act_as(pg_temp.m(1));
insert into public.event_registrations (event_id, user_id, guests) values (pg_temp.ev(), auth.uid(), 1);

-- Walk-ins: event staff only.
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Ganesh Bhat', '98200 12345', 1)$$, '42501', null,
  'a member cannot record a walk-in');
select throws_ok($$insert into public.event_walk_ins (event_id, full_name) values (pg_temp.ev(), 'Me')$$, '42501', null,
  'nor write the walk-ins directly');
select tests.act_as_anon();
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Ganesh Bhat')$$, '42501', null, 'nor can a visitor');
select throws_ok($$select * from public.event_walk_ins$$, '42501', null, 'a visitor cannot read walk-ins');
select tests.act_as(tests.actor('event_manager'));
select is((select (full_name, phone, seats, recorded_by) from public.add_walk_in(pg_temp.ev(), '  Ganesh Bhat ', '98200 12345', 2)),
  row('Ganesh Bhat'::text, '98200 12345'::text, 2, tests.actor('event_manager')),
  'staff record a walk-in with two seats, and who recorded it');
select isnt((select checked_in_at from public.event_walk_ins where full_name = 'Ganesh Bhat'), null, 'a walk-in is checked in as recorded');
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Too many', null, 3)$$, '23514', 'This event is full',
  'a walk-in that does not fit is refused: 2 + 2 taken, 3 more do not fit in 6');
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Nobody', null, 0)$$, '23514', null, 'a walk-in takes 1 seat at least');
select throws_ok($$select public.add_walk_in(pg_temp.ev(), '   ', null, 1)$$, '23514', null, 'and has a name');
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Bad phone', 'call me', 1)$$, '23514', null,
  'and a phone number that is one');
select throws_ok($$update public.event_walk_ins set seats = 1$$, '42501', null, 'staff do not edit walk-ins directly either');
select throws_ok($$delete from public.event_walk_ins$$, '42501', null, 'nor delete them');
select throws_ok($$select public.add_walk_in(gen_random_uuid(), 'Ganesh')$$, 'PT404', null, 'no walk-in for an unknown event');
select tests.act_as(pg_temp.m(1));
select is((select count(*)::int from public.event_walk_ins), 0, 'a member reads no walk-in');

-- Every seat counts, for everyone: registrations (2), the walk-in (2).
select tests.act_as_anon();
select is((select (registrations, people, max_attendees) from public.event_attendance(pg_temp.ev())), row(1, 4, 6),
  'a visitor reads one registration and four of six places taken (walk-ins count)');
select tests.act_as(pg_temp.m(2));
insert into public.event_registrations (event_id, user_id, guests) values (pg_temp.ev(), auth.uid(), 1);
select tests.act_as(pg_temp.m(3));
select throws_ok($$insert into public.event_registrations (event_id, user_id) values (pg_temp.ev(), auth.uid())$$,
  '23514', 'This event is full', 'walk-ins fill places a registration cannot take');
select is((select status from public.join_event_waitlist(pg_temp.ev(), 1)), 'waiting', 'm3 waits, with a guest (two seats)');

-- Removing a walk-in frees its seats for the waitlist; a held offer's seats are taken for everyone.
select tests.act_as_superuser();
create temporary table walk_in as select id from public.event_walk_ins where full_name = 'Ganesh Bhat';
grant select on walk_in to authenticated;
select tests.act_as(pg_temp.m(1));
select throws_ok(format($$select public.remove_walk_in('%s')$$, (select id from walk_in)), '42501', null,
  'a member cannot remove a walk-in');
select tests.act_as(tests.actor('event_manager'));
select lives_ok(format($$select public.remove_walk_in('%s')$$, (select id from public.event_walk_ins where full_name = 'Ganesh Bhat')),
  'staff remove a walk-in recorded by mistake');
select is((select status from public.event_waitlist where user_id = pg_temp.m(3)), 'offered', 'its two seats are offered to m3');
select tests.act_as_anon();
select is((select people from public.event_attendance(pg_temp.ev())), 6,
  'the public count includes the two seats held by the offer: no place left');
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Late', null, 1)$$, '23514', 'This event is full',
  'a held offer''s seats are not given to a walk-in');
select throws_ok(format($$select public.remove_walk_in('%s')$$, gen_random_uuid()), 'PT404', null, 'an unknown walk-in is not found');

-- Check-in and its undo, with the counts.
select is((select attendance_status from public.check_in_attendee(pg_temp.ev(), pg_temp.m(1))), 'attended', 'staff check m1 in');
select is((select (checked_in, people_checked_in, registrations, people, waiting, offered, offered_seats, walk_ins, seats_taken)
  from public.event_day_counts(pg_temp.ev())), row(1, 2, 2, 4, 0, 1, 2, 0, 6),
  'the counts: 1 of 2 registrations checked in (2 of 4 people), 1 offer holding 2 seats, 6 seats taken');
select is((select (attendance_status, checked_in_at, checked_in_by) from public.undo_check_in(pg_temp.ev(), pg_temp.m(1))),
  row('registered'::text, null::timestamptz, null::uuid), 'staff undo the check-in: registered, no time, nobody');
select throws_ok($$select public.undo_check_in(pg_temp.ev(), pg_temp.m(1))$$, 'PT404', null, 'nothing to undo twice');
select throws_ok($$select public.undo_check_in(pg_temp.ev(), pg_temp.m(3))$$, 'PT404', null, 'nor for someone not registered');
select is((select checked_in from public.event_day_counts(pg_temp.ev())), 0, 'the count goes back');
select tests.act_as(pg_temp.m(1));
select throws_ok($$select public.undo_check_in(pg_temp.ev(), auth.uid())$$, '42501', null, 'a member cannot undo a check-in');
select throws_ok($$select * from public.event_day_counts(pg_temp.ev())$$, '42501', null, 'nor read the day''s counts');

-- Walk-ins after the deadline and on a completed event (recorded late); never on a cancelled one.
select tests.act_as(tests.actor('event_manager'));
update public.events set max_attendees = 10, registration_deadline = now() - interval '1 day' where id = pg_temp.ev();
select is((select seats from public.add_walk_in(pg_temp.ev(), 'At the door', null, 1)), 1, 'a walk-in after the deadline');
select is((select walk_ins from public.event_day_counts(pg_temp.ev())), 1, 'is counted');
update public.events set status = 'cancelled' where id = pg_temp.ev();
select throws_ok($$select public.add_walk_in(pg_temp.ev(), 'Nobody', null, 1)$$, '23514', 'Registration is closed for this event',
  'a cancelled event takes no walk-in');

-- Live: a walk-in's seats are broadcast on the event's channel.
select tests.act_as_superuser();
update public.events set status = 'upcoming' where id = pg_temp.ev();
delete from realtime.queue;
select tests.act_as(tests.actor('event_manager'));
select lives_ok($$select public.add_walk_in(pg_temp.ev(), 'Second', null, 1)$$, 'another walk-in');
select tests.act_as_superuser();
select is((select (q.message -> 'payload' ->> 'people')::int from realtime.queue q where q.kind = 'B' order by q.id desc limit 1),
  (select people from public.event_attendance(pg_temp.ev())), 'its seats are broadcast with the event''s count');
select is((select count(*)::int from realtime.queue q where q.kind = 'I' and q.relid = 'public.event_walk_ins'::regclass), 1,
  'and the walk-in is queued for the live registrations screen');
-- Any selection of events as one calendar (the REST engine serves the aggregate for
-- `GET /events` with `Accept: text/calendar`): what the caller may read, nothing more.
select tests.act_as_anon();
select ok((select public.ics_calendar(e) from public.events e where e.id = pg_temp.ev())::text
  like '%SUMMARY:Health camp%', 'a visitor gets the events they read as one calendar');
select ok((select public.ics_calendar(e) from public.events e where e.id = pg_temp.ev())::text
  like 'BEGIN:VCALENDAR' || E'\r\n' || '%END:VCALENDAR' || E'\r\n', 'a whole calendar');
select tests.act_as_superuser();
update public.events set status = 'cancelled' where id = pg_temp.ev();
select tests.act_as_anon();
select ok((select public.ics_calendar(e) from public.events e where e.id = pg_temp.ev())::text not like '%BEGIN:VEVENT%',
  'a cancelled event the visitor cannot read is not in it');
select throws_ok($$select app.ics_event(e) from public.events e limit 1$$, '42501', null,
  'the calendar helpers are not callable on their own');
select * from finish();
rollback;
