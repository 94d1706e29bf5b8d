-- Search across scripts (issue 35 step 6; docs/search.md). A name's search key
-- (app.search_key) romanises Kannada letter by letter and folds the common English spellings
-- together; its consonant skeleton (app.search_skel) also drops the vowels inside words. The
-- searched tables keep both as stored generated columns with pg_trgm GIN indexes
-- (migration 0180): a query matches when its key is word-similar to a row's key or its skeleton
-- to the row's skeleton (the indexes answer `<<%`), and app.search_rank orders the matches.
--
-- The stored keys were computed by the body of their time: a change here that alters what a
-- key is needs a migration that recomputes the columns (`update … set full_name = full_name`).

create or replace function app.search_key(name text) returns text
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
create or replace function app.search_skel(name text) returns text
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

-- How well a row's key and skeleton answer a query's (both already through the functions
-- above): the better of the two strict word similarities (whole words), with the key's own similarity breaking
-- ties (an exact spelling first). 0 to 1.5. No `set search_path` (every name is qualified):
-- a function with a SET clause is never inlined, and this one runs for every matching row (a
-- common surname at 50,000 members matches thousands), where a call of its own costs more
-- than its arithmetic.
create or replace function app.search_rank(query_key text, query_skel text, name_key text, name_skel text)
returns real
language sql immutable parallel safe
as $$
  select greatest(extensions.strict_word_similarity(query_key, name_key), extensions.strict_word_similarity(query_skel, name_skel))
       + 0.3 * extensions.strict_word_similarity(query_key, name_key)
       + 0.1 * extensions.similarity(query_key, name_key)
$$;
comment on function app.search_rank(text, text, text, text) is
  'The rank of a name (its search key and skeleton) for a query''s key and skeleton: higher is closer.';
grant execute on function app.search_rank(text, text, text, text) to anon, authenticated, service_role;
