-- Shared by bench/auth.sh's scripts (auth_signin.lua, auth_rest.lua): a response() hook that
-- counts every status outside 200-299 (wrk's own counter only sees statuses above 399) and
-- bodies missing an expected marker, and a done() hook that adds the threads' counts up and
-- prints one machine-readable line:
--
--   WRK requests=.. duration_us=.. p50_us=.. p90_us=.. p99_us=.. max_us=.. non2xx=..
--       bad_body=.. err_connect=.. err_read=.. err_write=.. err_timeout=..
--   WRK_FIRST_ERROR <status> <start of the body>      (only when a response was counted)
--
-- A response() hook makes wrk hand each response to Lua; at the rates these scripts run (a
-- few hundred requests per second at most) that costs the load generator next to nothing.
--
-- Environment: BENCH_DELAY_MS (optional): milliseconds each connection waits after a
-- response before sending its next request, which turns wrk's closed loop into a light,
-- roughly fixed-rate probe (0 or unset: no wait).

local threads = {}

function setup(thread)
   threads[#threads + 1] = thread
   thread:set("thread_id", #threads)
end

non2xx = 0
bad_body = 0
first_error = nil
-- Set by a scenario script: a string every successful body must contain.
expect_in_body = nil

function auth_seed()
   math.randomseed(os.time() * 100 + (thread_id or 0))
end

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
      if first_error == nil then
         first_error = status .. " " .. string.gsub(string.sub(body or "", 1, 300), "%s+", " ")
      end
   elseif expect_in_body and not string.find(body or "", expect_in_body, 1, true) then
      bad_body = bad_body + 1
      if first_error == nil then
         first_error = status .. " (no " .. expect_in_body .. ") " .. string.gsub(string.sub(body or "", 1, 300), "%s+", " ")
      end
   end
end

local delay_ms = tonumber(os.getenv("BENCH_DELAY_MS") or "0") or 0
if delay_ms > 0 then
   function delay()
      return delay_ms
   end
end

function done(summary, latency, requests)
   local n, b, first = 0, 0, nil
   for _, t in ipairs(threads) do
      n = n + (t:get("non2xx") or 0)
      b = b + (t:get("bad_body") or 0)
      first = first or t:get("first_error")
   end
   local e = summary.errors
   io.write(string.format(
      "WRK requests=%d duration_us=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d non2xx=%d bad_body=%d " ..
      "err_connect=%d err_read=%d err_write=%d err_timeout=%d\n",
      summary.requests, summary.duration,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
      n, b, e.connect, e.read, e.write, e.timeout))
   if first then
      io.write("WRK_FIRST_ERROR " .. first .. "\n")
   end
end
