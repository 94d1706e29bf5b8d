-- (c) POST one row; the owner comes from the column default auth.uid(). No Prefer header:
-- PostgREST's default for POST is return=minimal (201, empty body).
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/common.lua")

wrk.method = "POST"
wrk.path = "/rest/v1/bench_items"
wrk.body = '{"title":"x","amount":1}'
wrk.headers["Content-Type"] = "application/json"
