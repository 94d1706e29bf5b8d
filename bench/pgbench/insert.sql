-- (c) baseline: POST /rest/v1/bench_items {"title":"x","amount":1} with return=minimal, the
-- body read with json_populate_recordset as PostgREST does; owner_id defaults to auth.uid().
BEGIN READ WRITE;
select set_config('search_path', 'public', true), set_config('role', 'authenticated', true), set_config('request.jwt.claims', '@CLAIMS@', true), set_config('request.jwt.claim.role', 'authenticated', true), set_config('request.jwt.claim.sub', '@SUB@', true), set_config('request.method', 'POST', true), set_config('request.path', '/bench_items', true);
with pgrst_source as (insert into "public"."bench_items" ("title", "amount") select "title", "amount" from json_populate_recordset(null::"public"."bench_items", '[{"title":"x","amount":1}]') _ returning 1) select count(*) from pgrst_source;
COMMIT;
