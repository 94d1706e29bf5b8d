-- Operations alerts (a failed backup, a failed restore drill: the platform's ops.alerts) reach
-- the community's super admins as a notification and a push. The platform records the alert;
-- who hears of it is the app's choice, made here (ops.alerts itself is the engine's,
-- server/migrations/0040_ops.sql; who may manage backups is policies/75_operations.sql).

create or replace function app.tell_super_admins_of_alert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.notify_users(
    app.users_of_type('super_admin'),
    'other',
    case new.kind
      when 'backup_drill_failed' then 'Restore drill failed'
      when 'backup_failed' then 'Backup failed'
      else 'Operations alert'
    end,
    new.message,
    jsonb_build_object('alert_id', new.id, 'kind', new.kind),
    '/admin/backups',
    'ops-alert');
  return new;
end
$$;
revoke execute on function app.tell_super_admins_of_alert() from public;

create or replace trigger alerts_tell_super_admins after insert on ops.alerts
  for each row execute function app.tell_super_admins_of_alert();
