-- Media: the photo gallery (photo_albums, photos_new), videos, and the unified media library
-- (media_albums, media_items). Deleting an album or an item removes its stored files: the
-- storage.objects rows its URLs name are deleted in the same transaction, which queues
-- their bytes and rendered thumbnails for removal (0003).

create table public.photo_albums (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 2000),
  event_id uuid references public.events (id) on delete set null,
  cover_image_url text check (cover_image_url is null or app.is_url(cover_image_url)),
  -- Kept by a trigger on photos_new.
  photo_count int not null default 0 check (photo_count >= 0),
  is_published boolean not null default false,
  album_date date,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index photo_albums_published on public.photo_albums (is_published, created_at desc);
create index photo_albums_event_id on public.photo_albums (event_id);
create index photo_albums_created_by on public.photo_albums (created_by);
create trigger photo_albums_updated_at before update on public.photo_albums
  for each row execute function app.touch_updated_at();

create table public.photos_new (
  id uuid primary key default gen_random_uuid(),
  album_id uuid not null references public.photo_albums (id) on delete cascade,
  title text check (length(title) <= 200),
  description text check (length(description) <= 2000),
  image_url text not null check (app.is_url(image_url)),
  thumbnail_url text check (thumbnail_url is null or app.is_url(thumbnail_url)),
  sort_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index photos_new_album on public.photos_new (album_id, sort_order, created_at desc);
create index photos_new_created_by on public.photos_new (created_by);
create trigger photos_new_updated_at before update on public.photos_new
  for each row execute function app.touch_updated_at();

create table public.videos (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 2000),
  video_url text not null check (app.is_url(video_url)),
  thumbnail_url text check (thumbnail_url is null or app.is_url(thumbnail_url)),
  -- Seconds.
  duration int check (duration >= 0),
  -- Spec §4: new videos start as draft; only published ones are public.
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  event_id uuid references public.events (id) on delete set null,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index videos_status on public.videos (status, created_at desc);
create index videos_event_id on public.videos (event_id);
create index videos_created_by on public.videos (created_by);
create trigger videos_updated_at before update on public.videos
  for each row execute function app.touch_updated_at();

create table public.media_albums (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 2000),
  event_id uuid references public.events (id) on delete set null,
  cover_image_url text check (cover_image_url is null or app.is_url(cover_image_url)),
  is_published boolean not null default false,
  album_date date,
  sort_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index media_albums_published on public.media_albums (is_published, created_at desc);
create index media_albums_event_id on public.media_albums (event_id);
create index media_albums_created_by on public.media_albums (created_by);
create trigger media_albums_updated_at before update on public.media_albums
  for each row execute function app.touch_updated_at();

create table public.media_items (
  id uuid primary key default gen_random_uuid(),
  album_id uuid not null references public.media_albums (id) on delete cascade,
  title text check (length(title) <= 200),
  description text check (length(description) <= 2000),
  media_type text not null check (media_type in ('photo', 'video')),
  media_url text not null check (app.is_url(media_url)),
  thumbnail_url text check (thumbnail_url is null or app.is_url(thumbnail_url)),
  duration int check (duration >= 0),
  sort_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Items of an album: sort_order, then newest (spec §7).
create index media_items_album on public.media_items (album_id, sort_order, created_at desc);
create index media_items_created_by on public.media_items (created_by);
create index media_items_media_type on public.media_items (media_type);
create trigger media_items_updated_at before update on public.media_items
  for each row execute function app.touch_updated_at();

-- The stored object a URL of ours names: /storage/v1/object/{public|sign|authenticated}/bucket/name
-- (absolute or relative; a query string such as a signed URL's token is ignored).
create function app.storage_object_of(url text) returns table (bucket_id text, name text)
language sql immutable
set search_path = ''
as $$
  select m[1], m[2]
  from regexp_match(url, '/storage/v1/(?:object|render/image)/(?:public/|sign/|authenticated/)?([A-Za-z0-9._-]+)/([^?#]+)') as m
  where m is not null
$$;
grant execute on function app.storage_object_of(text) to anon, authenticated, service_role;

-- Removes the objects the given URLs name. Security definer: whoever may delete the album or
-- item may remove its files, whatever their own storage rights.
create function app.remove_stored_files(urls text[]) returns void
language sql
security definer
set search_path = ''
as $$
  delete from storage.objects o
  using unnest(urls) as u(url), app.storage_object_of(u.url) as f
  where o.bucket_id = f.bucket_id and o.name = f.name
$$;
revoke execute on function app.remove_stored_files(text[]) from public;

create function app.remove_item_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.remove_stored_files(array[
    (to_jsonb(old) ->> tg_argv[0]),
    (to_jsonb(old) ->> 'thumbnail_url')]);
  return old;
end
$$;
revoke execute on function app.remove_item_files() from public;
create trigger media_items_remove_files before delete on public.media_items
  for each row execute function app.remove_item_files('media_url');
create trigger photos_new_remove_files before delete on public.photos_new
  for each row execute function app.remove_item_files('image_url');

-- An album's items are deleted with it (on delete cascade), and each item's trigger removes
-- its files; the album's own cover image goes here. All in the deleting transaction.
create function app.remove_album_files() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.remove_stored_files(array[old.cover_image_url]);
  return old;
end
$$;
revoke execute on function app.remove_album_files() from public;
create trigger media_albums_remove_files before delete on public.media_albums
  for each row execute function app.remove_album_files();
create trigger photo_albums_remove_files before delete on public.photo_albums
  for each row execute function app.remove_album_files();

-- photo_albums.photo_count follows its photos.
create function app.count_album_photos() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update public.photo_albums set photo_count = (select count(*) from public.photos_new where album_id = new.album_id)
     where id = new.album_id;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update public.photo_albums set photo_count = (select count(*) from public.photos_new where album_id = old.album_id)
     where id = old.album_id;
  end if;
  return null;
end
$$;
revoke execute on function app.count_album_photos() from public;
create trigger photos_new_count after insert or delete or update of album_id on public.photos_new
  for each row execute function app.count_album_photos();
