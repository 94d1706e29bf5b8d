-- bench/scale.sh's scenarios: cycles through the request paths in the file BENCH_PATHS (one a
-- line, each exactly as the web app sends it), with the header BENCH_PREFER when set (the
-- admin list's `count=exact`). One connection: the latency of one user's requests.
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/common.lua")

local prefer = os.getenv("BENCH_PREFER")
if prefer and prefer ~= "" then
   wrk.headers["Prefer"] = prefer
end

function init(args)
   local file = assert(io.open(os.getenv("BENCH_PATHS") or error("BENCH_PATHS is not set")))
   local paths = {}
   for line in file:lines() do
      if line ~= "" then paths[#paths + 1] = line end
   end
   file:close()
   assert(#paths > 0, "BENCH_PATHS holds no path")
   bench.cycle(function(i)
      return paths[(i - 1) % #paths + 1]
   end)
end
