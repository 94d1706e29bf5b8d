-- The admin member list's exact count (Prefer: count=exact) on a large register (issue 22,
-- bench/scale.sh: 50,000 entries). The count reads every row the filters select, and row-level
-- security adds the read policies' test to each: it names id and user_id (policies/20_members.sql),
-- so an index that carries both answers the count from the index alone (an index-only scan),
-- without visiting the table. Measured as the demo admin, 50,000 entries, 2 busy vCPUs:
--   unfiltered          13.5 ms on the table  ->  2.9 ms  (member_directory_owner)
--   status = Yes        18.6 ms               ->  3.0 ms  (member_directory_status_type)
--   delivery = post      7.5 ms               ->  1.3 ms  (member_directory_delivery_method)
-- Each replaces an index of 0013 on the same leading columns, so every query that used one
-- uses its successor.
create index member_directory_owner on public.member_directory (user_id) include (id);
drop index public.member_directory_user_id;

create index member_directory_status_type on public.member_directory (status, member_type) include (id, user_id);
drop index public.member_directory_status;

create index member_directory_type on public.member_directory (member_type) include (id, user_id);
drop index public.member_directory_member_type;

create index member_directory_delivery_method on public.member_directory
  (sandesha_delivery_method, sandesha_delivery_enabled) include (id, user_id);
drop index public.member_directory_delivery;
