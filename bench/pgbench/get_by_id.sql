-- (a) baseline: what a PostgREST-shaped server runs for GET /rest/v1/bench_items?id=eq.<id>.
-- The settings mirror server/src/db/request_tx.rs; rest.sh replaces @CLAIMS@ and @SUB@.
\set id random(1, :rows)
BEGIN READ ONLY;
select set_config('search_path', 'public', true), set_config('role', 'authenticated', true), set_config('request.jwt.claims', '@CLAIMS@', true), set_config('request.jwt.claim.role', 'authenticated', true), set_config('request.jwt.claim.sub', '@SUB@', true), set_config('request.method', 'GET', true), set_config('request.path', '/bench_items', true);
select coalesce(json_agg(_t), '[]')::text from (select "bench_items".* from "public"."bench_items" where "bench_items"."id" = :id) _t;
COMMIT;
