-- The site's content (organization information, board, achievements, activities, images, the
-- slider, businesses) and the contact form's messages. Their rich text is sanitised by the
-- triggers below (05_rich_text.sql).

-- Contact messages: the sender writes the message; its handling state is the staff's.
create or replace function app.prepare_contact_message() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (app.is_admin() or app.is_trusted_code(tg_relid)) then
    new.status := 'new';
    new.created_at := now();
    new.updated_at := now();
  end if;
  return new;
end
$$;
grant execute on function app.prepare_contact_message() to anon, authenticated, service_role;

-- Triggers on public.organization_info.
create or replace trigger organization_info_updated_at before update on public.organization_info
  for each row execute function app.touch_updated_at();
create or replace trigger organization_info_sanitize_html before insert or update of content on public.organization_info
  for each row execute function app.sanitize_html_columns('content');

-- Triggers on public.board_members.
create or replace trigger board_members_updated_at before update on public.board_members
  for each row execute function app.touch_updated_at();

-- Triggers on public.achievements.
create or replace trigger achievements_updated_at before update on public.achievements
  for each row execute function app.touch_updated_at();
create or replace trigger achievements_sanitize_html before insert or update of description on public.achievements
  for each row execute function app.sanitize_html_columns('description');

-- Triggers on public.activities.
create or replace trigger activities_updated_at before update on public.activities
  for each row execute function app.touch_updated_at();
create or replace trigger activities_sanitize_html before insert or update of description on public.activities
  for each row execute function app.sanitize_html_columns('description');

-- Triggers on public.website_images.
create or replace trigger website_images_updated_at before update on public.website_images
  for each row execute function app.touch_updated_at();

-- Triggers on public.homepage_slider.
create or replace trigger homepage_slider_updated_at before update on public.homepage_slider
  for each row execute function app.touch_updated_at();

-- A listing's website as people type it ('udupisweets.example') is stored as a web address
-- (https://udupisweets.example); the check still refuses anything that is not one.
create or replace function app.business_website_address() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.website := app.web_address(new.website);
  return new;
end
$$;
revoke execute on function app.business_website_address() from public;

-- Triggers on public.business_listings.
create or replace trigger business_listings_updated_at before update on public.business_listings
  for each row execute function app.touch_updated_at();
create or replace trigger business_listings_website_address before insert or update of website on public.business_listings
  for each row execute function app.business_website_address();

-- Triggers on public.contact_messages.
create or replace trigger contact_messages_updated_at before update on public.contact_messages
  for each row execute function app.touch_updated_at();
create or replace trigger contact_messages_prepare before insert on public.contact_messages
  for each row execute function app.prepare_contact_message();

-- Business listings (name and owner) by name in either script or another common spelling,
-- closest first, for the search box of the business directory and its admin list
-- (app.name_matches in functions/07_name_search.sql: only rows the caller may read).
create or replace function public.business_name_matches(search text) returns table (id uuid, rank real)
language sql stable security invoker set search_path = ''
as $$ select m.id, m.rank from app.name_matches('public.business_listings', search) m $$;
comment on function public.business_name_matches(text) is
  'Business listings (name and owner) the caller may read whose name matches the search in either script or a common spelling (at most 200), closest first.';
revoke execute on function public.business_name_matches(text) from public;
grant execute on function public.business_name_matches(text) to anon, authenticated, service_role;
