-- Issue 17, accounts and roles: what the user-management and RBAC screens may change, told
-- as the screens use it (REST updates of public.users, roles and user_roles).
begin;
select plan(14);
select tests.seed();

-- Admins change members' types and statuses.
select tests.act_as(tests.actor('admin'));
select tests.changes_rows(format($$update public.users set type = 'member_viewer' where id = %L$$, tests.actor('stranger')), 1,
  'an admin makes a member a member viewer');
select tests.act_as_superuser();
select is((select type || '/' || role from public.users where id = tests.actor('stranger')), 'member_viewer/member_viewer',
  'the type changed and the role followed it');
select tests.act_as(tests.actor('admin'));
select throws_ok(format($$update public.users set type = 'admin' where id = %L$$, tests.actor('stranger')),
  '42501', null, 'an admin may not grant a staff type');
update public.users set type = 'member' where id = tests.actor('event_manager');
update public.users set status = 'inactive' where id = tests.actor('event_manager');
select tests.act_as_superuser();
select is((select type || '/' || status from public.users where id = tests.actor('event_manager')), 'event_manager/approved',
  'nor remove one, nor deactivate a staff account: those are a super admin''s');
select tests.act_as(tests.actor('admin'));
select throws_ok(format($$update public.users set type = 'event_manager' where id = %L$$, tests.actor('stranger')),
  '42501', null, 'nor grant any staff type');
select throws_ok(format($$update public.users set status = 'inactive' where id = %L$$, tests.actor('admin')),
  '42501', null, 'an admin may not change their own status');
update public.users set status = 'inactive' where id = tests.actor('super_admin');
select tests.act_as_superuser();
select is((select status from public.users where id = tests.actor('super_admin')), 'approved',
  'an admin cannot deactivate a super admin (the row is not theirs to change)');

-- Only super_admin grants staff types.
select tests.act_as(tests.actor('super_admin'));
select tests.changes_rows(format($$update public.users set type = 'content_manager' where id = %L$$, tests.actor('stranger')), 1,
  'a super admin grants a staff type');
select tests.act_as(tests.actor('content_manager'));
update public.users set status = 'inactive' where id = tests.actor('user');
select tests.act_as_superuser();
select is((select status from public.users where id = tests.actor('user')), 'approved', 'a content manager changes no account');

-- Roles: super_admin only.
select tests.act_as(tests.actor('admin'));
select throws_ok($$insert into public.roles (name, description) values ('treasurer', 'Keeps the books')$$,
  '42501', null, 'an admin may not create a role');
select tests.act_as(tests.actor('super_admin'));
select lives_ok($$insert into public.roles (name, description, permissions) values ('treasurer', 'Keeps the books', '{payments.read}')$$,
  'a super admin creates a role');
select lives_ok(format($$insert into public.user_roles (user_id, role_id, assigned_by) select %L, id, %L from public.roles where name = 'treasurer'$$,
                       tests.actor('user'), tests.actor('super_admin')),
  'and assigns it');
select throws_ok($$insert into public.roles (name) values ('Bad Name!')$$, '23514', null, 'a role name is a lower-case identifier');
delete from public.roles where name = 'treasurer';
select tests.act_as_superuser();
select is((select count(*)::int from public.user_roles ur join public.roles r on r.id = ur.role_id where r.name = 'treasurer'), 0,
  'deleting a role removes its assignments');

select * from finish();
rollback;
