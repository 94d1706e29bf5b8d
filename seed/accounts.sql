-- The demo accounts' records: each account seed.toml lists (made by the server's seeder in
-- this transaction, listed in the temporary table seed_accounts) is approved, of the type its
-- label names, with its full name split into first name and surname.
insert into public.users (id, email, type, status, full_name, first_name, surname, approval_status, approved_at)
select a.id, a.email, a.label, 'approved', n.full_name, split_part(n.full_name, ' ', 1),
       case when strpos(n.full_name, ' ') > 0 then substr(n.full_name, strpos(n.full_name, ' ') + 1) else '' end,
       'approved', now()
  from seed_accounts a, lateral (select a.user_metadata ->> 'full_name' as full_name) n;
