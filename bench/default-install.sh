#!/usr/bin/env bash
# What a default install costs (issue 41): the product as `make run` starts it against the
# same server with LOG_LEVEL=warn, on scenario (a) of bench/rest.sh (GET one row by primary
# key), each against pgbench's ceiling measured just before it in the same round.
#
#   bench/default-install.sh [--duration 8] [--connections 32] [--rounds 3]
#
# Each round starts the release server twice on a fresh embedded cluster (the order of the
# two alternates from round to round, so neither always runs on a warmer machine):
#   default  every setting at its default (the access log at LOG_LEVEL's default, the REST
#            request budget per account kept, with its limit raised out of reach so that the
#            load is measured, not refused with 429), as scripts/run.sh starts it;
#   warn     the same with LOG_LEVEL=warn (no access line per request).
# It prints R = REST req/s ÷ pgbench tps for each, the server's CPU per request, the tails,
# the log lines written and dropped (log_lines_dropped_total), and the target: default's R
# within 5 % of warn's (median of the rounds).
#
# Exit status: 0 when every request succeeded (whether or not the target is met), 1 when a
# request or transaction failed, 2 on a setup failure.
set -euo pipefail

DURATION=8
CONNECTIONS=32
ROUNDS=3

die() { echo "bench/default-install.sh: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="${2:-}"; shift 2 ;;
        --connections) CONNECTIONS="${2:-}"; shift 2 ;;
        --rounds) ROUNDS="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done
for pair in "duration:$DURATION" "connections:$CONNECTIONS" "rounds:$ROUNDS"; do
    [[ "${pair#*:}" =~ ^[1-9][0-9]*$ ]] || die "--${pair%%:*} must be a positive integer, got '${pair#*:}'"
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO="$(pwd)"
ROWS=10000
PAGES=20
THREADS=2
(( THREADS <= CONNECTIONS )) || THREADS=1
USER_ID="6c0f5b1e-8d2a-4c51-9b7e-2f4a3d9c0b11"
LOADGEN_PIN=()
PERF_DIR=

BENCH_NAME=default-install
source "$REPO/bench/lib/server.sh"
source "$REPO/bench/lib/rest_runs.sh"
bench_need wrk jq curl openssl
bench_pg_bin psql pgbench
bench_build_server "$REPO"

PGBENCH_JOBS=$(( CONNECTIONS < 2 ? CONNECTIONS : 2 ))
USER_JWT="$(bench_user_jwt "$USER_ID")"
CLAIMS="$(bench_user_claims "$USER_ID")"
# The defaults, as the binary states them (`serve --help`), for the settings bench_start_server
# sets to its benchmark values.
default_of() {
    "$SERVER_BIN" serve --help 2>/dev/null | grep -A1 "\[env: $1=\]" | sed -n 's/^ *\[default: \(.*\)\]$/\1/p' | head -n1
}
DEFAULT_LOG_LEVEL="$(default_of LOG_LEVEL)"
DEFAULT_ANON_WRITE="$(default_of ANON_WRITE_RATE_LIMIT)"
DEFAULT_MAX_CONNECTIONS="$(default_of HTTP_MAX_CONNECTIONS)"
[[ -n "$DEFAULT_LOG_LEVEL" && -n "$DEFAULT_ANON_WRITE" && -n "$DEFAULT_MAX_CONNECTIONS" ]] ||
    die "could not read the defaults of LOG_LEVEL, ANON_WRITE_RATE_LIMIT and HTTP_MAX_CONNECTIONS from serve --help"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# settings_of MODE: the environment the server starts with (bench_start_server's own
# benchmark settings come first; these override them).
settings_of() {
    local level="$DEFAULT_LOG_LEVEL"
    [[ "$1" == warn ]] && level=warn
    echo "LOG_LEVEL=$level REST_RATE_LIMIT=1000000000 ANON_WRITE_RATE_LIMIT=$DEFAULT_ANON_WRITE HTTP_MAX_CONNECTIONS=$DEFAULT_MAX_CONNECTIONS METRICS_ADDR=127.0.0.1:$METRICS_PORT"
}

declare -A R_ALL SV_ALL TAIL_ALL PGTAIL_ALL LINES_ALL DROPPED_ALL
TOTAL_ERRORS=0

# one_run MODE: a fresh server with MODE's settings, pgbench then wrk on scenario (a).
one_run() {
    local mode="$1" lines_before lines_after dropped ratio settings
    METRICS_PORT="$(free_port)"
    read -r -a settings <<<"$(settings_of "$mode")"
    bench_start_server "${settings[@]}"
    bench_items_fixture "$ROWS" "$USER_ID"
    AUTH_HEADERS=(-H "apikey: $ANON_KEY" -H "Authorization: Bearer $USER_JWT" -H "Accept: application/json")
    rest_wait_ready
    PGBENCH_FILES=()
    sed -e "s|@CLAIMS@|$CLAIMS|g" -e "s|@SUB@|$USER_ID|g" "$REPO/bench/pgbench/get_by_id.sql" >"$WORK/get_by_id.sql"
    PGBENCH_FILES+=(-f "$WORK/get_by_id.sql")
    ERRORS=0
    check_request GET "/rest/v1/bench_items?select=*&id=eq.1" 200 1
    echo "  $mode ($(settings_of "$mode" | cut -d' ' -f1))"
    run_pgbench a
    lines_before="$(cat "$WORK/server.out" "$WORK/server.err" | wc -l)"
    run_wrk a bench/wrk/get_by_id.lua
    lines_after="$(cat "$WORK/server.out" "$WORK/server.err" | wc -l)"
    dropped="$(curl -s "http://127.0.0.1:$METRICS_PORT/metrics" | awk '$1 == "log_lines_dropped_total" { print $2 }')"
    ratio="$(awk -v r="$REST_RPS" -v t="$PG_TPS" 'BEGIN { if (t > 0) printf "%.3f", r / t; else print "0" }')"
    echo "           R = $ratio; log lines written $((lines_after - lines_before)), dropped ${dropped:-?} (log_lines_dropped_total)"
    R_ALL[$mode]+=" $ratio"; SV_ALL[$mode]+=" $REST_SV_US"
    TAIL_ALL[$mode]+=" $(awk -v a="$REST_P50" -v b="$REST_P99" 'BEGIN { if (a > 0) printf "%.3f", b / a; else print 0 }')"
    PGTAIL_ALL[$mode]+=" $(awk -v a="$PG_P50" -v b="$PG_P99" 'BEGIN { if (a > 0) printf "%.3f", b / a; else print 0 }')"
    LINES_ALL[$mode]+=" $((lines_after - lines_before))"; DROPPED_ALL[$mode]+=" ${dropped:-0}"
    TOTAL_ERRORS=$((TOTAL_ERRORS + ERRORS))
    bench_stop_server
}

echo "What a default install costs: (a) GET one row by primary key, default settings against LOG_LEVEL=warn"
echo "  commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?'), $SERVER_KIND, $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2), $("$PG_BIN/pgbench" --version)"
echo "  duration ${DURATION}s, connections $CONNECTIONS, wrk threads $THREADS, pgbench -j $PGBENCH_JOBS -M prepared, rounds $ROUNDS"
echo "  default LOG_LEVEL=$DEFAULT_LOG_LEVEL"
machine_line
bench_scheduler_note
BENCH_SETUP_DONE=1

for round in $(seq 1 "$ROUNDS"); do
    echo
    echo "round $round"
    idle="$(idle_percent)"
    (( idle >= 80 )) || echo "  warning: only ${idle}% of the CPU was idle just before this round: other work on the machine skews R"
    if (( round % 2 )); then one_run default; one_run warn; else one_run warn; one_run default; fi
done

med() { median <<<"$1"; }
echo
printf '%-9s %7s %10s %10s %9s %12s %9s\n' mode R "server µs" "REST tail" "pg tail" "lines/run" dropped
for mode in default warn; do
    printf '%-9s %7.3f %10s %10.2f %9.2f %12s %9s\n' "$mode" "$(med "${R_ALL[$mode]}")" "$(med "${SV_ALL[$mode]}")" \
        "$(med "${TAIL_ALL[$mode]}")" "$(med "${PGTAIL_ALL[$mode]}")" "$(med "${LINES_ALL[$mode]}")" "$(med "${DROPPED_ALL[$mode]}")"
done
share="$(awk -v d="$(med "${R_ALL[default]}")" -v w="$(med "${R_ALL[warn]}")" 'BEGIN { if (w > 0) printf "%.3f", d / w; else print 0 }')"
verdict="$(awk -v s="$share" 'BEGIN { print (s >= 0.95) ? "PASS" : "FAIL" }')"
echo "default R ÷ warn R = $share (target ≥ 0.95, medians of $ROUNDS rounds): $verdict"
if (( TOTAL_ERRORS > 0 )); then
    echo "errors: $TOTAL_ERRORS (see above); exit status 1"
    exit 1
fi
