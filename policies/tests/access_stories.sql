-- Stories the matrix does not tell: files in buckets, the auth admin API's rule, and the
-- behaviour rules a user meets.
begin;
select plan(14);
select tests.seed();

-- auth.can_manage_users(): admins and super admins manage accounts through /auth/v1/admin.
select tests.act_as(tests.actor('admin'));
select ok(auth.can_manage_users(), 'an admin may use the auth admin API');
select tests.act_as(tests.actor('super_admin'));
select ok(auth.can_manage_users(), 'a super admin may use the auth admin API');
select tests.act_as(tests.actor('content_manager'));
select ok(not auth.can_manage_users(), 'a content manager may not');
select tests.act_as(tests.actor('user'));
select ok(not auth.can_manage_users(), 'a member may not');
select tests.act_as_superuser();
update public.users set status = 'inactive' where id = tests.actor('admin');
select tests.act_as(tests.actor('admin'));
select ok(not auth.can_manage_users(), 'an inactive admin has no staff rights');
select tests.act_as_superuser();

-- Files: private buckets keep each user's files in their own folder.
select tests.act_as(tests.actor('user'));
select lives_ok(
  format($$insert into storage.objects (bucket_id, name, version) values ('documents', '%s/marks.pdf', 'v1')$$, tests.actor('user')),
  'a user uploads into their own folder of a private bucket');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name, version) values ('documents', '%s/marks.pdf', 'v2')$$, tests.actor('stranger')),
  '42501', null, 'but not into someone else''s');
select throws_ok(
  $$insert into storage.objects (bucket_id, name, version) values ('gallery', 'mine.jpg', 'v3')$$,
  '42501', null, 'and a user does not write the public gallery');
select tests.act_as(tests.actor('event_manager'));
select lives_ok($$insert into storage.objects (bucket_id, name, version) values ('event-images', 'featured/ugadi.jpg', 'v4')$$,
  'an event manager uploads featured event images');
select throws_ok($$insert into storage.objects (bucket_id, name, version) values ('event-images', 'other/ugadi.jpg', 'v5')$$,
  '42501', null, 'only into the featured folder');
select tests.act_as_superuser();
insert into storage.objects (bucket_id, name, version) values
  ('havyaka-sandesh', '2026/01.pdf', 'v6'), ('havyaka-sandesh', '2026/02.pdf', 'v7');
select tests.act_as_anon();
select results_eq($$select name from storage.objects where bucket_id = 'havyaka-sandesh' order by name$$,
  array['2026/01.pdf'], 'visitors read the PDF of a published issue only');
select tests.act_as_superuser();

-- Behaviour rules.
select tests.act_as_anon();
select is(public.increment_sandesha_download_count((select id from public.havyaka_sandesha_issues where title = 'January')), 1,
  'a download of a published issue counts');
select is(public.increment_sandesha_download_count((select id from public.havyaka_sandesha_issues where title = 'February')), null,
  'an unpublished issue counts nothing');
select tests.act_as(tests.actor('user'));
select throws_ok(
  format($$update public.member_directory set status = 'Check', approval_status = 'pending' where user_id = '%s'$$, tests.actor('user')),
  '42501', null, 'a member does not change the status of their own directory entry');
select tests.act_as_superuser();

select * from finish();
rollback;
