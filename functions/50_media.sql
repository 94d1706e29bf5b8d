-- Albums, photos and videos: an album's photo count, the files that leave with an album or an
-- item, and the public reads of the gallery (spec §7).

-- A photo or media item takes its file and thumbnail.
create or replace function app.remove_item_files() returns trigger
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

-- An album's items are deleted with it (on delete cascade), and each item's trigger removes
-- its files; the album's own cover image goes here. All in the deleting transaction.
create or replace function app.remove_album_files() returns trigger
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

-- photo_albums.photo_count follows its photos.
create or replace function app.count_album_photos() returns trigger
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

-- Spec §7 get_public_photo_albums: published albums with their photo count, newest first;
-- drafts only for media staff.
create or replace function public.get_public_photo_albums(album_limit int default 50, include_drafts boolean default false)
returns table (
  id uuid, title text, description text, event_id uuid, cover_image_url text, photo_count int,
  is_published boolean, album_date date, created_at timestamptz, updated_at timestamptz
)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if include_drafts and not app.can_manage_media() and auth.role() is distinct from 'service_role' then
    raise exception 'Access denied - insufficient permissions' using errcode = '42501',
      detail = 'only media staff see draft albums';
  end if;
  return query
    select a.id, a.title, a.description, a.event_id,
           coalesce(a.cover_image_url, (select p.image_url from public.photos_new p where p.album_id = a.id
                                        order by p.sort_order, p.created_at limit 1)),
           (select count(*)::int from public.photos_new p where p.album_id = a.id),
           a.is_published, a.album_date, a.created_at, a.updated_at
      from public.photo_albums a
     where a.is_published or include_drafts
     order by coalesce(a.album_date, a.created_at::date) desc, a.created_at desc
     limit least(greatest(coalesce(album_limit, 50), 1), 1000);
end
$$;

-- Spec §7 get_public_media_albums: published media albums with their event and item counts.
create or replace function public.get_public_media_albums()
returns table (
  id uuid, title text, description text, event_id uuid, event_title text, event_date date,
  cover_image_url text, album_date date, item_count int, photo_count int, video_count int,
  created_at timestamptz
)
language sql stable
security definer
set search_path = ''
as $$
  select a.id, a.title, a.description, a.event_id, e.title, e.event_date,
         coalesce(a.cover_image_url, (select coalesce(i.thumbnail_url, i.media_url) from public.media_items i
                                      where i.album_id = a.id order by i.sort_order, i.created_at desc limit 1)),
         a.album_date,
         (select count(*)::int from public.media_items i where i.album_id = a.id),
         (select count(*)::int from public.media_items i where i.album_id = a.id and i.media_type = 'photo'),
         (select count(*)::int from public.media_items i where i.album_id = a.id and i.media_type = 'video'),
         a.created_at
    from public.media_albums a
    left join public.events e on e.id = a.event_id
   where a.is_published
   order by a.sort_order, coalesce(a.album_date, a.created_at::date) desc, a.created_at desc
   limit 1000
$$;

-- Spec §7 get_public_media_items: the items of a published album, by sort order then newest.
create or replace function public.get_public_media_items(album_id_param uuid)
returns setof public.media_items
language sql stable
security definer
set search_path = ''
as $$
  select i.* from public.media_items i
   where i.album_id = album_id_param
     and exists (select from public.media_albums a where a.id = album_id_param and a.is_published)
   order by i.sort_order, i.created_at desc
$$;

-- Spec §7 get_photo_gallery_stats: what the gallery shows everyone (published content only).
create or replace function public.get_photo_gallery_stats() returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'total_albums', (select count(*) from public.photo_albums where is_published)
                  + (select count(*) from public.media_albums where is_published),
    'total_photos', (select count(*) from public.photos_new p join public.photo_albums a on a.id = p.album_id where a.is_published)
                  + (select count(*) from public.media_items i join public.media_albums a on a.id = i.album_id
                      where a.is_published and i.media_type = 'photo'),
    'total_videos', (select count(*) from public.videos where status = 'published')
                  + (select count(*) from public.media_items i join public.media_albums a on a.id = i.album_id
                      where a.is_published and i.media_type = 'video'),
    'latest_album_at', greatest((select max(created_at) from public.photo_albums where is_published),
                                (select max(created_at) from public.media_albums where is_published))
  )
$$;

-- Triggers on public.photo_albums.
create or replace trigger photo_albums_updated_at before update on public.photo_albums
  for each row execute function app.touch_updated_at();
create or replace trigger photo_albums_remove_files before delete on public.photo_albums
  for each row execute function app.remove_album_files();

-- Triggers on public.photos_new.
create or replace trigger photos_new_updated_at before update on public.photos_new
  for each row execute function app.touch_updated_at();
create or replace trigger photos_new_remove_files before delete on public.photos_new
  for each row execute function app.remove_item_files('image_url');
create or replace trigger photos_new_count after insert or delete or update of album_id on public.photos_new
  for each row execute function app.count_album_photos();

-- Triggers on public.videos.
create or replace trigger videos_updated_at before update on public.videos
  for each row execute function app.touch_updated_at();

-- Triggers on public.media_albums.
create or replace trigger media_albums_updated_at before update on public.media_albums
  for each row execute function app.touch_updated_at();
create or replace trigger media_albums_remove_files before delete on public.media_albums
  for each row execute function app.remove_album_files();

-- Triggers on public.media_items.
create or replace trigger media_items_updated_at before update on public.media_items
  for each row execute function app.touch_updated_at();
create or replace trigger media_items_remove_files before delete on public.media_items
  for each row execute function app.remove_item_files('media_url');
