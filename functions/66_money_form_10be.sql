-- Money: Form 10BE files. After Form 10BD is filed the income-tax portal generates one
-- certificate of donation (Form 10BE, a PDF) per donor and year; finance staff (admins)
-- download them and upload them here, into the private receipts bucket under `10be/{fy}/`.
-- Each upload is matched to a donor by what its file name carries (the portal and the tools
-- that rename its downloads put the donor's PAN, sometimes the Aadhaar or the acknowledgement
-- number (ARN) in it): a PAN or Aadhaar in the vault (app.identity_numbers), else an ARN an
-- earlier 10BE of the donor had. The PDF's text is not read (no PDF reader at run time): a file
-- whose name matches nobody is listed for a manual match. A matched file is the donor's to read
-- (policies/66_money.sql), shown on /account/payments and told to them (bell, push, mail in
-- their language). A newer file for the same donor and year (a revised 10BE) replaces the older
-- row. See 66_money.sql for the domain's files.

-- The identifiers a file name carries: every PAN-shaped word (5 letters, 4 digits, a letter), a
-- 12-digit Aadhaar, a 13-21 digit acknowledgement number; letters and digits only, any case,
-- any separators.
create or replace function app.form_10be_name_ids(file_name text, out pans text[], out aadhaars text[], out arns text[])
language sql immutable parallel safe
set search_path = ''
as $$
  with n as (select upper(regexp_replace(coalesce(file_name, ''), '\.[A-Za-z0-9]{1,5}$', '')) as v)
  select coalesce((select array_agg(m[1]) from regexp_matches(n.v, '(?:^|[^A-Z0-9])([A-Z]{5}[0-9]{4}[A-Z])(?=$|[^A-Z0-9])', 'g') m), '{}'),
         coalesce((select array_agg(m[1]) from regexp_matches(n.v, '(?:^|[^0-9])([0-9]{12})(?=$|[^0-9])', 'g') m), '{}'),
         coalesce((select array_agg(m[1]) from regexp_matches(n.v, '(?:^|[^0-9])([0-9]{13,21})(?=$|[^0-9])', 'g') m), '{}')
    from n
$$;
comment on function app.form_10be_name_ids(text) is 'PAN-, Aadhaar- and ARN-shaped words in a Form 10BE file name.';
grant execute on function app.form_10be_name_ids(text) to authenticated, service_role;

-- The donor a file name points to: (donor, how, what was found), or nulls.
create or replace function app.form_10be_match(file_name text, out donor_id uuid, out matched_by text, out found_id text)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  ids record := app.form_10be_name_ids(file_name);
  trust_pan text := (select upper(t.pan) from public.trust_finance t where t.id);
  candidate text;
begin
  -- The trust's own PAN is on every file; a donor's is another one.
  foreach candidate in array ids.pans loop
    continue when candidate = trust_pan;
    select d.id into donor_id
      from app.identity_numbers v join public.donors d on d.id = v.record_id
     where v.record_table = 'donors' and v.pan = candidate
     order by d.user_id is null, d.updated_at desc limit 1;
    if donor_id is not null then
      matched_by := 'pan';
      found_id := app.mask_pan(candidate);
      return;
    end if;
  end loop;
  foreach candidate in array ids.aadhaars loop
    select d.id into donor_id
      from app.identity_numbers v join public.donors d on d.id = v.record_id
     where v.record_table = 'donors' and v.aadhar = candidate
     order by d.user_id is null, d.updated_at desc limit 1;
    if donor_id is not null then
      matched_by := 'aadhaar';
      found_id := app.mask_aadhar(candidate);
      return;
    end if;
  end loop;
  foreach candidate in array ids.arns loop
    select f.donor_id into donor_id from public.form_10be f where f.arn = candidate and f.donor_id is not null
     order by f.uploaded_at desc limit 1;
    if donor_id is not null then
      matched_by := 'arn';
      found_id := candidate;
      return;
    end if;
  end loop;
  -- Nothing matched: keep what was found for the manual match screen.
  found_id := coalesce(app.mask_pan((select p from unnest(ids.pans) p where p is distinct from trust_pan limit 1)),
                       app.mask_aadhar(ids.aadhaars[1]), ids.arns[1]);
end
$$;
revoke execute on function app.form_10be_match(text) from public;

-- Gives a 10BE row its donor (replacing an older row of that donor and year), then tells them.
create or replace function app.assign_form_10be(form_id uuid, donor uuid, how text, found_text text) returns public.form_10be
language plpgsql
security definer
set search_path = ''
as $$
declare
  done public.form_10be;
  person public.donors;
  replaced uuid;
begin
  select * into person from public.donors d where d.id = donor;
  if person.id is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such donor';
  end if;
  delete from public.form_10be f
   where f.fy = (select x.fy from public.form_10be x where x.id = form_id) and f.donor_id = donor and f.id <> form_id
  returning f.id into replaced;
  update public.form_10be f set donor_id = donor, user_id = person.user_id, matched_by = how,
         found_id = coalesce(found_text, f.found_id), notified_at = now()
   where f.id = form_id
  returning * into done;
  insert into public.money_audit (actor, action, detail)
  values (auth.uid(), 'form_10be_matched', jsonb_build_object('form_10be', done.id, 'fy', done.fy, 'donor', donor,
          'matched_by', how, 'replaced', replaced));
  if person.user_id is not null then
    perform app.notify_notice(array[person.user_id], 'other', 'form_10be_ready', jsonb_build_object('fy', done.fy),
      jsonb_build_object('fy', done.fy, 'path', '/account/payments'), '/account/payments', 'form-10be-' || done.fy);
  end if;
  perform app.mail_notice(coalesce((select u.email from public.users u where u.id = person.user_id), person.email),
                          app.user_language(person.user_id), 'form_10be_ready', jsonb_build_object('fy', done.fy),
                          'money_form_10be_ready', case when person.user_id is not null then '/account/payments' end);
  return done;
end
$$;
revoke execute on function app.assign_form_10be(uuid, uuid, text, text) from public;

-- Records an uploaded Form 10BE file (admins; the file already in the receipts bucket under
-- 10be/{fy}/) and matches it by its name. Returns the row: donor_id null when unmatched.
create or replace function public.register_form_10be(fy text, file_name text, file_path text, arn text default null)
returns public.form_10be
language plpgsql
security definer
set search_path = ''
as $$
declare
  hit record;
  made public.form_10be;
  ids record := app.form_10be_name_ids(file_name);
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'Form 10BE files are uploaded by an administrator';
  end if;
  if fy !~ '^[0-9]{4}-[0-9]{2}$' or right(fy, 2)::int <> (left(fy, 4)::int + 1) % 100 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'a financial year as 2026-27';
  end if;
  if length(btrim(coalesce(file_name, ''))) not between 1 and 255 then
    raise exception 'Validation error - please check your input' using errcode = '23514', detail = 'the file''s name';
  end if;
  if file_path is null or split_part(file_path, '/', 1) <> '10be' or split_part(file_path, '/', 2) <> fy
     or not exists (select from storage.objects o where o.bucket_id = 'receipts' and o.name = file_path) then
    raise exception 'Validation error - please check your input' using errcode = '23514',
      detail = 'upload the file to the receipts bucket under 10be/{financial year}/ first';
  end if;
  hit := app.form_10be_match(file_name);
  insert into public.form_10be (fy, arn, file_path, file_name, uploaded_by, found_id)
  values (fy, coalesce(nullif(btrim(arn), ''), ids.arns[1]), file_path, btrim(file_name), auth.uid(), hit.found_id)
  returning * into made;
  insert into public.money_audit (actor, action, detail)
  values (auth.uid(), 'form_10be_uploaded', jsonb_build_object('form_10be', made.id, 'fy', fy, 'file', made.file_name,
          'matched', hit.donor_id is not null));
  if hit.donor_id is not null then
    made := app.assign_form_10be(made.id, hit.donor_id, hit.matched_by, hit.found_id);
  end if;
  return made;
end
$$;
comment on function public.register_form_10be(text, text, text, text) is
  'Records an uploaded Form 10BE file and matches it to a donor by the PAN, Aadhaar or ARN in its name (admins).';
revoke execute on function public.register_form_10be(text, text, text, text) from public, anon;
grant execute on function public.register_form_10be(text, text, text, text) to authenticated;

-- Matches a listed file to a donor by hand (admins); the donor is told.
create or replace function public.match_form_10be(form_id uuid, donor_id uuid) returns public.form_10be
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'Form 10BE files are matched by an administrator';
  end if;
  if not exists (select from public.form_10be f where f.id = form_id) then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such Form 10BE file';
  end if;
  return app.assign_form_10be(form_id, donor_id, 'manual', null);
end
$$;
comment on function public.match_form_10be(uuid, uuid) is 'Matches a Form 10BE file to a donor by hand (admins).';
revoke execute on function public.match_form_10be(uuid, uuid) from public, anon;
grant execute on function public.match_form_10be(uuid, uuid) to authenticated;

-- Removes a wrong upload's row (admins); the client removes the file (admins may, under 10be/).
create or replace function public.remove_form_10be(form_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone public.form_10be;
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'Form 10BE files are removed by an administrator';
  end if;
  delete from public.form_10be f where f.id = form_id returning * into gone;
  if gone.id is null then
    raise exception 'Resource not found' using errcode = 'PT404', detail = 'no such Form 10BE file';
  end if;
  insert into public.money_audit (actor, action, detail)
  values (auth.uid(), 'form_10be_removed', jsonb_build_object('form_10be', gone.id, 'fy', gone.fy, 'file', gone.file_name));
end
$$;
revoke execute on function public.remove_form_10be(uuid) from public, anon;
grant execute on function public.remove_form_10be(uuid) to authenticated;

-- Donors a finance screen may pick (admins): by name in either script or another spelling
-- (the same keys as the name search, functions/06_search.sql), e-mail or masked ID; closest first.
create or replace function public.donor_matches(search text) returns setof public.donors
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  term text := nullif(btrim(search), '');
begin
  if not app.is_admin() then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501', detail = 'the donor list is for administrators';
  end if;
  return query
  select d.* from public.donors d
   where term is null or d.name ilike '%' || term || '%' or d.email ilike '%' || term || '%'
      or app.search_rank(app.search_key(term), app.search_skel(term), app.search_key(d.name), app.search_skel(d.name)) >= 0.5
   order by case when term is null then 0
                 else app.search_rank(app.search_key(term), app.search_skel(term), app.search_key(d.name), app.search_skel(d.name)) end desc,
            d.updated_at desc
   limit 20;
end
$$;
comment on function public.donor_matches(text) is 'Donors by name (either script, common spellings) or e-mail, closest first (admins).';
revoke execute on function public.donor_matches(text) from public, anon;
grant execute on function public.donor_matches(text) to authenticated;
