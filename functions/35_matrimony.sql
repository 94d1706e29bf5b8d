-- Matrimony: profiles' counters, interests and messages, profile views, the own-profile update,
-- and the files that leave with a profile. The form's rules and registration are in
-- 39_registration_matrimony.sql, the decision in 28_application_decisions.sql.

-- Counters move only through profile views (below), never through a client's update.
create or replace function app.guard_matrimony_counters() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (app.is_admin() or app.is_trusted_code(tg_relid)) then
    if tg_op = 'INSERT' then
      new.profile_views_count := 0;
    else
      new.profile_views_count := old.profile_views_count;
    end if;
  end if;
  return new;
end
$$;
grant execute on function app.guard_matrimony_counters() to authenticated, service_role;

-- Interests and connections: only the receiver answers, only the status (and the time it was
-- answered, set here) changes; the sender may only withdraw by deleting.
create or replace function app.guard_response() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  sender uuid := (to_jsonb(old) ->> tg_argv[0])::uuid;
  receiver uuid := (to_jsonb(old) ->> tg_argv[1])::uuid;
begin
  if app.is_trusted_code(tg_relid) then
    if new.status is distinct from old.status then new.responded_at := now(); end if;
    return new;
  end if;
  if (to_jsonb(new) - 'status' - 'updated_at' - 'responded_at') is distinct from (to_jsonb(old) - 'status' - 'updated_at' - 'responded_at') then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only the status of a request changes';
  end if;
  if new.status is distinct from old.status then
    if auth.uid() is distinct from receiver then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'only the receiver responds';
    end if;
    new.responded_at := now();
  else
    new.responded_at := old.responded_at;
  end if;
  return new;
end
$$;
grant execute on function app.guard_response() to authenticated, service_role;

-- A message is read-marked by its receiver; its text and parties never change.
create or replace function app.guard_message_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if app.is_trusted_code(tg_relid) then
    return new;
  end if;
  if (to_jsonb(new) - 'is_read') is distinct from (to_jsonb(old) - 'is_read') or auth.uid() is distinct from old.receiver_id then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only the receiver marks a message read';
  end if;
  return new;
end
$$;
grant execute on function app.guard_message_update() to authenticated, service_role;

-- Profile views: the server's clock, whatever was sent (a client-chosen viewed_at counted one
-- view per invented day).
create or replace function app.stamp_profile_view() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.viewed_at := now();
  return new;
end
$$;
grant execute on function app.stamp_profile_view() to authenticated, service_role;

-- Spec §7: a view increments the viewed profile's counter and marks the viewer active, once per
-- viewer, profile and day (a counter anyone approved can bump must not move by repeating the
-- insert). Security definer: the viewer may not update someone else's profile.
create or replace function app.count_profile_view() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select from public.matrimony_profile_views v
     where v.viewer_id = new.viewer_id and v.viewed_profile_id = new.viewed_profile_id
       and v.viewed_at > new.viewed_at - interval '1 day'
       -- Of the views in one statement (one viewed_at), the lowest id counts.
       and (v.viewed_at < new.viewed_at or (v.viewed_at = new.viewed_at and v.id < new.id))
  ) then
    update public.matrimony_details
       set profile_views_count = profile_views_count + 1
     where id = new.viewed_profile_id and user_id <> new.viewer_id;
  end if;
  update public.matrimony_details set last_active = now() where user_id = new.viewer_id;
  return null;
end
$$;
revoke execute on function app.count_profile_view() from public;

-- A matrimony profile takes its photos and biodata (its owner's folders of those buckets).
create or replace function app.remove_matrimony_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.remove_stored_files(array[old.photo_url]);
  perform app.remove_user_folder('matrimony-photos', old.user_id);
  perform app.remove_user_folder('matrimony-pdfs', old.user_id);
  return old;
end
$$;
revoke execute on function app.remove_matrimony_files() from public;

-- Matrimony browsing filters by height: a generated column derived from what the form stores.
-- Centimetres from a stored height: "175 cm …", "1.75 m", 5'9", 5.9 ft; null when unreadable.
create or replace function app.height_cm(value text) returns int
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  m text[];
  cm numeric;
begin
  if value is null then
    return null;
  end if;
  value := lower(btrim(value));
  m := regexp_match(value, '^([0-9]+)\s*(?:''|ft|feet|foot)\s*(?:([0-9]+(?:\.[0-9]+)?)\s*(?:"|''''|in|inch|inches)?)?');
  if m is not null then
    cm := (m[1]::numeric * 12 + coalesce(m[2]::numeric, 0)) * 2.54;
  else
    m := regexp_match(value, '^([0-9]+(?:\.[0-9]+)?)\s*(cm|m|ft)?');
    if m is null then
      return null;
    end if;
    cm := case
      when m[2] = 'cm' then m[1]::numeric
      when m[2] = 'm' then m[1]::numeric * 100
      when m[2] = 'ft' or m[1]::numeric between 3 and 8 then m[1]::numeric * 30.48
      when m[1]::numeric >= 100 then m[1]::numeric
      when m[1]::numeric between 1 and 2.99 then m[1]::numeric * 100
    end;
  end if;
  return case when cm between 90 and 260 then round(cm)::int end;
end
$$;
grant execute on function app.height_cm(text) to anon, authenticated, service_role;

-- Spec §7: records the caller's view of a profile (once a day), which counts it and marks the
-- viewer active. Runs as the caller: the insert policy admits approved profiles viewing
-- approved profiles only. True when this call counted.
create or replace function public.record_profile_view(profile_id uuid) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  counted int;
begin
  if exists (select from public.matrimony_details m where m.id = profile_id and m.user_id = auth.uid()) then
    return false;
  end if;
  insert into public.matrimony_profile_views (viewer_id, viewed_profile_id)
  values (auth.uid(), profile_id)
  on conflict do nothing;
  get diagnostics counted = row_count;
  return counted = 1;
end
$$;
revoke execute on function public.record_profile_view(uuid) from public, anon;

-- The own-profile page saves one form over two tables (matrimony_details and
-- matrimony_contacts). update_matrimony_profile writes both in one transaction, so a
-- refused field leaves nothing half-saved. It runs as the caller (security invoker): the same
-- policies (owners and admins write) and guards (what locks after approval, the form's rules)
-- decide as for a plain REST update.
create or replace function public.update_matrimony_profile(profile_id uuid, changes jsonb)
returns public.matrimony_details
language plpgsql
set search_path = ''
as $$
declare
  contact_columns constant text[] := array[
    'email', 'tel_no', 'mobile_no', 'contact_person', 'contact_no', 'address', 'reference1_name',
    'reference1_contact', 'reference2_name', 'reference2_contact', 'signature', 'biodata_url'];
  bad text;
  contacts jsonb;
  details jsonb;
  col_list text;
  touched int;
  result public.matrimony_details;
begin
  if changes is null or jsonb_typeof(changes) <> 'object' then
    perform app.refuse(null, 'Validation error - please check your input');
  end if;
  -- Only the form's columns: never a key, an owner or a generated column.
  select k into bad from jsonb_object_keys(changes) k
   where k in ('id', 'profile_id', 'user_id', 'created_at', 'updated_at')
      or not (k = any (contact_columns) or exists (
        select from pg_catalog.pg_attribute a
         where a.attrelid = 'public.matrimony_details'::regclass and a.attname = k and a.attnum > 0
           and not a.attisdropped and a.attgenerated = ''))
   limit 1;
  if bad is not null then
    perform app.refuse(bad, 'Validation error - please check your input');
  end if;
  contacts := (select coalesce(jsonb_object_agg(k, v), '{}') from jsonb_each(changes) e(k, v) where k = any (contact_columns));
  details := changes - contact_columns;

  if contacts <> '{}' then
    select string_agg(quote_ident(k), ', ') into col_list from jsonb_object_keys(contacts) k;
    execute format('update public.matrimony_contacts c set (%1$s) = (select %1$s from jsonb_populate_record(c, $1))
                     where c.profile_id = $2', col_list)
      using contacts, profile_id;
    get diagnostics touched = row_count;
    if touched = 0 then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'not a profile the caller may change';
    end if;
  end if;
  if details <> '{}' then
    select string_agg(quote_ident(k), ', ') into col_list from jsonb_object_keys(details) k;
    execute format('update public.matrimony_details m set (%1$s) = (select %1$s from jsonb_populate_record(m, $1))
                     where m.id = $2', col_list)
      using details, profile_id;
    get diagnostics touched = row_count;
    if touched = 0 then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'not a profile the caller may change';
    end if;
  end if;
  select * into result from public.matrimony_details m where m.id = profile_id;
  if not found then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'not a profile the caller may change';
  end if;
  return result;
end
$$;
comment on function public.update_matrimony_profile(uuid, jsonb) is
  'Saves a matrimony profile and its contact details in one transaction, as the caller (owners and admins).';
revoke execute on function public.update_matrimony_profile(uuid, jsonb) from public, anon;

-- Triggers on public.matrimony_details.
create or replace trigger matrimony_details_updated_at before update on public.matrimony_details
  for each row execute function app.touch_updated_at();
create or replace trigger matrimony_details_approval before insert or update on public.matrimony_details
  for each row execute function app.guard_approval();
create or replace trigger matrimony_details_counters before insert or update on public.matrimony_details
  for each row execute function app.guard_matrimony_counters();
create or replace trigger matrimony_details_remove_files before delete on public.matrimony_details
  for each row execute function app.remove_matrimony_files();
create or replace trigger matrimony_details_announce_decision after update of approval_status on public.matrimony_details
  for each row execute function app.announce_decision();

-- Triggers on public.matrimony_interests.
create or replace trigger matrimony_interests_updated_at before update on public.matrimony_interests
  for each row execute function app.touch_updated_at();
create or replace trigger matrimony_interests_response before update on public.matrimony_interests
  for each row execute function app.guard_response('sender_id', 'receiver_id');

-- Triggers on public.matrimony_messages.
create or replace trigger matrimony_messages_guard before update on public.matrimony_messages
  for each row execute function app.guard_message_update();

-- Triggers on public.matrimony_profile_views.
create or replace trigger matrimony_profile_views_count after insert on public.matrimony_profile_views
  for each row execute function app.count_profile_view();
create or replace trigger matrimony_profile_views_stamp before insert or update on public.matrimony_profile_views
  for each row execute function app.stamp_profile_view();

-- Triggers on public.matrimony_contacts.
create or replace trigger matrimony_contacts_updated_at before update on public.matrimony_contacts
  for each row execute function app.touch_updated_at();

-- Matrimony profiles by name in either script or another common spelling,
-- closest first, for the search box of the admin matrimony list
-- (app.name_matches in functions/07_name_search.sql: only rows the caller may read).
create or replace function public.matrimony_name_matches(search text) returns table (id uuid, rank real)
language sql stable security invoker set search_path = ''
as $$ select m.id, m.rank from app.name_matches('public.matrimony_details', search) m $$;
comment on function public.matrimony_name_matches(text) is
  'Matrimony profiles the caller may read whose name matches the search in either script or a common spelling (at most 200), closest first.';
revoke execute on function public.matrimony_name_matches(text) from public, anon;
grant execute on function public.matrimony_name_matches(text) to authenticated, service_role;
