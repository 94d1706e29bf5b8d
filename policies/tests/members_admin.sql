-- Issue 17, member directory: HWT- numbers only for rows that commit, approval and rejection
-- of one or many entries (spec §4), the approval history, the applicant's notification, and
-- deletion only without ledger entries.
begin;
select plan(32);
select tests.seed();

create temporary table t17 (name text primary key, value text);
grant all on t17 to authenticated, anon;
create function pg_temp.num(name text) returns int language sql as
  $$ select substr(value, 5)::int from t17 where t17.name = num.name $$;

-- HWT- numbers: the next one, consecutive, in the format of spec §9.
select tests.act_as(tests.actor('admin'));
with i as (insert into public.member_directory (membership_no, full_name) values ('', 'Number One') returning unique_id, membership_no)
insert into t17 select 'first', unique_id from i union all select 'first_no', membership_no from i;
select matches((select value from t17 where name = 'first'), '^HWT-[0-9]{5}$', 'a new member gets an HWT-00000 number');
select matches((select value from t17 where name = 'first_no'), '^NEW-[0-9]+$', 'without an existing number the membership number is NEW- and a timestamp');
with i as (insert into public.member_directory (membership_no, full_name) values ('LM-0999', 'Upgraded Member') returning unique_id, membership_no)
insert into t17 select 'second', unique_id from i union all select 'second_no', membership_no from i;
select is(pg_temp.num('second'), pg_temp.num('first') + 1, 'the next member gets the next number');
select is((select value from t17 where name = 'second_no'), 'LM-0999', 'an upgradation keeps the supplied membership number');
select is((select max(unique_id) from public.member_directory), (select value from t17 where name = 'second'),
  'the number is the highest HWT- number plus one');

-- A failed insert takes no number.
select throws_ok($$insert into public.member_directory (membership_no, full_name, email) values ('', 'Bad Mail', 'not-an-email')$$,
  '23514', null, 'an invalid member is refused');
select throws_ok($$insert into public.member_directory (membership_no, full_name) values ('', '')$$,
  '23514', null, 'a member without a name is refused');
savepoint before_rollback;
insert into public.member_directory (membership_no, full_name) values ('', 'Rolled Back');
rollback to savepoint before_rollback;
with i as (insert into public.member_directory (membership_no, full_name) values ('', 'Number Three') returning unique_id)
insert into t17 select 'third', unique_id from i;
select is(pg_temp.num('third'), pg_temp.num('second') + 1, 'refused and rolled-back inserts burn no number');

-- Whatever an applicant sends, their entry is an application with the next number. (The
-- fixture gave the applicant an entry already; one account has one entry, so it is unlinked.)
update public.member_directory set user_id = null where user_id = tests.actor('pending');
select tests.act_as(tests.actor('pending'));
with i as (insert into public.member_directory (unique_id, membership_no, full_name, status, approval_status, user_id)
           values ('HWT-99999', '', 'Self Applicant', 'Yes', 'approved', tests.actor('pending')) returning unique_id, status, approval_status)
insert into t17 select 'applicant', unique_id from i union all select 'applicant_state', status || '/' || approval_status from i;
select is(pg_temp.num('applicant'), pg_temp.num('third') + 1, 'an application takes the next number too, never the one it sent');
select is((select value from t17 where name = 'applicant_state'), 'Check/pending', 'an application starts with status Check, pending');
select tests.act_as_superuser();
select is((select count(*)::int from app.member_approval_history h join public.member_directory d on d.id = h.member_id
           where d.unique_id = (select value from t17 where name = 'applicant') and h.action = 'created'), 1,
  'the history records the application');

-- Approve one (spec §4): status Yes, approved, approver and time; the applicant hears of it.
insert into t17 select 'pending_entry', id::text from public.member_directory where unique_id = (select value from t17 where name = 'applicant');
select tests.act_as(tests.actor('content_manager'));
select throws_ok(format($$select public.approve_member(%L)$$, (select value from t17 where name = 'pending_entry')),
  '42501', null, 'a content manager may not approve a member');
select throws_ok(format($$select * from public.approve_members(array[%L]::uuid[])$$, (select value from t17 where name = 'pending_entry')),
  '42501', null, 'nor several');
select throws_ok(format($$select * from public.get_member_approval_history(%L)$$, (select value from t17 where name = 'pending_entry')),
  '42501', null, 'nor read the approval history');
select tests.act_as(tests.actor('user'));
select throws_ok(format($$select * from public.reject_members(array[%L]::uuid[])$$, (select value from t17 where name = 'pending_entry')),
  '42501', null, 'a member may not reject applications');
select tests.act_as(tests.actor('admin'));
select lives_ok(format($$select public.approve_member(%L, 'Fee received')$$, (select value from t17 where name = 'pending_entry')),
  'an admin approves a member');
select tests.act_as_superuser();
select row_eq(format($$select status, approval_status, approved_by, approved_at is not null, approval_notes
                      from public.member_directory where id = %L$$, (select value from t17 where name = 'pending_entry')),
  row('Yes'::text, 'approved'::text, tests.actor('admin'), true, 'Fee received'::text),
  'approval sets Yes, approved, the approver, the time and the notes');
select is((select status from public.users where id = tests.actor('pending')), 'approved', 'the member''s account is approved with it');
select is((select array_agg(title)::text from public.notifications where user_id = tests.actor('pending') and type = 'registration' and title like '%membership%'),
  '{"Your membership application is approved"}',
  'the applicant is notified of the approval, once (issue 40: one notice per decision)');
select tests.act_as(tests.actor('admin'));
select results_eq(format($$select action, acted_by, acted_by_name is not null from public.get_member_approval_history(%L)$$,
                         (select value from t17 where name = 'pending_entry')),
  format($$values ('approved'::text, %L::uuid, true), ('created'::text, %L::uuid, true)$$, tests.actor('admin'), tests.actor('pending')),
  'the history shows the approval (by whom) above the application, newest first');

-- Reject several at once: remarks default to "Application rejected".
insert into t17 select 'many', string_agg(id::text, ',') from public.member_directory where full_name in ('Number One', 'Upgraded Member');
select is((select count(*)::int from public.reject_members(string_to_array((select value from t17 where name = 'many'), ',')::uuid[])), 2,
  'an admin rejects two selected members at once');
select results_eq($$select status, approval_status, remarks, approved_by from public.member_directory
                    where full_name in ('Number One', 'Upgraded Member') order by full_name$$,
  format($$values ('No'::text, 'rejected'::text, 'Application rejected'::text, %L::uuid), ('No', 'rejected', 'Application rejected', %L::uuid)$$,
         tests.actor('admin'), tests.actor('admin')),
  'each is No, rejected, with the default remarks and the approver');
select throws_ok(format($$select * from public.approve_members(array[%L, %L]::uuid[])$$,
                        split_part((select value from t17 where name = 'many'), ',', 1), gen_random_uuid()),
  'P0002', 'Member not found', 'an unknown member refuses the whole batch');
select is((select count(*)::int from public.member_directory where full_name in ('Number One', 'Upgraded Member') and status = 'No'), 2,
  'all or nothing: the refused batch changed nobody');
select is((select count(*)::int from public.approve_members(string_to_array((select value from t17 where name = 'many'), ',')::uuid[], null)), 2,
  'an admin approves them together');
select throws_ok($$select * from public.approve_members(array_fill(gen_random_uuid(), array[501]))$$,
  '22023', null, 'at most 500 at once');
select throws_ok($$select * from public.approve_members('{}')$$, '22023', null, 'and at least one');

-- Delete only without ledger entries, saying why.
select throws_ok(format($$delete from public.member_directory where user_id = %L$$, tests.actor('stranger')),
  '23503', 'Cannot delete a member with financial ledger entries', 'a member with ledger entries is not deleted, and the admin is told why');
select tests.act_as(tests.actor('content_manager'));
delete from public.member_directory where membership_no = 'PAPER-1';
select tests.act_as_superuser();
select is((select count(*)::int from public.member_directory where membership_no = 'PAPER-1'), 1, 'a content manager deletes no member');
select tests.act_as(tests.actor('admin'));
select is((select count(*)::int from public.financial_ledger f join public.member_directory d on d.id = f.member_id
           where d.membership_no = 'PAPER-1'), 0, 'the admin checks the ledger first: no entries');
delete from public.member_directory where membership_no = 'PAPER-1';
select tests.act_as_superuser();
select is((select count(*)::int from public.member_directory where membership_no = 'PAPER-1'), 0, 'then the member is deleted');
select is((select value::int from app.counters where name = 'member_unique_id'), pg_temp.num('applicant'),
  'the counter stands at the last number given: deleting gives no number back');

select * from finish();
rollback;
