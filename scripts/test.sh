#!/usr/bin/env bash
# `make test`: every check and test suite of the project, then one closing line
# `N passed, N failed` that sums them all. Exits non-zero when anything failed.
#
# Suites: formatting (rustfmt), lints (clippy -D warnings), Rust unit and integration tests
# (cargo-nextest, falling back to cargo test), the database's pgTAP tests (policies/tests), the
# supabase-js conformance suite, supabase-js's own postgrest-js and storage-js suites, the TypeScript SDK (sdk-ts: types, lints, formatting, unit
# tests, size budget of the built package, npm pack in a fresh project, integration suite,
# committed generated types), and the web app (client:
# types, lints, formatting, unit tests, build, size budget, browser tests in Chromium, Lighthouse),
# then the multi-replica deployment (scripts/cluster-test.sh) and point-in-time recovery
# (scripts/pitr-test.sh).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

scripts/system-deps.sh test || exit 1
ensure_cargo_on_path

passed=0
failed=0
failures=()

# Each result's time: since the previous result (its set-up, e.g. npm ci, included).
last_mark=$SECONDS
stage_times=()
record() { # name passed failed
  passed=$((passed + $2))
  failed=$((failed + $3))
  if [ "$3" -gt 0 ]; then failures+=("$1 ($3 failed)"); fi
  local took=$((SECONDS - last_mark))
  last_mark=$SECONDS
  stage_times+=("$(printf '%5d s  %s' "$took" "$1")")
  say "$1: $2 passed, $3 failed in $took s"
}

check() { # name command...: a check that counts as one test
  local name="$1"; shift
  say "$name"
  if "$@"; then record "$name" 1 0; else record "$name" 0 1; fi
}

counted() { # name command...: a suite whose last `N passed, N failed` line is recorded
  local name="$1"; shift
  say "$name"
  local log; log="$(mktemp)"
  "$@" 2>&1 | tee "$log"
  local last ok bad
  last="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"
  rm -f "$log"
  if [ -z "$last" ]; then record "$name" 0 1; return; fi
  ok="${last%% passed*}"
  bad="${last#*passed, }"; bad="${bad%% failed}"
  record "$name" "$ok" "$bad"
}

# A Node suite against the debug server binary: `npm ci` in its folder, the server built, then
# `node <folder>/<script> --server <binary>`, counted.
node_suite() { # name folder script
  local name="$1" folder="$2" script="$3"
  if ! (cd "$folder" && npm ci --no-audit --no-fund --loglevel=error); then record "$name" 0 1; return; fi
  if ! cargo build --bin server --locked; then record "$name" 0 1; return; fi
  counted "$name" node "$folder/$script" --server "$(cargo_target_dir)/debug/server"
}

# One private PostgreSQL cluster for the whole run, shared by every test process.
export HWT_TEST_CLUSTER_DIR
HWT_TEST_CLUSTER_DIR="$(mktemp -d /tmp/hwt-test-cluster.XXXXXX)"
chmod 755 "$HWT_TEST_CLUSTER_DIR"
stop_cluster() {
  local pidfile="$HWT_TEST_CLUSTER_DIR/pgdata/postmaster.pid"
  if [ -f "$pidfile" ]; then
    local pid; pid="$(head -n 1 "$pidfile")"
    kill -INT "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$HWT_TEST_CLUSTER_DIR"
}
trap stop_cluster EXIT

check "rustfmt" cargo fmt --all --check
check "clippy" cargo clippy --workspace --all-targets --locked -- -D warnings

rust_tests() {
  # The storage tests' S3 stand-in (moto, from PyPI), installed once into the build directory.
  if HWT_MOTO_SERVER="$(scripts/moto.sh)"; then export HWT_MOTO_SERVER; fi
  if cargo nextest --version >/dev/null 2>&1; then
    say "Rust tests (cargo nextest)"
    local junit="target/nextest/ci/junit.xml"
    rm -f "$junit"
    cargo nextest run --workspace --locked --profile ci
    if [ ! -f "$junit" ]; then record "Rust tests" 0 1; return; fi
    local head tests failures errors
    head="$(grep -o '<testsuites [^>]*>' "$junit" | head -n 1)"
    tests="$(sed -n 's/.* tests="\([0-9]*\)".*/\1/p' <<<"$head")"
    failures="$(sed -n 's/.* failures="\([0-9]*\)".*/\1/p' <<<"$head")"
    errors="$(sed -n 's/.* errors="\([0-9]*\)".*/\1/p' <<<"$head")"
    local bad=$(( ${failures:-0} + ${errors:-0} ))
    record "Rust tests" $(( ${tests:-0} - bad )) "$bad"
  else
    say "Rust tests (cargo test; install cargo-nextest for a faster run)"
    local log; log="$(mktemp)"
    cargo test --workspace --locked 2>&1 | tee "$log"
    local ok bad
    ok="$(grep -o 'test result: [A-Za-z]*\. [0-9]* passed; [0-9]* failed' "$log" | awk '{s+=$4} END {print s+0}')"
    bad="$(grep -o 'test result: [A-Za-z]*\. [0-9]* passed; [0-9]* failed' "$log" | awk '{s+=$6} END {print s+0}')"
    if ! grep -q 'test result:' "$log"; then bad=1; fi
    rm -f "$log"
    record "Rust tests" "$ok" "$bad"
  fi
}
rust_tests

# The database's own tests (policies/tests: lints, the access matrix, behaviour rules) by
# pg_prove against the real server's cluster.
policy_tests() {
  if ! cargo build --bin server --locked; then record "policy tests" 0 1; return; fi
  counted "policy tests" scripts/policy-tests.sh "$(cargo_target_dir)/debug/server"
}
policy_tests

# The official supabase-js client against the real server binary (conformance/supabase-js).
node_suite "supabase-js conformance" conformance/supabase-js run.mjs

# supabase-js's own postgrest-js and storage-js test suites (vendored, unchanged) against the
# real server binary (conformance/upstream, docs/upstream-suites.md).
node_suite "upstream client suites" conformance/upstream run.mjs

# supabase-js's own auth-js test suite (vendored, unchanged) against the real server binary, one
# server per configuration the suite expects (conformance/upstream/README.md): the tools are the
# ones the stage above installed.
counted "upstream auth-js suite" node conformance/upstream/auth-js.mjs --server "$(cargo_target_dir)/debug/server"

# The TypeScript SDK (sdk-ts/): installed from its lock file, then checked like any package,
# its integration suite run against the debug server binary, and the committed types of the
# product's schema compared with what `server gen-types` writes from migrations/.
sdk_ts() {
  if ! (cd sdk-ts && npm ci --no-audit --no-fund --loglevel=error); then
    record "sdk-ts npm ci" 0 1; return
  fi
  check "sdk-ts tsc --noEmit" bash -c 'cd sdk-ts && node_modules/.bin/tsc --noEmit'
  check "sdk-ts eslint" bash -c 'cd sdk-ts && node_modules/.bin/eslint .'
  check "sdk-ts prettier --check" bash -c 'cd sdk-ts && node_modules/.bin/prettier --check .'
  counted "sdk-ts unit tests (vitest)" node sdk-ts/scripts/vitest-summary.mjs unit
  check "sdk-ts size budget (built dist/index.js 10 KB, realtime entry 5 KB, gzipped)" node sdk-ts/scripts/size.mjs
  check "sdk-ts npm pack installs, imports and type-checks in a fresh Node project" node sdk-ts/scripts/pack-test.mjs
  if ! cargo build --bin server --locked; then record "sdk-ts integration" 0 1; return; fi
  counted "sdk-ts integration (SDK and supabase-js against the server)" \
    env SERVER_BIN="$(cargo_target_dir)/debug/server" node sdk-ts/scripts/vitest-summary.mjs integration
  check "sdk-ts/types/database.ts is current (server gen-types)" scripts/gen-types.sh --check
}
sdk_ts

# The web app (client/): installed from its lock file (the SDK is a local package), checked, unit
# tested, built; the JavaScript of the home route against its budget; then the browser tests and
# Lighthouse in Debian's Chromium against the debug server binary serving the build with the
# demo community.
client_app() {
  if ! (cd client && npm ci --no-audit --no-fund --loglevel=error); then
    record "client npm ci" 0 1; return
  fi
  check "client tsc --noEmit" bash -c 'cd client && node_modules/.bin/tsc --noEmit'
  check "client eslint" bash -c 'cd client && node_modules/.bin/eslint .'
  check "client prettier --check" bash -c 'cd client && node_modules/.bin/prettier --check .'
  counted "client unit tests (vitest)" node client/scripts/vitest-summary.mjs
  say "client build (vite)"
  if ! (cd client && node_modules/.bin/vite build); then record "client build (vite)" 0 1; return; fi
  record "client build (vite)" 1 0
  check "client size budget (home route JavaScript: ≤ 122.0 KB gzipped before the first paint, ≤ 150 KB the whole page)" node client/scripts/size.mjs
  if ! cargo build --bin server --locked; then record "client browser tests" 0 1; return; fi
  local server; server="$(cargo_target_dir)/debug/server"
  counted "client browser tests (Chromium)" node client/e2e/run.mjs --server "$server"
  if ! (cd client/lighthouse && npm ci --no-audit --no-fund --loglevel=error); then
    record "client Lighthouse npm ci" 0 1; return
  fi
  counted "client Lighthouse (home page and admin member list, mobile)" node client/lighthouse/run.mjs --server "$server"
}
client_app

# The deployment past one machine (issue 38): two replicas of the debug server behind Caddy on
# one PostgreSQL cluster and an S3 server, and point-in-time recovery with pgBackRest.
operations() {
  if ! cargo build --bin server --locked; then record "cluster test" 0 1; return; fi
  counted "cluster test (two replicas, Caddy, PostgreSQL, S3)" scripts/cluster-test.sh "$(cargo_target_dir)/debug/server"
  counted "point-in-time recovery (pgBackRest)" scripts/pitr-test.sh
}
operations

say "stage times (slowest first; whole run $((SECONDS / 60)) min $((SECONDS % 60)) s)"
printf '%s\n' "${stage_times[@]}" | sort -rn
if [ "${#failures[@]}" -gt 0 ]; then
  say "failed: ${failures[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
