-- Issue 16: matrimony browsing columns, views counted once a day, decisions announced to the
-- applicant, and notification choices (who may read and write them, and that they are honoured).
begin;
select plan(20);
select tests.seed();

-- Derived browse columns.
select is(app.height_cm('175 cm (5''9")'), 175, 'height in cm from the stored display');
select is(app.height_cm('5''4"'), 163, 'from feet and inches');
select is(app.height_cm('1.62 m'), 162, 'from metres');
select is(app.height_cm('tall'), null, 'unreadable: null');
update public.matrimony_details set gotra_nakshatra = 'Bharadwaja / Rohini' where user_id = tests.actor('stranger');
select is((select gotra from public.matrimony_details where user_id = tests.actor('stranger')), 'bharadwaja', 'the gotra part, lower case');

-- A view counts once per viewer and day, however often it is recorded.
create temp table p as select user_id, id from public.matrimony_details where user_id is not null;
grant select on p to authenticated, anon;
select tests.act_as(tests.actor('member_viewer'));
select is(public.record_profile_view((select id from p where user_id = tests.actor('user'))), true,
  'an approved profile''s view of another is counted');
select is(public.record_profile_view((select id from p where user_id = tests.actor('user'))), false,
  'the same view again today is not');
select throws_ok(format($$insert into public.matrimony_profile_views (viewer_id, viewed_profile_id) values ('%s', '%s')$$,
                        tests.actor('member_viewer'), (select id from p where user_id = tests.actor('user'))),
  '23505', null, 'nor a direct insert of it');
select is(public.record_profile_view((select id from p where user_id = tests.actor('member_viewer'))), false,
  'one''s own profile is never counted');
select tests.act_as(tests.actor('pending'));
select throws_ok(format($$select public.record_profile_view('%s')$$, (select id from p where user_id = tests.actor('user'))),
  '42501', null, 'a pending profile records no views');
select tests.act_as_anon();
select throws_ok(format($$select public.record_profile_view('%s')$$, (select id from p where user_id = tests.actor('user'))),
  '42501', null, 'nor a visitor');
select tests.act_as_superuser();

-- Decisions reach the applicant.
update public.student_details set approval_status = 'approved' where user_id = tests.actor('pending');
select ok(exists (select from public.notifications where user_id = tests.actor('pending') and type = 'registration'
                  and title = 'Your educational aid application is approved'), 'the applicant hears of the approval');

-- Notification choices: the user's own, honoured.
select tests.act_as(tests.actor('user'));
select lives_ok($$insert into public.notification_preferences (event) values (false)$$, 'a user turns event notifications off');
select throws_ok(format($$insert into public.notification_preferences (user_id, event) values ('%s', false)$$, tests.actor('stranger')),
  '42501', null, 'but not someone else''s');
select tests.act_as(tests.actor('stranger'));
select is((select count(*)::int from public.notification_preferences), 0, 'and nobody reads another''s choices');
select tests.act_as_superuser();
insert into public.events (title, description, event_date, event_type, status) values ('Choices test', 'x', current_date + 5, 'social', 'upcoming');
select is((select count(*)::int from public.notifications where user_id = tests.actor('user') and title = 'New event: Choices test'), 0,
  'the user who turned events off gets no event notification');
select is((select count(*)::int from public.notifications where user_id = tests.actor('stranger') and title = 'New event: Choices test'), 1,
  'others still do');

-- Biodata: read by the parties of an accepted interest only.
insert into storage.objects (bucket_id, name, version) values ('matrimony-pdfs', tests.actor('stranger') || '/biodata.pdf', 'bio1');
select tests.act_as(tests.actor('user'));
select is((select count(*)::int from storage.objects where bucket_id = 'matrimony-pdfs' and name = tests.actor('stranger') || '/biodata.pdf'), 1,
  'a party of an accepted interest reads the other''s biodata');
select tests.act_as_superuser();
create temp table lone as select tests.create_user('matrimony', 'approved', 'lone') id;
grant select on lone to authenticated;
select tests.act_as((select id from lone));
select is((select count(*)::int from storage.objects where bucket_id = 'matrimony-pdfs'), 0,
  'an approved registrant without an accepted interest reads no biodata');
select tests.act_as_anon();
select is((select count(*)::int from storage.objects where bucket_id = 'matrimony-pdfs'), 0, 'nor a visitor');
select tests.act_as_superuser();

select * from finish();
rollback;
