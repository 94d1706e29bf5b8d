-- Password sign-in, as supabase-js's signInWithPassword sends it:
--   POST /auth/v1/token?grant_type=password  {"email": ..., "password": ...}
-- with the anon key as apikey and bearer. Each request picks one of BENCH_USERS accounts
-- (BENCH_EMAIL_PREFIX<i>@example.com, i = 1..BENCH_USERS, all with BENCH_PASSWORD) at random.
-- A 200 whose body has no "access_token" counts as a bad body.
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/auth_common.lua")

local apikey = os.getenv("BENCH_APIKEY") or error("BENCH_APIKEY is not set")
wrk.method = "POST"
wrk.path = "/auth/v1/token?grant_type=password"
wrk.headers["apikey"] = apikey
wrk.headers["Authorization"] = "Bearer " .. apikey
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

expect_in_body = '"access_token"'

local users = tonumber(os.getenv("BENCH_USERS") or "200")
local prefix = os.getenv("BENCH_EMAIL_PREFIX") or "bench-user-"
local password = os.getenv("BENCH_PASSWORD") or error("BENCH_PASSWORD is not set")

function init(args)
   auth_seed()
   local reqs = {}
   for i = 1, users do
      local body = string.format('{"email":"%s%d@example.com","password":"%s"}', prefix, i, password)
      reqs[i] = wrk.format(nil, nil, nil, body)
   end
   request = function()
      return reqs[math.random(1, users)]
   end
end
