-- Issue 16: each user's notification choices (notification_preferences) are honoured by every
-- fan-out: the bell rows of public news, personal notifications and staff announcements, and
-- the pushes (each queued push names its kind; the worker asks push.wants per device:
-- server/tests/push_delivery.rs delivers them).
begin;
select plan(26);
select tests.seed();

-- "user" turns events, Sandesha, registrations and announcements off; keeps photos.
insert into public.notification_preferences (user_id, event, photo, sandesha, registration, other)
values (tests.actor('user'), false, true, false, false, false);
insert into push.subscriptions (endpoint, p256dh, auth, user_id) values
  ('https://push.example.org/user', 'k', 'a', tests.actor('user')),
  ('https://push.example.org/stranger', 'k', 'a', tests.actor('stranger')),
  ('https://push.example.org/visitor', 'k', 'a', null);
create function pg_temp.bell(who text, kind text, title text) returns int language sql stable as
  $$ select count(*)::int from public.notifications n where n.user_id = tests.actor(who) and n.type = kind and n.title = bell.title $$;
create function pg_temp.last_push() returns push.outbox language sql stable as
  $$ select * from push.outbox order by id desc limit 1 $$;

-- The platform's hook answers with the choice (no row: everything).
select is(push.wants(tests.actor('user'), 'event'), false, 'push.wants: a kind the user turned off');
select is(push.wants(tests.actor('user'), 'photo'), true, 'a kind they kept');
select is(push.wants(tests.actor('stranger'), 'event'), true, 'a user without choices wants every kind');
select is(push.wants(tests.actor('user'), 'unknown'), true, 'an unknown kind is not withheld');
select set_config('choices.user', tests.actor('user')::text, true);
set local role push_admin;
select set_config('choices.wants', push.wants(current_setting('choices.user')::uuid, 'sandesha')::text, true);
reset role;
select is(current_setting('choices.wants'), 'false', 'the delivery worker''s role may ask');

-- Public news: a new event, album, Sandesha issue.
insert into public.events (title, description, event_date, event_type, status)
values ('Choices fair', 'x', current_date + 5, 'social', 'upcoming');
select is(pg_temp.bell('user', 'event', 'New event: Choices fair'), 0, 'a new event: no bell for the user who turned events off');
select is(pg_temp.bell('stranger', 'event', 'New event: Choices fair'), 1, 'others still get it');
select results_eq($$select audience, kind, title from pg_temp.last_push()$$,
  $$values ('everyone'::text, 'event:en'::text, 'New event: Choices fair'::text)$$,
  'its broadcast push names its kind, in English (the worker skips the user''s devices)');
select is(push.wants(tests.actor('user'), 'event:en'), false, 'push.wants: the English broadcast of a kind turned off');
select is(push.wants(tests.actor('stranger'), 'event:en'), true, 'an English reader wants the English broadcast');
insert into public.media_albums (title, is_published) values ('Choices album', true);
select is(pg_temp.bell('user', 'photo', 'New photos: Choices album'), 1, 'a new album: the user kept photos');
select is((pg_temp.last_push()).kind, 'photo:en', 'its push is of kind photo (English)');
insert into public.havyaka_sandesha_issues (title, issue_year, issue_month, pdf_url, is_published)
values ('Choices issue', 2026, 7, '/storage/v1/object/havyaka-sandesh/2026/07.pdf', true);
select is(pg_temp.bell('user', 'sandesha', 'Havyaka Sandesha: Choices issue'), 0, 'a new Sandesha issue: none for the user');
select is(pg_temp.bell('stranger', 'sandesha', 'Havyaka Sandesha: Choices issue'), 1, 'one for others');
select is((pg_temp.last_push()).kind, 'sandesha:en', 'its push is of kind sandesha (English)');

-- Personal notifications.
create temp table before_personal as select coalesce(max(id), 0) id from push.outbox;
select app.notify_users(array[tests.actor('user'), tests.actor('stranger')], 'registration', 'Decided', 'Your application',
                        '{}', '/dashboard/member', 'decision-test');
select is(pg_temp.bell('user', 'registration', 'Decided'), 0, 'a personal notification of a kind turned off: no bell row');
select is((select count(*)::int from push.outbox where id > (select id from before_personal) and user_id = tests.actor('user')), 0,
  'and no push queued for them');
select results_eq($$select user_id, kind from push.outbox where id > (select id from before_personal)$$,
  $$values (tests.actor('stranger'), 'registration'::text)$$, 'the other recipient''s push names its kind');

-- Staff announcements are of kind "other".
select tests.act_as(tests.actor('admin'));
create temp table sent as select * from public.send_announcement('Office closed', 'Closed on Monday', 'everyone');
select tests.act_as_superuser();
select is(pg_temp.bell('user', 'other', 'Office closed'), 0, 'an announcement to everyone: no bell for the user who turned "other" off');
select is(pg_temp.bell('stranger', 'other', 'Office closed'), 1, 'one for others');
select is((select recipients from sent), (select count(*)::int from public.notifications where type = 'other'
                                            and data ->> 'announcement_id' = (select id::text from sent)),
  'the recipients counted are the bells written');
select results_eq($$select audience, kind from push.outbox where id = (select outbox_ids[1] from sent)$$,
  $$values ('everyone'::text, 'other'::text)$$, 'its broadcast names the kind');
select tests.act_as(tests.actor('admin'));
create temp table sent_members as select * from public.send_announcement('Members meet', 'On Sunday', 'members');
select tests.act_as_superuser();
select is((select count(*)::int from push.outbox where id in (select unnest(outbox_ids) from sent_members) and user_id = tests.actor('user')),
  0, 'an announcement to members queues no push for the user');
select is((select count(*)::int from push.outbox where id in (select unnest(outbox_ids) from sent_members) and user_id = tests.actor('stranger')),
  1, 'and one for a member who wants it');

-- Turning a kind back on takes effect at once.
update public.notification_preferences set event = true where user_id = tests.actor('user');
select is(push.wants(tests.actor('user'), 'event'), true, 'turned back on, the user wants events again');
insert into public.events (title, description, event_date, event_type, status)
values ('Choices fair 2', 'x', current_date + 6, 'social', 'upcoming');
select is((select count(*)::int from public.notifications where user_id = tests.actor('user') and title = 'New event: Choices fair 2'), 1,
  'and gets the next event');

select * from finish();
rollback;
