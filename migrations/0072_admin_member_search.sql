-- The admin member list's partial-match filters (city, native place) and its free-text search
-- (name, membership number, HWT- number, mobile, e-mail) on a large register (issue 22,
-- bench/scale.sh: 50,000 entries).
--
-- Through the table they cannot use the trigram indexes of 0013: `ilike` is not leakproof, so
-- under member_directory's read policies PostgreSQL neither makes it an index condition (it
-- may not run before the policies' test) nor consults the columns' statistics for it. Each
-- such request was one or two sequential scans with `ilike` on every row (an admin's exact
-- count of a search: 35-60 ms at p50 on 2 busy vCPUs, against 2.5 ms by trigram index without
-- row-level security). This function is the admin's way in: it refuses anyone but an admin,
-- then matches through the trigram indexes with the terms' own values planned in. The list's
-- other filters, its order, its page and its exact count apply to its rows through the REST
-- API as they do to the table's (`/rest/v1/rpc/admin_member_directory_matches?status=eq.Yes`).
-- Each term: blank or null matches everything; otherwise a part of the value, ignoring case,
-- with `%`, `_` and `\` taken literally.

-- The HWT- number joins the other four search columns, so a search is a union of index scans.
create index member_directory_unique_id_trgm on public.member_directory using gin (unique_id extensions.gin_trgm_ops);

create function public.admin_member_directory_matches(search text default null, city text default null,
  native_place text default null)
returns setof public.member_directory
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  conditions text[] := array['true'];
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
    conditions := array_append(conditions, '(d.full_name ilike $1 or d.membership_no ilike $1
      or d.unique_id ilike $1 or d.mobile_number ilike $1 or d.email ilike $1)');
  end if;
  if patterns[2] is not null then
    conditions := array_append(conditions, 'd.city ilike $2');
  end if;
  if patterns[3] is not null then
    conditions := array_append(conditions, 'd.native_place ilike $3');
  end if;
  return query execute 'select d.* from public.member_directory d where ' || array_to_string(conditions, ' and ')
    using patterns[1], patterns[2], patterns[3];
end
$$;
comment on function public.admin_member_directory_matches(text, text, text) is
  'Admins only: member_directory entries matching a free-text search (name, numbers, mobile, e-mail) and parts of city and native place, through the trigram indexes.';
revoke execute on function public.admin_member_directory_matches(text, text, text) from public, anon;
grant execute on function public.admin_member_directory_matches(text, text, text) to authenticated;
