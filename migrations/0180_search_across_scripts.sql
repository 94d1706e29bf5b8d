-- Search across scripts (issue 35 step 6): names typed in Kannada or in any common English
-- spelling find each other. Each searched table gets two stored generated columns, the name's
-- search key (Kannada romanised letter by letter, Latin spellings folded: app.search_key) and
-- its consonant skeleton (app.search_skel), each with a pg_trgm GIN index; the searches in
-- functions/06_search.sql match and rank by word similarity on both (docs/search.md).
--
-- The two functions are created here, in their first version, because the generated columns
-- need them; their current bodies live in functions/06_search.sql. A change to a body there
-- does not recompute stored keys: a migration that changes what a key is must also rewrite the
-- columns (`update … set full_name = full_name` recomputes a stored generated column).

create function app.search_key(name text) returns text
language plpgsql immutable strict parallel safe
set search_path = ''
as $$
declare
  consonants constant text[] := array['k','kh','g','gh','n','c','ch','j','jh','n','t','th','d','dh','n',
    't','th','d','dh','n','','p','ph','b','bh','m','y','r','r','l','l','','v','sh','sh','s','h'];
  signs constant text[] := array['a','i','i','u','u','ri','ri','','e','e','ai','','o','o','au'];
  vowels constant text[] := array['a','a','i','i','u','u','ri','li','','e','e','ai','','o','o','au'];
  src text := lower(name);
  roman text := '';
  c text;
  code int;
  pending boolean := false;
begin
  if src !~ '[\u0c80-\u0cff]' then
    roman := src;
  else
    for i in 1 .. length(src) loop
      c := substr(src, i, 1);
      code := ascii(c);
      if code between 3221 and 3257 or code = 3294 then        -- U+0C95-0CB9, U+0CDE: a consonant
        if pending then roman := roman || 'a'; end if;
        roman := roman || case when code = 3294 then 'l' else consonants[code - 3220] end;
        pending := true;
      elsif code between 3262 and 3276 then                     -- U+0CBE-0CCC: a vowel sign
        roman := roman || signs[code - 3261];
        pending := false;
      elsif code in (3298, 3299) then                           -- U+0CE2-0CE3: vocalic l signs
        roman := roman || 'li';
        pending := false;
      elsif code = 3277 then                                    -- U+0CCD: virama
        pending := false;
      elsif code in (3260, 3285, 3286, 8204, 8205) then         -- nukta, length marks, ZWNJ, ZWJ
        null;
      else
        if pending then roman := roman || 'a'; pending := false; end if;
        roman := roman || case
          when code = 3202 then 'n'                             -- U+0C82: anusvara
          when code = 3203 then 'h'                             -- U+0C83: visarga
          when code between 3205 and 3220 then vowels[code - 3204]  -- U+0C85-0C94: a vowel
          when code in (3296, 3297) then case when code = 3296 then 'ri' else 'li' end
          when code between 3302 and 3311 then chr(code - 3302 + 48)  -- Kannada digits
          else c
        end;
      end if;
    end loop;
    if pending then roman := roman || 'a'; end if;
  end if;
  -- Latin: diacritics off, punctuation to spaces, then the spellings folded together.
  roman := translate(roman, 'āáàâäãåīíìîïūúùûüēéèêëōóòôöõṛṝṟśṣṇñṅṭḍḷṃḥçýÿ', 'aaaaaaaiiiiiuuuuueeeeeoooooorrrssnnntdlmhcyy');
  roman := regexp_replace(roman, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+', ' ', 'g');
  roman := replace(translate(roman, 'qzfw', 'kjpv'), 'x', 'ks');
  roman := replace(replace(roman, 'ee', 'i'), 'oo', 'u');
  roman := regexp_replace(roman, '([bcdgjkpst])h', '\1', 'g');          -- aspirates, sh, ch
  roman := regexp_replace(roman, '([aeiou])h([^aeiou]|$)', '\1\2', 'g');  -- h before a consonant
  roman := regexp_replace(roman, 'm([pb])', 'n\1', 'g');                -- nasal before a labial
  roman := regexp_replace(roman, '([^aeiou ])y\M', '\1i', 'g');          -- shastry
  roman := regexp_replace(roman, '(.)\1+', '\1', 'g');                   -- doubled letters
  roman := regexp_replace(roman, '([^aeiou ])a\M', '\1', 'g');           -- final inherent a
  return btrim(regexp_replace(roman, '\s+', ' ', 'g'));
end
$$;
create function app.search_skel(name text) returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select regexp_replace(regexp_replace(app.search_key(name), '\Y[aeiou]+', '', 'g'), '(.)\1+', '\1', 'g')
$$;

comment on function app.search_key(text) is
  'A name''s search key: Kannada romanised letter by letter, Latin folded (sh/s, aspirates, ee/i, oo/u, w/v, doubled letters, final inherent a).';
comment on function app.search_skel(text) is
  'A name''s consonant skeleton: its search key without the vowels inside words (hegde and hegade both hgd).';
grant execute on function app.search_key(text), app.search_skel(text) to anon, authenticated, service_role;

alter table public.member_directory
  add column name_key text generated always as (app.search_key(full_name)) stored,
  add column name_skel text generated always as (app.search_skel(full_name)) stored;
create index member_directory_name_key_trgm on public.member_directory using gin (name_key extensions.gin_trgm_ops);
create index member_directory_name_skel_trgm on public.member_directory using gin (name_skel extensions.gin_trgm_ops);
-- The member directory's search (get_member_network) also matches a part of the profession:
-- with this index every branch of its condition has one, so it can be a union of index scans.
create index member_directory_profession_trgm on public.member_directory using gin (profession extensions.gin_trgm_ops);

alter table public.student_details
  add column name_key text generated always as (app.search_key(first_name || ' ' || surname)) stored,
  add column name_skel text generated always as (app.search_skel(first_name || ' ' || surname)) stored;
create index student_details_name_key_trgm on public.student_details using gin (name_key extensions.gin_trgm_ops);
create index student_details_name_skel_trgm on public.student_details using gin (name_skel extensions.gin_trgm_ops);

alter table public.matrimony_details
  add column name_key text generated always as (app.search_key(first_name || ' ' || surname)) stored,
  add column name_skel text generated always as (app.search_skel(first_name || ' ' || surname)) stored;
create index matrimony_details_name_key_trgm on public.matrimony_details using gin (name_key extensions.gin_trgm_ops);
create index matrimony_details_name_skel_trgm on public.matrimony_details using gin (name_skel extensions.gin_trgm_ops);

alter table public.business_listings
  add column name_key text generated always as (app.search_key(business_name || ' ' || coalesce(owner_name, ''))) stored,
  add column name_skel text generated always as (app.search_skel(business_name || ' ' || coalesce(owner_name, ''))) stored;
create index business_listings_name_key_trgm on public.business_listings using gin (name_key extensions.gin_trgm_ops);
create index business_listings_name_skel_trgm on public.business_listings using gin (name_skel extensions.gin_trgm_ops);

comment on column public.member_directory.name_key is 'app.search_key(full_name): what the searches match names on.';
comment on column public.member_directory.name_skel is 'app.search_skel(full_name): the name''s consonant skeleton.';
