-- The admin member list's default order (spec §7: newest first, 50 a page): the web app asks
-- for created_at desc nulls last, then id (a stable order across pages). The index of 0013 is
-- created_at desc, nulls first, which that order cannot use: with 50,000 entries every page
-- sorted the whole register (bench/scale.sh). This one gives the page straight from the index.
create index member_directory_newest on public.member_directory (created_at desc nulls last, id);
