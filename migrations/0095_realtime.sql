-- Issue 34: the app updates by itself. The tables whose changes reach the web app live
-- (postgres_changes, each read again under the reader's own policies: a member is sent their
-- own notifications, an admin the approval queues, a matrimony registrant the interests and
-- messages they may read) and the seats left of an event, broadcast to a private channel any
-- visitor may join and nobody may send on.
--
-- The trigger that broadcasts the seats left lives in functions/40_events.sql, the policy
-- that lets anyone hear them in policies/40_events.sql.

-- The bell, the approval queues (members, students, matrimony), the registrations screen, and
-- matrimony's interests and messages.
select realtime.enable('public.notifications');
select realtime.enable('public.member_directory');
select realtime.enable('public.student_details');
select realtime.enable('public.matrimony_details');
select realtime.enable('public.matrimony_interests');
select realtime.enable('public.matrimony_messages');
select realtime.enable('public.event_registrations');
