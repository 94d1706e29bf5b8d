-- Rich text: what stored HTML may contain, and the trigger that enforces it on every write
-- (its triggers are on the tables' own files: events, organization_info, achievements,
-- activities).

-- Stored rich text is untrusted. The Edit Event screen writes HTML (TipTap), but anyone with
-- the right to write an event can also send any string straight through the REST API. So the
-- database itself rewrites every stored HTML column to a small, safe subset before the row is
-- written, and a description written through the API is exactly as harmless as one written on
-- the screen. The browser still renders stored HTML through DOMPurify (SafeHtml): two locks.
--
-- app.sanitize_html is an allow-list rewriter, not a filter of known-bad patterns:
--   * every '<' that does not open a well-formed tag is written as '&lt;' (so no tag reaches
--     the output that this function did not write itself);
--   * allowed tags are rebuilt from scratch with only allowed attributes: style (only
--     text-align: left|center|right|justify), href on <a> (http, https, mailto, tel, a path or
--     an anchor; gets rel="noopener noreferrer nofollow"), start on <ol> (digits);
--   * script, style, iframe, object, embed, svg, math, template and the other raw or foreign
--     elements are removed with their content; other unknown tags are removed, their text kept;
--   * comments, doctypes and processing instructions are removed.
-- It is idempotent: sanitising sanitised HTML changes nothing.
create or replace function app.sanitize_html(html text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  allowed constant text[] := array['p', 'br', 'strong', 'b', 'em', 'i', 's', 'strike', 'del', 'u',
    'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'code', 'pre', 'hr',
    'sub', 'sup'];
  void_tags constant text[] := array['br', 'hr'];
  -- Removed together with everything up to their end tag (void elements such as embed are
  -- simply not allowed: the tag goes).
  dropped constant text[] := array['script', 'style', 'iframe', 'object', 'noscript',
    'template', 'svg', 'math', 'frameset', 'applet', 'xmp', 'noembed', 'noframes',
    'textarea', 'title', 'select', 'head', 'audio', 'video', 'canvas', 'plaintext'];
  tag_re constant text := '^(<(/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s"''<>/=]+(?:\s*=\s*(?:"[^"]*"|''[^'']*''|[^\s"''<>=`]+))?)*)\s*/?>)';
  attr_re constant text := '([^\s"''<>/=]+)(?:\s*=\s*("[^"]*"|''[^'']*''|[^\s"''<>=`]+))?';
  result text := '';
  rest text := html;
  lt int;
  stop int;
  m text[];
  a text[];
  tag text;
  attr text;
  val text;
  align text;
  attrs text;
begin
  if html is null then
    return null;
  end if;
  loop
    lt := strpos(rest, '<');
    if lt = 0 then
      result := result || rest;
      exit;
    end if;
    result := result || left(rest, lt - 1);
    rest := substr(rest, lt);

    if left(rest, 4) = '<!--' then
      stop := strpos(substr(rest, 5), '-->');
      exit when stop = 0; -- an unterminated comment hides the rest: drop it
      rest := substr(rest, 5 + stop + 2);
      continue;
    end if;

    m := regexp_match(rest, tag_re);
    if m is null then
      if left(rest, 2) in ('<!', '<?') then
        -- Doctypes, CDATA and processing instructions (bogus comments up to the next '>').
        stop := strpos(rest, '>');
        exit when stop = 0;
        rest := substr(rest, stop + 1);
      else
        result := result || '&lt;';
        rest := substr(rest, 2);
      end if;
      continue;
    end if;

    tag := lower(m[3]);
    rest := substr(rest, length(m[1]) + 1);

    if tag = any (dropped) then
      if m[2] = '' then
        exit when tag = 'plaintext';
        stop := strpos(lower(rest), '</' || tag);
        exit when stop = 0; -- never closed: everything after it was its content
        rest := substr(rest, stop); -- the end tag itself is dropped on the next turn
      end if;
      continue;
    end if;

    if not tag = any (allowed) then
      continue; -- the tag goes, its text stays
    end if;

    if m[2] = '/' then
      if not tag = any (void_tags) then
        result := result || '</' || tag || '>';
      end if;
      continue;
    end if;

    attrs := '';
    for a in select regexp_matches(coalesce(m[4], ''), attr_re, 'g') loop
      attr := lower(a[1]);
      val := a[2];
      if val is null then
        continue;
      end if;
      if left(val, 1) in ('"', '''') then
        val := substr(val, 2, length(val) - 2);
      end if;
      if attr = 'style' then
        align := (regexp_match(val, '^\s*text-align\s*:\s*(left|center|right|justify)\s*;?\s*$', 'i'))[1];
        if align is not null and strpos(attrs, ' style=') = 0 then
          attrs := attrs || ' style="text-align: ' || lower(align) || '"';
        end if;
      elsif attr = 'href' and tag = 'a' and strpos(attrs, ' href=') = 0
            and val ~* '^(https?://|mailto:|tel:|/|#)[^\s"''<>`\\]*$' then
        attrs := attrs || ' href="' || val || '"';
      elsif attr = 'start' and tag = 'ol' and strpos(attrs, ' start=') = 0 and val ~ '^[0-9]{1,6}$' then
        attrs := attrs || ' start="' || val || '"';
      end if;
    end loop;
    if strpos(attrs, ' href=') > 0 then
      attrs := attrs || ' rel="noopener noreferrer nofollow"';
    end if;
    result := result || '<' || tag || attrs || '>';
  end loop;
  return result;
end
$$;
comment on function app.sanitize_html(text) is
  'Rewrites HTML to the rich-text subset (formatting, lists, quotes, alignment, safe links); everything else is removed or escaped. Idempotent.';
grant execute on function app.sanitize_html(text) to anon, authenticated, service_role;

-- The visible text of stored HTML (tags removed, non-breaking spaces as spaces): a description
-- of empty paragraphs is no description.
create or replace function app.html_text(html text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select btrim(regexp_replace(regexp_replace(html, '<[^>]*>', ' ', 'g'), '&nbsp;|&#160;|&#xa0;|\s+', ' ', 'gi')) $$;
comment on function app.html_text(text) is 'The text of stored HTML, tags removed and spaces collapsed.';
grant execute on function app.html_text(text) to anon, authenticated, service_role;

-- BEFORE INSERT OR UPDATE trigger: sanitises the columns named in its arguments.
create or replace function app.sanitize_html_columns() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
  patch jsonb := '{}';
  row_json jsonb := to_jsonb(new);
begin
  foreach col in array tg_argv loop
    patch := patch || jsonb_build_object(col, app.sanitize_html(row_json ->> col));
  end loop;
  new := jsonb_populate_record(new, patch);
  return new;
end
$$;
comment on function app.sanitize_html_columns() is
  'BEFORE INSERT OR UPDATE trigger: the columns named as trigger arguments hold HTML and are sanitised (app.sanitize_html).';
grant execute on function app.sanitize_html_columns() to anon, authenticated, service_role;
