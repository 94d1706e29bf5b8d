-- Second hardening round: a registration for an account is made by that account. Event staff
-- cannot register someone (and so read their record, and ring their bell); guests are added
-- only while the event takes registrations, except by event staff (walk-ins at the door).
begin;
select plan(14);
select tests.seed();

create temporary table people as
  select tests.create_user('member', 'approved', 'victim') as victim,
         (select id from public.events where title = 'Open event') as open_event,
         (select id from public.events where title = 'Cancelled event') as cancelled_event;
grant select on people to authenticated, service_role;
insert into public.events (title, description, event_date, event_type, status, registration_required)
values ('Second event', 'Registrations open', current_date + 40, 'cultural', 'upcoming', true);
create function pg_temp.bells(who uuid) returns int language sql as $$
  select count(*)::int from public.notifications where user_id = who and title like 'Registered:%'
$$;

-- Event staff register nobody but themselves.
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$insert into public.event_registrations (event_id, user_id) select open_event, victim from people$$,
  '42501', null, 'an event manager cannot register another account');
select throws_ok($$insert into public.event_registrations (event_id, user_id) select open_event, victim from people
    on conflict (event_id, user_id) do update set notes = 'x'$$,
  '42501', null, 'nor through an upsert');
select is((select count(*)::int from public.users where id = (select victim from people)), 0,
  'and so cannot read the account');
select tests.changes_rows($$insert into public.event_registrations (event_id, user_id)
    select id, auth.uid() from public.events where title = 'Second event'$$, 1,
  'an event manager registers themselves');
select tests.act_as(tests.actor('admin'));
select throws_ok($$insert into public.event_registrations (event_id, user_id) select open_event, victim from people$$,
  '42501', null, 'an admin cannot register another account either');
select tests.act_as_superuser();
select is(pg_temp.bells(tests.actor('event_manager')), 1, 'the manager who registered is told');

-- A registration someone did not make themselves rings no bell of theirs.
select tests.act_as_service();
insert into public.event_registrations (event_id, user_id) select open_event, victim from people;
select tests.act_as_superuser();
select is(pg_temp.bells((select victim from people)), 0, 'a registration made for an account does not notify it');
select is((select count(*)::int from push.outbox where user_id = (select victim from people) and title like 'Registered:%'), 0,
  'nor push to it');

-- Guests after the deadline.
update public.event_registrations set guests = 1 where user_id = tests.actor('user');
update public.events set registration_deadline = now() - interval '1 hour' where title = 'Open event';
select tests.act_as(tests.actor('user'));
select throws_ok($$update public.event_registrations set guests = 2 where user_id = auth.uid()
    and event_id = (select open_event from people)$$,
  '23514', 'The registration deadline has passed', 'a registrant adds no guests after the deadline');
select tests.changes_rows($$update public.event_registrations set guests = 0 where user_id = auth.uid()
    and event_id = (select open_event from people)$$, 1,
  'but may bring fewer');
select tests.act_as(tests.actor('event_manager'));
select tests.changes_rows(format($$update public.event_registrations set guests = 3 where user_id = '%s'
    and event_id = (select open_event from people)$$, tests.actor('user')), 1,
  'event staff add walk-in guests after the deadline');
select tests.act_as_superuser();
select is((select guests from public.event_registrations where user_id = tests.actor('user')
  and event_id = (select open_event from people)), 3, 'and the guests are counted');

-- Guests of an event that no longer takes registrations.
update public.events set registration_deadline = null, status = 'completed' where title = 'Open event';
select tests.act_as(tests.actor('user'));
select throws_ok($$update public.event_registrations set guests = 4 where user_id = auth.uid()
    and event_id = (select open_event from people)$$,
  '23514', 'Registration is closed for this event', 'nor to an event that has closed');
select tests.act_as_superuser();
select is((select guests from public.event_registrations where user_id = tests.actor('user')
  and event_id = (select open_event from people)), 3, 'the refused changes left the row as it was');

select * from finish();
rollback;
