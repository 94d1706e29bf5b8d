-- Loaded before postgrest-js's own schema (test/supabase/migrations) and seed, in the
-- throwaway cluster only: what the Supabase CLI's database has that the platform's lacks.
--
-- * pg_stat_statements is preloaded in Supabase's image, which turns on query identifiers:
--   `EXPLAIN (VERBOSE)` prints a "Query Identifier" (transforms.test.ts, "explain with
--   options"). The platform does not preload it; the setting alone gives the same plans.
-- * Grants: the Supabase image grants what is created in `public` to anon, authenticated and
--   service_role by default privileges; the platform's first migration does the same, and the
--   suite grants its `personal` schema itself.
alter system set compute_query_id = on;
select pg_reload_conf();
