# Shared by bench/rest.sh and bench/default-install.sh: one pgbench round and one wrk round
# of a REST scenario, with the CPU each side used and the tails. Source it after
# bench/lib/server.sh, with these set: REPO, WORK, PG_BIN, SOCKET_DIR, PG_SOCKET_PORT, BASE,
# SERVER_PID, ANON_KEY, USER_JWT, CLAIMS, ROWS, PAGES, DURATION, CONNECTIONS, THREADS,
# PGBENCH_JOBS, PGBENCH_FILES (the -f arguments), AUTH_HEADERS, the arrays LOADGEN_PIN and
# (optionally) PERF_DIR.
#
#   run_pgbench KEY   PG_TPS, PG_P50, PG_P99 (µs); adds failures to ERRORS
#   run_wrk KEY LUA   REST_RPS, REST_P50, REST_P99 (µs), REST_SV_US (server CPU per request)
#   check_request METHOD PATH STATUS ROWS   one request by hand, its status and row count
#   rest_wait_ready   waits (10 s at most) until the fixture table answers 200
field() { grep -o "\\b$1=[^ ]*" <<<"$2" | head -n1 | cut -d= -f2; }
NCPU="${NCPU:-$(nproc)}"
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Share of CPU time left idle over one second: other work on the machine (a build, tests)
# takes CPU from both sides of the comparison, and not equally.
idle_percent() {
    local a b
    read -r -a a < <(grep '^cpu ' /proc/stat)
    sleep 1
    read -r -a b < <(grep '^cpu ' /proc/stat)
    local total=0 i
    for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
    echo $(( total > 0 ? 100 * (b[4] + b[5] - a[4] - a[5]) / total : 0 ))
}

# CPU time (clock ticks) of PostgreSQL: the postmaster, the children it has reaped (pgbench's
# backends end with the run) and the live backends (the server's pool). Per-process
# accounting, so it holds even when other work shares the machine.
CLK_TCK="$(getconf CLK_TCK)"
ticks_of() { awk '{ sub(/^.*\) /, ""); print $12 + $13 + ($14 + $15) * ALL }' ALL="${2:-0}" "/proc/$1/stat" 2>/dev/null || echo 0; }
# When a load generator stops, the backends of the connections it had open (pgbench's, and
# the server's clients that were inside a request wrk abandoned) are exiting: a backend that
# exits between the reading of the postmaster's reaped time and the list of its children
# would be counted nowhere (the REST figures once showed negative PostgreSQL CPU), so
# pg_ticks first waits (at most 2 s) until no child is a zombie or exiting and the list of
# children has stayed the same for 100 ms.
pg_settle() {
    local pm="$1" last="" now _
    for _ in $(seq 1 40); do
        now="$(ps -o pid=,stat= --ppid "$pm" | tr -s ' \n' ' ')"
        if [[ "$now" == "$last" && "$now" != *Z* ]]; then return 0; fi
        last="$now"
        sleep 0.05
    done
}
pg_ticks() {
    local pm total child
    pm="$(head -n1 "$SOCKET_DIR/postmaster.pid")"
    pg_settle "$pm"
    total="$(ticks_of "$pm" 1)"
    for child in $(ps -o pid= --ppid "$pm"); do total=$((total + $(ticks_of "$child"))); done
    echo "$total"
}
# cpu_line LABEL COUNT NAME TICKS [NAME TICKS ...]: CPU µs per transaction or request, and how
# many CPUs the run used in all (fewer than the machine has: something else ran, or it waited).
cpu_line() {
    local label="$1" count="$2" text="" total=0
    shift 2
    while (( $# )); do
        text+="$1 $(awk -v t="$2" -v n="$count" -v hz="$CLK_TCK" 'BEGIN { printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0) }') µs, "
        total=$((total + $2)); shift 2
    done
    printf '           CPU per %s: %stotal %s µs; %s of %s CPUs busy\n' "$label" "$text" \
        "$(awk -v t="$total" -v n="$count" -v hz="$CLK_TCK" 'BEGIN { printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0) }')" \
        "$(awk -v t="$total" -v hz="$CLK_TCK" -v d="$DURATION" 'BEGIN { printf "%.2f", t / hz / d }')" "$NCPU"
}
# The load generator's CPU from bash's `time` (user and system seconds) in clock ticks.
gen_ticks() { awk -v hz="$CLK_TCK" '{ printf "%.0f", ($1 + $2) * hz }' "$1"; }

# pgbench, as the server's login role over the same socket. Sets PG_TPS; adds to ERRORS.
run_pgbench() {
    local key="$1" before after pg_rc=0 processed failed lat pg0 pg1 TIMEFORMAT='%U %S'
    [[ "$key" == c ]] && before="$(row_count)"
    pg0="$(pg_ticks)"
    rm -f "$WORK"/pglog.*
    { time "${LOADGEN_PIN[@]}" "$PG_BIN/pgbench" -n -h "$SOCKET_DIR" -p "$PG_SOCKET_PORT" -U authenticator \
        -c "$CONNECTIONS" -j "$PGBENCH_JOBS" -T "$DURATION" -M prepared --log --log-prefix="$WORK/pglog" \
        -D rows="$ROWS" "${PGBENCH_FILES[@]}" app </dev/null >"$WORK/pgbench.out" 2>&1; } 2>"$WORK/gen.time" || pg_rc=$?
    # Each transaction's latency (µs, third field of pgbench's log): the database's own tail
    # with the same clients on the same machine, the baseline of the REST p99 target.
    read -r PG_P50 PG_P99 < <(cat "$WORK"/pglog.* 2>/dev/null | awk '{ print $3 }' | sort -n | awk '
        { v[NR] = $1 } END { if (NR == 0) { print 0, 0; exit }
            i50 = int(NR * 0.50); i99 = int(NR * 0.99); if (i50 < 1) i50 = 1; if (i99 < 1) i99 = 1
            print v[i50], v[i99] }')
    pg1="$(pg_ticks)"
    PG_TPS="$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p' "$WORK/pgbench.out")"
    processed="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$WORK/pgbench.out")"
    failed="$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$WORK/pgbench.out")"
    lat="$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$WORK/pgbench.out")"
    if (( pg_rc != 0 )) || [[ -z "$PG_TPS" || -z "$processed" ]]; then
        echo "  pgbench failed (exit $pg_rc):"; sed 's/^/    /' "$WORK/pgbench.out" | tail -n 20
        ERRORS=$((ERRORS + 1)); PG_TPS="${PG_TPS:-0}"; processed="${processed:-0}"
    fi
    failed="${failed:-0}"
    ERRORS=$((ERRORS + failed))
    printf '  pgbench  %10.1f tps     latency avg %s ms   p50 %s ms   p99 %s ms   transactions %s   failed %s\n' \
        "$PG_TPS" "${lat:-?}" "$(ms "$PG_P50")" "$(ms "$PG_P99")" "$processed" "$failed"
    cpu_line transaction "$processed" postgres $((pg1 - pg0)) pgbench "$(gen_ticks "$WORK/gen.time")"
    if [[ "$key" == c ]]; then
        after="$(row_count)"
        local inserted=$((after - before))
        printf '           rows inserted %s for %s transactions' "$inserted" "$processed"
        if (( inserted == processed )); then echo " (equal)"; else echo " (MISMATCH)"; ERRORS=$((ERRORS + 1)); fi
    fi
}

# One request by hand: the exact status and row count, which wrk does not check.
check_request() {
    local method="$1" path="$2" expect_status="$3" expect_rows="$4" status got body="$WORK/check.body"
    if [[ "$method" == POST ]]; then
        status="$(curl -s -o "$body" -w '%{http_code}' -X POST "${AUTH_HEADERS[@]}" -H 'Content-Type: application/json' \
            --data '{"title":"x","amount":1}' "$BASE$path")"
    else
        status="$(curl -s -o "$body" -w '%{http_code}' "${AUTH_HEADERS[@]}" "$BASE$path")"
    fi
    if [[ "$status" != "$expect_status" ]]; then
        echo "  check: $method $path answered $status, expected $expect_status: $(head -c 300 "$body")"
        ERRORS=$((ERRORS + 1))
    elif [[ "$expect_rows" != - ]]; then
        got="$(jq 'length' "$body" 2>/dev/null || echo '?')"
        if [[ "$got" != "$expect_rows" ]]; then
            echo "  check: $method $path returned $got rows, expected $expect_rows: $(head -c 300 "$body")"
            ERRORS=$((ERRORS + 1))
        fi
    fi
}

# wrk with the same connection count. Sets REST_RPS (successful responses per second),
# REST_P50, REST_P99 (µs); adds to ERRORS.
run_wrk() {
    local key="$1" lua="$2" before after wrk_rc=0 out pg0 pg1 sv0 sv1 TIMEFORMAT='%U %S'
    [[ "$key" == c ]] && before="$(row_count)"
    local perf_pid=""
    if [[ -n "$PERF_DIR" ]]; then
        perf record -q -F 2999 -g -p "$SERVER_PID" -o "$PERF_DIR/$key.data" -- sleep "$DURATION" \
            >"$PERF_DIR/$key.record.log" 2>&1 &
        perf_pid=$!
    fi
    pg0="$(pg_ticks)"; sv0="$(ticks_of "$SERVER_PID")"
    { time env BENCH_WRK_DIR="$REPO/bench/wrk" BENCH_APIKEY="$ANON_KEY" BENCH_JWT="$USER_JWT" BENCH_ROWS="$ROWS" BENCH_PAGES="$PAGES" \
        "${LOADGEN_PIN[@]}" wrk -t "$THREADS" -c "$CONNECTIONS" -d "${DURATION}s" --timeout 5s \
        -s "$REPO/$lua" "$BASE/rest/v1/bench_items" </dev/null >"$WORK/wrk.out" 2>&1; } 2>"$WORK/gen.time" || wrk_rc=$?
    pg1="$(pg_ticks)"; sv1="$(ticks_of "$SERVER_PID")"
    if [[ -n "$perf_pid" ]]; then
        wait "$perf_pid" || true
        perf report -i "$PERF_DIR/$key.data" --no-children --percent-limit 0.7 --stdio -g none \
            --sort symbol 2>/dev/null | grep -v '^$' >"$PERF_DIR/$key.txt" || true
        echo "           perf: $PERF_DIR/$key.data, hottest functions in $PERF_DIR/$key.txt"
    fi
    out="$(grep '^WRK ' "$WORK/wrk.out" || true)"
    if (( wrk_rc != 0 )) || [[ -z "$out" ]]; then
        echo "  wrk failed (exit $wrk_rc):"; sed 's/^/    /' "$WORK/wrk.out" | tail -n 20
        ERRORS=$((ERRORS + 1))
        out="WRK requests=0 duration_us=1 p50_us=0 p99_us=0 err_connect=0 err_read=0 err_write=0 err_timeout=0 err_status=0"
    fi
    local requests duration e_conn e_read e_write e_timeout e_status wrk_errors ok
    requests="$(field requests "$out")"; duration="$(field duration_us "$out")"
    REST_P50="$(field p50_us "$out")"; REST_P99="$(field p99_us "$out")"
    e_conn="$(field err_connect "$out")"; e_read="$(field err_read "$out")"; e_write="$(field err_write "$out")"
    e_timeout="$(field err_timeout "$out")"; e_status="$(field err_status "$out")"
    wrk_errors=$((e_conn + e_read + e_write + e_timeout + e_status))
    ok=$((requests - e_status))
    REST_RPS="$(awk -v n="$ok" -v us="$duration" 'BEGIN { printf "%.1f", (us > 0 ? n / (us / 1e6) : 0) }')"
    ERRORS=$((ERRORS + wrk_errors))
    printf '  REST     %10.1f req/s   p50 %s ms   p99 %s ms   requests %s   errors %s (status>399 %s, connect %s, read %s, write %s, timeout %s)\n' \
        "$REST_RPS" "$(ms "$REST_P50")" "$(ms "$REST_P99")" "$requests" "$wrk_errors" "$e_status" "$e_conn" "$e_read" "$e_write" "$e_timeout"
    cpu_line request "$requests" postgres $((pg1 - pg0)) server $((sv1 - sv0)) wrk "$(gen_ticks "$WORK/gen.time")"
    REST_SV_US="$(awk -v t="$((sv1 - sv0))" -v n="$requests" -v hz="$CLK_TCK" 'BEGIN { printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0) }')"
    if [[ "$key" == c ]]; then
        sleep 1  # requests in flight when wrk stopped finish
        after="$(row_count)"
        local inserted=$((after - before))
        printf '           rows inserted %s for %s successful responses' "$inserted" "$ok"
        if (( inserted == ok )); then
            echo " (equal)"
        elif (( inserted > ok && inserted <= ok + CONNECTIONS )); then
            echo " (+$((inserted - ok)): requests in flight when wrk stopped; at most one per connection)"
        else
            echo " (MISMATCH)"; ERRORS=$((ERRORS + 1))
        fi
    fi
}

rest_wait_ready() {
    local ready=0 _
    for _ in $(seq 1 100); do
        if [[ "$(curl -s -o /dev/null -w '%{http_code}' "${AUTH_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1")" == 200 ]]; then
            ready=1; break
        fi
        sleep 0.1
    done
    if (( ! ready )); then
        echo "warning: GET /rest/v1/bench_items?limit=1 did not answer 200 within 10 s" \
            "(status $(curl -s -o /dev/null -w '%{http_code}' "${AUTH_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1"));" \
            "the REST runs will count errors" >&2
    fi
}

# One line naming the machine, so that figures from different machines are never compared
# as if they were one: the CPU model, how many CPUs, the memory and the load just before.
machine_line() {
    local model mem
    model="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n1)"
    mem="$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "  machine: ${model:-unknown CPU}, $(nproc) CPUs, $mem; load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
