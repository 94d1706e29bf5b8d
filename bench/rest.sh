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
source "$REPO/bench/lib/rest_runs.sh"
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

rest_wait_ready
BENCH_SETUP_DONE=1

# --- scenarios ---------------------------------------------------------------------------

PGBENCH_JOBS=$(( CONNECTIONS < 2 ? CONNECTIONS : 2 ))
TOTAL_ERRORS=0
declare -A TPS RPS R P50 P99 ERRS SV_US PG_TAIL


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
echo "  server $BASE ($SERVER_KIND, LOG_LEVEL=warn)"
machine_line
bench_scheduler_note

wanted a && run_scenario a "GET one row by primary key" bench/pgbench/get_by_id.sql bench/wrk/get_by_id.lua \
    GET "/rest/v1/bench_items?select=*&id=eq.1" 200 1
wanted b && run_scenario b "GET a page of 50 rows ordered by id desc (one of the first $PAGES pages)" bench/pgbench/page.sql bench/wrk/page.lua \
    GET "/rest/v1/bench_items?select=*&order=id.desc&limit=50&offset=50" 200 50
wanted c && run_scenario c "POST one row" bench/pgbench/insert.sql bench/wrk/insert.lua \
    POST "/rest/v1/bench_items" 201 -

# --- summary -----------------------------------------------------------------------------

# Issue 22's targets: the share of pgbench's ceiling, the server's own CPU per request, and
# a tail (p99 ÷ p50) at most 1.25 times pgbench's own in the same rounds (issue 41).
declare -A TARGET=([a]=0.75 [b]=0.75 [c]=0.85)
declare -A CPU_TARGET=([a]=30 [b]=40 [c]=40)
declare -A NAME=([a]="(a) GET by primary key" [b]="(b) GET page of 50" [c]="(c) POST one row")
echo
printf '%-24s %12s %11s %6s %7s %10s %8s %8s %9s %8s %7s  %s\n' scenario "pgbench tps" "REST req/s" R target "server µs" "p50 ms" "p99 ms" "REST tail" "pg tail" errors result
for key in a b c; do
    wanted "$key" || continue
    result="$(awk -v r="${R[$key]}" -v t="${TARGET[$key]}" -v cpu="${SV_US[$key]}" -v ct="${CPU_TARGET[$key]}" \
        -v p50="${P50[$key]}" -v p99="${P99[$key]}" -v pgtail="${PG_TAIL[$key]}" 'BEGIN {
            out = ""
            if (r + 0 < t + 0) out = out " R"
            if (cpu + 0 > ct + 0) out = out " CPU"
            if (p50 + 0 > 0 && pgtail + 0 > 0 && p99 / p50 > 1.25 * pgtail) out = out " tail"
            print (out == "") ? "PASS" : "FAIL:" out }')"
    (( ERRS[$key] == 0 )) || result="ERRORS (R not meaningful)"
    rest_tail="$(awk -v a="${P50[$key]}" -v b="${P99[$key]}" 'BEGIN { if (a > 0) printf "%.1f", b / a; else print "?" }')"
    printf '%-24s %12.1f %11.1f %6s %7s %10s %8s %8s %9s %8s %7s  %s\n' "${NAME[$key]}" "${TPS[$key]}" "${RPS[$key]}" "${R[$key]}" \
        "${TARGET[$key]}" "${SV_US[$key]}/${CPU_TARGET[$key]}" "${P50[$key]}" "${P99[$key]}" "$rest_tail" "${PG_TAIL[$key]}" "${ERRS[$key]}" "$result"
done
echo "targets: R_a ≥ 0.75, R_b ≥ 0.75, R_c ≥ 0.85; server CPU ≤ 30 µs (a), ≤ 40 µs (b, c) per request;"
echo "         REST tail (p99 ÷ p50) ≤ 1.25 × pg tail (issue 41: the load generator shares the cores)"
echo "pg tail: pgbench's own p99 over its p50 in the same rounds (the machine's tail with the same clients, no HTTP)"
if (( TOTAL_ERRORS > 0 )); then
    echo "errors: $TOTAL_ERRORS (see above); exit status 1"
    exit 1
fi
