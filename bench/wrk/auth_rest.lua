-- The REST probe of bench/auth.sh: rest.sh's scenario (a), one row by primary key,
--   GET /rest/v1/bench_items?select=*&id=eq.<random id>
-- as the bench user (BENCH_JWT) with the anon key. With BENCH_DELAY_MS each connection
-- pauses between requests, so the probe measures latency rather than saturating the server.
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/auth_common.lua")

wrk.headers["apikey"] = os.getenv("BENCH_APIKEY") or error("BENCH_APIKEY is not set")
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("BENCH_JWT") or error("BENCH_JWT is not set"))
wrk.headers["Accept"] = "application/json"

expect_in_body = '"id"'

local rows = tonumber(os.getenv("BENCH_ROWS") or "10000")

function init(args)
   auth_seed()
   local reqs = {}
   for i = 1, 4096 do
      reqs[i] = wrk.format(nil, "/rest/v1/bench_items?select=*&id=eq." .. math.random(1, rows))
   end
   local n, i = #reqs, 0
   request = function()
      i = i + 1
      if i > n then i = 1 end
      return reqs[i]
   end
end
