#!/usr/bin/env bash
# Sign-ins per second against the raw argon2 verify rate, and REST latency under sign-ins
# (the auth issue's benchmark targets). See bench/README.md.
#
#   bench/auth.sh [--duration 10] [--signin-connections 50] [--rest-connections 2]
#                 [--rest-rate 200] [--workers N] [--users 200] [--raw-nice 10] [--rounds 1]
#
# Per round: the raw argon2id verify rate (server/examples/argon2_rate.rs) with 1 thread and
# with as many threads as the server has hashing workers; the REST probe (GET one row by
# primary key, a light fixed-pace load) on the idle server; password sign-ins alone over
# 50 connections; the REST probe again while the 50 sign-in connections run.
#   sign-in ratio = sign-ins/s ÷ raw verifies/s at the workers' thread count   (target ≥ 0.95, issue 22)
#   p99 ratio     = REST p99 under sign-ins ÷ REST p99 idle                    (target ≤ 2.0)
#
# Exit status: 0 when every request succeeded (whether or not the targets are met), 1 when
# a request failed (status outside 2xx, socket error, a sign-in without access_token), 2 on
# a setup failure.
set -euo pipefail

DURATION=10
SIGNIN_CONNECTIONS=50
REST_CONNECTIONS=2
REST_RATE=200
# The server's default: half the CPUs, at least one (auth/settings.rs default_hash_concurrency).
WORKERS="${PASSWORD_HASH_CONCURRENCY:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}"
USERS=200
ROUNDS=1
# The server's hashing workers run at nice 19 (server/src/auth/hash_workers.rs WORKER_NICE).
RAW_NICE=19

usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    cat <<'EOF'
Options:
  --duration S              seconds per measured run (default 10)
  --signin-connections N    concurrent sign-in connections (default 50)
  --rest-connections N      REST probe connections (default 2)
  --rest-rate R             REST probe requests/s in all, paced by a pause after each
                            response (default 200; 0 = no pause, a closed loop)
  --workers N               the server's PASSWORD_HASH_CONCURRENCY and the raw rate's
                            thread count (default: $PASSWORD_HASH_CONCURRENCY, else half the
                            CPUs, at least one: the server's own default)
  --users N                 accounts created and signed in to at random (default 200)
  --raw-nice N              nice value of the raw-rate threads (default 19, the server's
                            hashing workers' own, so both meet other work on equal terms)
  --rounds N                repeat the measurements; the summary shows medians (default 1)
EOF
}

die() { echo "bench/auth.sh: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="${2:-}"; shift 2 ;;
        --duration=*) DURATION="${1#*=}"; shift ;;
        --signin-connections) SIGNIN_CONNECTIONS="${2:-}"; shift 2 ;;
        --signin-connections=*) SIGNIN_CONNECTIONS="${1#*=}"; shift ;;
        --rest-connections) REST_CONNECTIONS="${2:-}"; shift 2 ;;
        --rest-connections=*) REST_CONNECTIONS="${1#*=}"; shift ;;
        --rest-rate) REST_RATE="${2:-}"; shift 2 ;;
        --rest-rate=*) REST_RATE="${1#*=}"; shift ;;
        --workers) WORKERS="${2:-}"; shift 2 ;;
        --workers=*) WORKERS="${1#*=}"; shift ;;
        --users) USERS="${2:-}"; shift 2 ;;
        --users=*) USERS="${1#*=}"; shift ;;
        --raw-nice) RAW_NICE="${2:-}"; shift 2 ;;
        --raw-nice=*) RAW_NICE="${1#*=}"; shift ;;
        --rounds) ROUNDS="${2:-}"; shift 2 ;;
        --rounds=*) ROUNDS="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
for pair in "duration:$DURATION" "signin-connections:$SIGNIN_CONNECTIONS" "rest-connections:$REST_CONNECTIONS" \
    "workers:$WORKERS" "users:$USERS" "rounds:$ROUNDS"; do
    [[ "${pair#*:}" =~ ^[1-9][0-9]*$ ]] || die "--${pair%%:*} must be a positive integer, got '${pair#*:}'"
done
[[ "$RAW_NICE" =~ ^[0-9]+$ ]] && (( RAW_NICE <= 19 )) || die "--raw-nice must be 0..19, got '$RAW_NICE'"
[[ "$REST_RATE" =~ ^[0-9]+$ ]] || die "--rest-rate must be a non-negative integer, got '$REST_RATE'"
# The pause after each response on each REST connection, in whole milliseconds (wrk's delay()).
REST_DELAY_MS=0
if (( REST_RATE > 0 )); then
    REST_DELAY_MS=$(( (1000 * REST_CONNECTIONS + REST_RATE / 2) / REST_RATE ))
    (( REST_DELAY_MS >= 1 )) || REST_DELAY_MS=1
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO="$(pwd)"

# The REST probe's table (rest.sh's scenario (a)) and the accounts.
ROWS=10000
USER_ID="6c0f5b1e-8d2a-4c51-9b7e-2f4a3d9c0b11"
EMAIL_PREFIX="bench-user-"
PASSWORD="bench-password-0123456789"

BENCH_NAME=auth
source "$REPO/bench/lib/server.sh"
bench_need wrk jq curl openssl
bench_pg_bin psql
NCPU="$(nproc)"

# --- server ------------------------------------------------------------------------------

bench_build_server "$REPO" argon2_rate
ARGON2_BIN="$EXAMPLES_DIR/argon2_rate"
BG_PID=""
# The background sign-in wrk of step 4, when the script stops during it.
bench_before_cleanup() {
    if [[ -n "$BG_PID" ]] && kill -0 "$BG_PID" 2>/dev/null; then
        pkill -TERM -P "$BG_PID" 2>/dev/null || true
        kill -TERM "$BG_PID" 2>/dev/null || true
        wait "$BG_PID" 2>/dev/null || true
    fi
}
bench_start_server AUTH_RATE_LIMIT=1000000000 PASSWORD_HASH_CONCURRENCY="$WORKERS"

# --- REST fixture (rest.sh's table) ------------------------------------------------------

bench_items_fixture "$ROWS" "$USER_ID"
USER_JWT="$(bench_user_jwt "$USER_ID")"

REST_HEADERS=(-H "apikey: $ANON_KEY" -H "Authorization: Bearer $USER_JWT" -H "Accept: application/json")

REST_READY=0
for _ in $(seq 1 100); do
    if [[ "$(curl -s -o /dev/null -w '%{http_code}' "${REST_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1")" == 200 ]]; then
        REST_READY=1; break
    fi
    sleep 0.1
done
(( REST_READY )) || die "GET /rest/v1/bench_items?limit=1 did not answer 200 within 10 s" \
    "(status $(curl -s -o /dev/null -w '%{http_code}' "${REST_HEADERS[@]}" "$BASE/rest/v1/bench_items?limit=1"))"

# --- accounts ----------------------------------------------------------------------------

ADMIN_HEADERS=(-H "apikey: $SERVICE_KEY" -H "Authorization: Bearer $SERVICE_KEY" -H "Content-Type: application/json")
user_body() { printf '{"email":"%s%s@example.com","password":"%s","email_confirm":true}' "$EMAIL_PREFIX" "$1" "$PASSWORD"; }

# The first account by hand, to show the exact answer when it fails.
status="$(curl -s -o "$WORK/user.body" -w '%{http_code}' -X POST "${ADMIN_HEADERS[@]}" --data "$(user_body 1)" \
    "$BASE/auth/v1/admin/users")" || true
[[ "$status" == 200 ]] ||
    die "POST /auth/v1/admin/users answered $status, expected 200: $(head -c 300 "$WORK/user.body")"
[[ "$(jq -r '.email // empty' "$WORK/user.body" 2>/dev/null)" == "${EMAIL_PREFIX}1@example.com" ]] ||
    die "POST /auth/v1/admin/users answered 200 without the user's email: $(head -c 300 "$WORK/user.body")"

# The others in parallel (each one hashes a password).
users_start="$(date +%s.%N)"
if (( USERS > 1 )); then
    seq 2 "$USERS" | xargs -P "$((WORKERS + 2))" -I{} curl -s -o /dev/null -w '%{http_code}\n' -X POST "${ADMIN_HEADERS[@]}" \
        --data "{\"email\":\"${EMAIL_PREFIX}{}@example.com\",\"password\":\"$PASSWORD\",\"email_confirm\":true}" \
        "$BASE/auth/v1/admin/users" >"$WORK/users.status" || true
    created="$(grep -c '^200$' "$WORK/users.status" || true)"
    if (( created != USERS - 1 )); then
        die "creating accounts: $created of $((USERS - 1)) answered 200; statuses: $(sort "$WORK/users.status" | uniq -c | tr -s ' \n' ' ')"
    fi
fi
users_seconds="$(awk -v a="$users_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"

# One sign-in and one REST read by hand: the exact status and body, which wrk only counts.
status="$(curl -s -o "$WORK/signin.body" -w '%{http_code}' -X POST -H "apikey: $ANON_KEY" -H "Authorization: Bearer $ANON_KEY" \
    -H "Content-Type: application/json" --data "{\"email\":\"${EMAIL_PREFIX}${USERS}@example.com\",\"password\":\"$PASSWORD\"}" \
    "$BASE/auth/v1/token?grant_type=password")" || true
[[ "$status" == 200 ]] ||
    die "POST /auth/v1/token?grant_type=password answered $status, expected 200: $(head -c 300 "$WORK/signin.body")"
jq -e --arg email "${EMAIL_PREFIX}${USERS}@example.com" \
    '(.access_token | type == "string") and (.refresh_token | type == "string") and .user.email == $email' \
    "$WORK/signin.body" >/dev/null 2>&1 ||
    die "the sign-in answered 200 without access_token, refresh_token and the user's email: $(head -c 300 "$WORK/signin.body")"
rows="$(curl -s "${REST_HEADERS[@]}" "$BASE/rest/v1/bench_items?select=*&id=eq.1" | jq 'length' 2>/dev/null || echo '?')"
[[ "$rows" == 1 ]] || die "GET /rest/v1/bench_items?select=*&id=eq.1 returned $rows rows, expected 1"
BENCH_SETUP_DONE=1

# --- measuring ---------------------------------------------------------------------------

TOTAL_ERRORS=0

field() { grep -o "\\b$1=[^ ]*" <<<"$2" | head -n1 | cut -d= -f2; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" 'BEGIN { if (b + 0 > 0) printf f, a / b; else printf f, 0 }'; }

# Share of CPU time left idle over one second: other work on the machine (a build, tests)
# skews every figure, and not equally.
idle_percent() {
    local a b
    read -r -a a < <(grep '^cpu ' /proc/stat)
    sleep 1
    read -r -a b < <(grep '^cpu ' /proc/stat)
    local total=0 i
    for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
    echo $(( total > 0 ? 100 * (b[4] + b[5] - a[4] - a[5]) / total : 0 ))
}

# CPU time (clock ticks) per process, from /proc (all threads of the process together).
CLK_TCK="$(getconf CLK_TCK)"
ticks_of() { awk '{ sub(/^.*\) /, ""); print $12 + $13 + ($14 + $15) * ALL }' ALL="${2:-0}" "/proc/$1/stat" 2>/dev/null || echo 0; }
pg_ticks() {
    local pm total child
    pm="$(head -n1 "$SOCKET_DIR/postmaster.pid")"
    total="$(ticks_of "$pm" 1)"
    for child in $(ps -o pid= --ppid "$pm"); do total=$((total + $(ticks_of "$child"))); done
    echo "$total"
}
us_per() { awk -v t="$1" -v n="$2" -v hz="$CLK_TCK" 'BEGIN { printf "%.0f", (n > 0 ? t / hz * 1e6 / n : 0) }'; }
gen_ticks() { awk -v hz="$CLK_TCK" '{ printf "%.0f", ($1 + $2) * hz }' "$1"; }

# The raw verify rate with N threads. Sets RAW_RATE, RAW_MS.
run_argon2() {
    local threads="$1" out
    if ! nice -n "$RAW_NICE" "$ARGON2_BIN" --threads "$threads" --seconds "$DURATION" </dev/null >"$WORK/argon2.out" 2>&1; then
        echo "  argon2_rate --threads $threads failed:"; sed 's/^/    /' "$WORK/argon2.out" | tail -n 5
        ERRORS=$((ERRORS + 1))
    fi
    out="$(grep '^ARGON2 ' "$WORK/argon2.out" || echo 'ARGON2 rate=0 ms_per_verify=0')"
    RAW_RATE="$(field rate "$out")"; RAW_MS="$(field ms_per_verify "$out")"
}

# wrk_cmd OUT LUA CONNECTIONS SECONDS TIMEOUT [VAR=VALUE ...]: wrk with one thread, in the
# foreground; its user and system CPU time goes to OUT.time.
wrk_cmd() {
    local out="$1" lua="$2" conns="$3" secs="$4" timeout="$5" TIMEFORMAT='%U %S'
    shift 5
    { time env BENCH_WRK_DIR="$REPO/bench/wrk" BENCH_APIKEY="$ANON_KEY" "$@" \
        wrk -t 1 -c "$conns" -d "${secs}s" --timeout "$timeout" -s "$REPO/bench/wrk/$lua" "$BASE" \
        </dev/null >"$out" 2>&1; } 2>"$out.time"
}
signin_wrk() { wrk_cmd "$1" auth_signin.lua "$SIGNIN_CONNECTIONS" "$2" 30s \
    BENCH_USERS="$USERS" BENCH_EMAIL_PREFIX="$EMAIL_PREFIX" BENCH_PASSWORD="$PASSWORD"; }
rest_wrk() { wrk_cmd "$1" auth_rest.lua "$REST_CONNECTIONS" "$DURATION" 5s \
    BENCH_JWT="$USER_JWT" BENCH_ROWS="$ROWS" BENCH_DELAY_MS="$REST_DELAY_MS"; }

# read_wrk FILE RC: parses the WRK line. Sets W_REQ, W_OK, W_RPS (successful responses per
# second), W_P50, W_P99 (µs), W_ERR, W_ERRTEXT and W_FIRST (the first failed response, if
# any); adds W_ERR to ERRORS.
read_wrk() {
    local file="$1" rc="$2" out non2xx bad conn rd wr timeout duration
    out="$(grep '^WRK ' "$file" || true)"
    if (( rc != 0 )) || [[ -z "$out" ]]; then
        echo "  wrk failed (exit $rc):"; sed 's/^/    /' "$file" | tail -n 20
        ERRORS=$((ERRORS + 1))
        out="WRK requests=0 duration_us=1 p50_us=0 p99_us=0 non2xx=0 bad_body=0 err_connect=0 err_read=0 err_write=0 err_timeout=0"
    fi
    W_REQ="$(field requests "$out")"; duration="$(field duration_us "$out")"
    W_P50="$(field p50_us "$out")"; W_P99="$(field p99_us "$out")"
    non2xx="$(field non2xx "$out")"; bad="$(field bad_body "$out")"
    conn="$(field err_connect "$out")"; rd="$(field err_read "$out")"
    wr="$(field err_write "$out")"; timeout="$(field err_timeout "$out")"
    W_ERR=$((non2xx + bad + conn + rd + wr + timeout))
    W_OK=$((W_REQ - non2xx - bad))
    W_RPS="$(awk -v n="$W_OK" -v us="$duration" 'BEGIN { printf "%.1f", (us > 0 ? n / (us / 1e6) : 0) }')"
    W_ERRTEXT="errors $W_ERR"
    W_FIRST=""
    if (( W_ERR > 0 )); then
        W_ERRTEXT+=" (non-2xx $non2xx, bad body $bad, connect $conn, read $rd, write $wr, timeout $timeout)"
        W_FIRST="$(grep -m1 '^WRK_FIRST_ERROR ' "$file" | sed 's/^WRK_FIRST_ERROR //' || true)"
    fi
    ERRORS=$((ERRORS + W_ERR))
}

show_first() { if [[ -n "$W_FIRST" ]]; then echo "           first failed response: $W_FIRST"; fi; }

# Before the next run: the sign-ins wrk left queued are still verified after it stops (the
# server does not cancel queued hashes), so wait until the server's CPU use falls below a
# tenth of a CPU over half a second (at most 15 s).
settle() {
    local a b i
    sleep 1
    for i in $(seq 1 30); do
        a="$(ticks_of "$SERVER_PID")"; sleep 0.5; b="$(ticks_of "$SERVER_PID")"
        (( (b - a) * 20 < CLK_TCK )) && return 0
    done
    echo "  note: the server was still busy 15 s after the run"
}

ALL_RAW1="" ALL_RAWW="" ALL_MS1="" ALL_IDLE_P50="" ALL_IDLE_P99="" ALL_IDLE_RPS=""
ALL_SIGNIN="" ALL_SIGNIN_P50="" ALL_SIGNIN_P99="" ALL_LOAD_P50="" ALL_LOAD_P99="" ALL_LOAD_RPS=""
ALL_LOAD_SIGNIN="" ALL_RATIO_SIGNIN="" ALL_RATIO_P99=""
pace="paced at about $REST_RATE req/s: ${REST_DELAY_MS} ms pause per connection after each response"
(( REST_RATE > 0 )) || pace="closed loop, no pause"

echo "Sign-ins against the raw argon2 verify rate; REST latency under sign-ins"
echo "  commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?'), $NCPU CPUs, $(wrk --version 2>&1 | head -n1 | cut -d' ' -f1-2)"
echo "  server $BASE (release, LOG_LEVEL=warn, PASSWORD_HASH_CONCURRENCY=$WORKERS, AUTH_RATE_LIMIT=1000000000)"
echo "  $USERS accounts (created in ${users_seconds} s), argon2id m=19456 KiB t=2 p=1 (raw rate at nice $RAW_NICE); duration ${DURATION}s per run, rounds $ROUNDS"
echo "  sign-ins: $SIGNIN_CONNECTIONS connections, POST /auth/v1/token?grant_type=password, a random account per request"
echo "  REST probe: $REST_CONNECTIONS connections, GET /rest/v1/bench_items?select=*&id=eq.<random> ($ROWS rows, RLS), $pace"
echo "  load average $(cut -d' ' -f1-3 /proc/loadavg)"
bench_scheduler_note

for round in $(seq 1 "$ROUNDS"); do
    ERRORS=0
    echo
    echo "round $round"
    idle="$(idle_percent)"
    if (( idle < 80 )); then
        echo "  warning: only ${idle}% of the CPU was idle just before this round: other work on the machine skews the figures"
    fi

    # 1. raw argon2 verify rate: 1 thread, then as many threads as hashing workers
    run_argon2 1
    raw1="$RAW_RATE" ms1="$RAW_MS"
    printf '  argon2 raw       %8.1f verifies/s with 1 thread (%s ms per verify)\n' "$raw1" "$ms1"
    if (( WORKERS == 1 )); then
        raww="$raw1"
    else
        run_argon2 "$WORKERS"
        raww="$RAW_RATE"
        printf '  argon2 raw       %8.1f verifies/s with %s threads (%s ms per verify)\n' "$raww" "$WORKERS" "$RAW_MS"
    fi

    # 2. REST probe, idle server
    rc=0; rest_wrk "$WORK/rest.out" || rc=$?
    read_wrk "$WORK/rest.out" "$rc"
    idle_p50="$W_P50" idle_p99="$W_P99" idle_rps="$W_RPS"
    printf '  REST idle        %8.1f req/s   p50 %s ms   p99 %s ms   requests %s   %s\n' \
        "$W_RPS" "$(ms "$W_P50")" "$(ms "$W_P99")" "$W_REQ" "$W_ERRTEXT"
    show_first

    # 3. sign-ins alone, with the CPU each one cost
    pg0="$(pg_ticks)"; sv0="$(ticks_of "$SERVER_PID")"
    rc=0; signin_wrk "$WORK/signin.out" "$DURATION" || rc=$?
    pg1="$(pg_ticks)"; sv1="$(ticks_of "$SERVER_PID")"
    read_wrk "$WORK/signin.out" "$rc"
    signin="$W_RPS" signin_p50="$W_P50" signin_p99="$W_P99" signin_req="$W_REQ"
    printf '  sign-ins         %8.1f /s      p50 %s ms   p99 %s ms   requests %s   %s\n' \
        "$W_RPS" "$(ms "$W_P50")" "$(ms "$W_P99")" "$W_REQ" "$W_ERRTEXT"
    show_first
    gen="$(gen_ticks "$WORK/signin.out.time")"
    printf '           CPU per sign-in: server %s µs, postgres %s µs, wrk %s µs; %s of %s CPUs busy (one verify alone: %s µs)\n' \
        "$(us_per $((sv1 - sv0)) "$signin_req")" "$(us_per $((pg1 - pg0)) "$signin_req")" "$(us_per "$gen" "$signin_req")" \
        "$(awk -v t=$((sv1 - sv0 + pg1 - pg0 + gen)) -v hz="$CLK_TCK" -v d="$DURATION" 'BEGIN { printf "%.2f", t / hz / d }')" \
        "$NCPU" "$(awk -v m="$ms1" 'BEGIN { printf "%.0f", m * 1000 }')"
    settle

    # 4. REST probe while the sign-in connections run (they start 2 s earlier, stop 1 s later)
    rc=0
    signin_wrk "$WORK/load-signin.out" $((DURATION + 3)) &
    BG_PID=$!
    sleep 2
    rest_wrk "$WORK/rest.out" || rc=$?
    bg_rc=0; wait "$BG_PID" || bg_rc=$?
    BG_PID=""
    read_wrk "$WORK/rest.out" "$rc"
    load_p50="$W_P50" load_p99="$W_P99" load_rps="$W_RPS"
    printf '  REST + sign-ins  %8.1f req/s   p50 %s ms   p99 %s ms   requests %s   %s\n' \
        "$W_RPS" "$(ms "$W_P50")" "$(ms "$W_P99")" "$W_REQ" "$W_ERRTEXT"
    show_first
    read_wrk "$WORK/load-signin.out" "$bg_rc"
    load_signin="$W_RPS"
    printf '    its sign-ins   %8.1f /s      p50 %s ms   p99 %s ms   requests %s   %s\n' \
        "$W_RPS" "$(ms "$W_P50")" "$(ms "$W_P99")" "$W_REQ" "$W_ERRTEXT"
    show_first
    settle

    ratio_signin="$(div "$signin" "$raww")"
    ratio_p99="$(div "$load_p99" "$idle_p99")"
    echo "  sign-ins ÷ raw ($WORKERS thread$( (( WORKERS == 1 )) || echo s)) = $ratio_signin;  REST p99 under sign-ins ÷ idle = $ratio_p99"
    if (( ERRORS > 0 )); then echo "  errors this round: $ERRORS"; fi
    TOTAL_ERRORS=$((TOTAL_ERRORS + ERRORS))

    ALL_RAW1+=" $raw1"; ALL_RAWW+=" $raww"; ALL_MS1+=" $ms1"
    ALL_IDLE_P50+=" $idle_p50"; ALL_IDLE_P99+=" $idle_p99"; ALL_IDLE_RPS+=" $idle_rps"
    ALL_SIGNIN+=" $signin"; ALL_SIGNIN_P50+=" $signin_p50"; ALL_SIGNIN_P99+=" $signin_p99"
    ALL_LOAD_P50+=" $load_p50"; ALL_LOAD_P99+=" $load_p99"; ALL_LOAD_RPS+=" $load_rps"; ALL_LOAD_SIGNIN+=" $load_signin"
    ALL_RATIO_SIGNIN+=" $ratio_signin"; ALL_RATIO_P99+=" $ratio_p99"
done

# --- summary -----------------------------------------------------------------------------

med() { median <<<"$1"; }
verdict() {  # verdict VALUE OP TARGET
    if (( TOTAL_ERRORS > 0 )); then echo "ERRORS (not meaningful)"; return; fi
    awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == ">=") ? (v + 0 >= t + 0) : (v + 0 <= t + 0); print ok ? "PASS" : "MISS" }'
}
PLURAL=s; (( WORKERS > 1 )) || PLURAL=""
RATIO_SIGNIN="$(med "$ALL_RATIO_SIGNIN" | awk '{ printf "%.2f", $1 }')"
RATIO_P99="$(med "$ALL_RATIO_P99" | awk '{ printf "%.2f", $1 }')"
echo
if (( ROUNDS > 1 )); then echo "summary (medians over $ROUNDS rounds)"; else echo "summary"; fi
printf '  %-48s %10s\n' "raw argon2 verifies/s, 1 thread" "$(med "$ALL_RAW1" | awk '{ printf "%.1f", $1 }')"
printf '  %-48s %10s\n' "raw argon2 verifies/s, $WORKERS thread$PLURAL (= workers)" "$(med "$ALL_RAWW" | awk '{ printf "%.1f", $1 }')"
printf '  %-48s %10s   (p50 %s ms, p99 %s ms)\n' "sign-ins/s, $SIGNIN_CONNECTIONS connections" \
    "$(med "$ALL_SIGNIN" | awk '{ printf "%.1f", $1 }')" "$(ms "$(med "$ALL_SIGNIN_P50")")" "$(ms "$(med "$ALL_SIGNIN_P99")")"
printf '  %-48s %10s   target ≥ 0.95   %s\n' "sign-ins/s / raw verifies/s ($WORKERS thread$PLURAL)" "$RATIO_SIGNIN" "$(verdict "$RATIO_SIGNIN" '>=' 0.95)"
printf '  %-48s %10s   (p50 %s ms, %s req/s)\n' "REST p99 ms, idle" "$(ms "$(med "$ALL_IDLE_P99")")" \
    "$(ms "$(med "$ALL_IDLE_P50")")" "$(med "$ALL_IDLE_RPS" | awk '{ printf "%.1f", $1 }')"
printf '  %-48s %10s   (p50 %s ms, %s req/s; sign-ins meanwhile %s/s)\n' "REST p99 ms, under $SIGNIN_CONNECTIONS sign-in connections" \
    "$(ms "$(med "$ALL_LOAD_P99")")" "$(ms "$(med "$ALL_LOAD_P50")")" "$(med "$ALL_LOAD_RPS" | awk '{ printf "%.1f", $1 }')" \
    "$(med "$ALL_LOAD_SIGNIN" | awk '{ printf "%.1f", $1 }')"
printf '  %-48s %10s   target ≤ 2.00   %s\n' "REST p99 under sign-ins / idle" "$RATIO_P99" "$(verdict "$RATIO_P99" '<=' 2.0)"
if (( TOTAL_ERRORS > 0 )); then
    echo "errors: $TOTAL_ERRORS failed requests or runs (see above); exit status 1"
    exit 1
fi
