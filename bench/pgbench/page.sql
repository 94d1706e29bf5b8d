-- (b) baseline: GET /rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=<50 * k>.
-- The server writes the validated offset into the SQL text (a bound LIMIT or OFFSET makes
-- PostgreSQL re-plan every execution), so each page is its own prepared statement: rest.sh
-- renders this file once per page (@OFFSET@ = 0, 50, ..., 950) and pgbench picks one of the
-- 20 scripts at random for each transaction.
BEGIN READ ONLY;
select set_config('search_path', 'public', true), set_config('role', 'authenticated', true), set_config('request.jwt.claims', '@CLAIMS@', true), set_config('request.jwt.claim.role', 'authenticated', true), set_config('request.jwt.claim.sub', '@SUB@', true), set_config('request.method', 'GET', true), set_config('request.path', '/bench_items', true);
select coalesce(json_agg(_t), '[]')::text from (select "bench_items".* from "public"."bench_items" order by "bench_items"."id" desc limit 50 offset @OFFSET@) _t;
COMMIT;
