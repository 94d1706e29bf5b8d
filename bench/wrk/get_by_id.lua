-- (a) GET one row by primary key: /rest/v1/bench_items?select=*&id=eq.<random id>
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/common.lua")

function init(args)
   bench.seed()
   bench.cycle(function()
      return "/rest/v1/bench_items?select=*&id=eq." .. math.random(1, bench.rows)
   end)
end
