#!/usr/bin/env bash
# REST throughput against pgbench baselines (issue 3, "Performance").
#
# For each scenario, pgbench first runs the PostgREST-shaped transaction (BEGIN; role and
# claims in one set_config statement; the query building its JSON in PostgreSQL; COMMIT)
# straight against the server's embedded PostgreSQL, then wrk sends the equivalent HTTP
# request to the release server with the same number of connections. R = REST requests/s
# divided by pgbench transactions/s. See bench/README.md.
#
#   bench/rest.sh [--duration 10] [--connections 10] [--threads 1] [--rounds 1] [--pin none|split]
#                 [--only a,b,c] [--perf DIR]
#
# Exit status: 0 when every request succeeded (whether or not R reaches its target),
# 1 when a request or transaction failed or inserted rows do not match, 2 on a setup failure.
set -euo pipefail

DURATION=10
CONNECTIONS=10
THREADS=1
PIN=none
ROUNDS=1
ONLY=a,b,c
PERF_DIR=

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    cat <<'EOF'
Options:
  --duration S      seconds per pgbench run and per wrk run (default 10)
  --connections N   pgbench clients and wrk connections (default 10)
  --threads N       wrk threads (default 1); pgbench uses min(2, N connections) jobs
  --rounds N        pgbench-then-wrk pairs per scenario (default 1); the summary shows
                    medians, which steadies R on a machine with other work running
  --pin MODE        none (default): every process may use every CPU;
                    split: load generators (pgbench, wrk) on the last CPU, the server and
                    PostgreSQL on the others (needs at least 2 CPUs)
  --only LIST       the scenarios to run, comma-separated (default a,b,c)
  --perf DIR        also sample the server with `perf record -g` during each wrk run and
                    write DIR/<scenario>.data plus a report of the hottest functions
                    (DIR/<scenario>.txt); the sampling costs the server a few per cent
EOF
}

die() { echo "bench/rest.sh: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="${2:-}"; shift 2 ;;
        --duration=*) DURATION="${1#*=}"; shift ;;
        --connections) CONNECTIONS="${2:-}"; shift 2 ;;
        --connections=*) CONNECTIONS="${1#*=}"; shift ;;
        --threads) THREADS="${2:-}"; shift 2 ;;
        --threads=*) THREADS="${1#*=}"; shift ;;
        --rounds) ROUNDS="${2:-}"; shift 2 ;;
        --rounds=*) ROUNDS="${1#*=}"; shift ;;
        --pin) PIN="${2:-}"; shift 2 ;;
        --pin=*) PIN="${1#*=}"; shift ;;
        --only) ONLY="${2:-}"; shift 2 ;;
        --only=*) ONLY="${1#*=}"; shift ;;
        --perf) PERF_DIR="${2:-}"; shift 2 ;;
        --perf=*) PERF_DIR="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
for pair in "duration:$DURATION" "connections:$CONNECTIONS" "threads:$THREADS" "rounds:$ROUNDS"; do
    [[ "${pair#*:}" =~ ^[1-9][0-9]*$ ]] || die "--${pair%%:*} must be a positive integer, got '${pair#*:}'"
done
(( THREADS <= CONNECTIONS )) || die "--threads ($THREADS) must not exceed --connections ($CONNECTIONS)"
[[ "$PIN" == none || "$PIN" == split ]] || die "--pin must be none or split, got '$PIN'"
[[ "$ONLY" =~ ^[abc](,[abc])*$ ]] || die "--only takes scenarios a, b and c separated by commas, got '$ONLY'"
if [[ -n "$PERF_DIR" ]]; then
    command -v perf >/dev/null || die "--perf needs perf (Debian: linux-perf)"
    mkdir -p "$PERF_DIR" && PERF_DIR="$(cd "$PERF_DIR" && pwd)"
fi
wanted() { [[ ",$ONLY," == *",$1,"* ]]; }

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO="$(pwd)"

# The data set and the caller.
ROWS=10000
PAGES=20
USER_ID="6c0f5b1e-8d2a-4c51-9b7e-2f4a3d9c0b11"

BENCH_NAME=rest
source "$REPO/bench/lib/server.sh"
bench_need wrk jq curl openssl
bench_pg_bin psql pgbench

NCPU="$(nproc)"
LOADGEN_PIN=()
SERVER_PIN=()
if [[ "$PIN" == split ]]; then
    (( NCPU >= 2 )) || die "--pin split needs at least 2 CPUs"
    command -v taskset >/dev/null || die "--pin split needs taskset (util-linux)"
    LOADGEN_PIN=(taskset -c "$((NCPU - 1))")
    SERVER_PIN=(taskset -c "0-$((NCPU - 2))")
fi

# --- server and data ---------------------------------------------------------------------

bench_build_server "$REPO"
BENCH_SERVER_PREFIX=("${SERVER_PIN[@]}")
bench_start_server
bench_items_fixture "$ROWS" "$USER_ID" insert
row_count() { bench_psql -c 'select count(*) from public.bench_items'; }
USER_JWT="$(bench_user_jwt "$USER_ID")"
CLAIMS="$(bench_user_claims "$USER_ID")"

AUTH_HEADERS=(-H "apikey: $ANON_KEY" -H "Authorization: Bearer $USER_JWT" -H "Accept: application/json")

REST_READY=0
for _ in $(seq 1 100); do
    if [[ "$(curl -s -o /dev/null -w '%{http_code}' "${AUTH_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1")" == 200 ]]; then
        REST_READY=1; break
    fi
    sleep 0.1
done
if (( ! REST_READY )); then
    echo "warning: GET /rest/v1/bench_items?limit=1 did not answer 200 within 10 s" \
        "(status $(curl -s -o /dev/null -w '%{http_code}' "${AUTH_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1"));" \
        "the REST runs will count errors" >&2
fi
BENCH_SETUP_DONE=1

# --- scenarios ---------------------------------------------------------------------------

PGBENCH_JOBS=$(( CONNECTIONS < 2 ? CONNECTIONS : 2 ))
TOTAL_ERRORS=0
declare -A TPS RPS R P50 P99 ERRS SV_US PG_TAIL

field() { grep -o "\\b$1=[^ ]*" <<<"$2" | head -n1 | cut -d= -f2; }
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

# run_scenario KEY TITLE PGBENCH_SCRIPT WRK_SCRIPT CHECK_METHOD CHECK_PATH EXPECT_STATUS EXPECT_ROWS
run_scenario() {
    local key="$1" title="$2" sql="$3" lua="$4" round ratio idle
    local tps_all="" rps_all="" r_all="" p50_all="" p99_all="" sv_all="" pg50_all="" pg99_all=""
    ERRORS=0
    echo
    echo "($key) $title"
    # pgbench's -f arguments: one rendered script, or one per page when the SQL has @OFFSET@
    local page name
    PGBENCH_FILES=()
    if grep -q '@OFFSET@' "$REPO/$sql"; then
        for page in $(seq 0 $((PAGES - 1))); do
            name="$WORK/$(basename "$sql" .sql)-$page.sql"
            sed -e "s|@CLAIMS@|$CLAIMS|g" -e "s|@SUB@|$USER_ID|g" -e "s|@OFFSET@|$((50 * page))|g" "$REPO/$sql" >"$name"
            PGBENCH_FILES+=(-f "$name@1")
        done
    else
        name="$WORK/$(basename "$sql")"
        sed -e "s|@CLAIMS@|$CLAIMS|g" -e "s|@SUB@|$USER_ID|g" "$REPO/$sql" >"$name"
        PGBENCH_FILES+=(-f "$name")
    fi
    check_request "$5" "$6" "$7" "$8"
    for round in $(seq 1 "$ROUNDS"); do
        idle="$(idle_percent)"
        (( ROUNDS == 1 )) || echo "  round $round"
        if (( idle < 80 )); then
            echo "  warning: only ${idle}% of the CPU was idle just before this run: other work on the machine skews R"
        fi
        run_pgbench "$key"
        run_wrk "$key" "$lua"
        ratio="$(awk -v r="$REST_RPS" -v t="$PG_TPS" 'BEGIN { if (t > 0) printf "%.2f", r / t; else print "0.00" }')"
        echo "  R = $ratio"
        tps_all+=" $PG_TPS"; rps_all+=" $REST_RPS"; r_all+=" $ratio"; p50_all+=" $REST_P50"; p99_all+=" $REST_P99"; sv_all+=" $REST_SV_US"
        pg50_all+=" $PG_P50"; pg99_all+=" $PG_P99"
    done
    TPS[$key]="$(median <<<"$tps_all")"; RPS[$key]="$(median <<<"$rps_all")"
    R[$key]="$(median <<<"$r_all" | awk '{ printf "%.2f", $1 }')"
    P50[$key]="$(ms "$(median <<<"$p50_all")")"; P99[$key]="$(ms "$(median <<<"$p99_all")")"
    SV_US[$key]="$(median <<<"$sv_all")"
    PG_TAIL[$key]="$(awk -v a="$(median <<<"$pg50_all")" -v b="$(median <<<"$pg99_all")" 'BEGIN { if (a > 0) printf "%.1f", b / a; else print "?" }')"
    ERRS[$key]="$ERRORS"
    TOTAL_ERRORS=$((TOTAL_ERRORS + ERRORS))
}

echo "REST throughput against pgbench baselines"
echo "  commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?'), $NCPU CPUs, $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2), $("$PG_BIN/pgbench" --version)"
echo "  table public.bench_items: $ROWS rows owned by $USER_ID, RLS on; caller: authenticated JWT"
echo "  duration ${DURATION}s, connections $CONNECTIONS, wrk threads $THREADS, pgbench -j $PGBENCH_JOBS -M prepared, rounds $ROUNDS"
echo "  pinning $PIN${LOADGEN_PIN:+ (pgbench and wrk: ${LOADGEN_PIN[*]}; server and PostgreSQL: ${SERVER_PIN[*]})}"
echo "  server $BASE (release, LOG_LEVEL=warn); load average $(cut -d' ' -f1-3 /proc/loadavg)"
bench_scheduler_note

wanted a && run_scenario a "GET one row by primary key" bench/pgbench/get_by_id.sql bench/wrk/get_by_id.lua \
    GET "/rest/v1/bench_items?select=*&id=eq.1" 200 1
wanted b && run_scenario b "GET a page of 50 rows ordered by id desc (one of the first $PAGES pages)" bench/pgbench/page.sql bench/wrk/page.lua \
    GET "/rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=50" 200 50
wanted c && run_scenario c "POST one row" bench/pgbench/insert.sql bench/wrk/insert.lua \
    POST "/rest/v1/bench_items" 201 -

# --- summary -----------------------------------------------------------------------------

# Issue 22's targets: the share of pgbench's ceiling, the server's own CPU per request, and
# a tail no longer than three medians.
declare -A TARGET=([a]=0.75 [b]=0.75 [c]=0.85)
declare -A CPU_TARGET=([a]=30 [b]=40 [c]=40)
declare -A NAME=([a]="(a) GET by primary key" [b]="(b) GET page of 50" [c]="(c) POST one row")
echo
printf '%-24s %12s %11s %6s %7s %10s %8s %8s %8s %7s  %s\n' scenario "pgbench tps" "REST req/s" R target "server µs" "p50 ms" "p99 ms" "pg tail" errors result
for key in a b c; do
    wanted "$key" || continue
    result="$(awk -v r="${R[$key]}" -v t="${TARGET[$key]}" -v cpu="${SV_US[$key]}" -v ct="${CPU_TARGET[$key]}" \
        -v p50="${P50[$key]}" -v p99="${P99[$key]}" 'BEGIN {
            out = ""
            if (r + 0 < t + 0) out = out " R"
            if (cpu + 0 > ct + 0) out = out " CPU"
            if (p99 + 0 > 3 * p50) out = out " p99"
            print (out == "") ? "PASS" : "FAIL:" out }')"
    (( ERRS[$key] == 0 )) || result="ERRORS (R not meaningful)"
    printf '%-24s %12.1f %11.1f %6s %7s %10s %8s %8s %8s %7s  %s\n' "${NAME[$key]}" "${TPS[$key]}" "${RPS[$key]}" "${R[$key]}" \
        "${TARGET[$key]}" "${SV_US[$key]}/${CPU_TARGET[$key]}" "${P50[$key]}" "${P99[$key]}" "${PG_TAIL[$key]}" "${ERRS[$key]}" "$result"
done
echo "targets: R_a ≥ 0.75, R_b ≥ 0.75, R_c ≥ 0.85; server CPU ≤ 30 µs (a), ≤ 40 µs (b, c) per request; p99 ≤ 3 × p50"
echo "pg tail: pgbench's own p99 over its p50 in the same rounds (the machine's tail with the same clients, no HTTP)"
if (( TOTAL_ERRORS > 0 )); then
    echo "errors: $TOTAL_ERRORS (see above); exit status 1"
    exit 1
fi
