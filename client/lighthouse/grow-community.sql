-- The community the admin screens are measured on (issue 41 item 4): the demo's, grown by SQL
-- as the superuser to :members entries in the member register and as many member accounts,
-- every one of them registered for one upcoming event ("A full hall"), whose registrations
-- screen is measured beside /admin/members. Triggers are off while the rows go in (they would
-- notify, audit and count each one); the statistics are taken after.
--
--   psql -v members=5000 -f grow-community.sql
set session_replication_role = replica;

insert into public.member_directory (
  unique_id, membership_no, full_name, email, mobile_number, member_type, city, native_place,
  status, approval_status, created_at, updated_at)
select
  'HWT-' || lpad((40000 + g)::text, 5, '0'),
  'LH-' || g,
  (array['Narayan','Ganapati','Shreya','Ananya','Subraya','Lakshmi','Mahesh','Sharada'])[1 + g % 8]
    || ' ' || (array['Bhat','Hegde','Rao','Joshi','Shastri','Kamath'])[1 + (g / 8) % 6],
  'register' || g || '@example.org',
  '+91 8' || lpad(g::text, 9, '0'),
  (array['life','annual','patron'])[1 + g % 3],
  (array['Mumbai','Thane','Pune','Sirsi','Kumta','Bengaluru'])[1 + g % 6],
  (array['Sirsi','Kumta','Honnavar','Yellapur','Sagar'])[1 + g % 5],
  (array['Yes','Yes','Yes','Check','No'])[1 + g % 5],
  (array['approved','approved','approved','pending','rejected'])[1 + g % 5],
  now() - g * interval '1 hour',
  now() - g * interval '1 hour'
from generate_series(1, greatest(:members - (select count(*) from public.member_directory), 0)::int) g;

with accounts as (
  insert into auth.users (email, email_confirmed_at, created_at, updated_at)
  select 'hall.guest' || g || '@example.org', now(), now(), now()
  from generate_series(1, :members) g
  returning id, email
)
insert into public.users (id, email, type, status, approval_status, full_name, role)
select id, email, 'member', 'approved', 'approved', 'Hall Guest ' || split_part(email, '@', 1), 'member'
from accounts;

insert into public.events (title, description, event_date, event_time, location, event_type,
  status, organizer, registration_required, created_at, updated_at)
values ('A full hall', 'Every member of the grown register is coming.', current_date + 20,
  time '18:00', 'Matunga hall', 'cultural', 'published', 'Havyaka Trust', true, now(), now());

insert into public.event_registrations (event_id, user_id, registration_date)
select e.id, u.id, now() - row_number() over (order by u.email) * interval '1 minute'
from public.events e
cross join public.users u
where e.title = 'A full hall' and u.email like 'hall.guest%@example.org';

reset session_replication_role;
vacuum analyze;
