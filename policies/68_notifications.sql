-- Notifications (each user's bell) and PWA analytics.
alter table public.notifications enable row level security;
alter table public.notifications force row level security;
alter table public.pwa_analytics enable row level security;

drop policy if exists "Users read their own notifications" on public.notifications;
create policy "Users read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read every notification" on public.notifications;
create policy "Admins read every notification" on public.notifications
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Website staff send notifications" on public.notifications;
create policy "Website staff send notifications" on public.notifications
  for insert to authenticated with check ((select app.can_manage_content()));
-- The guard lets only is_read change.
drop policy if exists "Users mark their own notifications read" on public.notifications;
create policy "Users mark their own notifications read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "Users delete their own notifications" on public.notifications;
create policy "Users delete their own notifications" on public.notifications
  for delete to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins delete notifications" on public.notifications;
create policy "Admins delete notifications" on public.notifications
  for delete to authenticated using ((select app.is_admin()));

drop policy if exists "Anyone reports app analytics" on public.pwa_analytics;
create policy "Anyone reports app analytics" on public.pwa_analytics
  for insert to anon, authenticated with check (user_id is null or user_id = (select auth.uid()));
drop policy if exists "Website staff read app analytics" on public.pwa_analytics;
create policy "Website staff read app analytics" on public.pwa_analytics
  for select to authenticated using ((select app.can_manage_content()));
drop policy if exists "Admins prune app analytics" on public.pwa_analytics;
create policy "Admins prune app analytics" on public.pwa_analytics
  for delete to authenticated using ((select app.is_admin()));

-- Notification choices (issue 16): each user's own; admins read them (to explain a silence).
alter table public.notification_preferences enable row level security;
drop policy if exists "Users read their own notification choices" on public.notification_preferences;
create policy "Users read their own notification choices" on public.notification_preferences
  for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "Admins read notification choices" on public.notification_preferences;
create policy "Admins read notification choices" on public.notification_preferences
  for select to authenticated using ((select app.is_admin()));
drop policy if exists "Users make their own notification choices" on public.notification_preferences;
create policy "Users make their own notification choices" on public.notification_preferences
  for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists "Users change their own notification choices" on public.notification_preferences;
create policy "Users change their own notification choices" on public.notification_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
