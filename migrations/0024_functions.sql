-- The stored functions the app calls (spec §7) and the admin actions of spec §4. Each checks
-- its caller first: security definer functions see every row, so the check is the policy.
-- plpgsql throughout: the app.* role helpers are (re)defined in policies/00_helpers.sql,
-- which runs after the migrations.

-- Spec §7 create_user_record: after sign-up a user creates their own record, only as member,
-- student or matrimony and only pending; admins create any non-staff record, super_admin any.
create function public.create_user_record(
  user_id uuid,
  user_email text,
  user_type text default 'member',
  user_status text default 'pending',
  user_full_name text default null
) returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  created public.users;
begin
  if user_id is null or user_email is null or user_type is null then
    raise exception 'Missing required fields: id, email, or type' using errcode = '22023';
  end if;
  if not (user_type = any (app.user_types())) then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = format('unknown user type %s', user_type);
  end if;
  user_status := coalesce(user_status, 'pending');
  if auth.role() = 'service_role' or app.is_super_admin() then
    null;
  elsif app.is_admin() then
    if user_type = any (app.staff_types()) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only a super_admin creates staff accounts';
    end if;
  elsif caller is not null and caller = user_id then
    if user_type not in ('member', 'student', 'matrimony') or user_status <> 'pending' then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'sign-up creates a pending member, student or matrimony record';
    end if;
  else
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'a user creates only their own record';
  end if;
  if not exists (select from auth.users a where a.id = user_id) then
    raise exception 'Failed to create user: no such account' using errcode = '23503';
  end if;
  insert into public.users (id, email, type, status, full_name, approval_status)
  values (user_id, lower(user_email), user_type, user_status, nullif(btrim(user_full_name), ''),
          case when user_status = 'approved' then 'approved' else 'pending' end)
  returning * into created;
  return created;
end
$$;
comment on function public.create_user_record(uuid, text, text, text, text) is
  'Creates the public.users record of an account: by its user (member, student or matrimony, pending) or by an admin.';

-- Spec §5 response checks: numbers for members, students, matrimony and events. Staff only.
create function public.get_dashboard_stats() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.is_staff() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'members', (select count(*) from public.member_directory),
    'students', (select count(*) from public.student_details),
    'matrimony', (select count(*) from public.matrimony_details),
    'events', (select count(*) from public.events),
    'pending_members', (select count(*) from public.member_directory where approval_status = 'pending'),
    'pending_students', (select count(*) from public.student_details where approval_status = 'pending'),
    'pending_matrimony', (select count(*) from public.matrimony_details where approval_status = 'pending'),
    'upcoming_events', (select count(*) from public.events
                         where status in ('upcoming', 'published') and event_date >= current_date),
    'users', (select count(*) from public.users),
    'pending_payments', (select count(*) from public.payments where status = 'pending')
  );
end
$$;

-- Spec §7: the directory's counts by status, member type, delivery method, city, native
-- place and delivery enabled/disabled (what the client otherwise computes from 2000 rows).
create function public.get_member_directory_stats() returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not (app.is_admin() or app.can_view_directory()) and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.member_directory),
    'by_status', (select coalesce(jsonb_object_agg(status, n), '{}') from
                   (select status, count(*) n from public.member_directory group by status) s),
    'by_member_type', (select coalesce(jsonb_object_agg(member_type, n), '{}') from
                   (select member_type, count(*) n from public.member_directory group by member_type) s),
    'by_delivery_method', (select coalesce(jsonb_object_agg(coalesce(sandesha_delivery_method, 'unspecified'), n), '{}') from
                   (select sandesha_delivery_method, count(*) n from public.member_directory group by 1) s),
    'by_city', (select coalesce(jsonb_object_agg(coalesce(city, 'unspecified'), n), '{}') from
                   (select city, count(*) n from public.member_directory group by 1) s),
    'by_native_place', (select coalesce(jsonb_object_agg(coalesce(native_place, 'unspecified'), n), '{}') from
                   (select native_place, count(*) n from public.member_directory group by 1) s),
    'delivery_enabled', (select count(*) from public.member_directory where sandesha_delivery_enabled),
    'delivery_disabled', (select count(*) from public.member_directory where not sandesha_delivery_enabled)
  );
end
$$;

-- Spec §7 get_public_photo_albums: published albums with their photo count, newest first;
-- drafts only for media staff.
create function public.get_public_photo_albums(album_limit int default 50, include_drafts boolean default false)
returns table (
  id uuid, title text, description text, event_id uuid, cover_image_url text, photo_count int,
  is_published boolean, album_date date, created_at timestamptz, updated_at timestamptz
)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if include_drafts and not app.can_manage_media() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only media staff see draft albums';
  end if;
  return query
    select a.id, a.title, a.description, a.event_id,
           coalesce(a.cover_image_url, (select p.image_url from public.photos_new p where p.album_id = a.id
                                        order by p.sort_order, p.created_at limit 1)),
           (select count(*)::int from public.photos_new p where p.album_id = a.id),
           a.is_published, a.album_date, a.created_at, a.updated_at
      from public.photo_albums a
     where a.is_published or include_drafts
     order by coalesce(a.album_date, a.created_at::date) desc, a.created_at desc
     limit least(greatest(coalesce(album_limit, 50), 1), 1000);
end
$$;

-- Spec §7 get_public_media_albums: published media albums with their event and item counts.
create function public.get_public_media_albums()
returns table (
  id uuid, title text, description text, event_id uuid, event_title text, event_date date,
  cover_image_url text, album_date date, item_count int, photo_count int, video_count int,
  created_at timestamptz
)
language sql stable
security definer
set search_path = ''
as $$
  select a.id, a.title, a.description, a.event_id, e.title, e.event_date,
         coalesce(a.cover_image_url, (select coalesce(i.thumbnail_url, i.media_url) from public.media_items i
                                      where i.album_id = a.id order by i.sort_order, i.created_at desc limit 1)),
         a.album_date,
         (select count(*)::int from public.media_items i where i.album_id = a.id),
         (select count(*)::int from public.media_items i where i.album_id = a.id and i.media_type = 'photo'),
         (select count(*)::int from public.media_items i where i.album_id = a.id and i.media_type = 'video'),
         a.created_at
    from public.media_albums a
    left join public.events e on e.id = a.event_id
   where a.is_published
   order by a.sort_order, coalesce(a.album_date, a.created_at::date) desc, a.created_at desc
   limit 1000
$$;

-- Spec §7 get_public_media_items: the items of a published album, by sort order then newest.
create function public.get_public_media_items(album_id_param uuid)
returns setof public.media_items
language sql stable
security definer
set search_path = ''
as $$
  select i.* from public.media_items i
   where i.album_id = album_id_param
     and exists (select from public.media_albums a where a.id = album_id_param and a.is_published)
   order by i.sort_order, i.created_at desc
$$;

-- Spec §7 get_photo_gallery_stats: what the gallery shows everyone (published content only).
create function public.get_photo_gallery_stats() returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'total_albums', (select count(*) from public.photo_albums where is_published)
                  + (select count(*) from public.media_albums where is_published),
    'total_photos', (select count(*) from public.photos_new p join public.photo_albums a on a.id = p.album_id where a.is_published)
                  + (select count(*) from public.media_items i join public.media_albums a on a.id = i.album_id
                      where a.is_published and i.media_type = 'photo'),
    'total_videos', (select count(*) from public.videos where status = 'published')
                  + (select count(*) from public.media_items i join public.media_albums a on a.id = i.album_id
                      where a.is_published and i.media_type = 'video'),
    'latest_album_at', greatest((select max(created_at) from public.photo_albums where is_published),
                                (select max(created_at) from public.media_albums where is_published))
  )
$$;

-- Spec §4: approving a member sets status Yes and approval approved, recording the approver
-- and time; rejecting sets No and rejected with remarks (default 'Application rejected').
-- The member's account and membership form follow.
create function public.approve_member(member_id uuid, notes text default null)
returns public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.member_directory;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  update public.member_directory
     set status = 'Yes', approval_status = 'approved', approved_by = auth.uid(), approved_at = now(),
         approval_notes = coalesce(notes, approval_notes)
   where id = member_id
  returning * into entry;
  if not found then
    raise exception 'Member not found' using errcode = 'P0002';
  end if;
  if entry.user_id is not null then
    update public.members set approval_status = 'approved' where user_id = entry.user_id;
    update public.users set status = 'approved', approval_status = 'approved',
                            approved_by = auth.uid(), approved_at = now()
     where id = entry.user_id and type = 'member';
  end if;
  return entry;
end
$$;

create function public.reject_member(member_id uuid, remarks text default 'Application rejected')
returns public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.member_directory;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  update public.member_directory
     set status = 'No', approval_status = 'rejected', approved_by = auth.uid(), approved_at = now(),
         remarks = coalesce(nullif(btrim(reject_member.remarks), ''), 'Application rejected')
   where id = member_id
  returning * into entry;
  if not found then
    raise exception 'Member not found' using errcode = 'P0002';
  end if;
  if entry.user_id is not null then
    update public.members set approval_status = 'rejected' where user_id = entry.user_id;
    update public.users set status = 'rejected', approval_status = 'rejected'
     where id = entry.user_id and type = 'member';
  end if;
  return entry;
end
$$;

-- Spec §7: a Sandesha download counts once per call, for published issues (anyone).
create function public.increment_sandesha_download_count(issue_id uuid) returns int
language sql
security definer
set search_path = ''
as $$
  update public.havyaka_sandesha_issues
     set download_count = download_count + 1
   where id = issue_id and is_published
  returning download_count
$$;

-- The public members listing (/members): approved entries their owners list, without any
-- contact detail. Filters as in spec §7 (search over name and membership number).
create function public.get_public_members(search text default null, city_filter text default null,
                                          page_limit int default 50, page_offset int default 0)
returns table (id uuid, unique_id text, full_name text, member_type text, city text, native_place text, profession text)
language sql stable
security definer
set search_path = ''
as $$
  select d.id, d.unique_id, d.full_name, d.member_type, d.city, d.native_place, d.profession
    from public.member_directory d
   where d.approval_status = 'approved'
     and not exists (select from public.member_directory_visibility v where v.member_id = d.id and not v.show_in_directory)
     and (search is null or d.full_name ilike '%' || search || '%' or d.membership_no ilike '%' || search || '%')
     and (city_filter is null or d.city ilike '%' || city_filter || '%')
   order by d.full_name
   limit least(greatest(coalesce(page_limit, 50), 1), 200) offset greatest(coalesce(page_offset, 0), 0)
$$;

-- The full PAN and Aadhaar of one record, for admins, with an audit row per read.
create function public.reveal_identity_numbers(record_table text, record_id uuid)
returns table (pan text, aadhar text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if record_table not in ('student_details', 'members') then
    raise exception 'Validation error - please check your input' using errcode = '22023';
  end if;
  insert into app.identity_reads (reader_id, record_table, record_id)
  values (auth.uid(), reveal_identity_numbers.record_table, reveal_identity_numbers.record_id);
  return query
    select n.pan, n.aadhar from app.identity_numbers n
     where n.record_table = reveal_identity_numbers.record_table and n.record_id = reveal_identity_numbers.record_id;
end
$$;

revoke execute on function public.create_user_record(uuid, text, text, text, text), public.get_dashboard_stats(),
  public.get_member_directory_stats(), public.approve_member(uuid, text), public.reject_member(uuid, text),
  public.reveal_identity_numbers(text, uuid)
  from public, anon;
grant execute on function public.create_user_record(uuid, text, text, text, text), public.get_dashboard_stats(),
  public.get_member_directory_stats(), public.approve_member(uuid, text), public.reject_member(uuid, text),
  public.reveal_identity_numbers(text, uuid)
  to authenticated, service_role;
