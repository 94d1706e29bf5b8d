-- Issue 34: what the app publishes live. Its tables' changes are queued for the realtime
-- readers (who re-read each row as each subscriber, so what a subscriber may see is exactly
-- what these tables' policies give it: their own tests hold that); an event's seats left are
-- broadcast on its private channel, which anyone may join and nobody may send on.
begin;
select plan(12);
select tests.seed();

select set_eq(
  $$ select c.relname::text from realtime.tables t join pg_class c on c.oid = t.relid
      where c.relnamespace = 'public'::regnamespace $$,
  array['notifications', 'member_directory', 'student_details', 'matrimony_details', 'matrimony_interests',
        'matrimony_messages', 'event_registrations', 'event_waitlist', 'event_walk_ins'],
  'the bell, the approval queues, the registrations, the waitlist, walk-ins and matrimony''s interests and messages are live');

-- A member registers: the registration is queued (for the registrations screen) and the
-- event's counts are broadcast.
create temporary table reg (who uuid, event_id uuid);
grant select, insert on reg to authenticated;
insert into reg select tests.create_user('member', 'approved', 'seats'), id from public.events where title = 'Open event';
delete from realtime.queue;
select tests.act_as((select who from reg));
insert into public.event_registrations (event_id, user_id, guests) select event_id, who, 2 from reg;
select tests.act_as_superuser();
select is((select count(*)::int from realtime.queue q where q.kind = 'I' and q.relid = 'public.event_registrations'::regclass), 1,
  'the registration is queued for the live screens');
select is((select q.topic from realtime.queue q where q.kind = 'B'), 'event:' || (select event_id from reg),
  'its event''s attendance is broadcast on the event''s channel');
select is((select q.private from realtime.queue q where q.kind = 'B'), true, 'a private channel (sending needs a policy)');
select is((select q.message -> 'payload' -> 'people' from realtime.queue q where q.kind = 'B'),
  (select to_jsonb(a.people) from reg, public.event_attendance(reg.event_id) a),
  'with the same count anyone reads from event_attendance (registrants and guests)');
select ok((select q.message -> 'payload' ? 'max_attendees' and not (q.message -> 'payload' ? 'user_id')
             from realtime.queue q where q.kind = 'B'),
  'a count and the maximum, never who');

-- Cancelling tells the channel too.
delete from realtime.queue;
select tests.act_as((select who from reg));
update public.event_registrations set attendance_status = 'cancelled' where user_id = (select who from reg);
select tests.act_as_superuser();
select is((select (q.message -> 'payload' ->> 'people')::int from realtime.queue q where q.kind = 'B'),
  (select a.people from reg, public.event_attendance(reg.event_id) a), 'a cancellation frees its places on the channel');

-- The channel's policy: anyone may read an event's broadcasts, nobody may send, and other topics
-- stay closed.
insert into realtime.messages (topic, extension) values ('event:' || (select event_id from reg), 'broadcast'),
  ('event:' || (select event_id from reg), 'presence'), ('room:secret', 'broadcast');
select set_config('realtime.topic', 'event:' || (select event_id from reg), true);
select tests.act_as_anon();
select is((select array_agg(distinct extension) from realtime.messages), array['broadcast'],
  'a visitor may join an event''s channel (its broadcasts, not presence)');
select throws_ok($$ insert into realtime.messages (topic, extension) values (realtime.topic(), 'broadcast') $$, '42501', null,
  'nobody may send on it');
select throws_ok($$ select realtime.send('{"people": 0}', 'attendance', realtime.topic(), true) $$, '42501', null,
  'nor broadcast through realtime.send');
select set_config('realtime.topic', 'room:secret', true);
select is((select count(*)::int from realtime.messages), 0, 'other topics are not the events''');
select tests.act_as_superuser();

select is((select count(*)::int from pg_trigger where tgrelid = 'public.event_registrations'::regclass
            and tgname in ('realtime_insert', 'realtime_update', 'realtime_delete', 'event_registrations_attendance')), 4,
  'the registrations carry the capture triggers and the attendance trigger');

select * from finish();
rollback;
