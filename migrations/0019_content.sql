-- The trust's published content: organization information, board members, achievements,
-- activities, website images, the homepage slider, business listings, and what visitors
-- send (contact messages).

create table public.organization_info (
  id uuid primary key default gen_random_uuid(),
  -- One row per section (about, history, mission, contact…): upserted by section.
  section text not null unique check (section ~ '^[a-z][a-z0-9_-]{0,49}$'),
  title text check (length(title) <= 200),
  content text check (length(content) <= 20000),
  data jsonb not null default '{}',
  image_url text check (image_url is null or app.is_url(image_url)),
  is_published boolean not null default false,
  display_order int not null default 0,
  updated_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index organization_info_published on public.organization_info (is_published, display_order);
create index organization_info_updated_by on public.organization_info (updated_by);
create trigger organization_info_updated_at before update on public.organization_info
  for each row execute function app.touch_updated_at();

create table public.board_members (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  designation text check (length(designation) <= 200),
  bio text check (length(bio) <= 2000),
  photo_url text check (photo_url is null or app.is_url(photo_url)),
  email text check (email is null or app.is_email(email)),
  phone text check (phone is null or app.is_phone(phone)),
  term_start date,
  term_end date,
  is_active boolean not null default true,
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (term_end is null or term_start is null or term_end >= term_start)
);
create index board_members_active on public.board_members (is_active, display_order);
create trigger board_members_updated_at before update on public.board_members
  for each row execute function app.touch_updated_at();

create table public.achievements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 5000),
  achiever_name text check (length(achiever_name) <= 200),
  category text check (length(category) <= 100),
  achievement_date date,
  image_url text check (image_url is null or app.is_url(image_url)),
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index achievements_status on public.achievements (status, achievement_date desc);
create index achievements_created_by on public.achievements (created_by);
create trigger achievements_updated_at before update on public.achievements
  for each row execute function app.touch_updated_at();

create table public.activities (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text check (length(description) <= 5000),
  activity_type text check (length(activity_type) <= 100),
  activity_date date,
  location text check (length(location) <= 200),
  image_url text check (image_url is null or app.is_url(image_url)),
  is_published boolean not null default false,
  display_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index activities_published on public.activities (is_published, activity_date desc);
create index activities_created_by on public.activities (created_by);
create trigger activities_updated_at before update on public.activities
  for each row execute function app.touch_updated_at();

-- Images placed on the site's pages (hero banners, section pictures), addressed by key.
create table public.website_images (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[a-z0-9][a-z0-9._-]{0,99}$'),
  page text check (length(page) <= 100),
  title text check (length(title) <= 200),
  alt_text text check (length(alt_text) <= 300),
  image_url text not null check (app.is_url(image_url)),
  is_active boolean not null default true,
  display_order int not null default 0,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index website_images_page on public.website_images (page, is_active, display_order);
create index website_images_created_by on public.website_images (created_by);
create trigger website_images_updated_at before update on public.website_images
  for each row execute function app.touch_updated_at();

create table public.homepage_slider (
  id uuid primary key default gen_random_uuid(),
  title text check (length(title) <= 200),
  subtitle text check (length(subtitle) <= 500),
  image_url text not null check (app.is_url(image_url)),
  link_url text check (link_url is null or app.is_url(link_url)),
  button_text text check (length(button_text) <= 50),
  is_active boolean not null default true,
  display_order int not null default 0,
  starts_at timestamptz,
  ends_at timestamptz,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or ends_at > starts_at)
);
create index homepage_slider_active on public.homepage_slider (is_active, display_order);
create index homepage_slider_created_by on public.homepage_slider (created_by);
create trigger homepage_slider_updated_at before update on public.homepage_slider
  for each row execute function app.touch_updated_at();

-- The community's business directory (/resources/business).
create table public.business_listings (
  id uuid primary key default gen_random_uuid(),
  business_name text not null check (length(btrim(business_name)) between 1 and 200),
  category text check (length(category) <= 100),
  description text check (length(description) <= 5000),
  owner_name text check (length(owner_name) <= 200),
  contact_person text check (length(contact_person) <= 200),
  phone text check (phone is null or app.is_phone(phone)),
  email text check (email is null or app.is_email(email)),
  website text check (website is null or app.is_url(website)),
  address text check (length(address) <= 500),
  city text check (length(city) <= 100),
  pincode text check (pincode is null or app.is_pincode(pincode)),
  logo_url text check (logo_url is null or app.is_url(logo_url)),
  image_urls text[] not null default '{}',
  is_active boolean not null default true,
  is_featured boolean not null default false,
  display_order int not null default 0,
  -- The member the listing belongs to, when it has one.
  user_id uuid references public.users (id) on delete set null,
  created_by uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index business_listings_active on public.business_listings (is_active, category, business_name);
create index business_listings_city on public.business_listings (city);
create index business_listings_user_id on public.business_listings (user_id);
create index business_listings_created_by on public.business_listings (created_by);
create trigger business_listings_updated_at before update on public.business_listings
  for each row execute function app.touch_updated_at();

-- The contact form (spec §5 contact form rules).
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (length(btrim(first_name)) between 2 and 50),
  last_name text check (length(last_name) <= 50),
  email text not null check (app.is_email(email)),
  phone text check (phone is null or phone = '' or app.is_phone(phone)),
  subject text not null check (length(btrim(subject)) between 5 and 100),
  message text not null check (length(btrim(message)) between 10 and 1000),
  status text not null default 'new' check (status in ('new', 'read', 'replied', 'archived')),
  user_id uuid references public.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contact_messages_status on public.contact_messages (status, created_at desc);
create index contact_messages_user_id on public.contact_messages (user_id);
create trigger contact_messages_updated_at before update on public.contact_messages
  for each row execute function app.touch_updated_at();
