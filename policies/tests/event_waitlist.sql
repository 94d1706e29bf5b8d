-- The waitlist of a full event (issue 37): every transition (join, offer, accept, decline,
-- expire, cancel, capacity change, staff moving up, offers by hand), who may do what, and
-- what each person is told. now() is fixed in a test's transaction: offers expire by moving
-- their offer_expires_at into the past (the injected clock).
begin;
select plan(52);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'approved', 'w1') as u1, tests.create_user('member', 'approved', 'w2') as u2,
  tests.create_user('member', 'approved', 'w3') as u3, tests.create_user('member', 'approved', 'w4') as u4,
  tests.create_user('member', 'approved', 'w5') as u5, tests.create_user('member', 'approved', 'w6') as u6,
  tests.create_user('member', 'approved', 'w7') as u7, gen_random_uuid() as full_event, gen_random_uuid() as soon_event;
grant select on people to authenticated, service_role;
insert into public.events (id, title, description, event_date, event_type, status, registration_required,
  max_attendees, registration_deadline)
select full_event, 'Ugadi', 'New year', current_date + 20, 'cultural', 'upcoming', true, 3, now() + interval '10 days'
  from people;
create function pg_temp.p(n int) returns uuid language sql as $$
  select case n when 1 then u1 when 2 then u2 when 3 then u3 when 4 then u4 when 5 then u5 when 6 then u6 else u7 end from people
$$;
create function pg_temp.ev() returns uuid language sql as $$ select full_event from people $$;
create function pg_temp.status_of(n int) returns text language sql as $$
  select status from public.event_waitlist where event_id = pg_temp.ev() and user_id = pg_temp.p(n)
$$;
create function pg_temp.bells(n int, prefix text) returns int language sql as $$
  select count(*)::int from public.notifications where user_id = pg_temp.p(n) and title like prefix || '%'
$$;
create function pg_temp.mails(n int) returns int language sql as $$
  select count(*)::int from auth.mail_outbox m join public.users u on u.email = m.recipient
   where u.id = pg_temp.p(n) and m.kind = 'event_offer'
$$;
grant execute on all functions in schema pg_temp to authenticated;

-- u1 (with a guest) and u2 fill the three seats.
select tests.act_as(pg_temp.p(1));
insert into public.event_registrations (event_id, user_id, guests) values (pg_temp.ev(), auth.uid(), 1);
select tests.act_as(pg_temp.p(2));
insert into public.event_registrations (event_id, user_id) values (pg_temp.ev(), auth.uid());

-- Join.
select tests.act_as(pg_temp.p(3));
select throws_ok($$insert into public.event_registrations (event_id, user_id) values (pg_temp.ev(), auth.uid())$$,
  '23514', 'This event is full', 'a full event takes no registration');
select is((select status from public.join_event_waitlist(pg_temp.ev(), 1)), 'waiting', 'u3 joins the waitlist with a guest');
select throws_ok($$select public.join_event_waitlist(pg_temp.ev())$$, '23505', 'You are already on the waitlist',
  'one place per person and event');
select throws_ok($$insert into public.event_waitlist (event_id, user_id) values (pg_temp.ev(), auth.uid())$$,
  '42501', null, 'nobody writes the waitlist directly');
select tests.changes_rows($$update public.event_waitlist set priority = 100 where user_id = auth.uid()$$,
  0, 'nor moves themselves up');
select tests.act_as(pg_temp.p(4));
select is((select status from public.join_event_waitlist(pg_temp.ev())), 'waiting', 'u4 joins');
select tests.act_as(pg_temp.p(5));
select is((select status from public.join_event_waitlist(pg_temp.ev())), 'waiting', 'u5 joins');
select is((select count(*)::int from public.event_waitlist), 1, 'a member reads only their own place');
select tests.act_as(pg_temp.p(1));
select throws_ok($$select public.join_event_waitlist(pg_temp.ev())$$, '23505', 'You are already registered',
  'a registrant does not join the waitlist');
select tests.act_as_anon();
select throws_ok($$select public.join_event_waitlist(pg_temp.ev())$$, '42501', null, 'a visitor cannot join');
select tests.act_as(tests.actor('event_manager'));
select is((select count(*)::int from public.event_waitlist where event_id = pg_temp.ev()), 3, 'event staff read the whole waitlist');

-- Cancel: one seat is free; u3 (two seats) does not fit, u4 is offered it.
select tests.act_as(pg_temp.p(2));
select tests.changes_rows($$update public.event_registrations set attendance_status = 'cancelled'
  where user_id = auth.uid() and event_id = pg_temp.ev()$$, 1, 'u2 cancels');
select tests.act_as_superuser();
select is(pg_temp.status_of(3), 'waiting', 'u3 waits: two seats do not fit in one');
select is(pg_temp.status_of(4), 'offered', 'u4, the first who fits, is offered the seat');
select is((select offer_expires_at from public.event_waitlist where user_id = pg_temp.p(4)), now() + interval '48 hours',
  'the seat is held for the event''s 48 hours');
select is(pg_temp.bells(4, 'A place is free'), 1, 'u4 hears of it on the bell');
select is((select count(*)::int from push.outbox where user_id = pg_temp.p(4) and title like 'A place is free%'), 1, 'and by push');
select is(pg_temp.mails(4), 1, 'and by e-mail');
select is((select m.link from auth.mail_outbox m join public.users u on u.email = m.recipient
            where u.id = pg_temp.p(4) and m.kind = 'event_offer'), '/events/' || pg_temp.ev(),
  'the mail links to the event''s page, where the offer is accepted or declined');
select is(pg_temp.bells(3, 'A place is free') + pg_temp.bells(5, 'A place is free'), 0, 'nobody else is told');
select tests.act_as(pg_temp.p(6));
select throws_ok($$insert into public.event_registrations (event_id, user_id) values (pg_temp.ev(), auth.uid())$$,
  '23514', 'This event is full', 'a held seat is not free for someone else');

-- Decline: the seat passes to the next who fits (u5).
select tests.act_as(pg_temp.p(4));
select lives_ok($$select public.decline_event_offer(pg_temp.ev())$$, 'u4 declines');
select tests.act_as_superuser();
select is(pg_temp.status_of(4), 'declined', 'u4''s place is declined');
select is(pg_temp.status_of(5), 'offered', 'the seat goes to u5');
select tests.act_as(pg_temp.p(4));
select throws_ok($$select public.accept_event_offer(pg_temp.ev())$$, 'P0001', 'You have no offer for this event',
  'a declined offer cannot be accepted');

-- Expire: u5 lets the offer run out; the seat is free again and nobody waiting fits it.
select tests.act_as_superuser();
update public.event_waitlist set offer_expires_at = now() - interval '1 second' where user_id = pg_temp.p(5);
select tests.act_as(pg_temp.p(5));
select throws_ok($$select public.accept_event_offer(pg_temp.ev())$$, '23514', 'This offer has expired',
  'an expired offer cannot be accepted');
select tests.act_as(tests.actor('event_manager'));
select is(public.run_waitlist_offers(pg_temp.ev()), 0, 'staff run offers by hand: none fits the free seat');
select tests.act_as_superuser();
select is(pg_temp.status_of(5), 'expired', 'the stale offer expired');
select is(pg_temp.bells(5, 'Offer expired'), 1, 'u5 is told');
select tests.act_as(pg_temp.p(1));
select throws_ok($$select public.run_waitlist_offers()$$, '42501', null, 'a member cannot run offers');

-- Capacity change: two more seats, u3 (two seats) is offered them.
select tests.act_as(tests.actor('event_manager'));
select tests.changes_rows($$update public.events set max_attendees = 4 where id = pg_temp.ev()$$, 1, 'staff raise the capacity');
select tests.act_as_superuser();
select is(pg_temp.status_of(3), 'offered', 'u3 is offered the freed seats');

-- Accept: the held seats become u3's registration, with the guest.
select tests.act_as(pg_temp.p(3));
select is((select guests from public.accept_event_offer(pg_temp.ev())), 1, 'u3 accepts and is registered with the guest');
select is(pg_temp.status_of(3), 'accepted', 'the waitlist place is accepted');
select is((select attendance_status from public.event_registrations where user_id = auth.uid() and event_id = pg_temp.ev()),
  'registered', 'u3 reads the registration');
select throws_ok($$select public.accept_event_offer(pg_temp.ev())$$, 'P0001', null, 'an offer is accepted once');
select is(pg_temp.bells(3, 'Registered'), 1, 'u3 is told of the registration they made');
select tests.act_as_superuser();
select is((select sum(1 + guests)::int from public.event_registrations where event_id = pg_temp.ev()
  and attendance_status <> 'cancelled'), 4, 'four seats taken of four');

-- Staff move an entry up (recorded); the order decides the next offer.
select tests.act_as(pg_temp.p(6));
select is((select status from public.join_event_waitlist(pg_temp.ev())), 'waiting', 'u6 joins');
select tests.act_as(pg_temp.p(7));
select is((select status from public.join_event_waitlist(pg_temp.ev())), 'waiting', 'u7 joins after u6');
select throws_ok(format($$select public.move_waitlist_entry_up('%s')$$,
  (select id from public.event_waitlist where user_id = auth.uid())), '42501', null, 'a member cannot move up');
select tests.act_as(tests.actor('event_manager'));
select is((select moved_by from public.move_waitlist_entry_up(
  (select id from public.event_waitlist where user_id = pg_temp.p(7)))), tests.actor('event_manager'),
  'staff move u7 up, and who did is recorded');
select tests.act_as(pg_temp.p(3));
update public.event_registrations set guests = 0 where user_id = auth.uid() and event_id = pg_temp.ev();
select tests.act_as_superuser();
select is(pg_temp.status_of(7), 'offered', 'one seat freed by a guest less goes to u7, moved up');
select is(pg_temp.status_of(6), 'waiting', 'u6 waits');

-- Leave: an offer given up passes on.
select tests.act_as(pg_temp.p(7));
select lives_ok($$select public.leave_event_waitlist(pg_temp.ev())$$, 'u7 leaves the waitlist');
select tests.act_as_superuser();
select is(pg_temp.status_of(6), 'offered', 'the seat goes to u6');
select tests.act_as(pg_temp.p(7));
select is((select status from public.join_event_waitlist(pg_temp.ev())), 'waiting', 'u7 may join again, at the end');

-- Registering directly when an offer of one's own is held takes it up.
select tests.act_as(pg_temp.p(6));
select tests.changes_rows($$insert into public.event_registrations (event_id, user_id) values (pg_temp.ev(), auth.uid())$$,
  1, 'u6 registers on the held seat');
select tests.act_as_superuser();
select is(pg_temp.status_of(6), 'accepted', 'and the waitlist place is done with');

-- An offer is never held past the registration deadline, nor for less than 6 hours.
update public.events set registration_deadline = now() + interval '3 hours' where id = pg_temp.ev();
update public.event_registrations set attendance_status = 'cancelled' where user_id = pg_temp.p(1) and event_id = pg_temp.ev();
select is((select offer_expires_at from public.event_waitlist where user_id = pg_temp.p(7)), now() + interval '3 hours',
  'the offer ends at the registration deadline');
select throws_ok($$update public.events set waitlist_offer_hours = 2 where id = pg_temp.ev()$$, '23514', null,
  'an offer is held at least 6 hours');

-- The scheduler runs the offers (an app job).
select is((select function_name from ops.app_jobs where name = 'event_waitlist_offers'), 'app.waitlist_offers_job',
  'the offers run as an app job of the scheduler');
select * from finish();
rollback;
