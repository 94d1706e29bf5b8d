-- Staff ranks on every path that writes an account's record: nobody creates, promotes,
-- re-creates, demotes or removes an account at or above their own rank, and only a
-- super_admin grants, removes or touches staff accounts (INSERT, upsert, UPDATE, DELETE and
-- re-insert, create_user_record, the auth admin API's rule auth.can_manage_user).
begin;
select plan(33);
select tests.seed();

-- An auth account with no public.users record yet (as the auth admin API makes one).
create function pg_temp.bare_account() returns uuid language plpgsql as $$
declare id uuid := gen_random_uuid();
begin
  insert into auth.users (id, email, email_confirmed_at) values (id, 'bare-' || left(id::text, 8) || '@example.org', now());
  return id;
end
$$;
-- The rows a statement reached, run as whoever is acting.
create temporary table acct (name text primary key, id uuid, email text);
insert into acct (name, id) values ('one', pg_temp.bare_account()), ('two', pg_temp.bare_account()), ('three', pg_temp.bare_account());
insert into acct (name, id) values ('other_super', tests.create_user('super_admin')), ('other_admin', tests.create_user('admin')),
  ('staff', tests.create_user('content_manager'));
update acct set email = (select u.email from auth.users u where u.id = acct.id);
grant select on acct to authenticated, service_role;
create function pg_temp.acct(label text) returns uuid language sql as $$ select id from acct where name = label $$;
grant execute on function pg_temp.acct(text) to authenticated, service_role;
create function pg_temp.insert_record(label text, kind text, role text default null) returns text language plpgsql as $$
begin
  return format($f$insert into public.users (id, email, type, role, status) values (%L, %L, %L, %L, 'approved')$f$,
                pg_temp.acct(label), (select email from acct where name = label), kind, role);
end
$$;

-- INSERT: an admin makes records below staff only.
select tests.act_as(tests.actor('admin'));
select throws_ok(pg_temp.insert_record('one', 'super_admin'), '42501', null, 'an admin cannot insert a super_admin record');
select throws_ok(pg_temp.insert_record('one', 'admin'), '42501', null, 'nor an admin record');
select throws_ok(pg_temp.insert_record('one', 'content_manager'), '42501', null, 'nor a record of any staff type');
select throws_ok(pg_temp.insert_record('one', 'member', 'super_admin'), '42501', null, 'nor a member record whose role is super_admin');
select throws_ok(
  format($f$insert into public.users (id, email, type, status) values (%L, 'one@example.org', 'super_admin', 'approved')
           on conflict (id) do update set type = excluded.type$f$, pg_temp.acct('one')),
  '42501', null, 'nor as the insert half of an upsert');
select throws_ok(
  format($f$insert into public.users (id, email, type, status)
           select case when n = 1500 then %L::uuid else gen_random_uuid() end, 'x' || n || '@example.org',
                  case when n = 1500 then 'super_admin' else 'member' end, 'approved'
           from generate_series(1, 3000) n$f$, pg_temp.acct('one')),
  '42501', null, 'nor hidden among three thousand rows');
select throws_ok(
  format($f$select public.create_user_record(%L, 'one@example.org', 'super_admin', 'approved')$f$, pg_temp.acct('one')),
  '42501', null, 'nor through create_user_record');
select throws_ok(
  format($f$select public.create_user_record(%L, 'one@example.org', 'event_manager', 'approved')$f$, pg_temp.acct('one')),
  '42501', null, 'create_user_record gives no staff type to an admin');
select tests.changes_rows(pg_temp.insert_record('one', 'member'), 1, 'an admin makes a member''s record');
select tests.act_as_superuser();
select is((select type from public.users where id = pg_temp.acct('one')), 'member', 'and it is a member''s');

-- DELETE and re-insert: a member's record comes back as a member's only.
select tests.act_as(tests.actor('admin'));
select tests.changes_rows(format('delete from public.users where id = %L', pg_temp.acct('one')), 1,
  'an admin removes a member''s record');
select throws_ok(pg_temp.insert_record('one', 'admin'), '42501', null, 'and cannot put it back as an admin''s');
select tests.changes_rows(format('delete from public.users where id = %L', pg_temp.acct('staff')), 0,
  'an admin cannot remove a staff record');
select tests.changes_rows(format('delete from public.users where id = %L', pg_temp.acct('other_admin')), 0,
  'nor another admin''s');
select tests.act_as_superuser();
select is((select count(*)::int from public.users where id in (pg_temp.acct('staff'), pg_temp.acct('other_admin'))), 2,
  'both records are still there');

-- UPDATE: promotion and demotion.
select tests.act_as(tests.actor('admin'));
select throws_ok(format($f$update public.users set type = 'admin' where id = %L$f$, tests.actor('user')),
  '42501', null, 'an admin cannot promote a member to admin');
select tests.changes_rows(format($f$update public.users set type = 'member' where id = %L$f$, pg_temp.acct('other_admin')), 0,
  'nor demote another admin');
select tests.changes_rows(format($f$update public.users set status = 'inactive' where id = %L$f$, pg_temp.acct('other_admin')), 0,
  'nor deactivate another admin');
select tests.changes_rows(format($f$update public.users set status = 'inactive' where id = %L$f$, tests.actor('user')), 1,
  'but deactivates a member');
select throws_ok(format($f$update public.users set type = 'super_admin' where id = %L$f$, tests.actor('admin')),
  '42501', null, 'and never changes their own type');

-- A super_admin grants staff types below their own rank, never a super_admin's.
select tests.act_as(tests.actor('super_admin'));
select tests.changes_rows(pg_temp.insert_record('two', 'admin'), 1, 'a super_admin makes an admin''s record');
select throws_ok(pg_temp.insert_record('three', 'super_admin'), '42501', null, 'but not another super_admin''s');
select throws_ok(
  format($f$select public.create_user_record(%L, 'three@example.org', 'super_admin', 'approved')$f$, pg_temp.acct('three')),
  '42501', null, 'not through create_user_record either');
select throws_ok(format($f$update public.users set type = 'super_admin' where id = %L$f$, pg_temp.acct('two')),
  '42501', null, 'nor promotes an admin to super_admin');
select tests.changes_rows(format($f$update public.users set type = 'member' where id = %L$f$, pg_temp.acct('other_super')), 0,
  'nor demotes another super_admin');
select tests.changes_rows(format($f$update public.users set status = 'inactive' where id = %L$f$, pg_temp.acct('other_super')), 0,
  'nor deactivates one');
select tests.changes_rows(format($f$update public.users set type = 'event_manager' where id = %L$f$, pg_temp.acct('two')), 1,
  'a super_admin moves an admin to another staff type');
select tests.changes_rows(format('delete from public.users where id = %L', pg_temp.acct('staff')), 1,
  'and removes a staff record');

-- The auth admin API's rule.
select tests.act_as(tests.actor('admin'));
select ok(not auth.can_manage_user(pg_temp.acct('other_admin')), 'the auth admin API: an admin may not act on another admin');
select ok(not auth.can_manage_user(tests.actor('event_manager')), 'nor on staff');
select ok(auth.can_manage_user(tests.actor('user')), 'but on members');
select tests.act_as(tests.actor('super_admin'));
select ok(not auth.can_manage_user(pg_temp.acct('other_super')), 'a super_admin may not act on another super_admin');

-- The service role (the server's command line) is not bound by ranks.
select tests.act_as_service();
select lives_ok(
  format($f$select public.create_user_record(%L, 'three@example.org', 'super_admin', 'approved')$f$, pg_temp.acct('three')),
  'the service role creates a super_admin');
select tests.act_as_superuser();

select * from finish();
rollback;
