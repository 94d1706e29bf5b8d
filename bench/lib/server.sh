# Shared by the benchmarks: the tools they need, the release build, the server on a fresh
# embedded cluster in a temporary directory (stopped and cleaned up on exit), the REST
# fixture table and a caller's token. Source it; do not run it. Set BENCH_NAME first.
#
#   bench_need TOOL...            installs the missing ones with apt-get (as root)
#   bench_pg_bin TOOL...          PG_BIN: the PostgreSQL 15 bin directory holding the tools
#   bench_build_server REPO [EXAMPLE...]
#                                 SERVER_BIN (and EXAMPLES_DIR): cargo build --release --locked;
#                                 BENCH_SERVER_BIN=PATH uses that binary instead (no build;
#                                 e.g. a debug build, to try a script: not for figures);
#                                 with BENCH_EXAMPLES_DIR=DIR too, the examples are taken
#                                 from DIR (e.g. target/debug/examples: the dev profile builds
#                                 argon2 and blake2 optimised, so argon2_rate's rate holds);
#                                 SERVER_KIND says which, for the scripts' headings
#   bench_start_server [ENV=VALUE ...]
#                                 BASE (http://127.0.0.1:port), SERVER_PID, WORK (the temporary
#                                 directory), DATA_DIR, SOCKET_DIR, PG_SOCKET_PORT, ANON_KEY,
#                                 SERVICE_KEY. The command in the array BENCH_SERVER_PREFIX, if
#                                 any, runs the server (e.g. taskset). The server starts in a
#                                 session of its own (setsid), as a service manager starts it,
#                                 so that it does not share the load generators' scheduling
#                                 group when the kernel schedules by session
#                                 (bench_scheduler_note); BENCH_SERVER_SESSION=shared keeps it
#                                 in the benchmark's session (the arrangement before issue 22's
#                                 fourth pass).
#   bench_stop_server             stops the server (and its PostgreSQL) and removes WORK, so
#                                 that bench_start_server can start another (e.g. with
#                                 other settings) in the same script
#   bench_psql ARGS...            psql as the superuser on the server's database
#   bench_items_fixture ROWS USER_ID [insert]
#                                 public.bench_items with ROWS rows of USER_ID and RLS
#   bench_user_jwt USER_ID        prints a 10-year HS256 token of USER_ID, role authenticated
#   bench_user_claims USER_ID     prints its claims (JSON)
#
# On exit the function bench_before_cleanup runs first when the script defines it (to stop
# its own background load). When the script exits non-zero before it sets BENCH_SETUP_DONE=1,
# the last lines of the server's and PostgreSQL's logs are printed.

# The secret is fixed so that a run is reproducible; it protects nothing (the server lives
# for one run on 127.0.0.1).
JWT_SECRET="bench-only-secret-not-for-production-0123456789"
PG_SOCKET_PORT=5432
BENCH_SETUP_DONE=0

bench_die() { echo "bench/${BENCH_NAME:-bench}.sh: $*" >&2; exit 2; }

# bench_scheduler_note: one line on the kernel's session autogroups, which decide the tails
# (bench/README.md, "Issue 22", second to fourth pass): with them on, each session is one
# group competing with the others for CPU (and every PostgreSQL backend is a session).
bench_scheduler_note() {
    local autogroup
    autogroup="$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo '?')"
    case "$autogroup" in
        1) if [[ "${BENCH_SERVER_SESSION:-own}" == own ]]; then
               echo "  kernel.sched_autogroup_enabled=1: the server in its own session's group (as a service manager starts it), each PostgreSQL backend in its own, the load generators in another"
           else
               echo "  kernel.sched_autogroup_enabled=1; BENCH_SERVER_SESSION=shared: the server in the load generators' group, each PostgreSQL backend in its own (see bench/README.md)"
           fi ;;
        0) echo "  kernel.sched_autogroup_enabled=0" ;;
        *) echo "  kernel.sched_autogroup_enabled: unknown" ;;
    esac
}

bench_need() {
    local missing=() tool
    for tool in "$@"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
    (( ${#missing[@]} )) || return 0
    [[ $(id -u) -eq 0 ]] || bench_die "missing ${missing[*]}; run as root or: apt-get install -y ${missing[*]}"
    echo "installing ${missing[*]} with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null ||
        { apt-get update -qq </dev/null >/dev/null && apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null; } ||
        bench_die "apt-get install ${missing[*]} failed"
}

bench_pg_bin() {
    local dir tool found
    PG_BIN="${PG_BIN_DIR:-}"
    if [[ -z "$PG_BIN" ]]; then
        for dir in /usr/lib/postgresql/15/bin "$(pg_config --bindir 2>/dev/null || true)"; do
            [[ -n "$dir" ]] || continue
            found=1
            for tool in "$@"; do [[ -x "$dir/$tool" ]] || found=0; done
            if (( found )); then PG_BIN="$dir"; break; fi
        done
    fi
    for tool in "$@"; do
        [[ -n "$PG_BIN" && -x "$PG_BIN/$tool" ]] || bench_die "$tool not found (install postgresql-15 or set PG_BIN_DIR)"
    done
}

bench_build_server() {
    local repo="$1" example build=(-p server --bin server)
    shift
    if [[ -n "${BENCH_SERVER_BIN:-}" && ( $# -eq 0 || -n "${BENCH_EXAMPLES_DIR:-}" ) ]]; then
        SERVER_BIN="$BENCH_SERVER_BIN"
        [[ -x "$SERVER_BIN" ]] || bench_die "no server binary at $SERVER_BIN"
        echo "using $SERVER_BIN (BENCH_SERVER_BIN), not a release build" >&2
        SERVER_KIND="BENCH_SERVER_BIN server ($SERVER_BIN)"
        EXAMPLES_DIR="${BENCH_EXAMPLES_DIR:-}"
        for example in "$@"; do
            [[ -x "$EXAMPLES_DIR/$example" ]] || bench_die "no $example example at $EXAMPLES_DIR/$example (BENCH_EXAMPLES_DIR)"
            echo "using $EXAMPLES_DIR/$example (BENCH_EXAMPLES_DIR)" >&2
        done
        return
    fi
    for example in "$@"; do build+=(--example "$example"); done
    echo "building the release server${*:+ and $*} (cargo build --release --locked)" >&2
    (cd "$repo" && cargo build --release --locked "${build[@]}" </dev/null >&2) || bench_die "cargo build failed"
    local target="${CARGO_TARGET_DIR:-$repo/target}"
    [[ "$target" == /* ]] || target="$repo/$target"
    SERVER_BIN="$target/release/server"
    SERVER_KIND="release server"
    EXAMPLES_DIR="$target/release/examples"
    [[ -x "$SERVER_BIN" ]] || bench_die "no server binary at $SERVER_BIN"
    for example in "$@"; do
        [[ -x "$EXAMPLES_DIR/$example" ]] || bench_die "no $example example at $EXAMPLES_DIR/$example"
    done
}

bench_cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if declare -F bench_before_cleanup >/dev/null; then bench_before_cleanup || true; fi
    if (( status != 0 && BENCH_SETUP_DONE == 0 )); then
        local log
        for log in "${WORK:-/nonexistent}/server.err" "${DATA_DIR:-/nonexistent}/postgres.log"; do
            if [[ -s "$log" ]]; then echo "--- last lines of $log" >&2; tail -n 15 "$log" >&2; fi
        done
    fi
    if [[ -n "${SERVER_PID:-}" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 300); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "the server did not stop within 30 s; killing it" >&2
            kill -KILL "$SERVER_PID" 2>/dev/null || true
        fi
        wait "$SERVER_PID" 2>/dev/null || true
    elif [[ -n "${SERVER_PID:-}" ]] && (( BENCH_SETUP_DONE )); then
        echo "the server was no longer running at the end of the benchmark; last lines of its log:" >&2
        tail -n 15 "$WORK/server.err" >&2 || true
    fi
    # PostgreSQL stops with the server (or on its own when the server was killed).
    for _ in $(seq 1 100); do [[ -e "${SOCKET_DIR:-/nonexistent}/postmaster.pid" ]] || break; sleep 0.1; done
    [[ -n "${WORK:-}" ]] && rm -rf "$WORK"
    exit "$status"
}

bench_start_server() {
    WORK="$(mktemp -d "/tmp/bench-${BENCH_NAME:-bench}.XXXXXX")"
    chmod 755 "$WORK"  # PostgreSQL runs as the account `postgres` when we are root
    DATA_DIR="$WORK/data"
    SOCKET_DIR="$DATA_DIR/postgres"  # server/src/db/embedded/cluster.rs: the cluster directory itself
    SERVER_PID=""
    trap bench_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    local prefix=()
    if declare -p BENCH_SERVER_PREFIX >/dev/null 2>&1; then prefix=("${BENCH_SERVER_PREFIX[@]}"); fi
    local session_prefix=()
    case "${BENCH_SERVER_SESSION:-own}" in
        own) session_prefix=(setsid) ;;
        shared) ;;
        *) bench_die "BENCH_SERVER_SESSION is 'own' (the default) or 'shared', not '$BENCH_SERVER_SESSION'" ;;
    esac
    env -u DATABASE_URL -u AUTHENTICATOR_PASSWORD \
        DATA_DIR="$DATA_DIR" JWT_SECRET="$JWT_SECRET" HOST=127.0.0.1 PORT=0 LOG_LEVEL=warn \
        REST_RATE_LIMIT=0 ANON_WRITE_RATE_LIMIT=0 HTTP_MAX_CONNECTIONS=4096 "$@" \
        ${session_prefix[@]+"${session_prefix[@]}"} ${prefix[@]+"${prefix[@]}"} "$SERVER_BIN" serve </dev/null >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER_PID=$!
    # setsid execs in place (a background job of a script is no process group leader), so
    # SERVER_PID is the server's; were it to fork, its parent would exit and the check below
    # would stop here.
    BASE=""
    for _ in $(seq 1 600); do
        kill -0 "$SERVER_PID" 2>/dev/null || bench_die "the server exited during start-up"
        BASE="$(grep -m1 -o 'running at http://[^ ]*' "$WORK/server.out" 2>/dev/null | sed 's/^running at //' || true)"
        [[ -n "$BASE" ]] && break
        sleep 0.1
    done
    [[ -n "$BASE" ]] || bench_die "the server printed no address within 60 s"
    for _ in $(seq 1 600); do
        [[ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/ready")" == 200 ]] && break
        kill -0 "$SERVER_PID" 2>/dev/null || bench_die "the server exited before /ready"
        sleep 0.1
    done
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/ready")" == 200 ]] || bench_die "GET /ready did not answer 200 within 60 s"
    local keys
    keys="$(env -u DATABASE_URL DATA_DIR="$DATA_DIR" JWT_SECRET="$JWT_SECRET" "$SERVER_BIN" keys </dev/null)"
    ANON_KEY="$(sed -n 's/^ANON_KEY=//p' <<<"$keys")"
    SERVICE_KEY="$(sed -n 's/^SERVICE_ROLE_KEY=//p' <<<"$keys")"
    [[ -n "$ANON_KEY" ]] || bench_die "server keys printed no ANON_KEY"
    [[ -n "$SERVICE_KEY" ]] || bench_die "server keys printed no SERVICE_ROLE_KEY"
}

bench_stop_server() {
    if [[ -n "${SERVER_PID:-}" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 300); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    for _ in $(seq 1 100); do [[ -e "${SOCKET_DIR:-/nonexistent}/postmaster.pid" ]] || break; sleep 0.1; done
    SERVER_PID=""
    [[ -n "${WORK:-}" ]] && rm -rf "$WORK"
    WORK=""
}

bench_psql() {
    "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$SOCKET_DIR" -p "$PG_SOCKET_PORT" -U postgres -d app "$@"
}

# rest.sh's table (also auth.sh's REST probe): ROWS rows owned by USER_ID, readable by their
# owner through RLS; with `insert`, also insertable by the owner.
bench_items_fixture() {
    local rows="$1" user_id="$2" insert_policy=""
    if [[ "${3:-}" == insert ]]; then
        insert_policy="create policy bench_items_insert on public.bench_items for insert to authenticated
  with check (owner_id = (select auth.uid()));"
    fi
    bench_psql >/dev/null <<SQL || bench_die "creating public.bench_items failed"
create table public.bench_items (
  id bigint generated by default as identity primary key,
  owner_id uuid not null default auth.uid(),
  title text not null,
  amount numeric(10,2) not null default 0,
  created_at timestamptz not null default now()
);
alter table public.bench_items enable row level security;
create policy bench_items_select on public.bench_items for select to authenticated
  using (owner_id = (select auth.uid()));
$insert_policy
insert into public.bench_items (owner_id, title, amount, created_at)
  select '$user_id', 'item ' || g, (g % 1000) / 10.0, now() - g * interval '1 minute'
  from generate_series(1, $rows) g;
analyze public.bench_items;
notify pgrst, 'reload schema';
SQL
}

# The claims of bench_user_jwt: USER_ID, role authenticated, valid for 10 years.
bench_user_claims() {
    local now
    now="$(date +%s)"
    printf '{"aud":"authenticated","exp":%s,"iat":%s,"role":"authenticated","sub":"%s"}\n' \
        "$((now + 10 * 365 * 24 * 3600))" "$now" "$1"
}

bench_user_jwt() {
    local head body sig
    head="$(printf '%s' '{"alg":"HS256","typ":"JWT"}' | bench_b64url)"
    body="$(bench_user_claims "$1" | tr -d '\n' | bench_b64url)"
    sig="$(printf '%s' "$head.$body" | openssl dgst -sha256 -hmac "$JWT_SECRET" -binary | bench_b64url)"
    printf '%s\n' "$head.$body.$sig"
}

bench_b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }
