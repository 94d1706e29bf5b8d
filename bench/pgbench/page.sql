-- (b) baseline: GET /rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=<50 * k>,
-- one of the first :pages pages. Under -M prepared :off is a bound parameter; the server inlines
-- the validated offset instead (20 distinct texts, each a cached prepared statement). Measured
-- here, -M prepared was the fastest mode for this script, so it is the stricter baseline.
\set off 50 * random(0, :pages - 1)
BEGIN READ ONLY;
select set_config('search_path', 'public', true), set_config('role', 'authenticated', true), set_config('request.jwt.claims', '@CLAIMS@', true), set_config('request.jwt.claim.role', 'authenticated', true), set_config('request.jwt.claim.sub', '@SUB@', true), set_config('request.method', 'GET', true), set_config('request.path', '/bench_items', true);
select coalesce(json_agg(_t), '[]')::text from (select "bench_items".* from "public"."bench_items" order by "bench_items"."id" desc limit 50 offset :off) _t;
COMMIT;
