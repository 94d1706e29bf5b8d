-- Issue 16: matrimony_contacts in the access matrix. "accepted": the contact details of an
-- approved profile whose owner shares an accepted interest with the actor, whose own profile
-- is approved too.
insert into tests.matrix_tables (table_name, key, scopes, owner, touch, other_target) values
  ('matrimony_contacts', 'profile_id',
   '{"own": "t.profile_id in (select m.id from public.matrimony_details m where m.user_id = $1)", "accepted": "exists (select from public.matrimony_details m where m.id = t.profile_id and m.approval_status = ''approved'' and m.user_id <> $1 and exists (select from public.users u where u.id = m.user_id and u.status = ''approved'') and exists (select from public.users me where me.id = $1 and me.status = ''approved'') and exists (select from public.matrimony_interests i where i.status = ''accepted'' and ((i.sender_id = $1 and i.receiver_id = m.user_id) or (i.receiver_id = $1 and i.sender_id = m.user_id)))) and exists (select from public.matrimony_details me where me.user_id = $1 and me.approval_status = ''approved'')"}',
   '{"*": "t.profile_id in (select m.id from public.matrimony_details m where m.user_id = $1)"}', 'updated_at', null)
on conflict (table_name) do update set key = excluded.key, scopes = excluded.scopes, owner = excluded.owner,
  touch = excluded.touch, other_target = excluded.other_target;
