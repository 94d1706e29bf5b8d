-- A searched table's rows by name in either script or another common spelling (functions/06_search.sql),
-- closest first: what student_name_matches (30_students), matrimony_name_matches (35_matrimony) and
-- business_name_matches (55_content) answer. Two steps, so that the search never shows a row its caller
-- could not read: app.name_candidates (security definer, never exposed over REST) finds the 200 closest
-- names through the trigram indexes, which row-level security would otherwise keep it from using (`<<%`
-- is not leakproof); app.name_matches (security invoker) keeps those the caller's read policies let
-- through. Only the tables with name_key and name_skel columns (migration 0180) may be searched.
create or replace function app.name_candidates(searched regclass, search text)
returns table (id uuid, rank real)
language plpgsql stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.5
as $$
begin
  if searched not in ('public.student_details'::regclass, 'public.matrimony_details'::regclass,
                      'public.business_listings'::regclass) then
    raise exception 'names of % are not searched', searched using errcode = '42501';
  end if;
  return query execute format(
    'select t.id, app.search_rank(q.name_key, q.name_skel, t.name_key, t.name_skel)
       from (select app.search_key($1) as name_key, app.search_skel($1) as name_skel) q, %s t
      where q.name_key operator(extensions.<<%%) t.name_key or q.name_skel operator(extensions.<<%%) t.name_skel
      order by 2 desc, t.id
      limit 200', searched)
    using search;
end
$$;
comment on function app.name_candidates(regclass, text) is
  'The ids of the 200 rows of a searched table whose names are closest to the search, read past row-level security (app.name_matches filters them).';
revoke execute on function app.name_candidates(regclass, text) from public;
grant execute on function app.name_candidates(regclass, text) to anon, authenticated, service_role;

create or replace function app.name_matches(searched regclass, search text)
returns table (id uuid, rank real)
language plpgsql stable
security invoker
set search_path = ''
as $$
begin
  return query execute format(
    'select c.id, c.rank
       from app.name_candidates($1, $2) c
      where exists (select from %s t where t.id = c.id)
      order by c.rank desc, c.id', searched)
    using searched, search;
end
$$;
comment on function app.name_matches(regclass, text) is
  'The candidates of app.name_candidates the caller may read, closest first.';
revoke execute on function app.name_matches(regclass, text) from public;
grant execute on function app.name_matches(regclass, text) to anon, authenticated, service_role;
