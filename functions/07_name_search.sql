-- A searched table's rows by name in either script or another common spelling (functions/06_search.sql),
-- closest first: what student_name_matches (30_students), matrimony_name_matches (35_matrimony) and
-- business_name_matches (55_content) answer. Two steps, so that the search never shows a row its caller
-- could not read: app.name_candidates (security definer, never exposed over REST) finds the 200 closest
-- names through the trigram indexes, which row-level security would otherwise keep it from using (`<<%`
-- is not leakproof); app.name_matches (security invoker) keeps those the caller's read policies let
-- through. Only the tables with name_key and name_skel columns (migration 0180) may be searched.

-- Every row of a searched table whose name answers the search, with its rank (closest is highest),
-- read past row-level security: the callers are the security definer directory functions
-- (functions/20_members.sql) and app.name_candidates below. One word, or a search whose words are
-- all shorter than three letters: the query's key is word-similar to the row's key or its skeleton
-- to the row's skeleton (`<<%`). Two words or more: each of the first and the last word (of three
-- letters or more) must be in the name, by key or by skeleton (`<%`), so that the two indexes'
-- answers are intersected (a common given name and a common surname each match thousands of
-- members at 50,000; both together a few dozen). When that finds fewer than five names (a
-- spelling far from both words, such as Gaonkar for ಗಾಂವ್ಕರ್), the whole query's similarity
-- adds the others, as for one word. The rank is always the whole query's (app.search_rank).
create or replace function app.name_hits(searched regclass, search text)
returns table (id uuid, rank real)
language plpgsql stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.5
set pg_trgm.word_similarity_threshold = 0.5
as $$
declare
  query_key text := app.search_key(coalesce(search, ''));
  query_skel text := app.search_skel(coalesce(search, ''));
  keys text[] := string_to_array(query_key, ' ');
  skels text[] := string_to_array(query_skel, ' ');
  -- The words of three letters or more, by their place in the query.
  long int[] := array(select i from generate_subscripts(keys, 1) i where length(keys[i]) >= 3 order by i);
  both_words text := '';
  found bigint := 0;
begin
  if searched not in ('public.member_directory'::regclass, 'public.student_details'::regclass,
                      'public.matrimony_details'::regclass, 'public.business_listings'::regclass) then
    raise exception 'names of % are not searched', searched using errcode = '42501';
  end if;
  if query_key = '' then
    return;
  end if;
  if cardinality(long) >= 2 and cardinality(keys) = cardinality(skels) then
    both_words := '($3 operator(extensions.<%) t.name_key or $4 operator(extensions.<%) t.name_skel)
               and ($5 operator(extensions.<%) t.name_key or $6 operator(extensions.<%) t.name_skel)';
    return query execute format(
      'select t.id, app.search_rank($1, $2, t.name_key, t.name_skel) from %s t where ', searched) || both_words
      using query_key, query_skel, keys[long[1]], skels[long[1]],
            keys[long[cardinality(long)]], skels[long[cardinality(long)]];
    get diagnostics found = row_count;
    if found >= 5 then
      return;
    end if;
  end if;
  return query execute format(
    'select t.id, app.search_rank($1, $2, t.name_key, t.name_skel) from %s t
      where ($1 operator(extensions.<<%%) t.name_key or $2 operator(extensions.<<%%) t.name_skel)', searched)
    || case when both_words <> '' then ' and not (' || both_words || ')' else '' end
    using query_key, query_skel, keys[long[1]], skels[long[1]],
          keys[long[cardinality(long)]], skels[long[cardinality(long)]];
end
$$;
comment on function app.name_hits(regclass, text) is
  'Every row of a searched table whose name answers the search (each of two words through the indexes), with its rank, read past row-level security.';
revoke execute on function app.name_hits(regclass, text) from public;
grant execute on function app.name_hits(regclass, text) to anon, authenticated, service_role;

create or replace function app.name_candidates(searched regclass, search text)
returns table (id uuid, rank real)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if searched not in ('public.student_details'::regclass, 'public.matrimony_details'::regclass,
                      'public.business_listings'::regclass) then
    raise exception 'names of % are not searched', searched using errcode = '42501';
  end if;
  return query
    select h.id, h.rank from app.name_hits(searched, search) h order by h.rank desc, h.id limit 200;
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
