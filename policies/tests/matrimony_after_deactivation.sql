-- Matrimony after deactivation, interests and views (second hardening round):
--   - a deactivated account (users.status inactive) neither browses profiles nor stays
--     listed, rows and photos alike; reactivated, both come back;
--   - an interest (with its free text) goes only to a listed profile: not to a student, not to
--     a deactivated or unapproved profile;
--   - a view's time is the server's: invented viewed_at dates count nothing.
begin;
select plan(17);
select tests.seed();

create table pg_temp.people (name text primary key, id uuid, profile uuid);
grant select on pg_temp.people to anon, authenticated;
create function pg_temp.person(who text) returns uuid language sql stable as $$ select id from pg_temp.people where name = who $$;
create function pg_temp.profile(who text) returns uuid language sql stable as $$ select profile from pg_temp.people where name = who $$;
grant execute on function pg_temp.person(text), pg_temp.profile(text) to authenticated;
create function pg_temp.add(who text) returns void language plpgsql as $$
declare
  person uuid := tests.create_user('matrimony', 'approved', who);
  profile uuid;
begin
  insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, approval_status, photo_url)
  values (person, initcap(who), 'Hegde', 'female', date '1995-05-05', 'approved',
          '/storage/v1/object/matrimony-photos/' || person || '/profile.jpg')
  returning id into profile;
  insert into public.matrimony_contacts (profile_id, mobile_no, email)
  values (profile, '+91 98200 1' || lpad((select count(*) from pg_temp.people)::text, 4, '0'), who || '@example.org');
  insert into pg_temp.people values (who, person, profile);
  insert into storage.objects (bucket_id, name, version) values ('matrimony-photos', person || '/profile.jpg', who || '-jpg');
end
$$;
select pg_temp.add('asha');
select pg_temp.add('vani');
select pg_temp.add('gowri');
insert into pg_temp.people values ('student', tests.create_user('student', 'approved', 'student'), null);

create function pg_temp.visible_profiles() returns text language sql as $$
  select coalesce(string_agg(first_name, ',' order by first_name), '') from public.matrimony_details
   where user_id <> auth.uid() and user_id in (select id from pg_temp.people)
$$;
create function pg_temp.visible_photos() returns int language sql as $$
  select count(*)::int from storage.objects where bucket_id = 'matrimony-photos' and name not like auth.uid() || '/%'
     and (storage.foldername(name))[1] in (select id::text from pg_temp.people)
$$;
grant execute on function pg_temp.visible_profiles(), pg_temp.visible_photos() to authenticated;

select tests.act_as(pg_temp.person('asha'));
select is(pg_temp.visible_profiles(), 'Gowri,Vani', 'an approved profile browses the others');
select is(pg_temp.visible_photos(), 2, 'and their photos');

-- Vani is deactivated.
select tests.act_as_superuser();
update public.users set status = 'inactive' where id = pg_temp.person('vani');
select tests.act_as(pg_temp.person('asha'));
select is(pg_temp.visible_profiles(), 'Gowri', 'a deactivated account''s profile is no longer listed');
select is(pg_temp.visible_photos(), 1, 'nor its photos');
select tests.act_as(pg_temp.person('vani'));
select is(pg_temp.visible_profiles(), '', 'a deactivated account browses nothing');
select is(pg_temp.visible_photos(), 0, 'and sees no one''s photos');
select is((select count(*)::int from public.matrimony_details where user_id = auth.uid()), 1, 'but still reads its own profile');
select throws_ok(
  format($$insert into public.matrimony_interests (sender_id, receiver_id, message) values (%L, %L, 'Hello')$$,
         pg_temp.person('vani'), pg_temp.person('gowri')),
  '42501', null, 'nor sends interests');

-- Interests go to listed profiles only.
select tests.act_as(pg_temp.person('asha'));
select throws_ok(
  format($$insert into public.matrimony_interests (sender_id, receiver_id, message) values (%L, %L, 'Hello there')$$,
         pg_temp.person('asha'), pg_temp.person('student')),
  '42501', null, 'an interest cannot go to a student');
select throws_ok(
  format($$insert into public.matrimony_interests (sender_id, receiver_id, message) values (%L, %L, 'Hello')$$,
         pg_temp.person('asha'), pg_temp.person('vani')),
  '42501', null, 'nor to a deactivated account''s profile');
select tests.changes_rows(
  format($$insert into public.matrimony_interests (sender_id, receiver_id, message) values (%L, %L, 'Hello')$$,
         pg_temp.person('asha'), pg_temp.person('gowri')), 1,
  'but goes to a listed profile');

-- Reactivated, Vani is back.
select tests.act_as_superuser();
update public.users set status = 'approved' where id = pg_temp.person('vani');
select tests.act_as(pg_temp.person('asha'));
select is(pg_temp.visible_profiles(), 'Gowri,Vani', 'a reactivated account is listed again');

-- Views: the server's clock. Invented dates count nothing more than one view today.
select tests.act_as(pg_temp.person('asha'));
select lives_ok(
  format($$insert into public.matrimony_profile_views (viewer_id, viewed_profile_id, viewed_at)
           select %L, %L, now() - make_interval(days => n) from generate_series(1, 300) n
           on conflict do nothing$$, pg_temp.person('asha'), pg_temp.profile('gowri')),
  'three hundred views with invented dates are sent');
select tests.act_as_superuser();
select is((select profile_views_count from public.matrimony_details where id = pg_temp.profile('gowri')), 1,
  'and count once');
select is((select count(*)::int from public.matrimony_profile_views where viewed_at < now() - interval '1 minute'), 0,
  'no view is recorded at a time the client chose');
select tests.act_as(pg_temp.person('asha'));
select lives_ok(
  format($$insert into public.matrimony_profile_views (viewer_id, viewed_profile_id, viewed_at)
           values (%L, %L, now() + interval '3 days') on conflict do nothing$$, pg_temp.person('asha'), pg_temp.profile('vani')),
  'a view dated in the future is sent');
select tests.act_as_superuser();
select ok((select viewed_at <= now() from public.matrimony_profile_views where viewed_profile_id = pg_temp.profile('vani')),
  'and recorded now');

select * from finish();
rollback;
