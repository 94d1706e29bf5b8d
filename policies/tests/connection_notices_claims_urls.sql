-- Second hardening round: connection requests ring once a day per pair; an approved
-- membership number belongs to one member and a claim is shown to the approver; URL fields
-- take absolute http(s) URLs or site paths only.
begin;
select plan(20);
select tests.seed();

-- Connection requests: withdrawing and sending again does not ring again the same day.
create temporary table pair as
  select tests.create_user('member', 'approved', 'ravi') as ravi, tests.create_user('member', 'approved', 'mala') as mala;
select tests.give_rows((select ravi from pair), null, true);
select tests.give_rows((select mala from pair), null, true);
grant select on pair to authenticated;
create function pg_temp.bells(who uuid) returns int language sql as $$
  select count(*)::int from public.notifications where user_id = who and title = 'Connection request'
$$;
select tests.act_as((select ravi from pair));
insert into public.member_connections (requester_id, requested_id, message) values ((select ravi from pair), (select mala from pair), 'Hello');
select tests.act_as_superuser();
select is(pg_temp.bells((select mala from pair)), 1, 'a connection request rings the other member''s bell');
select tests.act_as((select ravi from pair));
select lives_ok(
  $o$do $d$ begin for n in 1..5 loop
      delete from public.member_connections where requester_id = auth.uid();
      insert into public.member_connections (requester_id, requested_id, message) values (auth.uid(), (select mala from pair), 'Again');
    end loop; end $d$$o$, 'withdrawn and sent again five times');
select tests.act_as_superuser();
select is(pg_temp.bells((select mala from pair)), 1, 'and it rang once');
select is((select count(*)::int from push.outbox o where o.user_id = (select mala from pair) and o.title = 'Connection request'), 1,
  'and pushed once');
update app.connection_announcements set announced_at = now() - interval '25 hours';
select tests.act_as((select ravi from pair));
delete from public.member_connections where requester_id = auth.uid();
insert into public.member_connections (requester_id, requested_id) values ((select ravi from pair), (select mala from pair));
select tests.act_as_superuser();
select is(pg_temp.bells((select mala from pair)), 2, 'a day later it rings again');
select tests.act_as((select mala from pair));
insert into public.member_connections (requester_id, requested_id) values ((select mala from pair), (select ravi from pair));
select tests.act_as_superuser();
select is(pg_temp.bells((select ravi from pair)), 0, 'the pair counts in either direction');

-- Membership numbers.
insert into public.member_directory (unique_id, membership_no, full_name, city, status, approval_status)
values ('HWT-00000', 'LM-0001', 'Ganapati Bhat', 'Thane', 'Yes', 'approved');
select tests.act_as(tests.actor('pending'));
create temporary table claim as
  select id from public.member_directory where user_id = tests.actor('pending');
grant select on claim to authenticated;
select tests.act_as_superuser();
update public.member_directory set membership_no = ' lm-0001 ', email = 'someone.else@example.org'
 where id = (select id from claim);
select tests.act_as(tests.actor('admin'));
select is(public.membership_claim((select id from claim)) ->> 'membership_no', ' lm-0001 ', 'the approver sees the number claimed');
select is(public.membership_claim((select id from claim)) -> 'register' -> 0 ->> 'full_name', 'Ganapati Bhat',
  'and the register entry that holds it');
select ok((public.membership_claim((select id from claim)) ->> 'taken')::boolean, 'which is approved: the number is taken');
select ok(not (public.membership_claim((select id from claim)) ->> 'email_matches_account')::boolean,
  'and that the form''s e-mail is not the account''s');
select throws_ok(format($$select public.approve_member(%L)$$, (select id from claim)), '23505',
  'Membership number  lm-0001  already belongs to an approved member', 'approving a second holder of the number is refused');
select throws_ok(format($$update public.member_directory set approval_status = 'approved', status = 'Yes' where id = %L$$, (select id from claim)),
  '23505', null, 'by any path');
update public.member_directory set membership_no = 'LM-0999' where id = (select id from claim);
select lives_ok(format($$select public.approve_member(%L)$$, (select id from claim)), 'with its own number it is approved');
select ok(not (public.membership_claim((select id from claim)) ->> 'taken')::boolean, 'a number nobody else holds is not taken');
select tests.act_as(tests.actor('user'));
select throws_ok(format($$select public.membership_claim(%L)$$, (select id from claim)), '42501', null,
  'members cannot read claims');
select tests.act_as_superuser();

-- URLs: absolute http(s) with a host, or a path on this site.
select ok(app.is_url('https://udupisweets.example/menu') and app.is_url('http://a.example') and app.is_url('/storage/v1/object/a.png')
          and app.is_url('/'), 'absolute http(s) URLs and site paths are URLs');
select ok(not app.is_url('//evil.example/x'), 'a scheme-relative URL is not');
select ok(not app.is_url('/\evil.example') and not app.is_url('https:\\evil.example'), 'nor a backslash that browsers read as a slash');
select ok(not app.is_url('javascript:alert(1)') and not app.is_url('https:///evil') and not app.is_url('udupisweets.example'),
  'nor another scheme, an empty host or a bare host');
select tests.act_as(tests.actor('admin'));
select throws_ok($$update public.business_listings set website = '//evil.example' where business_name = 'Active shop'$$,
  '23514', null, 'the database refuses such a website');
select tests.act_as_superuser();

select * from finish();
rollback;
