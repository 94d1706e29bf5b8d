-- Operations: who may manage backups (ops.can_manage_backups(), the gate of
-- /api/admin/backups), that the ops tables stay closed to the API roles, and that an alert
-- reaches the super admins and nobody else (migrations/0100, policies/75_operations.sql).
begin;
select plan(12);
select tests.seed();

create temporary table who (name text primary key, id uuid);
grant select on who to authenticated, anon;
insert into who values
  ('super', tests.create_user('super_admin', 'approved', 'super57o')),
  ('pending_super', tests.create_user('super_admin', 'pending', 'pendingsuper57o')),
  ('admin', tests.create_user('admin', 'approved', 'admin57o')),
  ('member', tests.create_user('member', 'approved', 'member57o'));
create function pg_temp.who(n text) returns uuid language sql stable as $$ select id from who where name = n $$;
grant execute on function pg_temp.who(text) to authenticated, anon;

select tests.act_as(pg_temp.who('super'));
select ok(ops.can_manage_backups(), 'a super admin may manage backups');
select tests.act_as(pg_temp.who('pending_super'));
select ok(not ops.can_manage_backups(), 'a super admin account not yet approved may not');
select tests.act_as(pg_temp.who('admin'));
select ok(not ops.can_manage_backups(), 'an admin may not');
select tests.act_as(pg_temp.who('member'));
select ok(not ops.can_manage_backups(), 'a member may not');
select tests.act_as_anon();
select ok(not ops.can_manage_backups(), 'a visitor may not');

-- The platform's tables grant the API roles nothing, whoever they are.
select tests.act_as(pg_temp.who('super'));
select throws_ok($$select * from ops.restores$$, '42501', null, 'even a super admin reads no ops table directly');
select throws_ok($$insert into ops.alerts (kind, message) values ('x', 'y')$$, '42501', null,
  'nor raises alerts (only the server does)');
select throws_ok($$update ops.jobs set next_run_at = now()$$, '42501', null, 'nor moves a scheduled job');
select tests.act_as_anon();
select throws_ok($$select * from ops.backup_drills$$, '42501', null, 'a visitor reads no drill');

-- An alert tells each approved super admin, and nobody else.
select tests.act_as_superuser();
insert into ops.alerts (kind, message) values ('backup_drill_failed', 'The restore drill of backup B failed: row counts');
select is(
  (select count(*)::int from public.notifications n where n.user_id = pg_temp.who('super')
      and n.title = 'Restore drill failed' and n.message like 'The restore drill of backup B failed%'),
  1, 'the super admin gets a notification naming the failure');
select is(
  (select count(*)::int from public.notifications n
    where n.user_id in (pg_temp.who('admin'), pg_temp.who('member'), pg_temp.who('pending_super'))
      and n.title = 'Restore drill failed'),
  0, 'admins, members and unapproved accounts do not');
select is(
  (select count(*)::int from push.outbox o where o.title = 'Restore drill failed'),
  (select count(*)::int from public.users where type = 'super_admin' and status = 'approved'),
  'one push per approved super admin');

select * from finish();
rollback;
