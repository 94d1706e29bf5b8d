-- Waitlists and calendar feeds (issue 37). Waitlist rows are written only by the functions of
-- functions/41_event_waitlist.sql (join, leave, accept, decline, move up, offers), which lock
-- the event row; nobody writes them directly.
alter table public.event_waitlist enable row level security;
alter table public.event_waitlist force row level security;
alter table public.calendar_feeds enable row level security;
alter table public.calendar_feeds force row level security;

drop policy if exists "Users read their own waitlist places" on public.event_waitlist;
create policy "Users read their own waitlist places" on public.event_waitlist
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Event staff read every waitlist" on public.event_waitlist;
create policy "Event staff read every waitlist" on public.event_waitlist
  for select to authenticated using ((select app.can_manage_events()));

-- A feed token is its owner's only; created by public.create_calendar_feed, revoked by delete.
drop policy if exists "Users read their own calendar feed" on public.calendar_feeds;
create policy "Users read their own calendar feed" on public.calendar_feeds
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Users revoke their own calendar feed" on public.calendar_feeds;
create policy "Users revoke their own calendar feed" on public.calendar_feeds
  for delete to authenticated using (user_id = (select auth.uid()));

-- Walk-in guests (name, phone, seats) are event staff's: recorded and removed only by
-- public.add_walk_in / public.remove_walk_in (functions/43_event_day.sql), which lock the event
-- row and count the seats against the capacity; nobody writes them directly, members never
-- read them.
alter table public.event_walk_ins enable row level security;
alter table public.event_walk_ins force row level security;
drop policy if exists "Event staff read walk-ins" on public.event_walk_ins;
create policy "Event staff read walk-ins" on public.event_walk_ins
  for select to authenticated using ((select app.can_manage_events()));
