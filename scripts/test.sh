#!/usr/bin/env bash
# `make test`: every check and test suite of the project, then one closing line
# `N passed, N failed` that sums them all. Exits non-zero when anything failed.
#
# Suites: formatting (rustfmt), lints (clippy -D warnings, compiled into the one Rust build),
# Rust unit and integration tests (cargo-nextest, falling back to cargo test), the database's
# pgTAP tests (policies/tests), the supabase-js conformance suite, supabase-js's own
# postgrest-js, storage-js and auth-js suites, the TypeScript SDK (types, lints, formatting,
# unit tests, size budget, npm pack in a fresh project, integration suite, committed generated
# types), the web app (types, lints, formatting, unit tests, build, size budget, browser tests
# in Chromium, Lighthouse), the multi-replica deployment (scripts/cluster-test.sh) and
# point-in-time recovery (scripts/pitr-test.sh).
#
# Phases, each waiting for the one before: (1) the Rust build beside the JavaScript checks and
# the recovery test; (2) the Rust tests beside the suites that start servers of their own, the
# cluster test last among them; (3) the browser tests, then Lighthouse, alone. The closing table
# gives each stage's time; a lane's output is printed whole when its phase ends.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

# Every heading with the run's clock, so a log's tail shows where the time went.
say() { printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

scripts/system-deps.sh test || exit 1
ensure_cargo_on_path

# Time limits. CI stops a run at 90 minutes and then prints nothing of it: a stage runs at most
# `limit` seconds (default 20 minutes; `limit=N counted …` for another), and once the run has
# used RUN_BUDGET_SECONDS (75 minutes) the stages left are counted as failed without running,
# so the run still ends with its table and its closing line.
run_budget="${RUN_BUDGET_SECONDS:-4500}"
limited() { # seconds command...: the command, stopped (with its children) after the limit
  local seconds="$1"; shift
  timeout --kill-after=20 "$seconds" "$@"
  local code=$?
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    say "stopped after its limit of $seconds s: $*"
  fi
  return "$code"
}
over_budget() { # name: true (and the stage counted failed) when the run's budget is spent
  if [ "$SECONDS" -lt "$run_budget" ]; then return 1; fi
  say "$1: not run, the run's budget of $run_budget s is spent"
  printf '%s\t%s\t%s\t%s\n' 0 1 0 "$1 (not run: the run's budget was spent)" >>"$results"
  return 0
}

# Every result is one line of $results (passed, failed, seconds, name), so suites may run in
# parallel lanes (background subshells) and still add up at the end.
results="$(mktemp)"
lane_logs="$(mktemp -d)"

# Each result's time: since the previous result in its lane (its set-up, e.g. npm ci, included).
last_mark=$SECONDS
record() { # name passed failed
  local took=$((SECONDS - last_mark))
  last_mark=$SECONDS
  printf '%s\t%s\t%s\t%s\n' "$2" "$3" "$took" "$1" >>"$results"
  say "$1: $2 passed, $3 failed in $took s"
}

# lane NAME FUNCTION: runs FUNCTION in the background, its output kept in a log printed by
# `join_lanes`. Lanes run where the stages would leave a core idle (a compile's serial links,
# a suite waiting on its server).
lane_pids=()
lane_names=()
lane() {
  local name="$1"; shift
  ( last_mark=$SECONDS; "$@" ) >"$lane_logs/$name.log" 2>&1 &
  lane_pids+=("$!")
  lane_names+=("$name")
  say "lane $name started in the background"
}
join_lanes() {
  local i
  for i in "${!lane_pids[@]}"; do
    wait "${lane_pids[$i]}"
    say "lane ${lane_names[$i]}: its output"
    cat "$lane_logs/${lane_names[$i]}.log"
  done
  lane_pids=()
  lane_names=()
  last_mark=$SECONDS
}

check() { # name command...: a check that counts as one test
  local name="$1"; shift
  over_budget "$name" && return
  say "$name"
  if limited "${limit:-1200}" "$@"; then record "$name" 1 0; else record "$name" 0 1; fi
}

counted() { # name command...: a suite whose last `N passed, N failed` line is recorded
  local name="$1"; shift
  over_budget "$name" && return
  say "$name"
  local log; log="$(mktemp)"
  limited "${limit:-1200}" "$@" 2>&1 | tee "$log"
  local last ok bad
  last="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"
  if [ -z "$last" ]; then ok=0; bad=1; else
    ok="${last%% passed*}"
    bad="${last#*passed, }"; bad="${bad%% failed}"
  fi
  [ "$bad" -gt 0 ] && which_failed "$name" "$log"
  if grep -q '^FLAKY ' "$log"; then
    { printf '  %s:\n' "$name"; grep '^FLAKY ' "$log" | cut -c 1-200 | sed 's/^/    /'; } >>"$flaky_lines"
  fi
  rm -f "$log"
  record "$name" "$ok" "$bad"
}

# The lines naming what failed, kept for the run's last lines: CI shows only the end of the
# output, and a stage's own report of its failures may be thousands of lines above it.
failure_lines="$(mktemp)"
flaky_lines="$(mktemp)" # tests that failed once and passed when run again (the browser's)
which_failed() { # name log
  {
    printf '  %s:\n' "$1"
    local named
    named="$(grep -E '^(FAIL|not ok|✖|✗|×| *FAIL |        FAIL \[|test .* FAILED|--- FAIL)' "$2" \
      | grep -v '^FAIL  *[0-9]' | head -n 12)"
    # Nothing names a test (the stage stopped, or failed as a whole): its last words instead.
    [ -n "$named" ] || named="$(grep -v '^[[:space:]]*$' "$2" | tail -n 4)"
    cut -c 1-200 <<<"$named" | sed 's/^/    /'
  } >>"$failure_lines"
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

# Lints are compiled in: clippy-driver wraps rustc for the workspace's own crates while they
# build, so one compile gives the lint verdict and the binaries every later stage runs (a
# separate `cargo clippy` type-checked all 600 crates a second time: 231 s of a 48-minute run).
# Every cargo command below inherits this and reuses that one build.
clippy_driver="$(dirname "$(rustup which rustc 2>/dev/null || command -v rustc)")/clippy-driver"
lint_build() {
  over_budget "clippy (-D warnings, in the build of every target)" && return
  if [ ! -x "$clippy_driver" ]; then
    say "clippy is not installed (rustup component add clippy): building without lints"
    record "clippy (-D warnings, in the build of every target)" 0 1
    cargo build --workspace --all-targets --locked
    return
  fi
  export RUSTC_WORKSPACE_WRAPPER="$clippy_driver"
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
  say "clippy -D warnings (the build of every target, linted)"
  if cargo build --workspace --all-targets --locked; then
    record "clippy (-D warnings, in the build of every target)" 1 0
  else
    record "clippy (-D warnings, in the build of every target)" 0 1
    # Lints stay warnings for the rest, so the test suites still build and run.
    export CLIPPY_ARGS=""
    cargo build --workspace --all-targets --locked || true
  fi
}

rust_tests() {
  over_budget "Rust tests" && return
  # The storage tests' S3 stand-in (moto, from PyPI), installed once into the build directory.
  if HWT_MOTO_SERVER="$(scripts/moto.sh)"; then export HWT_MOTO_SERVER; fi
  if cargo nextest --version >/dev/null 2>&1; then
    say "Rust tests (cargo nextest)"
    local junit="target/nextest/ci/junit.xml"
    rm -f "$junit"
    limited 2400 cargo nextest run --workspace --locked --profile ci
    if [ ! -f "$junit" ]; then record "Rust tests" 0 1; return; fi
    local head tests failures errors
    head="$(grep -o '<testsuites [^>]*>' "$junit" | head -n 1)"
    tests="$(sed -n 's/.* tests="\([0-9]*\)".*/\1/p' <<<"$head")"
    failures="$(sed -n 's/.* failures="\([0-9]*\)".*/\1/p' <<<"$head")"
    errors="$(sed -n 's/.* errors="\([0-9]*\)".*/\1/p' <<<"$head")"
    local bad=$(( ${failures:-0} + ${errors:-0} ))
    if [ "$bad" -gt 0 ]; then
      local named; named="$(mktemp)"
      tr '\n' ' ' <"$junit" | grep -oE '<testcase [^>]*>[[:space:]]*<(failure|error)[ >]' \
        | sed -E 's/.* name="([^"]*)".* classname="([^"]*)".*/FAIL \2 \1/' >"$named"
      which_failed "Rust tests" "$named"
      rm -f "$named"
    fi
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

# The TypeScript SDK's and the web app's own checks, which need no server: installed from their
# lock files (the SDK is the app's local package), type-checked, linted, unit tested, built, and
# the JavaScript of the home route against its budget. The Node suites' installs come here too.
sdk_static() {
  if ! (cd sdk-ts && npm ci --no-audit --no-fund --loglevel=error); then
    record "sdk-ts npm ci" 0 1; return 1
  fi
  check "sdk-ts tsc --noEmit" bash -c 'cd sdk-ts && node_modules/.bin/tsc --noEmit'
  check "sdk-ts eslint" bash -c 'cd sdk-ts && node_modules/.bin/eslint .'
  check "sdk-ts prettier --check" bash -c 'cd sdk-ts && node_modules/.bin/prettier --check .'
  counted "sdk-ts unit tests (vitest)" node sdk-ts/scripts/vitest-summary.mjs unit
  check "sdk-ts size budget (built dist/index.js 10 KB, realtime entry 5 KB, gzipped)" node sdk-ts/scripts/size.mjs
  check "sdk-ts npm pack installs, imports and type-checks in a fresh Node project" node sdk-ts/scripts/pack-test.mjs
}
client_static() {
  if ! (cd client && npm ci --no-audit --no-fund --loglevel=error); then
    record "client npm ci" 0 1; return 1
  fi
  check "client tsc --noEmit" bash -c 'cd client && node_modules/.bin/tsc --noEmit'
  check "client eslint" bash -c 'cd client && node_modules/.bin/eslint .'
  check "client prettier --check" bash -c 'cd client && node_modules/.bin/prettier --check .'
  counted "client unit tests (vitest)" node client/scripts/vitest-summary.mjs
  say "client build (vite)"
  if ! (cd client && node_modules/.bin/vite build); then record "client build (vite)" 0 1; return 1; fi
  record "client build (vite)" 1 0
  check "client size budget (home route JavaScript: ≤ 122.0 KB gzipped before the first paint, ≤ 150 KB the whole page)" node client/scripts/size.mjs
}
node_installs() {
  local folder
  for folder in conformance/supabase-js conformance/upstream client/lighthouse; do
    if ! (cd "$folder" && npm ci --no-audit --no-fund --loglevel=error); then
      record "$folder npm ci" 0 1
    fi
  done
  # The Rust tests' S3 stand-in, installed here (about a minute from PyPI) while the Rust build
  # runs rather than before the Rust tests; they install it themselves if this failed.
  scripts/moto.sh >/dev/null || true
}
js_lane() {
  sdk_static && client_static
  node_installs
  # It needs PostgreSQL and pgBackRest only, not the server: here it waits on nothing.
  counted "point-in-time recovery (pgBackRest)" scripts/pitr-test.sh
}

# The suites against the real server binary (built by lint_build): the database's pgTAP tests
# by pg_prove, the official supabase-js client, supabase-js's own postgrest-js, storage-js and
# auth-js suites (vendored, unchanged; conformance/upstream, docs/upstream-suites.md), the
# SDK's integration suite and the committed types of the schema against `server gen-types`.
server_suites() {
  local server; server="$(cargo_target_dir)/debug/server"
  counted "policy tests" scripts/policy-tests.sh "$server"
  counted "supabase-js conformance" node conformance/supabase-js/run.mjs --server "$server"
  counted "upstream client suites" node conformance/upstream/run.mjs --server "$server"
  counted "upstream auth-js suite" node conformance/upstream/auth-js.mjs --server "$server"
  counted "sdk-ts integration (SDK and supabase-js against the server)" \
    env SERVER_BIN="$server" node sdk-ts/scripts/vitest-summary.mjs integration
  check "sdk-ts/types/database.ts is current (server gen-types)" env SERVER_BIN="$server" scripts/gen-types.sh --check
  # The deployment past one machine (issue 38): two replicas of the debug server behind Caddy on
  # one PostgreSQL cluster and an S3 server. Last in this lane, which ends before the Rust tests.
  counted "cluster test (two replicas, Caddy, PostgreSQL, S3)" scripts/cluster-test.sh "$server"
}

# How busy the machine's cores were during each phase (from /proc/stat), printed with the stage
# times: an idle core in a phase is time another stage could have used.
phase_lines="$(mktemp)"
cpu_ticks() { awk '/^cpu / {print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9}' /proc/stat 2>/dev/null; }
phase_start() { phase_name="$1"; phase_began=$SECONDS; phase_cpu="$(cpu_ticks)"; }
phase_end() {
  local now; now="$(cpu_ticks)"
  awk -v a="$phase_cpu" -v b="$now" -v name="$phase_name" -v took=$((SECONDS - phase_began)) 'BEGIN {
    split(a, x, " "); split(b, y, " "); total = y[2] - x[2]; idle = y[1] - x[1];
    busy = total > 0 ? 100 * (total - idle) / total : 0;
    printf "%5d s  %s (the cores %d %% busy)\n", took, name, busy }' >>"$phase_lines"
}

# Phase 1: the one Rust build (linted) beside the JavaScript checks and the web app's build.
phase_start "phase 1: the Rust build beside the JavaScript lane"
lane js js_lane
check "rustfmt" cargo fmt --all --check
lint_build
join_lanes
phase_end
server_bin="$(cargo_target_dir)/debug/server"
if [ ! -x "$server_bin" ]; then
  say "no server binary at $server_bin: the suites that need it cannot run"
  record "server binary built" 0 1
else
  # Phase 2: the Rust tests beside the suites that talk to a server of their own.
  phase_start "phase 2: the Rust tests beside the server suites' lane"
  lane server server_suites
  rust_tests
  join_lanes
  phase_end

  # Phase 3, alone (they measure and wait on the screen): the browser tests and Lighthouse in
  # Debian's Chromium against the debug server serving the build with the demo community.
  phase_start "phase 3: the browser tests, then Lighthouse"
  limit=1800 counted "client browser tests (Chromium)" node client/e2e/run.mjs --server "$server_bin"
  counted "client Lighthouse (home; admin members and registrations at 5,000 more; Kannada home, /events)" node client/lighthouse/run.mjs --server "$server_bin"
  phase_end
fi

passed="$(awk -F'\t' '{s+=$1} END {print s+0}' "$results")"
failed="$(awk -F'\t' '{s+=$2} END {print s+0}' "$results")"
say "stage times (slowest first; a lane's stages overlap others; whole run $((SECONDS / 60)) min $((SECONDS % 60)) s)"
awk -F'\t' '{printf "%5d s  %s\n", $3, $4}' "$results" | sort -rn
cat "$phase_lines"
if [ -s "$flaky_lines" ]; then
  say "flaky: failed once, passed the second time (counted passed; mend them)"
  cat "$flaky_lines"
fi
if [ "$failed" -gt 0 ]; then
  say "failed: $(awk -F'\t' '$2 > 0 {printf "%s%s (%s failed)", sep, $4, $2; sep="; "}' "$results")"
  cat "$failure_lines"
fi
rm -rf "$results" "$lane_logs" "$failure_lines" "$flaky_lines" "$phase_lines"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
