-- Members: the HWT- register (member_directory), approvals one by one and many at once with
-- their history, the directory's figures, the public listing, the directory members read among
-- themselves, and the staff's search.

-- Spec §7: a new member gets the next HWT- number (from the gapless counter); membership_no is
-- the supplied number for an upgradation, else NEW- and a timestamp until the approval, which
-- makes the HWT- number the membership number. A new entry made by
-- anyone but an admin is an application: status Check, approval pending, no approver.
-- Runs as the caller (not security definer): app.is_trusted_code must see who is writing.
create or replace function app.prepare_member_directory_entry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.unique_id := app.next_member_unique_id();
    new.membership_no := coalesce(nullif(btrim(new.membership_no), ''),
      'NEW-' || (extract(epoch from clock_timestamp()) * 1000)::bigint::text);
    new.created_by := coalesce(new.created_by, auth.uid());
    if not (app.is_admin() or app.is_trusted_code('public.member_directory'::regclass)) then
      new.status := 'Check';
      new.approval_status := 'pending';
      new.approved_by := null;
      new.approved_at := null;
    end if;
  else
    -- The HWT- number is the member's for life.
    new.unique_id := old.unique_id;
    if not (app.is_admin() or app.is_trusted_code('public.member_directory'::regclass))
       and (new.status, new.approval_status, new.approved_by, new.approved_at, new.remarks, new.approval_notes, new.user_id, new.membership_no)
           is distinct from (old.status, old.approval_status, old.approved_by, old.approved_at, old.remarks, old.approval_notes, old.user_id, old.membership_no) then
      raise exception 'Access denied - insufficient permissions' using errcode = '42501',
        detail = 'status, approval, remarks and membership number are changed by an administrator';
    end if;
  end if;
  -- The NEW- number only names an application: once approved, a member without a number of
  -- their own (an upgradation keeps theirs) is known by their HWT- id everywhere (issue 40).
  if new.approval_status = 'approved' and (new.membership_no is null or new.membership_no like 'NEW-%') then
    new.membership_no := new.unique_id;
  end if;
  return new;
end
$$;

-- The foreign key already refuses the delete; this says why in the product's words.
create or replace function app.refuse_member_with_ledger() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from public.financial_ledger where member_id = old.id) then
    raise exception 'Cannot delete a member with financial ledger entries' using errcode = '23503',
      detail = format('member %s has ledger entries', old.unique_id);
  end if;
  return old;
end
$$;
revoke execute on function app.refuse_member_with_ledger() from public;

-- Spec §7: the directory's counts by status, member type, delivery method, city, native
-- place and delivery enabled/disabled (what the client otherwise computes from 2000 rows).
create or replace function public.get_member_directory_stats() returns jsonb
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
revoke execute on function public.get_member_directory_stats() from public, anon;

-- Spec §4: approving a member sets status Yes and approval approved, recording the approver
-- and time; rejecting sets No and rejected with remarks (default 'Application rejected').
-- The member's account and membership form follow.
create or replace function public.approve_member(member_id uuid, notes text default null)
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
revoke execute on function public.approve_member(uuid, text) from public, anon;

-- See approve_member.
create or replace function public.reject_member(member_id uuid, remarks text default 'Application rejected')
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
revoke execute on function public.reject_member(uuid, text) from public, anon;

-- The public members listing (/members): approved entries their owners list, without any
-- contact detail. Filters as in spec §7; the search matches what the listing shows: a part of
-- the HWT- number or of the name, or the name in the other script or another common spelling
-- (functions/06_search.sql), closest first (never the unreturned membership number).
create or replace function public.get_public_members(search text default null, city_filter text default null,
                                                     page_limit int default 50, page_offset int default 0)
returns table (id uuid, unique_id text, full_name text, member_type text, city text, native_place text, profession text)
language sql stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.5
as $$
  -- The query once (materialised: never recomputed for every row). A part of the name or
  -- HWT- number is looked for only in a term with Latin letters or digits (the trigram indexes
  -- hold no Kannada trigrams; Kannada names are found by their keys).
  with q as materialized (
    select app.search_key(search) as name_key, app.search_skel(search) as name_skel,
           case when search ~ '[A-Za-z0-9]' then app.contains_pattern(btrim(search)) end as pattern
  ),
  -- The entries matching the search, through the indexes: by name in either script
  -- (app.name_hits, each of two words through the indexes), or a part of the name or number.
  hits as materialized (
    select n.id, max(n.rank) as rank
      from (select h.id, h.rank from app.name_hits('public.member_directory'::regclass, search) h
            union all
            select d.id, app.search_rank(q.name_key, q.name_skel, d.name_key, d.name_skel)
              from q, public.member_directory d
             where d.full_name ilike q.pattern or d.unique_id ilike q.pattern) n
     group by n.id
  )
  select d.id, d.unique_id, d.full_name, d.member_type, d.city, d.native_place, d.profession
    from public.member_directory d
    left join hits h on h.id = d.id
   where d.approval_status = 'approved'
     and not exists (select from public.member_directory_visibility v where v.member_id = d.id and not v.show_in_directory)
     and (nullif(btrim(search), '') is null or h.id is not null)
     and (nullif(btrim(city_filter), '') is null or d.city ilike app.contains_pattern(btrim(city_filter)))
   order by h.rank desc nulls last, d.full_name, d.id
   limit least(greatest(coalesce(page_limit, 50), 1), 200) offset greatest(coalesce(page_offset, 0), 0)
$$;

-- The next HWT- number, in the caller's transaction (the counter's lock is held until it ends).
create or replace function app.next_member_unique_id() returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  taken bigint;
begin
  update app.counters set value = value + 1 where name = 'member_unique_id' returning value into taken;
  if taken is null then
    raise exception 'the member number counter is missing' using errcode = 'P0002';
  end if;
  if taken > 99999 then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = 'HWT- numbers are exhausted (HWT-99999 was the last)';
  end if;
  return 'HWT-' || lpad(taken::text, 5, '0');
end
$$;
comment on function app.next_member_unique_id() is 'Takes the next HWT-00000 number; gapless (rolled back with a failed insert) and serialised by the counter row''s lock.';
revoke execute on function app.next_member_unique_id() from public;
grant execute on function app.next_member_unique_id() to authenticated, service_role;

-- AFTER INSERT OR UPDATE on member_directory: the history row. (The applicant hears of a
-- decision once, from app.announce_decision: issue 40.)
create or replace function app.record_member_approval() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text;
begin
  if tg_op = 'INSERT' then
    action := 'created';
  elsif (new.status, new.approval_status) is distinct from (old.status, old.approval_status) then
    action := case when new.approval_status is distinct from old.approval_status then new.approval_status else 'status' end;
  else
    return null;
  end if;
  insert into app.member_approval_history (member_id, action, status, approval_status, remarks, approval_notes, acted_by)
  values (new.id, action, new.status, new.approval_status, new.remarks, new.approval_notes,
          case when exists (select from public.users u where u.id = auth.uid()) then auth.uid() end);
  return null;
end
$$;
revoke execute on function app.record_member_approval() from public;

-- The history of one entry, newest first, with the actor's name. Admins only.
create or replace function public.get_member_approval_history(member_id uuid)
returns table (id bigint, action text, status text, approval_status text, remarks text, approval_notes text,
               acted_by uuid, acted_by_name text, acted_at timestamptz)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  return query
    select h.id, h.action, h.status, h.approval_status, h.remarks, h.approval_notes, h.acted_by,
           coalesce(u.full_name, u.email), h.acted_at
      from app.member_approval_history h
      left join public.users u on u.id = h.acted_by
     where h.member_id = get_member_approval_history.member_id
     order by h.acted_at desc, h.id desc;
end
$$;
revoke execute on function public.get_member_approval_history(uuid) from public, anon;

-- Spec §4 for several entries at once (the directory's selection): all or nothing, at most
-- 500 per call, each through approve_member / reject_member.
create or replace function public.approve_members(member_ids uuid[], notes text default null)
returns setof public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  one uuid;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if coalesce(cardinality(member_ids), 0) = 0 or cardinality(member_ids) > 500 then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'approve between 1 and 500 members at once';
  end if;
  for one in select distinct m from unnest(member_ids) m where m is not null loop
    return next public.approve_member(one, notes);
  end loop;
end
$$;
revoke execute on function public.approve_members(uuid[], text) from public, anon;

-- See approve_members.
create or replace function public.reject_members(member_ids uuid[], remarks text default 'Application rejected')
returns setof public.member_directory
language plpgsql
security definer
set search_path = ''
as $$
declare
  one uuid;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  if coalesce(cardinality(member_ids), 0) = 0 or cardinality(member_ids) > 500 then
    raise exception 'Validation error - please check your input' using errcode = '22023',
      detail = 'reject between 1 and 500 members at once';
  end if;
  for one in select distinct m from unnest(member_ids) m where m is not null loop
    return next public.reject_member(one, reject_members.remarks);
  end loop;
end
$$;
revoke execute on function public.reject_members(uuid[], text) from public, anon;

-- Members among themselves: the member directory a plain member reads, and what each entry
-- shows of itself. Listed: approved entries whose owner has not hidden them
-- (member_directory_visibility.show_in_directory, listed when no choice was made). Contact
-- details (mobile, e-mail): one's own, entries that chose to show them, and members one is
-- connected with (an accepted member_connections row, either way). Who may read: approved
-- members (an approved directory entry of their own), member viewers and admins.

-- The caller is a member of the trust: an approved directory entry is theirs.
create or replace function app.is_directory_member() returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.member_directory d where d.user_id = auth.uid() and d.approval_status = 'approved'
  )
$$;
revoke execute on function app.is_directory_member() from public;
grant execute on function app.is_directory_member() to anon, authenticated, service_role;

-- `person` has an approved directory entry that the directory lists.
create or replace function app.is_listed_member(person uuid) returns boolean
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
revoke execute on function app.is_listed_member(uuid) from public;
grant execute on function app.is_listed_member(uuid) to anon, authenticated, service_role;

-- A connection (any status, either direction) between the caller and `other`.
create or replace function app.has_connection_with(other uuid) returns boolean
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
revoke execute on function app.has_connection_with(uuid) from public;
grant execute on function app.has_connection_with(uuid) to anon, authenticated, service_role;

create or replace function public.get_member_network(
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
set pg_trgm.strict_word_similarity_threshold = 0.5
as $$
declare
  me uuid := auth.uid();
  searching boolean := coalesce(btrim(search), '') <> '';
  query_key text := app.search_key(coalesce(search, ''));
  query_skel text := app.search_skel(coalesce(search, ''));
  -- A part of a field is looked for only in a term with Latin letters or digits (the trigram
  -- indexes hold no Kannada trigrams; Kannada names are found by their keys).
  pattern text := case when search !~ '[A-Za-z0-9]' then null else
    '%' || replace(replace(replace(coalesce(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
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
  -- The entries matching the search, through the indexes (with no search, none: unused).
  with hits as materialized (
    select n.id, max(n.rank) as rank
      from (-- The name in the other script or another spelling (functions/07_name_search.sql).
            select h.id, h.rank from app.name_hits('public.member_directory'::regclass, search) h
             where searching
            union all
            select d.id, app.search_rank(query_key, query_skel, d.name_key, d.name_skel)
              from public.member_directory d
             where searching
               and (d.full_name ilike pattern or d.city ilike pattern or d.native_place ilike pattern
                    or d.profession ilike pattern or d.membership_no ilike pattern or d.unique_id ilike pattern)) n
     group by n.id
  ),
  listed as (
    select d.*, coalesce(v.show_contact_details, false) as shows_contact, h.rank as match_rank
      from public.member_directory d
      left join public.member_directory_visibility v on v.member_id = d.id
      left join hits h on h.id = d.id
     where d.approval_status = 'approved'
       -- Hidden entries still show to the members they have a connection (or request) with.
       and (coalesce(v.show_in_directory, true) or d.user_id = me or app.has_connection_with(d.user_id))
       and (not only_connections or app.has_connection_with(d.user_id))
       and (not searching or h.id is not null)
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
   -- A search: the closest names first; otherwise oneself first, then by name.
   order by k.match_rank desc nulls last, (k.user_id is not distinct from me) desc, k.full_name, k.id
   limit page_limit offset page_offset;
end
$$;
comment on function public.get_member_network(text, boolean, int, int) is
  'The member directory for approved members: listed entries, contact details only when shown or connected, and the caller''s connection with each.';
revoke execute on function public.get_member_network(text, boolean, integer, integer) from public;

-- The admin member list's partial-match filters (city, native place) and its free-text search
-- (name, membership number, HWT- number, mobile, e-mail) on a large register. Through the
-- table they cannot use the trigram indexes (`ilike` is not leakproof, so under the read
-- policies it is neither an index condition nor estimated): this function refuses anyone but
-- an admin, then matches through the indexes with the terms planned in. The list's other
-- filters, its order, page and count apply to its rows through the REST API
-- (`/rest/v1/rpc/admin_member_directory_matches?status=eq.Yes`). Each term: blank or null
-- matches everything; otherwise a part of the value, ignoring case, `%`, `_` and `\` literal.
-- The search also finds the name in the other script or another common spelling
-- (functions/06_search.sql), and then gives the rows closest first.
create or replace function public.admin_member_directory_matches(search text default null, city text default null,
  native_place text default null)
returns setof public.member_directory
language plpgsql stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.5
as $$
declare
  conditions text[] := array['true'];
  ordering text := '';
  patterns text[] := array[null, null, null];
  term text;
  i int := 0;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'the member register''s search is for administrators';
  end if;
  foreach term in array array[search, city, native_place] loop
    i := i + 1;
    term := nullif(btrim(term), '');
    if term is not null then
      patterns[i] := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    end if;
  end loop;
  if patterns[1] is not null then
    -- A part of a field only for a term with Latin letters or digits (the trigram indexes hold
    -- no Kannada trigrams: such a condition would read the whole index); names by their keys.
    -- The name by app.name_hits (functions/07_name_search.sql): its ids, so that the primary
    -- key's index joins the part-of-a-field indexes.
    conditions := array_append(conditions, case when search ~ '[A-Za-z0-9]' then '(d.full_name ilike $1
      or d.membership_no ilike $1 or d.unique_id ilike $1 or d.mobile_number ilike $1 or d.email ilike $1
      or d.id = any ($6))'
      else 'd.id = any ($6)' end);
    ordering := ' order by app.search_rank($4, $5, d.name_key, d.name_skel) desc, d.created_at desc, d.id';
  end if;
  if patterns[2] is not null then
    conditions := array_append(conditions, 'd.city ilike $2');
  end if;
  if patterns[3] is not null then
    conditions := array_append(conditions, 'd.native_place ilike $3');
  end if;
  return query execute 'select d.* from public.member_directory d where ' || array_to_string(conditions, ' and ')
      || ordering
    using patterns[1], patterns[2], patterns[3], app.search_key(coalesce(search, '')), app.search_skel(coalesce(search, '')),
          case when patterns[1] is not null then
            array(select h.id from app.name_hits('public.member_directory'::regclass, search) h) end;
end
$$;
comment on function public.admin_member_directory_matches(text, text, text) is
  'Admins only: member_directory entries matching a free-text search (name in either script and common spellings, numbers, mobile, e-mail) and parts of city and native place, through the trigram indexes; with a search, closest names first.';
revoke execute on function public.admin_member_directory_matches(text, text, text) from public, anon;

-- Membership numbers: the register's key (spaces and case do not tell two numbers apart).
-- A table definition needs it (the unique index on approved numbers, migration 0074).
create or replace function app.membership_number_key(membership_no text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select upper(regexp_replace(btrim(membership_no), '\s+', '', 'g')) $$;
grant execute on function app.membership_number_key(text) to authenticated, service_role;

-- An approved membership number belongs to one entry: the trigger words the refusal; the
-- unique index (migration 0074) is the backstop on every path.
create or replace function app.check_membership_number() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  holder public.member_directory;
begin
  if new.approval_status <> 'approved' then
    return new;
  end if;
  select * into holder from public.member_directory d
   where app.membership_number_key(d.membership_no) = app.membership_number_key(new.membership_no)
     and d.approval_status = 'approved' and d.id <> new.id
   limit 1;
  if found then
    raise exception 'Membership number % already belongs to an approved member', new.membership_no
      using errcode = '23505',
            detail = format('%s (%s) holds it', holder.unique_id, holder.full_name),
            hint = 'Correct the number on this application, or update the register entry it claims';
  end if;
  return new;
end
$$;
revoke execute on function app.check_membership_number() from public;

-- What an application claims, against the register and the account, for the approver.
create or replace function public.membership_claim(entry_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  entry public.member_directory;
  account_email text;
  upgrading boolean;
begin
  if not app.is_admin() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501';
  end if;
  select * into entry from public.member_directory where id = entry_id;
  if not found then
    raise exception 'Member not found' using errcode = 'P0002';
  end if;
  select u.email into account_email from public.users u where u.id = entry.user_id;
  -- An approved member's own HWT- number is no claim on another entry.
  upgrading := entry.membership_no is not null and entry.membership_no not like 'NEW-%'
               and entry.membership_no <> entry.unique_id;
  return jsonb_build_object(
    'membership_no', case when upgrading then entry.membership_no end,
    'register', case when upgrading then coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', d.id, 'unique_id', d.unique_id, 'full_name', d.full_name, 'city', d.city,
               'approval_status', d.approval_status, 'has_account', d.user_id is not null)
             order by d.approval_status = 'approved' desc, d.created_at)
        from public.member_directory d
       where app.membership_number_key(d.membership_no) = app.membership_number_key(entry.membership_no)
         and d.id <> entry.id), '[]'::jsonb) end,
    'taken', upgrading and exists (
      select from public.member_directory d
       where app.membership_number_key(d.membership_no) = app.membership_number_key(entry.membership_no)
         and d.approval_status = 'approved' and d.id <> entry.id),
    'form_email', entry.email,
    'account_email', account_email,
    'email_matches_account', entry.user_id is null or lower(entry.email) is not distinct from lower(account_email));
end
$$;
comment on function public.membership_claim(uuid) is
  'Admins: the membership number an application claims, the register entries with that number, and whether the form''s e-mail is the account''s.';
revoke execute on function public.membership_claim(uuid) from public, anon;
grant execute on function public.membership_claim(uuid) to authenticated, service_role;

-- Triggers on public.members.
create or replace trigger members_updated_at before update on public.members
  for each row execute function app.touch_updated_at();
create or replace trigger members_approval before insert or update on public.members
  for each row execute function app.guard_approval();

-- Triggers on public.member_directory.
create or replace trigger member_directory_prepare before insert or update on public.member_directory
  for each row execute function app.prepare_member_directory_entry();
create or replace trigger member_directory_updated_at before update on public.member_directory
  for each row execute function app.touch_updated_at();
create or replace trigger member_directory_keep_ledger before delete on public.member_directory
  for each row execute function app.refuse_member_with_ledger();
create or replace trigger member_directory_announce_decision after update of approval_status on public.member_directory
  for each row execute function app.announce_decision();
create or replace trigger member_directory_approval_history after insert or update of status, approval_status on public.member_directory
  for each row execute function app.record_member_approval();
create or replace trigger member_directory_membership_number before insert or update of membership_no, approval_status
  on public.member_directory
  for each row execute function app.check_membership_number();

-- Triggers on public.member_directory_visibility.
create or replace trigger member_directory_visibility_updated_at before update on public.member_directory_visibility
  for each row execute function app.touch_updated_at();

-- Triggers on public.member_connections.
create or replace trigger member_connections_updated_at before update on public.member_connections
  for each row execute function app.touch_updated_at();
create or replace trigger member_connections_response before update on public.member_connections
  for each row execute function app.guard_response('requester_id', 'requested_id');

-- Triggers on public.financial_ledger.
create or replace trigger financial_ledger_updated_at before update on public.financial_ledger
  for each row execute function app.touch_updated_at();
