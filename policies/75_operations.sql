-- Backups and restores (/api/admin/backups and the admin screen "Backups") are for super
-- admins only: they hold every record of the community, and a restore replaces the live data.
create or replace function ops.can_manage_backups() returns boolean
language sql stable
security definer
set search_path = ''
as $$ select app.is_super_admin() $$;
