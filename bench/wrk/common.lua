-- Shared by the scenario scripts: the caller's headers and a done() hook that prints one
-- machine-readable line for bench/rest.sh.
--
-- Errors are taken from wrk's own counters: socket errors (connect, read, write, timeout)
-- and `status`, which wrk increments for every response with a status above 399. A
-- response() hook would see every status, but defining one makes wrk hand each response's
-- headers and body to Lua, which costs the load generator CPU on a 2-core machine; rest.sh
-- instead checks each scenario once with curl for the exact status and row count.

wrk.headers["apikey"] = os.getenv("BENCH_APIKEY") or error("BENCH_APIKEY is not set")
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("BENCH_JWT") or error("BENCH_JWT is not set"))
wrk.headers["Accept"] = "application/json"

bench = {
   rows = tonumber(os.getenv("BENCH_ROWS") or "10000"),
   pages = tonumber(os.getenv("BENCH_PAGES") or "20"),
   -- distinct requests prepared per thread in init(); request() cycles through them
   prepared = 4096,
}

-- Each thread gets its own number, so the threads draw different random sequences.
local thread_count = 0
function setup(thread)
   thread_count = thread_count + 1
   thread:set("thread_id", thread_count)
end

function bench.seed()
   math.randomseed(os.time() * 100 + (thread_id or 0))
end

-- Builds bench.prepared requests from make_path(i) and installs a request() cycling them,
-- so the per-request Lua work is one table lookup.
function bench.cycle(make_path)
   local reqs = {}
   for i = 1, bench.prepared do
      reqs[i] = wrk.format(nil, make_path(i))
   end
   local n, i = #reqs, 0
   request = function()
      i = i + 1
      if i > n then i = 1 end
      return reqs[i]
   end
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format(
      "WRK requests=%d duration_us=%d rps=%.1f p50_us=%d p90_us=%d p95_us=%d p99_us=%d max_us=%d " ..
      "err_connect=%d err_read=%d err_write=%d err_timeout=%d err_status=%d\n",
      summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
      latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99),
      latency.max,
      e.connect, e.read, e.write, e.timeout, e.status))
end
