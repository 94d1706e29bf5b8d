-- Issue 16: the own-profile page saves one form over two tables (matrimony_details and, since
-- 0060, matrimony_contacts). update_matrimony_profile writes both in one transaction, so a
-- refused field leaves nothing half-saved. It runs as the caller (security invoker): the same
-- policies (owners and admins write) and guards (what locks after approval, the form's rules)
-- decide as for a plain REST update.
create function public.update_matrimony_profile(profile_id uuid, changes jsonb)
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
revoke execute on function public.update_matrimony_profile(uuid, jsonb) from public, anon;
grant execute on function public.update_matrimony_profile(uuid, jsonb) to authenticated, service_role;
comment on function public.update_matrimony_profile(uuid, jsonb) is
  'Saves a matrimony profile and its contact details in one transaction, as the caller (owners and admins).';
