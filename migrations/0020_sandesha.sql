-- Havyaka Sandesha, the periodical: its issues (PDFs in the havyaka-sandesh bucket) and the
-- advertisement rate card.

create table public.havyaka_sandesha_issues (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 2000),
  issue_year int not null check (issue_year between 1900 and 2200),
  issue_month int not null check (issue_month between 1 and 12),
  pdf_url text not null check (app.is_url(pdf_url)),
  cover_image_url text check (cover_image_url is null or app.is_url(cover_image_url)),
  file_size bigint check (file_size between 0 and 15728640),
  is_published boolean not null default false,
  featured boolean not null default false,
  download_count int not null default 0 check (download_count >= 0),
  published_at timestamptz,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index havyaka_sandesha_issues_list on public.havyaka_sandesha_issues (is_published, issue_year desc, issue_month desc);
create index havyaka_sandesha_issues_featured on public.havyaka_sandesha_issues (featured) where featured;
create index havyaka_sandesha_issues_created_by on public.havyaka_sandesha_issues (created_by);
create trigger havyaka_sandesha_issues_updated_at before update on public.havyaka_sandesha_issues
  for each row execute function app.touch_updated_at();

-- Publishing stamps the time; the download counter moves only through
-- increment_sandesha_download_count().
create function app.prepare_sandesha_issue() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    new.published_at := coalesce(new.published_at, now());
  end if;
  if not app.is_trusted_code(tg_relid) then
    new.download_count := case when tg_op = 'INSERT' then 0 else old.download_count end;
  end if;
  return new;
end
$$;
grant execute on function app.prepare_sandesha_issue() to authenticated, service_role;
create trigger havyaka_sandesha_issues_prepare before insert or update on public.havyaka_sandesha_issues
  for each row execute function app.prepare_sandesha_issue();

create table public.magazine_advertisements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 2000),
  -- Full page, half page, back cover…
  ad_size text check (length(ad_size) <= 100),
  rate_per_insertion numeric(12, 2) not null check (rate_per_insertion >= 0),
  advertiser_name text check (length(advertiser_name) <= 200),
  contact_phone text check (contact_phone is null or app.is_phone(contact_phone)),
  contact_email text check (contact_email is null or app.is_email(contact_email)),
  image_url text check (image_url is null or app.is_url(image_url)),
  is_active boolean not null default true,
  display_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index magazine_advertisements_active on public.magazine_advertisements (is_active, rate_per_insertion desc);
create index magazine_advertisements_created_by on public.magazine_advertisements (created_by);
create trigger magazine_advertisements_updated_at before update on public.magazine_advertisements
  for each row execute function app.touch_updated_at();
