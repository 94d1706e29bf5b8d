-- The membership card (issue 36 items 7 and 8): who gets card claims (an approved member,
-- only their own; a pending or rejected applicant, a visitor: none), the valid-until of an
-- annual membership, who reads the revocation list, who revokes a card (bumps its version),
-- and that nobody moves the version by writing the form.
begin;
select plan(25);
select tests.seed();

create temporary table people as select
  tests.create_user('member', 'approved', 'c1') as m1, tests.create_user('member', 'approved', 'c2') as m2,
  tests.create_user('member', 'pending', 'c3') as pend, tests.create_user('member', 'approved', 'c4') as rej;
grant select on people to anon, authenticated, service_role;
create function pg_temp.p(n text) returns uuid language sql as $$
  select case n when 'm1' then m1 when 'm2' then m2 when 'pend' then pend else rej end from people
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

insert into public.member_directory (full_name, member_type, status, approval_status, approved_at, user_id, membership_no)
select 'Card One', 'life', 'Yes', 'approved', now(), m1, 'LM-7001' from people
union all select 'Card Two', 'annual', 'Yes', 'approved', now() - interval '2 years', m2, 'AM-7002' from people
union all select 'Card Pending', 'life', 'Check', 'pending', null, pend, null from people
union all select 'Card Rejected', 'life', 'No', 'rejected', now(), rej, 'LM-7004' from people;
insert into public.members (user_id, first_name, approval_status)
select m1, 'Card', 'approved' from people
union all select m2, 'Card', 'approved' from people
union all select pend, 'Card', 'pending' from people
union all select rej, 'Card', 'rejected' from people;

-- Claims: the caller's own, approved only.
select tests.act_as(pg_temp.p('m1'));
select is((select auth.card_claims() - 'exp'), '{"m": "LM-7001", "n": "Card One", "t": "life", "v": 1}'::jsonb,
  'an approved member gets the claims of their own card: number, name, type, version; nothing else');
select ok((select (auth.card_claims() ->> 'exp')::bigint between extract(epoch from now() + interval '364 days')
                                                         and extract(epoch from now() + interval '366 days')),
  'a life member''s token lives a year');
select is((select membership_no from public.my_member_card()), 'LM-7001', 'and reads their card for the dashboard');
select is((select count(*)::int from public.my_member_card() where membership_no <> 'LM-7001'), 0,
  'and no one else''s: the functions take no account argument');
select throws_ok($$select * from app.member_card_of(pg_temp.p('m2'))$$, '42501', null,
  'nor can they read another member''s card through the function underneath');
select tests.act_as(pg_temp.p('pend'));
select is(auth.card_claims(), null, 'a pending applicant gets no claims');
select is((select count(*)::int from public.my_member_card()), 0, 'and no card');
select tests.act_as(pg_temp.p('rej'));
select is(auth.card_claims(), null, 'a rejected applicant gets none');
select tests.act_as_anon();
select is(auth.card_claims(), null, 'a visitor gets none');
select throws_ok($$select * from public.my_member_card()$$, '42501', null, 'and cannot call the dashboard''s function');

-- An annual membership runs to 31 March after its latest paid fee.
select tests.act_as(pg_temp.p('m2'));
select is((select valid_until from public.my_member_card()),
  app.financial_year_end(((now() - interval '2 years') at time zone 'Asia/Kolkata')::date),
  'an annual member approved two years ago with no fee since: valid until the 31 March after the approval');
select is(auth.card_claims(), null, 'so, that day past, no token is signed');
select tests.act_as_superuser();
insert into public.payments (payment_type, status, amount, user_id, received_on)
select 'membership', 'completed', 500, m2, current_date from people;
select tests.act_as(pg_temp.p('m2'));
select is((select valid_until from public.my_member_card()), app.financial_year_end(current_date),
  'a fee paid today renews it to the end of this financial year');
select ok((select (auth.card_claims() ->> 'exp')::bigint
                  <= extract(epoch from (app.financial_year_end(current_date) + 1)::timestamp at time zone 'Asia/Kolkata')),
  'and the token never outlives the membership');

-- The revocation list: event staff and admins read it; members and visitors do not.
select tests.act_as(pg_temp.p('m1'));
select is((select count(*)::int from public.card_revocation_list()), 0, 'a member reads nothing of the revocation list');
select throws_ok($$select public.revoke_member_card('LM-7001')$$, '42501', null, 'nor revokes a card, even their own');
select throws_ok($$update public.members set card_version = 5 where user_id = auth.uid()$$, '42501', null,
  'nor moves their card''s version by editing their form');
select tests.act_as(tests.actor('event_manager'));
select is((select array_agg(member_no order by member_no) from public.card_revocation_list()),
  array['LM-7004'], 'event staff read the list: the struck-off member is in it, the approved ones are not');
select throws_ok($$select public.revoke_member_card('LM-7001')$$, '42501', null, 'event staff do not revoke cards');
select tests.act_as(tests.actor('admin'));
select throws_ok($$update public.members m set card_version = 9 from people where m.user_id = people.m1$$, '42501', null,
  'an admin does not set a version by hand either');
select is(public.revoke_member_card('LM-7001'), 2, 'an admin revokes a card: its version becomes 2');
select is((select revoked_below from public.card_revocation_list() where member_no = 'LM-7001'), 2,
  'and the list refuses its tokens of version 1');
select throws_ok($$select public.revoke_member_card('LM-0000')$$, 'PT404', null, 'an unknown number is not found');
select tests.act_as(pg_temp.p('m1'));
select is((select (auth.card_claims() ->> 'v')::int), 2, 'the member''s next token carries version 2');
select tests.act_as_anon();
select throws_ok($$select * from public.card_revocation_list()$$, '42501', null, 'a visitor cannot read the list');

select * from finish();
rollback;
