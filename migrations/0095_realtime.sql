-- Issue 34: the app updates by itself. The tables whose changes reach the web app live
-- (postgres_changes, each read again under the reader's own policies: a member is sent their
-- own notifications, an admin the approval queues, a matrimony registrant the interests and
-- messages they may read) and the seats left of an event, broadcast to a private channel any
-- visitor may join and nobody may send on.
--
-- (Written as a migration: the app's functions and policies were still in migrations and
-- policies/ files of their own when this was written; the trigger function and the policy on
-- realtime.messages belong with them once functions/ exists.)

-- The bell, the approval queues (members, students, matrimony), the registrations screen, and
-- matrimony's interests and messages.
select realtime.enable('public.notifications');
select realtime.enable('public.member_directory');
select realtime.enable('public.student_details');
select realtime.enable('public.matrimony_details');
select realtime.enable('public.matrimony_interests');
select realtime.enable('public.matrimony_messages');
select realtime.enable('public.event_registrations');

-- Seats left: after any change to an event's registrations, its counts (the same as
-- public.event_attendance, which any visitor may call: a count, never who) go to the private
-- channel `event:<id>`. Security definer: the writer cannot read others' registrations, and
-- only the platform may broadcast.
create function app.broadcast_event_attendance() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  event_id uuid;
  counts record;
begin
  if tg_op = 'DELETE' then
    event_id := old.event_id;
  else
    event_id := new.event_id;
  end if;
  select a.registrations, a.people, a.max_attendees into counts from public.event_attendance(event_id) as a;
  if found then
    perform realtime.send(
      jsonb_build_object('event_id', event_id, 'registrations', counts.registrations, 'people', counts.people,
                         'max_attendees', counts.max_attendees),
      'attendance', 'event:' || event_id, true);
  end if;
  return null;
end
$$;
revoke execute on function app.broadcast_event_attendance() from public;
create trigger event_registrations_attendance after insert or update or delete on public.event_registrations
  for each row execute function app.broadcast_event_attendance();

-- Anyone (visitors too) may join an event's channel to hear its attendance; nobody may send on
-- it (no insert policy): only the trigger above, through realtime.send, does.
drop policy if exists "Anyone hears an event's attendance" on realtime.messages;
create policy "Anyone hears an event's attendance" on realtime.messages
  for select to anon, authenticated
  using (extension = 'broadcast' and realtime.topic() ~ '^event:[0-9a-f-]{36}$');
