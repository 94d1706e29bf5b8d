-- (b) GET a page of 50 rows in id order, one of the first BENCH_PAGES pages at random:
-- /rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=<50 * k>
dofile((os.getenv("BENCH_WRK_DIR") or "bench/wrk") .. "/common.lua")

function init(args)
   bench.seed()
   bench.cycle(function()
      return "/rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=" .. 50 * math.random(0, bench.pages - 1)
   end)
end
