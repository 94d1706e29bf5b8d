-- The demo community's content: run by the server's seeder (server/src/seed) as the superuser
-- after the accounts and files of seed.toml and their records (accounts.sql), in their
-- transaction. Accounts are found by their demo address.
create temporary table demo_people on commit drop as
  select type, id from public.users where email like '%@demo.havyaka.org';

insert into public.organization_info (section, title, content, is_published, display_order) values
  ('about', 'About the Trust', 'The Havyaka community trust in Mumbai brings together Havyaka families for culture, education and mutual help since 1962.', true, 1),
  ('mission', 'Our Mission', 'To preserve our traditions, support students with educational aid, and stand by members in need.', true, 2),
  ('contact', 'Contact', 'Havyaka Bhavan, Matunga, Mumbai 400019. Phone +91 22 2400 0000.', true, 3),
  ('history', 'History (draft)', 'Being written by the content team.', false, 4);

insert into public.board_members (name, designation, bio, is_active, display_order, term_start) values
  ('Shri Narayan Bhat', 'President', 'Chartered accountant; trustee since 2010.', true, 1, date '2024-04-01'),
  ('Smt. Lakshmi Hegde', 'Vice President', 'Retired professor of Sanskrit.', true, 2, date '2024-04-01'),
  ('Shri Subraya Joshi', 'Secretary', 'Runs the trust''s educational aid programme.', true, 3, date '2024-04-01'),
  ('Smt. Padma Shastri', 'Treasurer', 'Banker with thirty years of experience.', true, 4, date '2024-04-01'),
  ('Shri Ganapati Rao', 'Former Secretary', 'Served 2016-2024.', false, 5, date '2016-04-01');

insert into public.events (title, description, event_date, event_time, location, event_type, status, registration_required,
                           registration_deadline, max_attendees, featured_image_url, organizer, contact_person, contact_phone,
                           contact_email, venue_details, created_by) values
  ('Ugadi Sammilana', 'New year celebration with panchanga shravana, music and lunch.', current_date + 21, '10:00', 'Havyaka Bhavan, Matunga',
   'cultural', 'published', true, now() + interval '14 days', 150, '/storage/v1/object/public/event-images/featured/ugadi.jpg',
   'Cultural Committee', 'Ganesh Shastri', '+91 98200 12345', 'events@demo.havyaka.org', 'Main hall, first floor',
   (select id from demo_people where type = 'event_manager')),
  ('Free Health Camp', 'Blood pressure, diabetes and eye check-ups for members and families.', current_date + 45, '08:30', 'Community Hall, Thane',
   'health', 'upcoming', true, now() + interval '40 days', 80, '/storage/v1/object/public/event-images/featured/health-camp.jpg',
   'Medical Aid Committee', 'Dr. Kiran Bhat', '+91 98200 23456', 'health@demo.havyaka.org', 'Ground floor, wheelchair access',
   (select id from demo_people where type = 'event_manager')),
  ('Career Guidance for Students', 'Talks by professionals on engineering, medicine and commerce careers.', current_date + 60, '16:00', 'Online',
   'educational', 'upcoming', false, null, null, null, 'Education Committee', 'Subraya Joshi', '+91 98200 34567', null, null,
   (select id from demo_people where type = 'admin')),
  ('Sanskrit Reading Circle', 'Ten evenings of reading the Raghuvamsha together; places were limited and registration has closed.', current_date + 12, '18:30', 'Havyaka Bhavan, Matunga',
   'educational', 'upcoming', true, now() - interval '2 days', 30, null, 'Education Committee', 'Subraya Joshi', '+91 98200 34567', null, 'Library, second floor',
   (select id from demo_people where type = 'event_manager')),
  ('Deepavali Get-together', 'Lamps, sweets and a cultural programme by the youth wing.', current_date - 40, '18:00', 'Havyaka Bhavan, Matunga',
   'cultural', 'completed', false, null, null, null, 'Youth Wing', 'Chaitra Joshi', '+91 98200 45678', null, null,
   (select id from demo_people where type = 'event_manager')),
  ('Yoga Shibira', 'A week of morning yoga sessions in the park.', current_date - 90, '06:30', 'Five Gardens, Matunga',
   'health', 'completed', false, null, null, null, 'Health Committee', 'Mohan Rao', '+91 98200 56789', null, null,
   (select id from demo_people where type = 'event_manager')),
  ('Monsoon Trek (called off)', 'Cancelled because of heavy rain warnings.', current_date + 5, '07:00', 'Lonavala',
   'sports', 'cancelled', false, null, null, null, 'Youth Wing', null, null, null, null,
   (select id from demo_people where type = 'event_manager'));

insert into public.event_registrations (event_id, user_id, notes)
select e.id, p.id, 'Registered in the demo'
  from public.events e, demo_people p
 where e.title = 'Ugadi Sammilana' and p.type in ('member', 'student', 'matrimony');

-- A full event with a waitlist (issue 37): three seats, taken by the member (with a guest) and
-- the student; the matrimony registrant waits, the member viewer too (with a guest).
insert into public.events (title, description, event_date, event_time, duration_minutes, location, event_type, status,
                           registration_required, registration_deadline, max_attendees, waitlist_offer_hours, organizer,
                           created_by)
values ('Bhajan Sandhya', 'An evening of bhajans with the Havyaka Mahila Mandali; the small hall seats only a few.',
        current_date + 18, '18:30', 120, 'Havyaka Bhavan, Matunga', 'religious', 'published', true,
        now() + interval '16 days', 3, 24, 'Mahila Mandali', (select id from demo_people where type = 'event_manager'));
insert into public.event_registrations (event_id, user_id, guests, notes)
select e.id, p.id, case when p.type = 'member' then 1 else 0 end, 'Registered in the demo'
  from public.events e, demo_people p
 where e.title = 'Bhajan Sandhya' and p.type in ('member', 'student');
insert into public.event_waitlist (event_id, user_id, guests, joined_at)
select e.id, p.id, case when p.type = 'member_viewer' then 1 else 0 end,
       now() - case when p.type = 'matrimony' then interval '2 days' else interval '1 day' end
  from public.events e, demo_people p
 where e.title = 'Bhajan Sandhya' and p.type in ('matrimony', 'member_viewer');

insert into public.media_albums (title, description, event_id, cover_image_url, is_published, album_date, sort_order, created_by)
select 'Deepavali Get-together', 'Lamps and smiles from the Deepavali evening.', e.id,
       '/storage/v1/object/public/gallery/demo/deepavali-1.jpg', true, e.event_date, 1,
       (select id from demo_people where type = 'content_manager')
  from public.events e where e.title = 'Deepavali Get-together';
insert into public.media_albums (title, description, event_id, cover_image_url, is_published, album_date, sort_order, created_by)
select 'Yoga Shibira', 'Morning sessions in Five Gardens.', e.id,
       '/storage/v1/object/public/gallery/demo/yoga-1.jpg', true, e.event_date, 2,
       (select id from demo_people where type = 'content_manager')
  from public.events e where e.title = 'Yoga Shibira';
insert into public.media_albums (title, description, is_published, sort_order, created_by) values
  ('Ugadi Sammilana (being prepared)', 'Photos will appear after the event.', false, 3, (select id from demo_people where type = 'content_manager'));

insert into public.media_items (album_id, title, media_type, media_url, thumbnail_url, sort_order)
select a.id, v.title, 'photo', '/storage/v1/object/public/gallery/demo/' || v.file,
       '/storage/v1/render/image/public/gallery/demo/' || v.file || '?width=400', v.sort_order
  from public.media_albums a
  join (values ('Deepavali Get-together', 'Lighting the lamps', 'deepavali-1.jpg', 1),
               ('Deepavali Get-together', 'Youth wing programme', 'deepavali-2.jpg', 2),
               ('Yoga Shibira', 'Surya namaskara', 'yoga-1.jpg', 1)) as v(album, title, file, sort_order)
    on v.album = a.title;
insert into public.media_items (album_id, title, media_type, media_url, duration, sort_order)
select a.id, 'Deepavali highlights', 'video', '/intro.webm', 5, 3
  from public.media_albums a where a.title = 'Deepavali Get-together';

insert into public.photo_albums (title, description, cover_image_url, is_published, album_date, created_by) values
  ('Ugadi 2025', 'Last year''s Ugadi Sammilana.', '/storage/v1/object/public/gallery/demo/ugadi-1.jpg', true, date '2025-03-30',
   (select id from demo_people where type = 'content_manager'));
insert into public.photos_new (album_id, title, image_url, sort_order)
select a.id, v.title, '/storage/v1/object/public/gallery/demo/' || v.file, v.sort_order
  from public.photo_albums a
  join (values ('Panchanga shravana', 'ugadi-1.jpg', 1), ('Music', 'ugadi-2.jpg', 2), ('Lunch', 'ugadi-3.jpg', 3)) as v(title, file, sort_order)
    on a.title = 'Ugadi 2025';

insert into public.videos (title, description, video_url, duration, status, created_by) values
  ('Trust annual day 2025', 'Highlights of the annual day.', '/intro.webm', 5, 'published',
   (select id from demo_people where type = 'content_manager')),
  ('Interview with the president (draft)', 'Being edited.', '/intro.webm', 5, 'draft',
   (select id from demo_people where type = 'content_manager'));

insert into public.havyaka_sandesha_issues (title, description, issue_year, issue_month, pdf_url, is_published, featured, published_at, created_by)
select v.title, v.description, v.year, v.month, '/storage/v1/object/authenticated/havyaka-sandesh/' || v.file, v.published, v.featured,
       case when v.published then make_date(v.year, v.month, 1) end, (select id from demo_people where type = 'havyaka_sandesh_manager')
  from (values ('November 2025', 'Deepavali special issue.', 2025, 11, '2025/11.pdf', true, false),
               ('December 2025', 'Year in review.', 2025, 12, '2025/12.pdf', true, true),
               ('January 2026', 'Being proof-read.', 2026, 1, '2026/01.pdf', false, false))
       as v(title, description, year, month, file, published, featured);

insert into public.magazine_advertisements (title, ad_size, rate_per_insertion, is_active, display_order) values
  ('Back cover (colour)', 'Full page', 15000, true, 1),
  ('Inside cover (colour)', 'Full page', 10000, true, 2),
  ('Half page', 'Half page', 5000, true, 3),
  ('Quarter page', 'Quarter page', 2500, true, 4),
  ('Classified (old rate)', 'Two lines', 300, false, 5);

insert into public.business_listings (business_name, category, description, owner_name, phone, email, website, address, city, pincode, is_active, is_featured, display_order) values
  ('Bhat & Co. Chartered Accountants', 'Finance', 'Audit, tax and GST filing for families and small firms.', 'Narayan Bhat', '+91 22 2400 1111', 'office@bhatco.example.org', 'https://bhatco.example.org', 'King''s Circle', 'Mumbai', '400019', true, true, 1),
  ('Hegde Ayurveda Clinic', 'Health', 'Consultations and Panchakarma.', 'Dr. Kiran Hegde', '+91 98200 22222', null, null, 'Dadar West', 'Mumbai', '400028', true, false, 2),
  ('Sirsi Spices', 'Food', 'Areca, pepper and cardamom straight from Uttara Kannada.', 'Mahesh Joshi', '+91 98200 33333', 'orders@sirsispices.example.org', null, 'Vashi', 'Navi Mumbai', '400703', true, false, 3),
  ('Shastri Tutorials', 'Education', 'Coaching for SSC and HSC science.', 'Ganesh Shastri', '+91 98200 44444', null, null, 'Thane West', 'Thane', '400601', true, false, 4),
  ('Old Printing Press', 'Printing', 'Closed in 2024.', 'Ramachandra Rao', null, null, null, 'Girgaon', 'Mumbai', '400004', false, false, 5);

insert into public.homepage_slider (title, subtitle, image_url, link_url, button_text, is_active, display_order) values
  ('Ugadi Sammilana', 'Celebrate the new year with the community', '/storage/v1/object/public/content/demo/slider-1.jpg', '/events', 'See events', true, 1),
  ('Educational aid', 'Applications for this academic year are open', '/storage/v1/object/public/content/demo/slider-2.jpg', '/educational-aid', 'Apply', true, 2);

insert into public.website_images (key, page, title, alt_text, image_url, is_active) values
  ('home.hero', 'home', 'Havyaka Bhavan', 'The trust''s building in Matunga', '/storage/v1/object/public/content/demo/slider-1.jpg', true),
  ('about.banner', 'about', 'Our community', 'Members at the annual day', '/storage/v1/object/public/content/demo/slider-2.jpg', true);

insert into public.achievements (title, description, achiever_name, category, achievement_date, status) values
  ('State rank in SSC', 'Secured the 3rd rank in the state SSC examination.', 'Shreya Bhat', 'Education', date '2025-06-01', 'published'),
  ('National chess champion (under 14)', 'Won the national under-14 title.', 'Aditya Hegde', 'Sports', date '2025-09-15', 'published'),
  ('Award nomination (draft)', 'To be confirmed.', 'Unnamed', 'Culture', null, 'draft');

insert into public.activities (title, description, activity_type, activity_date, location, is_published, display_order) values
  ('Weekly bhajan', 'Every Saturday evening.', 'Religious', current_date + 3, 'Havyaka Bhavan', true, 1),
  ('Sanskrit classes', 'Beginners'' classes on Sunday mornings.', 'Education', current_date + 4, 'Havyaka Bhavan', true, 2),
  ('Senior citizens'' meet', 'Planning (not yet announced).', 'Social', null, null, false, 3);

-- The register: the demo member's own entry, and members registered on paper.
insert into public.member_directory (full_name, email, mobile_number, member_type, gotra, profession, address_line1, city, native_place,
                                     status, approval_status, approved_at, sandesha_delivery_method, user_id, membership_no)
select 'Meera Kamath', 'member@demo.havyaka.org', '+91 98200 55555', 'life', 'Vishwamitra', 'Architect', 'Shivaji Park', 'Mumbai', 'Sirsi',
       'Yes', 'approved', now(), 'email', id, 'LM-1024'
  from demo_people where type = 'member';
insert into public.member_directory (full_name, email, mobile_number, member_type, gotra, profession, address_line1, city, native_place,
                                     status, approval_status, approved_at, sandesha_delivery_method, sandesha_delivery_enabled, membership_no) values
  ('Narayan Bhat', 'narayan.bhat@example.org', '+91 98200 60001', 'life', 'Kashyapa', 'Chartered accountant', 'King''s Circle', 'Mumbai', 'Sirsi', 'Yes', 'approved', now(), 'post', true, 'LM-0001'),
  ('Lakshmi Hegde', 'lakshmi.hegde@example.org', '+91 98200 60002', 'life', 'Bharadwaja', 'Professor (retd.)', 'Dadar', 'Mumbai', 'Kumta', 'Yes', 'approved', now(), 'post', true, 'LM-0002'),
  ('Subraya Joshi', 'subraya.joshi@example.org', '+91 98200 60003', 'annual', 'Atri', 'Teacher', 'Thane West', 'Thane', 'Yellapur', 'Yes', 'approved', now(), 'email', true, 'AM-0103'),
  ('Padma Shastri', null, '+91 98200 60004', 'life', 'Vasishta', 'Banker', 'Vashi', 'Navi Mumbai', 'Sagar', 'Yes', 'approved', now(), 'post', false, 'LM-0004'),
  ('Ramachandra Rao', null, '+91 98200 60005', 'patron', 'Gautama', 'Printer', 'Girgaon', 'Mumbai', 'Honnavar', 'Check', 'pending', null, null, true, null),
  ('Vinayak Upadhya', 'vinayak@example.org', '+91 98200 60006', 'annual', 'Kaundinya', 'Software engineer', 'Powai', 'Mumbai', 'Siddapur', 'No', 'rejected', now(), null, true, null);
insert into public.member_directory_visibility (member_id, user_id, show_in_directory, show_contact_details)
select id, user_id, true, true from public.member_directory
 where membership_no in ('LM-1024', 'LM-0001', 'LM-0002', 'AM-0103');
insert into public.financial_ledger (member_id, description, credit, entry_date)
select id, 'Life membership fee', 5000, date '2024-04-10' from public.member_directory where membership_no = 'LM-0001';

insert into public.members (user_id, first_name, surname, email, phone, city, occupation, native_place, approval_status)
select id, 'Meera', 'Kamath', 'member@demo.havyaka.org', '+91 98200 55555', 'Mumbai', 'Architect', 'Sirsi', 'approved'
  from demo_people where type = 'member';

insert into public.student_details (user_id, first_name, surname, email, mobile_number, date_of_birth, gender, current_address,
                                    current_pincode, last_qualification, course_details, donation_seeking, institution_name,
                                    academic_year, total_fees, hometown, pan_no, aadhar_no, approval_status)
select id, 'Shreya', 'Bhat', 'student@demo.havyaka.org', '+91 98200 66666', date '2006-08-14', 'female', 'Matunga, Mumbai',
       '400019', 'HSC (Science), 92%', 'B.E. Computer Engineering, first year', 60000, 'VJTI Mumbai', '2025-26', 120000, 'Sirsi',
       'ABCPB1234K', '1234 5678 9012', 'approved'
  from demo_people where type = 'student';

-- Contact details live apart (matrimony_contacts, 0060): shown to the other party only after
-- an accepted interest.
with profile as (
  insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, height, qualification, occupation, place,
                                        monthly_income, marital_status, vegetarian_brahmin, native_place, preferred_age_from, preferred_age_to,
                                        gotra_nakshatra, havyaka_brahmin, approval_status)
  select id, 'Ravi', 'Hegde', 'male', date '1995-02-11', '5''9"', 'M.Tech', 'Software engineer', 'Pune', 150000, 'never_married', true,
         'Kumta', 25, 31, 'Bharadwaja / Rohini', true, 'approved'
    from demo_people where type = 'matrimony'
  returning id
)
insert into public.matrimony_contacts (profile_id, email, mobile_no, address)
select id, 'matrimony@demo.havyaka.org', '9820077777', 'Kothrud, Pune' from profile;
with profile as (
  insert into public.matrimony_details (first_name, surname, gender, date_of_birth, height, qualification, occupation, place,
                                        native_place, approval_status) values
    ('Kavya', 'Joshi', 'female', date '1997-06-21', '5''4"', 'MBA', 'Analyst', 'Mumbai', 'Sirsi', 'approved'),
    ('Anusha', 'Bhat', 'female', date '1998-12-03', '5''3"', 'B.Com', 'Accountant', 'Bengaluru', 'Sagar', 'pending')
  returning id, first_name
)
insert into public.matrimony_contacts (profile_id, mobile_no)
select id, case first_name when 'Kavya' then '9820088888' else '9820099999' end from profile;

insert into public.payments (payment_type, status, amount, payment_method, transaction_reference, payer_name, user_id, member_id, verified_by, verified_at)
select 'membership', 'completed', 5000, 'upi', 'UPI-DEMO-0001', 'Meera Kamath', p.id, d.id, (select id from demo_people where type = 'admin'), now()
  from demo_people p join public.member_directory d on d.user_id = p.id where p.type = 'member';
insert into public.payments (payment_type, status, amount, payment_method, payer_name, user_id)
select 'donation', 'pending', 2500, 'bank_transfer', 'Ravi Hegde', id from demo_people where type = 'matrimony';
insert into public.payments (payment_type, status, amount, payment_method, payer_name, event_id)
select 'event', 'completed', 300, 'cash', 'Walk-in guest', id from public.events where title = 'Ugadi Sammilana';

insert into public.roles (name, description, permissions) values
  ('volunteer', 'Helps at events', '{events.read}'),
  ('editor', 'Edits Havyaka Sandesha articles', '{sandesha.write}');

insert into public.contact_messages (first_name, last_name, email, subject, message) values
  ('Prakash', 'Rao', 'prakash@example.org', 'Hall booking in May', 'Is the main hall free on the second Sunday of May for a naming ceremony?');

-- Issue 16: journeys after registration. A second approved matrimony account, Sneha Shastri
-- (bride@demo.havyaka.org, the demo password: her account copies the matrimony demo
-- account's password hash), with her own approved profile, so the two approved demo
-- registrants (Ravi, Sneha) can find each other, express interest, accept and write. (Kavya
-- Joshi's profile stays without an account: the admins' sync of approved profiles needs it.)
-- The student's application has a progress report and the committee's note.
insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
select gen_random_uuid(), 'bride@demo.havyaka.org', a.encrypted_password, now(), a.raw_app_meta_data,
       jsonb_build_object('full_name', 'Sneha Shastri')
  from auth.users a where a.email = 'matrimony@demo.havyaka.org';
insert into public.users (id, email, type, status, full_name, first_name, surname, approval_status, approved_at)
select id, email, 'matrimony', 'approved', 'Sneha Shastri', 'Sneha', 'Shastri', 'approved', now()
  from auth.users where email = 'bride@demo.havyaka.org';
with profile as (
  insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, height, weight, qualification, occupation,
                                        organization, place, native_place, monthly_income, marital_status, vegetarian_brahmin,
                                        havyaka_brahmin, gotra_nakshatra, hobby, preferred_age_from, preferred_age_to,
                                        preferred_qualification, father_name, approval_status, last_active)
  select id, 'Sneha', 'Shastri', 'female', date '1996-03-09', '162 cm (5''4")', '55 kg', 'M.Sc. Statistics', 'Data analyst',
         'Tata Consultancy Services', 'Mumbai', 'Sirsi', 90000, 'never_married', true, true, 'Vasishta / Hasta',
         'Carnatic music, trekking', 27, 33, 'Postgraduate', 'Shri Mahesh Shastri', 'approved', now() - interval '2 days'
    from public.users where email = 'bride@demo.havyaka.org'
  returning id
)
insert into public.matrimony_contacts (profile_id, email, mobile_no, address)
select id, 'bride@demo.havyaka.org', '9820044444', 'Dadar West, Mumbai' from profile;
update public.matrimony_details set gotra_nakshatra = 'Bharadwaja / Rohini', hobby = 'Photography, cricket',
       organization = 'Infosys', father_name = 'Shri Ramesh Hegde', last_active = now() - interval '1 day'
 where user_id = (select id from public.users where email = 'matrimony@demo.havyaka.org');
update public.student_details
   set progress_reports = array['Semester 1 (2025-26): 8.9 CGPA, all subjects cleared. Thank you for the support.'],
       studying_class = 'B.E. first year', why_donation = 'The first-year fees are beyond what my family can pay at once.',
       reference1_name = 'Narayan Bhat', reference1_contact = '+91 98200 60001'
 where email = 'student@demo.havyaka.org';
insert into public.notifications (user_id, type, title, message, data)
select id, 'registration', 'Your educational aid application is approved',
       'The committee approved aid of Rs 60,000 for 2025-26. Please send a progress report after each semester.',
       jsonb_build_object('record_id', (select s.id from public.student_details s where s.user_id = demo_people.id))
  from demo_people where type = 'student';
-- Staff screens for people (issue 17): a member's connection, more ledger lines, a student's
-- progress reports, and a membership payment waiting for an admin's verification.
insert into public.member_connections (requester_id, requested_id, status, message, responded_at)
select m.id, v.id, 'accepted', 'Namaskara! We met at the Ugadi Sammilana.', now()
  from demo_people m, demo_people v where m.type = 'member' and v.type = 'member_viewer';
insert into public.financial_ledger (member_id, description, debit, entry_date, reference)
select id, 'Havyaka Sandesha postage 2025-26', 300, date '2025-04-05', 'POST-2025'
  from public.member_directory where membership_no = 'LM-0001';
insert into public.financial_ledger (member_id, description, credit, entry_date, reference)
select id, 'Annual membership fee 2025-26', 1000, date '2025-04-12', 'RCPT-0412'
  from public.member_directory where membership_no = 'AM-0103';
update public.student_details
   set progress_reports = array['Semester 1: 8.4 SGPA', 'Semester 2: 8.9 SGPA; second-year fees paid']
 where user_id = (select id from demo_people where type = 'student');
insert into public.payments (payment_type, status, amount, payment_method, transaction_reference, payer_name, payer_email, user_id, member_id)
select 'membership', 'pending', 1000, 'bank_transfer', 'NEFT-DEMO-2201', 'Subraya Joshi', 'subraya.joshi@example.org', null, id
  from public.member_directory where membership_no = 'AM-0103';
-- PWA analytics over the last 30 days (installs and engagement), so /admin/pwa-analytics has
-- something to chart.
insert into public.pwa_analytics (event_type, data, "timestamp", session_id)
select 'install',
       jsonb_build_object('platform', (array['Android', 'Android', 'iOS', 'Windows', 'macOS'])[1 + g % 5],
                          'displayMode', (array['standalone', 'standalone', 'browser'])[1 + g % 3],
                          'installMethod', (array['prompt', 'manual'])[1 + g % 2],
                          'userAgent', 'demo', 'referrer', ''),
       now() - make_interval(days => (g * 7) % 30, hours => g % 11),
       'demo-install-' || g
  from generate_series(1, 24) g;
insert into public.pwa_analytics (event_type, data, "timestamp", session_id)
select 'engagement',
       jsonb_build_object('eventType', 'session_end', 'timeOnSite', 10 + (g * 13) % 240,
                          'pageVisits', 1 + g % 6, 'interactions', (g * 3) % 14,
                          'additionalData', jsonb_build_object('displayMode', (array['browser', 'standalone'])[1 + g % 2])),
       now() - make_interval(days => (g * 5) % 30, hours => g % 13),
       'demo-session-' || g
  from generate_series(1, 60) g;
-- Money (issue 36): a walk-in donor entered once at the office (the PAN in the vault, masked in
-- the row; the donor picker on /admin/finance finds them), and their cheque that bounced:
-- verified, then refunded with the reason (its receipt cancelled, keeping its number).
with donor as (
  insert into public.donors (name, address, city, state, pin_code, id_code, id_masked, created_by)
  select 'Prakash Bhat', '21 Ranade Road, Dadar', 'Mumbai', 'Maharashtra', '400028', 'pan', 'XXXXXX678K', id
    from demo_people where type = 'admin'
  returning id
)
insert into app.identity_numbers (record_table, record_id, pan) select 'donors', id, 'BHPPB5678K' from donor;
insert into public.payments (payment_type, status, amount, payment_method, purpose, transaction_reference, payer_name, donor_id)
select 'donation', 'completed', 5000, 'cheque', 'corpus', 'CHQ-104233', 'Prakash Bhat', id
  from public.donors where name = 'Prakash Bhat';
update public.payments set status = 'refunded', refund_reason = 'Cheque returned unpaid by the bank'
 where transaction_reference = 'CHQ-104233';
