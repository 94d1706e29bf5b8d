-- Jobs the app declares in SQL: a name, a cron schedule and a stored function to call. The
-- server reads this table at start and whenever it changes (a NOTIFY on ops_jobs), claims each
-- occurrence in ops.jobs exactly as it does its own jobs (named `app:<name>` there), and calls
-- the function through ops.run_app_job as the role that migrates. The engine knows nothing of
-- what the functions do.

create table ops.app_jobs (
  name text primary key check (name ~ '^[a-z][a-z0-9_]{0,62}$'),
  -- Five fields, or six with seconds first; read in time_zone (the scheduler's zone when null).
  schedule text not null check (length(schedule) between 9 and 200),
  time_zone text,
  -- A function taking no arguments; its value (as jsonb) is kept in ops.job_runs.detail.
  function_name text not null,
  -- How long a run holds the job without renewing (renewed every third of it).
  lease_seconds integer not null default 300 check (lease_seconds between 5 and 86400),
  declared_at timestamptz not null default now()
);
comment on table ops.app_jobs is 'Scheduled jobs the app declares (ops.declare_job): cron schedule and the function the scheduler calls.';

-- Declares (or changes) a job; idempotent, for files re-applied at every start.
create function ops.declare_job(
  job_name text, cron text, function_name text, time_zone text default null, lease_seconds integer default 300
) returns void language plpgsql set search_path = '' as $$
begin
  if to_regprocedure(function_name || '()') is null then
    raise exception 'ops.declare_job: % is not a function without arguments', function_name
      using errcode = 'undefined_function';
  end if;
  if time_zone is not null and not exists (select from pg_catalog.pg_timezone_names where name = time_zone) then
    raise exception 'ops.declare_job: % is not a time zone', time_zone using errcode = 'invalid_parameter_value';
  end if;
  insert into ops.app_jobs (name, schedule, time_zone, function_name, lease_seconds)
  values (job_name, cron, time_zone, function_name, lease_seconds)
  on conflict (name) do update
    set schedule = excluded.schedule, time_zone = excluded.time_zone, function_name = excluded.function_name,
        lease_seconds = excluded.lease_seconds, declared_at = now()
    where (ops.app_jobs.schedule, ops.app_jobs.time_zone, ops.app_jobs.function_name, ops.app_jobs.lease_seconds)
          is distinct from (excluded.schedule, excluded.time_zone, excluded.function_name, excluded.lease_seconds);
end $$;
comment on function ops.declare_job(text, text, text, text, integer) is 'Declares an app job: name, cron schedule, a function without arguments to call.';

-- Removes a job the app no longer has.
create function ops.forget_job(job_name text) returns void language sql set search_path = '' as $$
  delete from ops.app_jobs where name = job_name;
  delete from ops.jobs where name = 'app:' || job_name and run_id is null;
$$;

-- Calls a declared job's function (by the scheduler, once per claimed occurrence).
create function ops.run_app_job(job_name text) returns jsonb language plpgsql set search_path = '' as $$
declare
  target regprocedure;
  result jsonb;
begin
  select to_regprocedure(j.function_name || '()') into target from ops.app_jobs j where j.name = job_name;
  if target is null then
    raise exception 'app job % is not declared, or its function is gone', job_name;
  end if;
  execute format('select to_jsonb(%s())', target::oid::regproc) into result;
  return result;
end $$;

-- Every change wakes each replica's scheduler, which reloads the app's jobs.
create function ops.app_jobs_changed() returns trigger language plpgsql set search_path = '' as $$
begin
  perform pg_notify('ops_jobs', 'app_jobs');
  return null;
end $$;
create trigger app_jobs_changed after insert or update or delete on ops.app_jobs
  for each statement execute function ops.app_jobs_changed();

revoke all on ops.app_jobs from public;
revoke all on function ops.declare_job(text, text, text, text, integer), ops.forget_job(text),
  ops.run_app_job(text), ops.app_jobs_changed() from public;
