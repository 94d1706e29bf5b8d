# Shared by benchmarks: build the release server, start it on a fresh embedded cluster in a
# temporary directory, stop it and clean up on exit. Source it; do not run it.
#
# After `bench_start_server [ENV=VALUE ...]`: BASE (http://127.0.0.1:port), SERVER_PID,
# WORK (the temporary directory), DATA_DIR, ANON_KEY, SERVICE_KEY. Set BENCH_NAME first.

bench_die() { echo "bench/${BENCH_NAME:-bench}: $*" >&2; exit 2; }

bench_build_server() {
    local repo="$1"
    echo "building the release server (cargo build --release --locked)" >&2
    (cd "$repo" && cargo build --release --locked -p server --bin server </dev/null >&2) || bench_die "cargo build failed"
    local target="${CARGO_TARGET_DIR:-$repo/target}"
    [[ "$target" == /* ]] || target="$repo/$target"
    SERVER_BIN="$target/release/server"
    [[ -x "$SERVER_BIN" ]] || bench_die "no server binary at $SERVER_BIN"
}

bench_cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [[ -n "${SERVER_PID:-}" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 300); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if (( status != 0 )) && [[ -s "${WORK:-}/server.err" ]]; then
        echo "--- last lines of the server's log" >&2
        tail -n 15 "$WORK/server.err" >&2
    fi
    for _ in $(seq 1 100); do [[ -e "${DATA_DIR:-/nonexistent}/postgres/postmaster.pid" ]] || break; sleep 0.1; done
    [[ -n "${WORK:-}" ]] && rm -rf "$WORK"
    exit "$status"
}

bench_start_server() {
    WORK="$(mktemp -d "/tmp/bench-${BENCH_NAME:-bench}.XXXXXX")"
    chmod 755 "$WORK"  # PostgreSQL runs as the account `postgres` when we are root
    DATA_DIR="$WORK/data"
    local secret="bench-secret-that-is-long-enough-for-hs256-signing"
    trap bench_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    env -u DATABASE_URL -u AUTHENTICATOR_PASSWORD \
        DATA_DIR="$DATA_DIR" JWT_SECRET="$secret" HOST=127.0.0.1 PORT=0 LOG_LEVEL=warn "$@" \
        "$SERVER_BIN" serve </dev/null >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER_PID=$!
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
        sleep 0.1
    done
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/ready")" == 200 ]] || bench_die "GET /ready did not answer 200"
    local keys
    keys="$(env -u DATABASE_URL DATA_DIR="$DATA_DIR" JWT_SECRET="$secret" "$SERVER_BIN" keys </dev/null)"
    ANON_KEY="$(sed -n 's/^ANON_KEY=//p' <<<"$keys")"
    SERVICE_KEY="$(sed -n 's/^SERVICE_ROLE_KEY=//p' <<<"$keys")"
    [[ -n "$SERVICE_KEY" ]] || bench_die "server keys printed no SERVICE_ROLE_KEY"
}
