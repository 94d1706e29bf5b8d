-- Issue 16: a matrimony profile's contact details (matrimony_contacts, and the biodata PDF)
-- reach its owner, admins, and the other party of an accepted interest between two approved
-- profiles; nobody else, by any path: a plain select, `*` on the profiles, a join (what an
-- embed does), an upsert, an update, a function's answer, a storage read.
begin;
select plan(58);
select tests.seed();

-- The people: Olga owns the profile; Arun's interest she accepted; Pavan's waits; Dev's she
-- declined; Bina browses without an interest; Uma (pending profile) accepted Olga's interest.
create table pg_temp.people (name text primary key, id uuid, profile uuid);
grant select on pg_temp.people to anon, authenticated;
create function pg_temp.person(who text) returns uuid language sql stable as $$ select id from pg_temp.people where name = who $$;
create function pg_temp.profile(who text) returns uuid language sql stable as $$ select profile from pg_temp.people where name = who $$;
create function pg_temp.add(who text, status text, mobile text) returns void language plpgsql as $$
declare
  person uuid := tests.create_user('matrimony', case when status = 'approved' then 'approved' else 'pending' end, who);
  profile uuid;
begin
  insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, approval_status, photo_url)
  values (person, initcap(who), 'Bhat', 'female', date '1995-05-05', status,
          '/storage/v1/object/matrimony-photos/' || person || '/profile.jpg')
  returning id into profile;
  insert into public.matrimony_contacts (profile_id, mobile_no, email, address, reference1_contact, biodata_url)
  values (profile, mobile, who || '@example.org', who || ' house, Dadar', '+91 98200 55555',
          '/storage/v1/object/matrimony-pdfs/' || person || '/biodata.pdf');
  insert into pg_temp.people values (who, person, profile);
  insert into storage.objects (bucket_id, name, version) values
    ('matrimony-pdfs', person || '/biodata.pdf', who || '-pdf'), ('matrimony-photos', person || '/profile.jpg', who || '-jpg');
end
$$;
select pg_temp.add('olga', 'approved', '9820010001');
select pg_temp.add('arun', 'approved', '9820010002');
select pg_temp.add('pavan', 'approved', '9820010003');
select pg_temp.add('dev', 'approved', '9820010004');
select pg_temp.add('bina', 'approved', '9820010005');
select pg_temp.add('uma', 'pending', '9820010006');
insert into public.matrimony_interests (sender_id, receiver_id, status) values
  (pg_temp.person('arun'), pg_temp.person('olga'), 'accepted'),
  (pg_temp.person('pavan'), pg_temp.person('olga'), 'pending'),
  (pg_temp.person('dev'), pg_temp.person('olga'), 'declined'),
  (pg_temp.person('olga'), pg_temp.person('uma'), 'accepted');
create function pg_temp.contacts_of(who text) returns int language sql stable as
  $$ select count(*)::int from public.matrimony_contacts where profile_id = pg_temp.profile(who) $$;
create function pg_temp.biodata_of(who text) returns int language sql stable as
  $$ select count(*)::int from storage.objects where bucket_id = 'matrimony-pdfs' and name = pg_temp.person(who) || '/biodata.pdf' $$;

-- The browsable profile has no contact column left, so `*` (and any embed of it) carries none.
select is_empty($$select column_name from information_schema.columns
                   where table_schema = 'public' and table_name = 'matrimony_details'
                     and column_name in ('email', 'tel_no', 'mobile_no', 'contact_person', 'contact_no', 'address',
                                         'reference1_name', 'reference1_contact', 'reference2_name', 'reference2_contact',
                                         'signature', 'biodata_url')$$,
  'matrimony_details keeps no contact column');

-- The owner.
select tests.act_as(pg_temp.person('olga'));
select results_eq($$select mobile_no, email from public.matrimony_contacts where profile_id = pg_temp.profile('olga')$$,
  $$values ('9820010001'::text, 'olga@example.org'::text)$$, 'the owner reads her contact details');
select is(pg_temp.contacts_of('arun'), 1, 'she reads the details of Arun, whose interest she accepted');
select is(pg_temp.contacts_of('pavan'), 0, 'not those of Pavan, whose interest waits');
select is(pg_temp.contacts_of('dev'), 0, 'nor those of Dev, whom she declined');
select is(pg_temp.contacts_of('bina'), 0, 'nor those of Bina, who sent none');
select is(pg_temp.contacts_of('uma'), 0, 'nor those of Uma, who accepted but is not approved');
select tests.changes_rows($$update public.matrimony_contacts set address = 'Matunga, Mumbai' where profile_id = pg_temp.profile('olga')$$, 1,
  'the owner keeps her details up to date (after approval too)');
select throws_ok($$update public.matrimony_contacts set mobile_no = '98201' where profile_id = pg_temp.profile('olga')$$,
  'P0001', 'Mobile number is required', 'with the form''s rules');
select throws_ok($$update public.matrimony_contacts set profile_id = pg_temp.profile('bina') where profile_id = pg_temp.profile('olga')$$,
  '42501', null, 'and they stay with her profile');
select throws_ok(format($$update public.matrimony_contacts set biodata_url = '/storage/v1/object/matrimony-pdfs/%s/biodata.pdf'
                          where profile_id = pg_temp.profile('olga')$$, pg_temp.person('arun')),
  'P0001', 'Access denied - insufficient permissions', 'the biodata is her own file');

-- The accepted party.
select tests.act_as(pg_temp.person('arun'));
select results_eq($$select * from public.matrimony_contacts where profile_id = pg_temp.profile('olga')$$,
  $$select * from public.matrimony_contacts where profile_id = pg_temp.profile('olga')$$,
  'select=*: Arun reads what Olga shared');
select is((select mobile_no from public.matrimony_contacts where profile_id = pg_temp.profile('olga')), '9820010001',
  'her mobile number, after the accepted interest');
select is(pg_temp.biodata_of('olga'), 1, 'and her biodata');
select is((select count(*)::int from public.matrimony_details m join public.matrimony_contacts c on c.profile_id = m.id),
  2, 'a join from the profiles (an embed) reaches his own details and Olga''s, no others');
update public.matrimony_contacts set mobile_no = '9820099999' where profile_id = pg_temp.profile('olga');
select throws_ok(format($$insert into public.matrimony_contacts (profile_id, mobile_no) values ('%s', '9820099999')
                          on conflict (profile_id) do update set mobile_no = excluded.mobile_no$$, pg_temp.profile('olga')),
  '42501', null, 'reading is not writing: his upsert of her details is refused');
select tests.act_as_superuser();
select is((select mobile_no from public.matrimony_contacts where profile_id = pg_temp.profile('olga')), '9820010001',
  'and his update changed nothing');

-- An account the trust deactivated reads none and shows none, its accepted interest notwithstanding.
select tests.act_as_superuser();
update public.users set status = 'inactive' where id = pg_temp.person('arun');
select tests.act_as(pg_temp.person('arun'));
select is(pg_temp.contacts_of('olga'), 0, 'a deactivated account reads no one''s details');
select tests.act_as(pg_temp.person('olga'));
select is(pg_temp.contacts_of('arun'), 0, 'nor are its own shown');
select tests.act_as_superuser();
update public.users set status = 'approved' where id = pg_temp.person('arun');

-- A pending interest, a declined one, no interest.
select tests.act_as(pg_temp.person('pavan'));
select is(pg_temp.contacts_of('olga'), 0, 'a pending interest shows no contact details');
select is(pg_temp.biodata_of('olga'), 0, 'nor the biodata');
select is((select count(*)::int from public.matrimony_details where id = pg_temp.profile('olga')), 1,
  'while the profile itself is browsable');
select ok(not (select to_jsonb(m) ?| array['mobile_no', 'email', 'address'] from public.matrimony_details m where id = pg_temp.profile('olga')),
  'and its row (select=*) has no contact key');
select tests.act_as(pg_temp.person('dev'));
select is(pg_temp.contacts_of('olga'), 0, 'a declined interest shows none');
select tests.act_as(pg_temp.person('bina'));
select is(pg_temp.contacts_of('olga'), 0, 'another approved registrant reads none');
select is((select count(*)::int from public.matrimony_contacts), 1, 'only her own');
select is((select count(*)::int from public.matrimony_details m left join public.matrimony_contacts c on c.profile_id = m.id
            where c.profile_id is not null and m.user_id <> auth.uid()), 0, 'no join reaches another''s details');
select is(pg_temp.biodata_of('olga'), 0, 'nor another''s biodata');
select is((select count(*)::int from storage.objects where bucket_id = 'matrimony-photos' and name = pg_temp.person('olga') || '/profile.jpg'),
  1, 'photos stay visible to approved browsers (by design)');
select throws_ok(format($$insert into public.matrimony_contacts (profile_id, mobile_no) values ('%s', '9820099999')
                          on conflict (profile_id) do update set mobile_no = excluded.mobile_no$$, pg_temp.profile('olga')),
  '42501', null, 'her upsert of Olga''s details is refused');
select throws_ok(format($$insert into public.matrimony_contacts (profile_id, mobile_no) values ('%s', '9820099999')
                          on conflict (profile_id) do nothing$$, pg_temp.profile('olga')),
  '42501', null, 'so is an insert that would do nothing');
select is((select count(*)::int from public.matrimony_interests where status = 'accepted'), 0,
  'and she cannot see others'' accepted interests to find a way in');
select throws_ok(format($$insert into public.matrimony_interests (sender_id, receiver_id, status) values ('%s', '%s', 'accepted')$$,
                        pg_temp.person('bina'), pg_temp.person('olga')),
  '42501', null, 'nor send an interest already accepted');
select lives_ok(format($$insert into public.matrimony_interests (sender_id, receiver_id) values ('%s', '%s')$$,
                       pg_temp.person('bina'), pg_temp.person('olga')), 'she sends a plain interest');
select throws_ok(format($$insert into public.matrimony_interests (sender_id, receiver_id, status) values ('%s', '%s', 'pending')
                          on conflict (sender_id, receiver_id) do update set status = 'accepted'$$,
                        pg_temp.person('bina'), pg_temp.person('olga')),
  '42501', null, 'and cannot upsert it into accepted herself');
select is(pg_temp.contacts_of('olga'), 0, 'still nothing');

-- An unapproved registrant, even with an accepted interest.
select tests.act_as(pg_temp.person('uma'));
select is(pg_temp.contacts_of('olga'), 0, 'a pending profile reads no one''s details, even after accepting');
select is(pg_temp.biodata_of('olga'), 0, 'nor their biodata');
select is((select count(*)::int from public.matrimony_contacts), 1, 'but her own');

-- Visitors; admins.
select tests.act_as_anon();
select is((select count(*)::int from public.matrimony_contacts), 0, 'a visitor reads none');
select throws_ok(format($$insert into public.matrimony_contacts (profile_id, mobile_no) values ('%s', '9820099999')$$,
                        pg_temp.profile('olga')), '42501', null, 'nor writes any');
select tests.act_as(tests.actor('admin'));
select is((select count(*)::int from public.matrimony_contacts), (select count(*)::int from public.matrimony_details),
  'admins read every profile''s details');

-- Functions answer with the profile, never its contact details.
select is_empty($$select p.oid::regprocedure::text from pg_proc p
                   where p.pronamespace = 'public'::regnamespace
                     and (p.prorettype = 'public.matrimony_contacts'::regtype
                          or exists (select from unnest(p.proargnames, p.proargmodes) a(n, m)
                                      where m in ('o', 't', 'b') and n in ('mobile_no', 'tel_no', 'contact_no', 'biodata_url')))$$,
  'no API function returns contact details');
select tests.act_as(pg_temp.person('olga'));
select ok(not (to_jsonb(public.register_matrimony('{"first_name": "Olga"}')) ? 'mobile_no'),
  'register_matrimony (a retry answers with the profile) returns no contact column');
select tests.act_as_superuser();

-- The own-profile page saves both tables in one call, as the caller.
select tests.act_as(pg_temp.person('olga'));
select lives_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"hobby": "Veena", "address": "Sion", "monthly_income": 90000}')$$,
  'the owner saves her profile and contact details at once');
select results_eq($$select m.hobby, c.address, m.monthly_income from public.matrimony_details m
                     join public.matrimony_contacts c on c.profile_id = m.id where m.id = pg_temp.profile('olga')$$,
  $$values ('Veena'::text, 'Sion'::text, 90000::numeric(14, 2))$$, 'both are saved');
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"hobby": "Chess", "mobile_no": "98201"}')$$,
  'P0001', 'Mobile number is required', 'a refused contact field refuses the whole save');
select is((select hobby from public.matrimony_details where id = pg_temp.profile('olga')), 'Veena', 'nothing half-saved');
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"first_name": "Olivia"}')$$,
  '42501', 'Name, gender and date of birth of an approved profile are changed by the trust', 'the approval locks still hold');
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"user_id": null}')$$,
  'P0001', 'Validation error - please check your input', 'no key or owner column');
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"password": "x"}')$$,
  'P0001', 'Validation error - please check your input', 'no column the tables do not have');
select tests.act_as(pg_temp.person('arun'));
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"address": "Elsewhere"}')$$,
  '42501', null, 'the accepted party cannot save her details');
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"hobby": "Elsewhere"}')$$,
  '42501', null, 'nor her profile');
select tests.act_as_anon();
select throws_ok($$select public.update_matrimony_profile(pg_temp.profile('olga'), '{"hobby": "Elsewhere"}')$$,
  '42501', null, 'nor may a visitor call it');
select tests.act_as_superuser();
select results_eq($$select m.hobby, c.address from public.matrimony_details m join public.matrimony_contacts c on c.profile_id = m.id
                     where m.id = pg_temp.profile('olga')$$,
  $$values ('Veena'::text, 'Sion'::text)$$, 'and her rows are as she left them');

-- Registration writes both, in one call; a profile without them is refused.
create table pg_temp.newcomer as select gen_random_uuid() id;
grant select on pg_temp.newcomer to authenticated;
insert into auth.users (id, email, email_confirmed_at) select id, 'kiran-' || left(id::text, 8) || '@example.org', now() from pg_temp.newcomer;
select tests.act_as((select id from pg_temp.newcomer));
select lives_ok($$select public.register_matrimony('{"first_name": "Kiran", "surname": "Hegde", "gender": "male",
    "date_of_birth": "21-06-1994", "mobile_no": "9820012345", "address": "Dadar", "reference1_name": "Ramesh"}')$$,
  'a newcomer registers a profile with its contact details');
select results_eq($$select c.mobile_no, c.address, c.reference1_name, c.email from public.matrimony_contacts c
                     join public.matrimony_details m on m.id = c.profile_id where m.user_id = auth.uid()$$,
  $$select '9820012345'::text, 'Dadar'::text, 'Ramesh'::text, email from public.users where id = auth.uid()$$,
  'the details are stored apart, the account''s email by default');
select tests.act_as_superuser();
set constraints public.matrimony_details_require_contacts immediate;
delete from public.matrimony_details where user_id = pg_temp.person('dev');
select tests.act_as(pg_temp.person('dev'));
select throws_ok(format($$insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth)
                          values ('%s', 'Dev', 'Rao', 'male', date '1990-01-01')$$, pg_temp.person('dev')),
  'P0001', 'Mobile number is required', 'a bare profile insert without contact details is refused');
select tests.act_as_superuser();
set constraints public.matrimony_details_require_contacts deferred;

select * from finish();
rollback;
