#!/usr/bin/env bash
# A data directory made by an older server starts on a newer one with every row intact.
#
#   scripts/upgrade-test.sh <old server binary> <new server binary>
#
# The old binary creates a data directory with the demo community and stops; the row count of
# every table is taken; the new binary (run from the project, so it reads migrations/ and
# policies/) starts on the same directory and stops; the counts must be the same, and the
# ledger must list each migration once in its history. Prints `N passed, N failed`.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
old_bin="${1:?usage: scripts/upgrade-test.sh <old server binary> <new server binary>}"
new_bin="${2:?usage: scripts/upgrade-test.sh <old server binary> <new server binary>}"
pg_bin="${PG_BIN_DIR:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)}"
psql_exe="$pg_bin/psql"; [ -x "$psql_exe" ] || psql_exe="psql"

data_dir="$(mktemp -d /tmp/hwt-upgrade.XXXXXX)"
chmod 755 "$data_dir"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

# Starts $1 on the data directory, waits for it to serve, then runs $2 (a function) and stops it.
with_server() {
  local bin="$1" then="$2" log="$data_dir/server-$3.out"
  (cd "$root" && env -u DATABASE_URL -u MIGRATIONS_DIR -u POLICIES_DIR DATA_DIR="$data_dir" PORT=0 HOST=127.0.0.1 \
    DEMO=1 LOG_LEVEL=warn CLIENT_DIR="$data_dir/no-client" "$bin") >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 900); do grep -q "running at" "$log" && break; kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  if ! grep -q "running at" "$log"; then echo "not ok - $bin did not start:"; cat "$log"; echo "0 passed, 1 failed"; exit 1; fi
  "$then"
  kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=""
}

sql() { "$psql_exe" -X -q -At -v ON_ERROR_STOP=1 -h "$data_dir/postgres" -p 5432 -U postgres -d app -c "$1"; }
row_counts() {
  sql "select string_agg(t || ' ' || n, E'\n' order by t) from (
         select format('%I.%I', s.nspname, c.relname) t,
                (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', s.nspname, c.relname), false, true, '')))[1]::text n
           from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema', 'server_meta')) x"
}
take_before() { row_counts >"$data_dir/before"; }
take_after() {
  row_counts >"$data_dir/after"
  sql "select history || ' ' || name from server_meta.migrations order by history, name" >"$data_dir/ledger"
}

with_server "$old_bin" take_before old
with_server "$new_bin" take_after new

passed=0 failed=0
check() { if eval "$2"; then echo "ok - $1"; passed=$((passed + 1)); else echo "not ok - $1"; failed=$((failed + 1)); fi; }
rows="$(awk '{ s += $2 } END { print s + 0 }' "$data_dir/before")"
check "the old server made a data directory with rows ($rows rows in $(wc -l <"$data_dir/before") tables)" '[ "$rows" -gt 0 ]'
# Tables that new migrations add are not compared; every table that was there must be unchanged.
check "every table keeps every row on the new server" '[ -z "$(comm -23 "$data_dir/before" "$data_dir/after" | tee /dev/stderr)" ]'
for file in "$root"/server/migrations/*.sql; do
  check "platform history: $(basename "$file")" 'grep -qx "platform $(basename "$file")" "$data_dir/ledger"'
done
for file in "$root"/migrations/*.sql; do
  check "app history: $(basename "$file")" 'grep -qx "app $(basename "$file")" "$data_dir/ledger"'
done
check "each migration is recorded once" '[ "$(wc -l <"$data_dir/ledger")" -eq "$(ls "$root"/server/migrations/*.sql "$root"/migrations/*.sql | wc -l)" ]'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
