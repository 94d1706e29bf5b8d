-- Members among themselves (issue 16, item 5): the member directory a plain member reads, and
-- what each entry shows of itself. Listed: approved entries whose owner has not hidden them
-- (member_directory_visibility.show_in_directory, listed when no choice was made). Contact
-- details (mobile, e-mail): one's own, entries that chose to show them, and members one is
-- connected with (an accepted member_connections row, either way). Who may read: approved
-- members (an approved directory entry of their own), member viewers and admins.

-- The caller is a member of the trust: an approved directory entry is theirs.
create function app.is_directory_member() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.member_directory d where d.user_id = auth.uid() and d.approval_status = 'approved'
  )
$$;

-- `person` has an approved directory entry that the directory lists.
create function app.is_listed_member(person uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.member_directory d
      left join public.member_directory_visibility v on v.member_id = d.id
     where d.user_id = person and d.approval_status = 'approved' and coalesce(v.show_in_directory, true)
  )
$$;

-- A connection (any status, either direction) between the caller and `other`.
create function app.has_connection_with(other uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select other is not null and exists (
    select from public.member_connections c
     where (c.requester_id = auth.uid() and c.requested_id = other)
        or (c.requested_id = auth.uid() and c.requester_id = other)
  )
$$;

revoke execute on function app.is_directory_member(), app.is_listed_member(uuid), app.has_connection_with(uuid) from public;
grant execute on function app.is_directory_member(), app.is_listed_member(uuid), app.has_connection_with(uuid)
  to anon, authenticated, service_role;

create function public.get_member_network(
  search text default null,
  only_connections boolean default false,
  page_limit int default 50,
  page_offset int default 0
)
returns table (
  id uuid, user_id uuid, unique_id text, membership_no text, full_name text, member_type text,
  profession text, city text, native_place text, mobile_number text, email text,
  is_self boolean, contact_shown boolean,
  connection_id uuid, connection_status text, requested_by_me boolean,
  total_count bigint
)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  pattern text := '%' || replace(replace(replace(coalesce(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if me is null or not (app.is_directory_member() or app.can_view_directory() or app.is_admin()) then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'the member directory is for approved members';
  end if;
  if page_limit is null or page_limit < 1 or page_limit > 100 or page_offset is null or page_offset < 0 then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'page_limit 1-100, page_offset from 0';
  end if;
  return query
  with listed as (
    select d.*, coalesce(v.show_contact_details, false) as shows_contact
      from public.member_directory d
      left join public.member_directory_visibility v on v.member_id = d.id
     where d.approval_status = 'approved'
       -- Hidden entries still show to the members they have a connection (or request) with.
       and (coalesce(v.show_in_directory, true) or d.user_id = me or app.has_connection_with(d.user_id))
       and (not only_connections or app.has_connection_with(d.user_id))
       and (coalesce(btrim(search), '') = ''
            or d.full_name ilike pattern or d.city ilike pattern or d.native_place ilike pattern
            or d.profession ilike pattern or d.membership_no ilike pattern or d.unique_id ilike pattern)
  ),
  linked as (
    select l.*, c.id as conn_id, c.status as conn_status, c.requester_id = me as mine
      from listed l
      left join lateral (
        select mc.id, mc.status, mc.requester_id
          from public.member_connections mc
         where l.user_id is not null
           and ((mc.requester_id = me and mc.requested_id = l.user_id)
             or (mc.requested_id = me and mc.requester_id = l.user_id))
         -- Of two rows between the same pair, the accepted one, else the newest.
         order by (mc.status = 'accepted') desc, mc.created_at desc
         limit 1
      ) c on true
  )
  select k.id, k.user_id, k.unique_id, k.membership_no, k.full_name, k.member_type,
         k.profession, k.city, k.native_place,
         case when shown then k.mobile_number end,
         case when shown then k.email end,
         k.user_id is not distinct from me, shown,
         k.conn_id, k.conn_status, coalesce(k.mine, false),
         count(*) over ()
    from (select linked.*,
                 (linked.user_id = me or linked.shows_contact or linked.conn_status = 'accepted') is true as shown
            from linked) k
   order by (k.user_id is not distinct from me) desc, k.full_name, k.id
   limit page_limit offset page_offset;
end
$$;
comment on function public.get_member_network(text, boolean, int, int) is
  'The member directory for approved members: listed entries, contact details only when shown or connected, and the caller''s connection with each.';
revoke execute on function public.get_member_network(text, boolean, int, int) from public;
grant execute on function public.get_member_network(text, boolean, int, int) to authenticated, service_role;
