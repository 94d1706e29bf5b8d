-- The people an event expects against its maximum, for the registrations screen. Capacity
-- counts registrants and their guests (app.check_event_registration, migration 0027).

-- The people an event expects (registrants and their guests, cancellations left out), for its
-- staff's registrations screen and anyone reading the event: a count, never who.
create function public.event_attendance(event_id uuid) returns table (registrations int, people int, max_attendees int)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- plpgsql: app.can_manage_events() is defined with the policies, after the migrations.
  return query
  select count(r.id)::int, coalesce(sum(1 + r.guests), 0)::int, e.max_attendees
    from public.events e
    left join public.event_registrations r on r.event_id = e.id and r.attendance_status <> 'cancelled'
   where e.id = event_attendance.event_id
     and (e.status <> 'cancelled' or app.can_manage_events())
   group by e.id, e.max_attendees;
end
$$;
comment on function public.event_attendance(uuid) is
  'Registrations and people (registrants plus guests) an event expects, against its maximum; cancelled events only for event staff.';
revoke execute on function public.event_attendance(uuid) from public;
grant execute on function public.event_attendance(uuid) to anon, authenticated, service_role;
