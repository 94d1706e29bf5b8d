-- Check-in at an event's door by scanning the membership card (issue 37 item 4, issue 36 item
-- 8): public.check_in_member(event, member number, card version, time of the scan). Who may
-- (event staff only), what is refused (an unknown number, a revoked card, a holder no longer
-- approved, no registration, a cancelled registration or event), what is recorded (attended,
-- who, when, by card), that a second scan or a queued one sent again changes nothing, how the
-- device's time of a queued scan is believed, and the list's check-in beside it.
begin;
select plan(30);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'approved', 'k1') as m1, tests.create_user('member', 'approved', 'k2') as m2,
  tests.create_user('member', 'approved', 'k3') as m3, tests.create_user('member', 'approved', 'k4') as m4,
  tests.create_user('member', 'approved', 'k5') as m5, gen_random_uuid() as ev, gen_random_uuid() as other;
grant select on people to anon, authenticated, service_role;
create function pg_temp.m(n int) returns uuid language sql as $$
  select case n when 1 then m1 when 2 then m2 when 3 then m3 when 4 then m4 else m5 end from people
$$;
create function pg_temp.ev() returns uuid language sql as $$ select ev from people $$;
create function pg_temp.reg(n int) returns public.event_registrations language sql as $$
  select * from public.event_registrations where event_id = pg_temp.ev() and user_id = pg_temp.m(n)
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- Five approved members with cards KC-1 … KC-5; KC-4 struck off later, KC-5's card revoked.
insert into public.member_directory (full_name, member_type, status, approval_status, approved_at, user_id, membership_no)
select 'Card Holder ' || n, 'life', 'Yes', 'approved', now(), pg_temp.m(n), 'KC-' || n from generate_series(1, 5) n;
insert into public.members (user_id, first_name, approval_status)
select pg_temp.m(n), 'Holder', 'approved' from generate_series(1, 5) n;
insert into public.events (id, title, description, event_date, event_time, event_type, status, registration_required, max_attendees)
select ev, 'Ugadi', 'New year', current_date, time '18:00', 'cultural', 'published', true, 20 from people
union all select other, 'Bhajan', 'Evening', current_date, time '19:00', 'religious', 'published', true, 20 from people;
insert into public.event_registrations (event_id, user_id, guests)
select pg_temp.ev(), pg_temp.m(n), case n when 1 then 2 else 0 end from generate_series(1, 5) n where n <> 3;
-- m3 is registered for the other event only; m2 cancelled.
insert into public.event_registrations (event_id, user_id) select other, m3 from people;
update public.event_registrations set attendance_status = 'cancelled' where user_id = pg_temp.m(2) and event_id = pg_temp.ev();

-- Who may.
select tests.act_as(pg_temp.m(1));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-1')$$, '42501', null,
  'a member cannot check themselves in with their card');
select tests.act_as_anon();
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-1')$$, '42501', null, 'nor can a visitor');

-- A good card of a registrant: checked in, recorded.
select tests.act_as(tests.actor('event_manager'));
select is((select (full_name, guests, already) from public.check_in_member(pg_temp.ev(), 'KC-1', 1)),
  row('Card Holder 1'::text, 2, false), 'staff scan KC-1: its holder, with two guests, is checked in');
select is((pg_temp.reg(1)).attendance_status, 'attended', 'the registration is attended');
select is((pg_temp.reg(1)).checked_in_by, tests.actor('event_manager'), 'who checked in is recorded');
select is((pg_temp.reg(1)).checked_in_at, now(), 'and when (no time of the scan given: now)');
select is((pg_temp.reg(1)).checked_in_via, 'card', 'and that it was by the card');
select is((select checked_in from public.event_day_counts(pg_temp.ev())), 1, 'the day''s counts show it');

-- Idempotent: a second scan, or a queued one sent again, by anyone, changes nothing.
select tests.act_as(tests.actor('admin'));
select is((select (already, checked_in_at, checked_in_by) from public.check_in_member(pg_temp.ev(), ' KC-1 ', 1,
  now() - interval '1 hour')),
  row(true, now(), tests.actor('event_manager')), 'scanning again says already, and keeps the first time and who');
select is((select count(*)::int from public.event_registrations where user_id = pg_temp.m(1)), 1, 'no second registration');

-- Refusals.
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-404')$$, 'PT404', 'No member has this number',
  'an unknown number is refused');
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-3')$$, 'PT404', 'Not registered for this event',
  'a member registered for another event is not checked in here');
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-2')$$, 'PT404', 'Not registered for this event',
  'nor one whose registration was cancelled');
select is((pg_temp.reg(2)).attendance_status, 'cancelled', 'which stays cancelled');
select throws_ok($$select * from public.check_in_member(gen_random_uuid(), 'KC-1')$$, 'PT404', null, 'an unknown event');
select tests.act_as(tests.actor('admin'));
select is(public.revoke_member_card('KC-5'), 2, 'an admin revokes KC-5''s card');
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-5', 1)$$, '23514', 'This card is revoked',
  'the old card (version 1) is refused, though the scanner''s list was not refreshed');
select is((select already from public.check_in_member(pg_temp.ev(), 'KC-5', 2)), false, 'the new card checks in');
select tests.act_as_superuser();
update public.members set approval_status = 'rejected' where user_id = pg_temp.m(4);
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-4', 1)$$, '23514', 'This card is revoked',
  'a holder no longer approved is refused, whatever the version');
select is((pg_temp.reg(4)).attendance_status, 'registered', 'and not checked in');

-- The device's time of a queued scan: believed within the last two days, never in the future.
select tests.act_as_superuser();
update public.members set approval_status = 'approved' where user_id = pg_temp.m(4);
update public.event_registrations set attendance_status = 'registered', checked_in_at = null, checked_in_by = null,
  checked_in_via = null where event_id = pg_temp.ev() and user_id = pg_temp.m(5);
select tests.act_as(tests.actor('event_manager'));
select is((select checked_in_at from public.check_in_member(pg_temp.ev(), 'KC-4', 1, now() - interval '25 minutes')),
  now() - interval '25 minutes', 'a scan queued offline 25 minutes ago is recorded at its time');
select is((select checked_in_at from public.check_in_member(pg_temp.ev(), 'KC-5', 2, now() + interval '3 hours')),
  now(), 'a time in the future (a wrong clock) is replaced by the server''s');
select tests.act_as_superuser();
update public.event_registrations set attendance_status = 'registered', checked_in_at = null, checked_in_by = null,
  checked_in_via = null where event_id = pg_temp.ev() and user_id = pg_temp.m(5);
select tests.act_as(tests.actor('event_manager'));
select is((select checked_in_at from public.check_in_member(pg_temp.ev(), 'KC-5', 2, now() - interval '5 days')),
  now(), 'and so is one days old');

-- The list's check-in says so; its undo clears how; nobody but staff writes how.
select is((select checked_in_via from public.check_in_attendee((select other from people), pg_temp.m(3))), 'list',
  'a check-in from the list is recorded as such');
select is((select (checked_in_at, checked_in_via) from public.undo_check_in((select other from people), pg_temp.m(3))),
  row(null::timestamptz, null::text), 'an undo clears the time and how');
select tests.act_as(pg_temp.m(3));
select throws_ok($$update public.event_registrations set checked_in_via = 'card' where user_id = auth.uid()$$, '42501', null,
  'a registrant cannot mark themselves checked in');
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-1', 1, 'soon')$$, '22007', null,
  'a time of the scan that is not a time is refused');

-- A cancelled event checks nobody in.
select tests.act_as_superuser();
update public.events set status = 'cancelled' where id = pg_temp.ev();
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-1', 1)$$, '23514', 'This event is cancelled',
  'a cancelled event checks nobody in');

-- Live: a scan's check-in reaches the registrations screen (realtime on the registrations).
select tests.act_as_superuser();
update public.events set status = 'published' where id = pg_temp.ev();
delete from realtime.queue;
update public.event_registrations set attendance_status = 'registered', checked_in_at = null, checked_in_by = null,
  checked_in_via = null where event_id = pg_temp.ev() and user_id = pg_temp.m(1);
delete from realtime.queue;
select tests.act_as(tests.actor('event_manager'));
select lives_ok($$select * from public.check_in_member(pg_temp.ev(), 'KC-1', 1)$$, 'a scan again after an undo');
select tests.act_as_superuser();
select cmp_ok((select count(*)::int from realtime.queue q where q.relid = 'public.event_registrations'::regclass), '>=', 1,
  'the check-in is queued for the live registrations screen');
select * from finish();
rollback;
