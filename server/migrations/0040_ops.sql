-- Operations: the scheduler's jobs and their runs, restore drills, restores and alerts.
--
-- The schema belongs to the server, which reads and writes it as the role of DATABASE_URL (the
-- one that migrates); the API roles reach nothing here except the hook below. It is never
-- exposed over REST (DB_SCHEMAS refuses it).

create schema ops;
revoke all on schema ops from public;
comment on schema ops is 'The server''s scheduled jobs, backups'' drills, restores and operational alerts.';

-- One row per scheduled job. A replica claims a due job by taking its lease (FOR UPDATE SKIP
-- LOCKED, then lease_until in the future), runs it while renewing the lease, and sets the next
-- occurrence when it finishes; a lease that ran out belongs to a replica that stopped, and the
-- job is run again.
create table ops.jobs (
  name text primary key,
  schedule text not null,
  next_run_at timestamptz not null,
  -- The run in progress: which server instance, until when its lease holds, which run row.
  running_on text,
  lease_until timestamptz,
  run_id bigint,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_ok boolean,
  last_error text
);
comment on table ops.jobs is 'Scheduled jobs of the server: next occurrence and the lease of the run in progress.';

-- Every run: the occurrence it is for (due_at), who ran it, and how it ended. A run whose
-- server stopped is closed as failed before the job is run again, so at most one run of an
-- occurrence is open or successful (the partial unique index says so).
create table ops.job_runs (
  id bigint generated always as identity primary key,
  job text not null,
  due_at timestamptz not null,
  instance text not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz,
  ok boolean,
  detail jsonb,
  error text
);
create index job_runs_job_started on ops.job_runs (job, started_at desc);
create unique index job_runs_once_per_occurrence on ops.job_runs (job, due_at) where ok is distinct from false;
comment on table ops.job_runs is 'Runs of scheduled jobs; at most one open or successful run per job and occurrence.';

-- Restore drills: the latest backup restored into a scratch database and verified.
create table ops.backup_drills (
  id bigint generated always as identity primary key,
  backup_id text,
  started_at timestamptz not null default now(),
  finished_at timestamptz not null default now(),
  duration_ms bigint not null,
  ok boolean not null,
  summary jsonb not null default '{}',
  error text
);
create index backup_drills_finished on ops.backup_drills (finished_at desc);
comment on table ops.backup_drills is 'Weekly restore drills: which backup, how long, whether the restored copy verified.';

-- Restores started from the admin screen or the command line: restored into a new database,
-- verified, and switched to only on request.
create table ops.restores (
  id uuid primary key default gen_random_uuid(),
  backup_id text not null,
  database_name text not null,
  status text not null default 'running'
    check (status in ('running', 'verified', 'failed', 'switched', 'discarded')),
  started_by text,
  instance text not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz,
  summary jsonb not null default '{}',
  error text
);
comment on table ops.restores is 'Restores into new databases: progress, the verification summary, and whether the server was switched to it.';

-- Databases left behind by a switch, dropped after their keep period.
create table ops.replaced_databases (
  database_name text primary key,
  replaced_at timestamptz not null default now(),
  drop_after timestamptz not null,
  restore_id uuid
);
comment on table ops.replaced_databases is 'Databases a restore replaced; kept until drop_after, then dropped by the scheduler.';

-- Alerts for the people who run the service (a failed drill, a failed backup). The app decides
-- who hears of them: a trigger of its own on this table (for example a push to super admins).
create table ops.alerts (
  id bigint generated always as identity primary key,
  kind text not null,
  message text not null,
  detail jsonb not null default '{}',
  raised_at timestamptz not null default now()
);
comment on table ops.alerts is 'Operational alerts (failed backup, failed restore drill); the app''s trigger tells people.';

alter table ops.jobs enable row level security;
alter table ops.job_runs enable row level security;
alter table ops.backup_drills enable row level security;
alter table ops.restores enable row level security;
alter table ops.replaced_databases enable row level security;
alter table ops.alerts enable row level security;

-- Who may see and run backups and restores through /api/admin/backups. The app's policies
-- replace it (for example: super admins only); until then nobody signed in may.
create or replace function ops.can_manage_backups() returns boolean
language sql stable
set search_path = ''
as $$ select false $$;
comment on function ops.can_manage_backups() is
  'True when the current request''s user may list, create and restore backups. Replaced by the app''s policies.';
grant usage on schema ops to anon, authenticated, service_role;
grant execute on function ops.can_manage_backups() to anon, authenticated, service_role;
