-- Events and registrations. Registration limits are enforced by app.check_event_registration
-- (a trigger), whoever inserts.
alter table public.events enable row level security;
alter table public.event_registrations enable row level security;
alter table public.event_registrations force row level security;

drop policy if exists "Anyone reads events that are not cancelled" on public.events;
create policy "Anyone reads events that are not cancelled" on public.events
  for select to anon, authenticated using (status <> 'cancelled');
drop policy if exists "Event staff read every event" on public.events;
create policy "Event staff read every event" on public.events
  for select to authenticated using ((select app.can_manage_events()));
drop policy if exists "Event staff create events" on public.events;
create policy "Event staff create events" on public.events
  for insert to authenticated with check ((select app.can_manage_events()));
drop policy if exists "Event staff edit events" on public.events;
create policy "Event staff edit events" on public.events
  for update to authenticated using ((select app.can_manage_events())) with check ((select app.can_manage_events()));
drop policy if exists "Event staff delete events" on public.events;
create policy "Event staff delete events" on public.events
  for delete to authenticated using ((select app.can_manage_events()));

drop policy if exists "Users read their own registrations" on public.event_registrations;
create policy "Users read their own registrations" on public.event_registrations
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Event staff read every registration" on public.event_registrations;
create policy "Event staff read every registration" on public.event_registrations
  for select to authenticated using ((select app.can_manage_events()));
drop policy if exists "Users register themselves" on public.event_registrations;
create policy "Users register themselves" on public.event_registrations
  for insert to authenticated with check (user_id = (select auth.uid()));
-- Nobody registers another account (staff included): a registration would show them that
-- account's record, and tell its owner of a registration they did not make.
drop policy if exists "Event staff register anyone" on public.event_registrations;
-- The guard limits a registrant to cancelling, registering again, notes and guests.
drop policy if exists "Users cancel or renew their own registrations" on public.event_registrations;
create policy "Users cancel or renew their own registrations" on public.event_registrations
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Event staff update registrations" on public.event_registrations;
create policy "Event staff update registrations" on public.event_registrations
  for update to authenticated using ((select app.can_manage_events())) with check ((select app.can_manage_events()));
drop policy if exists "Event staff remove registrations" on public.event_registrations;
create policy "Event staff remove registrations" on public.event_registrations
  for delete to authenticated using ((select app.can_manage_events()));

-- Anyone (visitors too) may join an event's realtime channel to hear its attendance; nobody may
-- send on it (no insert policy): only app.broadcast_event_attendance, through realtime.send, does.
drop policy if exists "Anyone hears an event's attendance" on realtime.messages;
create policy "Anyone hears an event's attendance" on realtime.messages
  for select to anon, authenticated
  using (extension = 'broadcast' and realtime.topic() ~ '^event:[0-9a-f-]{36}$');
