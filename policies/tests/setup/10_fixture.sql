-- A small community every policy test starts from (call tests.seed() inside the test's
-- transaction): one approved account per matrix column, a stranger (another approved
-- member) and a pending applicant, each with rows of their own, and public and unpublished
-- content. tests.actors maps a matrix column to its account.
create table if not exists tests.actors (
  role_column text primary key,
  user_id uuid
);
grant select on tests.actors to anon, authenticated, service_role;

create or replace function tests.actor(role_column text) returns uuid
language sql stable
as $$ select user_id from tests.actors a where a.role_column = actor.role_column $$;

-- The rows one person owns in every owned table.
create or replace function tests.give_rows(person uuid, other uuid, approved boolean) returns void
language plpgsql
as $$
declare
  status text := case when approved then 'approved' else 'pending' end;
  entry uuid := gen_random_uuid();
begin
  insert into public.members (user_id, first_name, city, approval_status) values (person, 'Member', 'Mumbai', status);
  insert into public.student_details (user_id, first_name, surname, email, mobile_number, approval_status)
  values (person, 'Student', 'Bhat', 'student-' || left(person::text, 8) || '@example.org', '+91 98200 00000', status);
  insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, approval_status)
  values (person, 'Profile', 'Hegde', 'female', date '1995-05-05', status);
  insert into public.matrimony_contacts (profile_id, mobile_no, email, address)
  select m.id, '9820000000', 'profile-' || left(person::text, 8) || '@example.org', 'Dadar, Mumbai'
    from public.matrimony_details m where m.user_id = person;
  insert into public.member_directory (id, unique_id, membership_no, full_name, mobile_number, email, city, status, approval_status, user_id)
  values (entry, 'HWT-00000', 'M-' || left(person::text, 8), 'Member ' || left(person::text, 4), '+91 98200 11111',
          'dir-' || left(person::text, 8) || '@example.org', 'Mumbai',
          case when approved then 'Yes' else 'Check' end, status, person);
  insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
  values (entry, person, true, approved);
  insert into public.financial_ledger (member_id, description, credit) values (entry, 'Life membership', 5000);
  insert into public.payments (payment_type, amount, user_id, member_id) values ('membership', 5000, person, entry);
  insert into public.notifications (user_id, type, title, message) values (person, 'other', 'Welcome', 'Hello');
  insert into public.contact_messages (first_name, email, subject, message, user_id)
  values ('Asker', 'asker@example.org', 'A question', 'A question about membership.', person);
  insert into public.user_roles (user_id, role_id) select person, id from public.roles where name = 'volunteer';
  insert into public.business_listings (business_name, is_active, user_id) values ('Own shop ' || left(person::text, 4), false, person);
  if other is not null then
    insert into public.member_connections (requester_id, requested_id) values (person, other);
    insert into public.member_connections (requester_id, requested_id) values (other, person);
    -- Accepted from person to other (they may write), pending from other to person (person may answer).
    insert into public.matrimony_interests (sender_id, receiver_id, status) values (person, other, 'accepted');
    insert into public.matrimony_interests (sender_id, receiver_id, status) values (other, person, 'pending');
    insert into public.matrimony_messages (sender_id, receiver_id, message) values (person, other, 'Namaskara');
    insert into public.matrimony_messages (sender_id, receiver_id, message) values (other, person, 'Namaskara!');
    insert into public.matrimony_profile_views (viewer_id, viewed_profile_id)
    select person, m.id from public.matrimony_details m where m.user_id = other;
  end if;
  insert into public.event_registrations (event_id, user_id)
  select id, person from public.events where title = 'Open event';
end
$$;

create or replace function tests.seed() returns void
language plpgsql
as $$
declare
  stranger uuid;
  pending uuid;
  actor record;
  open_event uuid;
  album uuid;
  draft_album uuid;
  gallery uuid;
  draft_gallery uuid;
begin
  perform set_config('request.jwt.claims', '', true);
  insert into public.roles (name, description) values ('volunteer', 'Helps at events');

  -- Content, public and not.
  insert into public.events (title, description, event_date, event_type, status, registration_required, max_attendees,
                             registration_deadline)
  values ('Open event', 'Registrations open', current_date + 30, 'cultural', 'upcoming', true, 100, now() + interval '20 days')
  returning id into open_event;
  insert into public.events (title, description, event_date, event_type, status)
  values ('Cancelled event', 'Called off', current_date + 10, 'social', 'cancelled');
  insert into public.media_albums (title, is_published, event_id) values ('Published album', true, open_event) returning id into album;
  insert into public.media_albums (title, is_published) values ('Draft album', false) returning id into draft_album;
  insert into public.media_items (album_id, media_type, media_url) values
    (album, 'photo', '/storage/v1/object/public/gallery/a/1.jpg'),
    (draft_album, 'photo', '/storage/v1/object/public/gallery/d/1.jpg');
  insert into public.photo_albums (title, is_published) values ('Published gallery', true) returning id into gallery;
  insert into public.photo_albums (title, is_published) values ('Draft gallery', false) returning id into draft_gallery;
  insert into public.photos_new (album_id, image_url) values
    (gallery, '/storage/v1/object/public/gallery/g/1.jpg'), (draft_gallery, '/storage/v1/object/public/gallery/h/1.jpg');
  insert into public.videos (title, video_url, status) values ('Published video', 'https://video.example.org/1', 'published'),
    ('Draft video', 'https://video.example.org/2', 'draft');
  insert into public.organization_info (section, title, is_published) values ('about', 'About', true), ('draft', 'Draft', false);
  insert into public.board_members (name, is_active) values ('President', true), ('Former', false);
  insert into public.achievements (title, status) values ('Award', 'published'), ('Draft award', 'draft');
  insert into public.activities (title, is_published) values ('Yoga', true), ('Draft activity', false);
  insert into public.website_images (key, image_url, is_active) values ('home.hero', '/a.jpg', true), ('old', '/b.jpg', false);
  insert into public.homepage_slider (image_url, is_active) values ('/s1.jpg', true), ('/s2.jpg', false);
  insert into public.business_listings (business_name, is_active) values ('Active shop', true), ('Closed shop', false);
  insert into public.contact_messages (first_name, email, subject, message) values ('Visitor', 'v@example.org', 'Hello there', 'A message from nobody.');
  insert into public.havyaka_sandesha_issues (title, issue_year, issue_month, pdf_url, is_published) values
    ('January', 2026, 1, '/storage/v1/object/havyaka-sandesh/2026/01.pdf', true),
    ('February', 2026, 2, '/storage/v1/object/havyaka-sandesh/2026/02.pdf', false);
  insert into public.magazine_advertisements (title, rate_per_insertion, is_active) values ('Full page', 5000, true), ('Old', 100, false);
  insert into public.pwa_analytics (event_type, data, user_id) values ('install', '{}', null);
  -- A register entry added by staff, with no account and no ledger: removable.
  insert into public.member_directory (unique_id, membership_no, full_name, status, approval_status)
  values ('HWT-00000', 'PAPER-1', 'Paper Member', 'Yes', 'approved');

  -- People.
  stranger := tests.create_user('member', 'approved', 'stranger');
  pending := tests.create_user('member', 'pending', 'applicant');
  delete from tests.actors;
  insert into tests.actors values ('anon', null), ('stranger', stranger), ('pending', pending),
    ('user', tests.create_user('member', 'approved', 'user')),
    ('member_viewer', tests.create_user('member_viewer', 'approved', 'member_viewer')),
    ('event_manager', tests.create_user('event_manager', 'approved', 'event_manager')),
    ('sandesha_manager', tests.create_user('havyaka_sandesh_manager', 'approved', 'sandesha_manager')),
    ('content_manager', tests.create_user('content_manager', 'approved', 'content_manager')),
    ('admin', tests.create_user('admin', 'approved', 'admin')),
    ('super_admin', tests.create_user('super_admin', 'approved', 'super_admin'));
  perform tests.give_rows(pending, null, false);
  perform tests.give_rows(stranger, pending, true);
  for actor in select user_id from tests.actors where user_id is not null and role_column not in ('stranger', 'pending') loop
    perform tests.give_rows(actor.user_id, stranger, true);
  end loop;
end
$$;
